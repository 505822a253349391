import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { entryPaths, relativeTo, withSlashes } from '../../../src/io/relative.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('relative paths made by strings', () => {
  it('are what path.relative gives, under the root and outside it', () => {
    const root = path.join(path.sep, 'site', 'dist');
    for (const file of [path.join(root, 'a.html'), path.join(root, 'docs', 'x.html'), path.join(path.sep, 'site', 'distant', 'y'), path.join(path.sep, 'other', 'z')]) {
      expect(relativeTo(root, file)).toBe(path.relative(root, file));
      expect(relativeTo(`${root}${path.sep}`, file)).toBe(path.relative(root, file));
    }
  });

  it('name every entry of a recursive listing as path.join and path.relative do', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'mapsdocs-relative-'));
    dirs.push(root);
    mkdirSync(path.join(root, 'docs', 'deep'), { recursive: true });
    for (const rel of ['index.html', 'docs/a.html', 'docs/deep/b.html']) writeFileSync(path.join(root, rel), '');
    const listed = readdirSync(root, { recursive: true, withFileTypes: true }).map((entry) => entryPaths(root, entry));
    for (const { file, rel } of listed) {
      expect(file).toBe(path.join(root, rel));
      expect(withSlashes(rel)).toBe(path.relative(root, file).split(path.sep).join('/'));
    }
    expect(listed.map((e) => withSlashes(e.rel)).sort()).toEqual(['docs', 'docs/a.html', 'docs/deep', 'docs/deep/b.html', 'index.html']);
  });
});
