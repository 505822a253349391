import remarkBlockDirectives from '../../../../src/markdown/plugins/remark-block-directives.ts';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import remarkEmailAutolinksWherePossible, { withoutConstruct, type SyntaxExtension } from '../../../../src/markdown/plugins/remark-email-autolinks-where-possible.ts';

const plain = unified().use(remarkParse).use(remarkGfm).use(remarkBlockDirectives);
const fast = unified().use(remarkParse).use(remarkGfm).use(remarkBlockDirectives).use(remarkEmailAutolinksWherePossible);

describe('remark-email-autolinks-where-possible', () => {
  it('finds GFM’s e-mail autolink construct to leave out (it would silently do nothing if micromark renamed it)', () => {
    const extensions = plain.freeze().data('micromarkExtensions') as SyntaxExtension[];
    const { extensions: without, removed } = withoutConstruct(extensions, 'emailAutolink');
    expect(removed).toBeGreaterThan(60);
    // The other autolink literals stay: www. at w/W, http(s):// at h/H.
    const names = (code: number) => without.flatMap((e) => [e['text']?.[code]].flat()).map((c) => c?.name);
    expect(names(119)).toContain('wwwAutolink');
    expect(names(104)).toContain('protocolAutolink');
    expect(names(97)).not.toContain('emailAutolink');
  });

  it('gives the same tree as the full parser, with and without an @ in the page', () => {
    const sources = [
      'Words, `code`, www.example.com and https://example.com/a?b=c, **strong** _em_ ~~gone~~.\n\n| a | b |\n| - | - |\n| 1 | 2 |\n',
      'Write to security@example.io or see www.example.com.\n\n- [x] done\n- item with admin@host.example\n',
      '::: not a directive\n\nfoo_bar.baz+qux and a.b-c_d plus H and W letters: Http, Www.\n',
      '',
    ];
    for (const source of sources) expect(fast.parse(source), source).toEqual(plain.parse(source));
    const withAt = fast.runSync(fast.parse('Mail admin@host.example now.'));
    expect(JSON.stringify(withAt)).toContain('mailto:admin@host.example');
  });
});
