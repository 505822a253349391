import type { OutputFile } from '../emit/atomic.ts';
import type { SharedAnalyses } from './builder.ts';
import type { SearchIndexes } from './feed.ts';
import { createSearchIndexer, type SearchIndexer } from './index.ts';

/**
 * What search holds under one URL: a page's search document, or a record (an API operation or
 * schema), with the docs version it belongs to (none: a page outside the docs).
 */
export type SearchEntry = ({ kind: 'page'; html: string } | { kind: 'record'; title: string; content: string }) & { version?: string | undefined };

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

export function createLiveSearchIndex(indexer: SearchIndexer = createSearchIndexer(), dir?: string): LiveSearchIndex {
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
      return { files: indexer.files(dir), added, removed };
    },
    close() {
      held = new Map();
    },
  };
}

/**
 * dev's search indexes, one per docs version on a site with several (feed.ts's searchIndexesOf):
 * each is brought to the entries it holds, so an edit to one version re-indexes that version's entries.
 */
export function createLiveSearchIndexes(): { update(entries: ReadonlyMap<string, SearchEntry>, indexes: SearchIndexes): { files: OutputFile[]; added: number; removed: number }; close(): void } {
  const shared: SharedAnalyses = new Map();
  let live = new Map<string, LiveSearchIndex>();
  return {
    update(entries, indexes) {
      const next = new Map<string, LiveSearchIndex>();
      const files: OutputFile[] = [];
      let added = 0;
      let removed = 0;
      for (const name of indexes.names) {
        const index = live.get(name) ?? createLiveSearchIndex(createSearchIndexer(shared), name);
        next.set(name, index);
        const held = new Map([...entries].filter(([, entry]) => indexes.of(entry.version).includes(name)));
        const done = index.update(held);
        files.push(...done.files);
        added += done.added;
        removed += done.removed;
      }
      // An index no longer made (the site's versions changed) lets go of what it held.
      for (const [name, index] of live) {
        if (next.has(name)) continue;
        index.update(new Map());
        index.close();
      }
      live = next;
      return { files, added, removed };
    },
    close() {
      for (const index of live.values()) index.close();
      live = new Map();
    },
  };
}
