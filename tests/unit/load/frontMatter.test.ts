import { describe, expect, it } from 'vitest';
import { UserErrors, UserError } from '../../../src/errors.ts';
import { splitFrontMatter } from '../../../src/load/frontMatter.ts';
import { routeOfDocId } from '../../../src/load/pages.ts';

function errorsOf(fn: () => unknown): UserError[] {
  try {
    fn();
  } catch (error) {
    if (error instanceof UserErrors) return [...error.errors];
    if (error instanceof UserError) return [error];
    throw error;
  }
  return [];
}

describe('front matter', () => {
  it('parses the known fields and blanks its lines so positions match the file', () => {
    const { frontMatter, body } = splitFrontMatter('---\ntitle: Hello\nsidebar_position: 2\ndisplayed_sidebar: null\n---\n\nText\n', 'a.md');
    expect(frontMatter).toMatchObject({ title: 'Hello', sidebar_position: 2, displayed_sidebar: null });
    expect(body.split('\n')[6]).toBe('Text');
  });

  it('reports malformed YAML at its line in the markdown file', () => {
    const [error] = errorsOf(() => splitFrontMatter('---\ntitle: ok\nbad: [unclosed\n---\n', 'docs/x.md'));
    expect(error?.location).toMatchObject({ file: 'docs/x.md', line: 3 });
    expect(error?.message).toMatch(/^invalid YAML/);
  });

  it('reports a field of the wrong type with its line and dotted path', () => {
    const [error] = errorsOf(() => splitFrontMatter('---\ntitle: ok\nsidebar_position: first\n---\n', 'docs/x.md'));
    expect(error?.location).toMatchObject({ file: 'docs/x.md', line: 3 });
    expect(error?.message).toContain('sidebar_position');
  });

  it('reports front matter that is never closed', () => {
    const [error] = errorsOf(() => splitFrontMatter('---\ntitle: x\n\nBody\n', 'docs/x.md'));
    expect(error?.message).toBe('front matter is never closed');
    expect(error?.hint).toContain('---');
  });
});

describe('routes of docs files', () => {
  it('maps ids to routes, index files to their folder', () => {
    expect(routeOfDocId('intro')).toBe('/docs/intro');
    expect(routeOfDocId('index')).toBe('/docs/');
    expect(routeOfDocId('protocols/nats/index')).toBe('/docs/protocols/nats/');
    expect(routeOfDocId('security/impl/ldap')).toBe('/docs/security/impl/ldap');
  });
});
