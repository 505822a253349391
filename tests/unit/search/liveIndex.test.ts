import { describe, expect, it } from 'vitest';
import type { OutputFile } from '../../../src/emit/atomic.ts';
import { documentsOf, type FragmentDocument, type FragmentPart, type IndexMeta } from '../../../src/search/format.ts';
import { createSearchIndexer, type SearchIndexer } from '../../../src/search/index.ts';
import { createLiveSearchIndex, type SearchEntry } from '../../../src/search/liveIndex.ts';

/** A real indexer whose additions and removals are logged. */
function recordingIndexer(): { indexer: SearchIndexer; log: string[] } {
  const log: string[] = [];
  const real = createSearchIndexer();
  return {
    log,
    indexer: {
      add: (url, html) => (log.push(`page ${url}`), real.add(url, html)),
      addRecord: (url, title, content) => (log.push(`record ${url}`), real.addRecord(url, title, content)),
      remove: (url) => (log.push(`remove ${url}`), real.remove(url)),
      files: () => real.files(),
    },
  };
}

const doc = (words: string): string => `<!DOCTYPE html><html lang="en"><head><title>T</title></head><body><article><h1>T</h1><p>${words}</p></article></body></html>`;
const page = (words: string): SearchEntry => ({ kind: 'page', html: doc(words) });
const documents = (files: OutputFile[]): FragmentDocument[] =>
  documentsOf(JSON.parse(String(files.find((f) => f.path.endsWith('/meta.json'))?.contents)) as IndexMeta, files.filter((f) => /\/f\d+\./.test(f.path)).flatMap((f) => JSON.parse(String(f.contents)) as FragmentPart[]));

describe('the live search index of dev', () => {
  it('indexes everything first, then only the entries that changed', () => {
    const { indexer, log } = recordingIndexer();
    const index = createLiveSearchIndex(indexer);
    const entries = new Map<string, SearchEntry>([
      ['/docs/a', page('a')],
      ['/docs/b', page('b')],
      ['/docs/api/reference#op', { kind: 'record', title: 'Op', content: 'x' }],
    ]);
    expect(index.update(entries)).toMatchObject({ added: 3, removed: 0 });
    entries.set('/docs/b', page('b, edited'));
    entries.set('/docs/c', page('c, new'));
    expect(index.update(entries)).toMatchObject({ added: 2, removed: 0 });
    expect(index.update(entries)).toMatchObject({ added: 0, removed: 0 });
    expect(log).toEqual(['page /docs/a', 'page /docs/b', 'record /docs/api/reference#op', 'page /docs/b', 'page /docs/c']);
  });

  it('replaces what an edited page held, and forgets a page that is gone', () => {
    const index = createLiveSearchIndex();
    const first = index.update(new Map([['/docs/a', page('alpha')], ['/docs/b', page('beta')]]));
    expect(documents(first.files).map(([url, , sections]) => [url, sections[0]?.[2]])).toEqual([
      ['/docs/a', 'alpha'],
      ['/docs/b', 'beta'],
    ]);
    const second = index.update(new Map([['/docs/a', page('gamma')]]));
    expect(second).toMatchObject({ added: 1, removed: 1 });
    expect(documents(second.files).map(([url, , sections]) => [url, sections[0]?.[2]])).toEqual([['/docs/a', 'gamma']]);
  });

  it('holds a page of two docs versions (links apart, the same words) under both URLs, and an edit to one leaves the other', () => {
    const versioned = (href: string, words: string): SearchEntry => ({ kind: 'page', html: doc(`<a href="${href}">${words}</a>`) });
    const index = createLiveSearchIndex();
    const texts = (files: OutputFile[]): [string, string | undefined][] => documents(files).map(([url, , sections]) => [url, sections[0]?.[2]]);
    const both = index.update(new Map([['/docs/4.3/a', versioned('/docs/4.3/b', 'broker')], ['/docs/a', versioned('/docs/b', 'broker')]]));
    expect(texts(both.files)).toEqual([
      ['/docs/4.3/a', 'broker'],
      ['/docs/a', 'broker'],
    ]);
    const edited = index.update(new Map([['/docs/4.3/a', versioned('/docs/4.3/b', 'broker')], ['/docs/a', versioned('/docs/b', 'gateway')]]));
    expect(texts(edited.files)).toEqual([
      ['/docs/4.3/a', 'broker'],
      ['/docs/a', 'gateway'],
    ]);
    const gone = index.update(new Map([['/docs/a', versioned('/docs/b', 'gateway')]]));
    expect(texts(gone.files)).toEqual([['/docs/a', 'gateway']]);
    // The same words come back under a new URL: analysed again, not taken from a released entry.
    const back = index.update(new Map([['/docs/a', versioned('/docs/b', 'gateway')], ['/docs/next/a', versioned('/docs/next/b', 'broker')]]));
    expect(texts(back.files)).toEqual([
      ['/docs/a', 'gateway'],
      ['/docs/next/a', 'broker'],
    ]);
  });
});
