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

  it('read _category_.json as strict JSON, as Docusaurus does, even where a version holds the same text as YAML', () => {
    const [current, old] = trees('{"label": "Guide",}', '{"label": "Guide",}');
    // The same text, valid YAML, in a .yml file of another folder: parsed first, it is no pass for the JSON file.
    const parsed = new Map<string, CategoryMeta>();
    const yml = path.join(current, 'other');
    mkdirSync(yml);
    writeFileSync(path.join(yml, '_category_.yml'), '{"label": "Guide",}');
    expect(loadCategory(current, 'other', undefined, parsed).meta.label).toBe('Guide');
    for (const tree of [current, old]) {
      let thrown: unknown;
      try {
        loadCategory(tree, 'guide', undefined, parsed);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toMatchObject({ message: 'guide/_category_.json is not valid JSON: a trailing comma: JSON allows none after the last item', location: { file: path.join(tree, 'guide', '_category_.json'), line: 1, column: 19 } });
    }
  });
});
