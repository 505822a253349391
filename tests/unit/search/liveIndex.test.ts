import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { OutputFile } from '../../../src/emit/atomic.ts';
import { closeSearchService, createSearchIndexer, type SearchIndexer } from '../../../src/search/index.ts';
import { createLiveSearchIndex, type SearchEntry } from '../../../src/search/liveIndex.ts';

/** An indexer that records what it was given. */
function recordingIndexers(): { start: () => Promise<SearchIndexer>; log: string[] } {
  const log: string[] = [];
  let generation = 0;
  const start = async (): Promise<SearchIndexer> => {
    const id = ++generation;
    log.push(`start ${id}`);
    return {
      add: async (url) => void log.push(`${id} page ${url}`),
      addRecord: async (url) => void log.push(`${id} record ${url}`),
      files: async () => [],
      finish: async () => [],
      discard: async () => void log.push(`discard ${id}`),
      idle: async () => undefined,
    };
  };
  return { start, log };
}

const page = (html: string): SearchEntry => ({ kind: 'page', html });

describe('the live search index of dev', () => {
  it('indexes everything first, then only the entries that changed', async () => {
    const { start, log } = recordingIndexers();
    const index = createLiveSearchIndex(start);
    const entries = new Map<string, SearchEntry>([
      ['/docs/a', page('<p>a</p>')],
      ['/docs/b', page('<p>b</p>')],
      ['/docs/api/reference#op', { kind: 'record', title: 'Op', content: 'x' }],
    ]);
    expect(await index.update(entries)).toMatchObject({ added: 3, whole: true });
    entries.set('/docs/b', page('<p>b, edited</p>'));
    entries.set('/docs/c', page('<p>c, new</p>'));
    expect(await index.update(entries)).toMatchObject({ added: 2, whole: false });
    expect(await index.update(entries)).toMatchObject({ added: 0, whole: false });
    expect(log).toEqual(['start 1', '1 page /docs/a', '1 page /docs/b', '1 record /docs/api/reference#op', '1 page /docs/b', '1 page /docs/c']);
  });

  it('makes the index again whole when an entry disappears, since Pagefind cannot forget one', async () => {
    const { start, log } = recordingIndexers();
    const index = createLiveSearchIndex(start);
    await index.update(new Map([['/docs/a', page('a')], ['/docs/b', page('b')]]));
    const result = await index.update(new Map([['/docs/a', page('a')]]));
    expect(result).toMatchObject({ added: 1, whole: true });
    expect(log.slice(3)).toEqual(['discard 1', 'start 2', '2 page /docs/a']);
  });

  describe('with Pagefind', () => {
    afterAll(() => closeSearchService());
    const fragments = (files: OutputFile[]): string[] =>
      files.filter((f) => f.path.includes('/fragment/')).map((f) => gunzipSync(Buffer.from(f.contents)).toString('utf8'));
    const doc = (words: string): string =>
      `<!DOCTYPE html><html lang="en"><head><title>T</title></head><body><article data-pagefind-body><h1>T</h1><p>${words}</p></article></body></html>`;

    it('replaces a page added again under its URL (what the live index relies on)', async () => {
      const index = createLiveSearchIndex();
      const first = await index.update(new Map([['/docs/a', page(doc('alpha'))], ['/docs/b', page(doc('beta'))]]));
      expect(fragments(first.files).join()).toContain('alpha');
      const second = await index.update(new Map([['/docs/a', page(doc('gamma'))], ['/docs/b', page(doc('beta'))]]));
      expect(second).toMatchObject({ added: 1, whole: false });
      const text = fragments(second.files);
      expect(text).toHaveLength(2);
      expect(text.join()).toContain('gamma');
      expect(text.join()).not.toContain('alpha');
      await index.close();
    });

    it('assembles every page sent before the files were asked for, answered or not (Pagefind works through its requests in order)', async () => {
      const indexer = await createSearchIndexer();
      const sent = Array.from({ length: 24 }, (_, i) => indexer.add(`/docs/p${i}`, doc(`word${i}`)));
      const files = await indexer.files();
      await Promise.all(sent);
      const text = fragments(files);
      expect(text).toHaveLength(24);
      for (let i = 0; i < 24; i++) expect(text.join()).toContain(`word${i}`);
      await indexer.discard();
    });
  });
});
