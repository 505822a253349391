import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSearchIndex, pruneSearchCache, saveSearchIndex } from '../../../src/search/index.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the search index kept in the build cache', () => {
  const files = [
    { path: 'search-index/meta.json', contents: '{"id":"abc"}' },
    { path: 'search-index/s0.abc.json', contents: '{"broker":[0,1,2]}' },
  ];

  it('gives back the files of the index saved under the same key, and nothing under another', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mapsdocs-index-cache-'));
    dirs.push(dir);
    saveSearchIndex(dir, 'search-index', 'key-1', files);
    expect(loadSearchIndex(dir, 'search-index', 'key-1')?.map((f) => [f.path, Buffer.from(f.contents).toString()])).toEqual(files.map((f) => [f.path, f.contents]));
    expect(loadSearchIndex(dir, 'search-index', 'key-2')).toBeUndefined();
  });

  it('does not give back an index whose files were changed since, even to the same size', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mapsdocs-index-cache-'));
    dirs.push(dir);
    saveSearchIndex(dir, 'search-index', 'key-1', files);
    const bundle = path.join(dir, 'search', 'search-index', 'bundle');
    writeFileSync(bundle, readFileSync(bundle, 'utf8').replace('broker', 'BROKER'));
    expect(loadSearchIndex(dir, 'search-index', 'key-1')).toBeUndefined();
  });

  it('does not give back an index whose list of files was changed or swapped with another index\'s', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mapsdocs-index-cache-'));
    dirs.push(dir);
    saveSearchIndex(dir, 'search-index/4.3', 'key-3', files);
    saveSearchIndex(dir, 'search-index/4.4', 'key-4', [...files].reverse());
    const list = (name: string): string => path.join(dir, 'search', readdirSync(path.join(dir, 'search')).find((entry) => entry.endsWith(name)) ?? '', 'files.json');
    const [three, four] = [list('4.3'), list('4.4')];
    const text = readFileSync(three);
    writeFileSync(three, readFileSync(four));
    writeFileSync(four, text);
    expect(loadSearchIndex(dir, 'search-index/4.3', 'key-3')).toBeUndefined();
    expect(loadSearchIndex(dir, 'search-index/4.4', 'key-4')).toBeUndefined();
  });

  it("keeps each version's index apart, so one saved again leaves the others, and forgets the indexes no longer made", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mapsdocs-index-cache-'));
    dirs.push(dir);
    const of = (folder: string) => files.map((f) => ({ ...f, path: f.path.replace('search-index', folder) }));
    saveSearchIndex(dir, 'search-index/4.3', 'k43', of('search-index/4.3'));
    saveSearchIndex(dir, 'search-index/current', 'kc', of('search-index/current'));
    saveSearchIndex(dir, 'search-index/current', 'kc2', of('search-index/current'));
    expect(loadSearchIndex(dir, 'search-index/4.3', 'k43')?.map((f) => f.path)).toEqual(['search-index/4.3/meta.json', 'search-index/4.3/s0.abc.json']);
    expect(loadSearchIndex(dir, 'search-index/current', 'kc')).toBeUndefined();
    expect(loadSearchIndex(dir, 'search-index/current', 'kc2')).toBeDefined();
    // Another version's key never opens this one's files.
    expect(loadSearchIndex(dir, 'search-index/current', 'k43')).toBeUndefined();
    pruneSearchCache(dir, ['search-index/current']);
    expect(loadSearchIndex(dir, 'search-index/4.3', 'k43')).toBeUndefined();
    expect(loadSearchIndex(dir, 'search-index/current', 'kc2')).toBeDefined();
  });

  it('is not used through a symbolic link in the cache, which pruning would follow', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mapsdocs-index-cache-'));
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'mapsdocs-elsewhere-'));
    dirs.push(dir, elsewhere);
    writeFileSync(path.join(elsewhere, 'precious'), 'x');
    symlinkSync(elsewhere, path.join(dir, 'search'));
    saveSearchIndex(dir, 'search-index', 'key-1', files);
    pruneSearchCache(dir, []);
    expect(readdirSync(elsewhere)).toEqual(['precious']);
    expect(loadSearchIndex(dir, 'search-index', 'key-1')).toBeUndefined();
  });
});
