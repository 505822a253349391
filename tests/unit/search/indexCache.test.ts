import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSearchIndex, saveSearchIndex } from '../../../src/search/index.ts';

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
    saveSearchIndex(dir, 'key-1', files);
    expect(loadSearchIndex(dir, 'key-1')?.map((f) => [f.path, Buffer.from(f.contents).toString()])).toEqual(files.map((f) => [f.path, f.contents]));
    expect(loadSearchIndex(dir, 'key-2')).toBeUndefined();
  });

  it('does not give back an index whose files were changed since, even to the same size', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mapsdocs-index-cache-'));
    dirs.push(dir);
    saveSearchIndex(dir, 'key-1', files);
    const bundle = path.join(dir, 'search', 'bundle');
    writeFileSync(bundle, readFileSync(bundle, 'utf8').replace('broker', 'BROKER'));
    expect(loadSearchIndex(dir, 'key-1')).toBeUndefined();
  });
});
