import type { OutputFile } from '../emit/atomic.ts';
import { createSearchIndexer, type SearchIndexer } from './index.ts';

/** What search holds under one URL: a page's search document, or a record (an API operation or schema). */
export type SearchEntry = { kind: 'page'; html: string } | { kind: 'record'; title: string; content: string };

/**
 * dev's search index, kept open between rebuilds. Pagefind replaces what it
 * holds under a URL when that URL is added again, and assembles an open index
 * as often as asked, so an edit sends it only the entries that changed. It
 * cannot forget a URL: when one disappears, the index is made again whole.
 */
export interface LiveSearchIndex {
  /** Brings the index to these entries (in this order when made whole) and gives its files. */
  update(entries: ReadonlyMap<string, SearchEntry>): Promise<{ files: OutputFile[]; added: number; whole: boolean }>;
  close(): Promise<void>;
}

const signature = (entry: SearchEntry): string => (entry.kind === 'page' ? `page\0${entry.html}` : `record\0${entry.title}\0${entry.content}`);

export function createLiveSearchIndex(start: () => Promise<SearchIndexer> = createSearchIndexer): LiveSearchIndex {
  let indexer: SearchIndexer | undefined;
  const held = new Map<string, string>();
  return {
    async update(entries) {
      const whole = indexer === undefined || [...held.keys()].some((url) => !entries.has(url));
      if (whole) {
        await indexer?.discard();
        indexer = await start();
        held.clear();
      }
      const open = indexer;
      if (!open) throw new Error('search index could not start');
      let added = 0;
      for (const [url, entry] of entries) {
        const sig = signature(entry);
        if (held.get(url) === sig) continue;
        if (entry.kind === 'page') await open.add(url, entry.html);
        else await open.addRecord(url, entry.title, entry.content);
        held.set(url, sig);
        added += 1;
      }
      return { files: await open.files(), added, whole };
    },
    async close() {
      await indexer?.discard();
      indexer = undefined;
      held.clear();
    },
  };
}
