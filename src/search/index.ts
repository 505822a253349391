import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeFilesInto, type OutputFile } from '../emit/atomic.ts';
import { openFileStore } from '../emit/fileStore.ts';
import type { Reference } from '../openapi/reference.ts';
import { createIndexBuilder } from './builder.ts';
import { parseSearchSource, searchSourceOf } from './sections.ts';
import { readRegularFile } from '../io/readRegular.ts';

/**
 * The search index of a build or of dev, on the thread that holds it: pages
 * (as rendered search documents) and API records in, index files out
 * (src/search/format.ts), loaded by readers only when they open search.
 */
export interface SearchIndexer {
  /** Adds a page from its search document, replacing what was held under its URL. */
  add(url: string, html: string): void;
  /** Adds a record that is not a page of its own (an API operation or schema), under its own URL. */
  addRecord(url: string, title: string, content: string): void;
  /** Forgets what was held under a URL. */
  remove(url: string): void;
  /** The index files for what it holds now. */
  files(): OutputFile[];
}

export function createSearchIndexer(): SearchIndexer {
  const builder = createIndexBuilder();
  return {
    add(url, html) {
      const source = searchSourceOf(html);
      builder.addShared(url, `page\0${source}`, () => parseSearchSource(url, source));
    },
    // A record is one section under its own URL (the anchor of the operation or schema).
    addRecord(url, title, content) {
      const api = isApiRecord(url);
      builder.addShared(url, `record\0${api}\0${title}\0${content}`, () => ({ url, title, sections: [{ anchor: '', heading: '', text: content }], api }));
    },
    remove: (url) => builder.remove(url),
    files: () => builder.files(),
  };
}

/**
 * The search index of one build: entries go in while pages are parsed, then
 * the index is made and its files are written into the output's temporary
 * folder while the pages are rendered.
 */
export interface SearchIndexJob {
  /** Queues a page; resolves once few enough entries are in flight. Never rejects: a failure is `writeInto`'s. */
  add(url: string, html: string): Promise<void>;
  addRecord(url: string, title: string, content: string): Promise<void>;
  /** No more entries: the index is made, then saved to the cache if given one. */
  finish(cache?: { dir: string; key: string }): void;
  /**
   * Writes the index files under `dir` once made; rejects with the indexing's first error. With a
   * `store` (a folder of the build cache), files an earlier build wrote with the same contents are
   * linked from it (fileStore.ts): an edit renames every file of the index, but changes few.
   */
  writeInto(dir: string, store?: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Search documents held before they are indexed, at most this much HTML: a build's pages are cut into
 * words once they are all parsed, when a core is free (while they are parsed, both cores are busy
 * parsing; after, one thread renders and writes pages). Past it, documents are indexed as they come.
 */
const DEFERRED_BYTES = 64 * 1024 * 1024;

/** A build's search index on this thread, around an indexer. */
export function searchJobOf(indexer: SearchIndexer): SearchIndexJob {
  let files: OutputFile[] | undefined;
  let failure: unknown;
  let deferred: (() => void)[] = [];
  let deferredBytes = 0;
  const guard = (work: () => void): void => {
    if (failure !== undefined) return;
    try {
      work();
    } catch (error) {
      failure = error;
    }
  };
  const flush = (): void => {
    const list = deferred;
    deferred = [];
    deferredBytes = 0;
    for (const work of list) guard(work);
  };
  const defer = (bytes: number, work: () => void): Promise<void> => {
    deferred.push(work);
    deferredBytes += bytes;
    if (deferredBytes > DEFERRED_BYTES) flush();
    return Promise.resolve();
  };
  return {
    add: (url, html) => defer(html.length, () => indexer.add(url, html)),
    addRecord: (url, title, content) => defer(content.length, () => indexer.addRecord(url, title, content)),
    finish(cache) {
      flush();
      guard(() => {
        files = indexer.files();
      });
      try {
        if (cache && files) saveSearchIndex(cache.dir, cache.key, files);
      } catch {
        // A cache that cannot be written costs the next build the index, never this one.
      }
    },
    async writeInto(dir, store) {
      if (failure !== undefined) throw failure;
      if (!files) throw new Error('internal error: the search index was written before it was finished');
      writeIndexFiles(dir, files, store);
    },
    close: async () => undefined,
  };
}

/**
 * The prefixes of the reference's operation and schema anchors (src/openapi/model.ts's `anchors`,
 * which a test holds these to): written out, as importing the model would load the OpenAPI code
 * (~450 KB) into the search worker, a cost paid by every cold build.
 */
export const API_ANCHORS = ['operation-', 'schema-'];

/** Whether a record's URL is that of an operation or a schema (the reference's introduction is neither). */
export function isApiRecord(url: string): boolean {
  const anchor = url.slice(url.indexOf('#') + 1);
  return url.includes('#') && API_ANCHORS.some((prefix) => anchor.startsWith(prefix));
}

/** The URL a record of the API reference is found under: its anchor on the reference's page. */
export function recordUrl(referenceUrl: string, record: Reference['searchRecords'][number]): string {
  return record.anchor ? `${referenceUrl}#${record.anchor}` : referenceUrl;
}

/** Writes the index's files under `dir`, through the store at `store` when given one. */
export function writeIndexFiles(dir: string, files: readonly OutputFile[], store: string | undefined): void {
  // The store's folder is files/search of the build cache.
  const kept = store === undefined ? undefined : openFileStore(store, path.dirname(path.dirname(store)));
  writeFilesInto(
    dir,
    files.map((file) => ({ ...file, stored: true })),
    kept,
  );
  kept?.prune();
}

/** The index files of an earlier build with the same key, if the cache has them. */
export function loadSearchIndex(cacheDir: string, key: string): OutputFile[] | undefined {
  const dir = path.join(cacheDir, 'search');
  try {
    const [recordedKey, sum] = readRegularFile(path.join(dir, 'key')).toString('utf8').split('\n');
    if (recordedKey !== key) return undefined;
    const list = JSON.parse(readRegularFile(path.join(dir, 'files.json')).toString('utf8')) as [string, number, number][];
    const bundle = readRegularFile(path.join(dir, 'bundle'));
    // Checked, as the files go out as they are: a bundle changed since (by hand, a faulty disk) is not used.
    if (createHash('sha1').update(bundle).digest('hex') !== sum) return undefined;
    return list.map(([file, start, end]) => ({ path: file, contents: bundle.subarray(start, end) }));
  } catch {
    return undefined;
  }
}

/**
 * Keeps the index files in one bundle: the index has a few hundred small files, and opening each
 * one cost more than reading them all.
 */
export function saveSearchIndex(cacheDir: string, key: string, files: readonly OutputFile[]): void {
  const dir = path.join(cacheDir, 'search');
  if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const parts = files.map((file) => Buffer.from(file.contents));
  const list: [string, number, number][] = [];
  let offset = 0;
  parts.forEach((part, i) => {
    list.push([files[i]?.path ?? '', offset, offset + part.length]);
    offset += part.length;
  });
  const bundle = Buffer.concat(parts);
  writeFileSync(path.join(dir, 'bundle'), bundle);
  writeFileSync(path.join(dir, 'files.json'), JSON.stringify(list));
  // The key is written last: a cache cut short by a crash is never mistaken for a complete one.
  writeFileSync(path.join(dir, 'key'), `${key}\n${createHash('sha1').update(bundle).digest('hex')}`);
}
