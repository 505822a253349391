import type { OutputFile } from '../emit/atomic.ts';
import { createSearchIndexer, type SearchIndexer } from './index.ts';

/** What search holds under one URL: a page's search document, or a record (an API operation or schema). */
export type SearchEntry = { kind: 'page'; html: string } | { kind: 'record'; title: string; content: string };

/**
 * dev's search index, kept between rebuilds: an edit re-indexes only the
 * entries that changed, and forgets the URLs that are gone.
 */
export interface LiveSearchIndex {
  /** Brings the index to these entries and gives its files. */
  update(entries: ReadonlyMap<string, SearchEntry>): { files: OutputFile[]; added: number; removed: number };
  close(): void;
}

const signature = (entry: SearchEntry): string => (entry.kind === 'page' ? `page\0${entry.html}` : `record\0${entry.title}\0${entry.content}`);

export function createLiveSearchIndex(indexer: SearchIndexer = createSearchIndexer()): LiveSearchIndex {
  let held = new Map<string, string>();
  return {
    update(entries) {
      let removed = 0;
      for (const url of held.keys()) {
        if (entries.has(url)) continue;
        indexer.remove(url);
        removed += 1;
      }
      const next = new Map<string, string>();
      let added = 0;
      for (const [url, entry] of entries) {
        const sig = signature(entry);
        if (held.get(url) !== sig) {
          if (entry.kind === 'page') indexer.add(url, entry.html);
          else indexer.addRecord(url, entry.title, entry.content);
          added += 1;
        }
        next.set(url, sig);
      }
      held = next;
      return { files: indexer.files(), added, removed };
    },
    close() {
      held = new Map();
    },
  };
}
