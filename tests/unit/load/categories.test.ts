import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { userErrorsOf } from '../../../src/errors.ts';
import { loadCategory, type CategoryMeta } from '../../../src/load/categories.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Two docs trees (two versions) with a category file each. */
function trees(a: string, b: string): [string, string] {
  const root = mkdtempSync(path.join(tmpdir(), 'mapsdocs-categories-'));
  dirs.push(root);
  const made = ['docs', 'versioned_docs/version-1.0'].map((tree, i) => {
    const dir = path.join(root, tree, 'guide');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, '_category_.json'), i === 0 ? a : b);
    return path.join(root, tree);
  });
  return [made[0] ?? '', made[1] ?? ''];
}

describe('category files of several docs versions', () => {
  it('are parsed once per text in a build, each version keeping its own file', () => {
    const [current, old] = trees('{"label": "Guide", "position": 2}', '{"label": "Guide", "position": 2}');
    const parsed = new Map<string, CategoryMeta>();
    const first = loadCategory(current, 'guide', undefined, parsed);
    const second = loadCategory(old, 'guide', undefined, parsed);
    expect(second.meta).toBe(first.meta);
    expect(second.file).toBe(path.join(old, 'guide', '_category_.json'));
    expect(first.meta).toMatchObject({ label: 'Guide', position: 2, collapsed: true });
  });

  it('give each version what its own text says when the texts differ, and an error at the file whose text is wrong', () => {
    const [current, old] = trees('{"label": "Guide"}', '{"label": ""}');
    const parsed = new Map<string, CategoryMeta>();
    expect(loadCategory(current, 'guide', undefined, parsed).meta.label).toBe('Guide');
    let thrown: unknown;
    try {
      loadCategory(old, 'guide', undefined, parsed);
    } catch (error) {
      thrown = error;
    }
    const [found] = userErrorsOf(thrown);
    expect(found?.message).toMatch(/label/);
    expect(found?.location?.file).toBe(path.join(old, 'guide', '_category_.json'));
  });
});
