import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeFilesInto, type OutputFile } from '../emit/atomic.ts';
import { openFileStore, type StoreTrust } from '../emit/fileStore.ts';
import type { Reference } from '../openapi/reference.ts';
import { createIndexBuilder, type SharedAnalyses } from './builder.ts';
import { linkOnTheWay } from '../io/confinement.ts';
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
  /** The index files for what it holds now, under `dir` of the output (format.ts's indexDirOf). */
  files(dir?: string): OutputFile[];
}

export function createSearchIndexer(shared?: SharedAnalyses): SearchIndexer {
  const builder = createIndexBuilder(shared);
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
    files: (dir) => builder.files(dir),
  };
}

/**
 * The search indexes of one build (one, or one per docs version, each named by its folder of the
 * output): entries go in while pages are parsed, then the indexes are made and their files are
 * written into the output's temporary folder while the pages are rendered.
 */
export interface SearchIndexJob {
  /** Queues a page for the indexes named; resolves once few enough entries are in flight. Never rejects: a failure is `writeInto`'s. */
  add(indexes: readonly string[], url: string, html: string): Promise<void>;
  addRecord(indexes: readonly string[], url: string, title: string, content: string): Promise<void>;
  /** No more entries: the indexes are made, then each saved to the cache under its key if given one. */
  finish(cache?: { dir: string; keys: Readonly<Record<string, string>> }): void;
  /**
   * Writes the indexes' files under `dir` once made, with `kept` (indexes an earlier build made, from
   * the cache); rejects with the indexing's first error. With a `store` (a folder of the build cache),
   * files an earlier build wrote with the same contents are linked from it (fileStore.ts): an edit
   * renames every file of its version's index, but changes few. `keep`: digests the store keeps
   * though not written (files of an index carried from the last output, which share them); `trust`:
   * what vouches for the store's files (fileStore.ts's StoreTrust).
   */
  writeInto(dir: string, writing?: IndexWriting): Promise<void>;
  close(): Promise<void>;
}

/**
 * Search documents held before they are indexed, at most this much HTML: a build's pages are cut into
 * words once they are all parsed, when a core is free (while they are parsed, both cores are busy
 * parsing; after, one thread renders and writes pages). Past it, documents are indexed as they come.
 */
const DEFERRED_BYTES = 64 * 1024 * 1024;

/** A build's search indexes on this thread, each made by an indexer from `make` (given the analyses the indexes share). */
export function searchJobOf(make: (shared: SharedAnalyses) => SearchIndexer = createSearchIndexer): SearchIndexJob {
  const shared: SharedAnalyses = new Map();
  const indexers = new Map<string, SearchIndexer>();
  const indexer = (name: string): SearchIndexer => {
    let found = indexers.get(name);
    if (!found) indexers.set(name, (found = make(shared)));
    return found;
  };
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
    add: (indexes, url, html) => defer(html.length, () => indexes.forEach((name) => indexer(name).add(url, html))),
    addRecord: (indexes, url, title, content) => defer(content.length, () => indexes.forEach((name) => indexer(name).addRecord(url, title, content))),
    finish(cache) {
      flush();
      const made: OutputFile[] = [];
      guard(() => {
        for (const [name, each] of indexers) {
          const list = each.files(name);
          made.push(...list);
          const key = cache?.keys[name];
          try {
            if (cache && key !== undefined) saveSearchIndex(cache.dir, name, key, list);
          } catch {
            // A cache that cannot be written costs the next build the index, never this one.
          }
        }
        files = made;
      });
    },
    async writeInto(dir, { kept = [], ...writing } = {}) {
      if (failure !== undefined) throw failure;
      if (!files) throw new Error('internal error: the search index was written before it was finished');
      writeIndexFiles(dir, [...kept, ...files], writing);
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

/** How a build writes the search indexes' files (see SearchJob's `writeInto`). */
export interface IndexWriting {
  store?: string | undefined;
  kept?: readonly OutputFile[] | undefined;
  keep?: readonly string[] | undefined;
  trust?: StoreTrust | undefined;
}

/** Writes the index's files under `dir`, through the store at `store` when given one, which keeps those files and the digests in `keep`. */
export function writeIndexFiles(dir: string, files: readonly OutputFile[], { store, keep = [], trust }: Omit<IndexWriting, 'kept'> = {}): void {
  // The store's folder is files/search of the build cache.
  const kept = store === undefined ? undefined : openFileStore(store, path.dirname(path.dirname(store)), trust);
  writeFilesInto(
    dir,
    files.map((file) => ({ ...file, stored: true })),
    kept,
  );
  for (const key of keep) kept?.keep(key);
  kept?.prune();
}

/** Where an index (named by its folder of the output) is kept in the build cache: one folder each, so versions are cached apart. */
function cachedIndexDir(cacheDir: string, name: string): string {
  return path.join(cacheDir, SEARCH_CACHE, name.split('/').join('@'));
}

const SEARCH_CACHE = 'search';

/** The files of the index named `name` an earlier build made with the same key, if the cache has them. */
export function loadSearchIndex(cacheDir: string, name: string, key: string): OutputFile[] | undefined {
  const dir = cachedIndexDir(cacheDir, name);
  try {
    if (linkOnTheWay(cacheDir, dir) !== undefined) return undefined;
    const [recordedKey, sum] = readRegularFile(path.join(dir, 'key')).toString('utf8').split('\n');
    if (recordedKey !== key) return undefined;
    const listText = readRegularFile(path.join(dir, 'files.json'));
    const bundle = readRegularFile(path.join(dir, 'bundle'));
    // Checked, as the files go out as they are: a bundle or list changed since (by hand, a faulty disk,
    // another index's list swapped in) is not used.
    if (bundleSum(listText, bundle) !== sum) return undefined;
    const list = JSON.parse(listText.toString('utf8')) as [string, number, number][];
    return list.map(([file, start, end]) => ({ path: file, contents: bundle.subarray(start, end) }));
  } catch {
    return undefined;
  }
}

/**
 * Keeps an index's files in one bundle: an index has a few hundred small files, and opening each
 * one cost more than reading them all.
 */
export function saveSearchIndex(cacheDir: string, name: string, key: string, files: readonly OutputFile[]): void {
  const dir = cachedIndexDir(cacheDir, name);
  mkdirSync(path.dirname(dir), { recursive: true });
  // Cleaning up through a link would delete files where it leads.
  if (linkOnTheWay(cacheDir, dir) !== undefined) return;
  if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  const parts = files.map((file) => Buffer.from(file.contents));
  const list: [string, number, number][] = [];
  let offset = 0;
  parts.forEach((part, i) => {
    list.push([files[i]?.path ?? '', offset, offset + part.length]);
    offset += part.length;
  });
  const bundle = Buffer.concat(parts);
  const listText = Buffer.from(JSON.stringify(list));
  writeFileSync(path.join(dir, 'bundle'), bundle);
  writeFileSync(path.join(dir, 'files.json'), listText);
  // The key is written last: a cache cut short by a crash is never mistaken for a complete one.
  writeFileSync(path.join(dir, 'key'), `${key}\n${bundleSum(listText, bundle)}`);
}

/** The digest of an index kept in the cache: its list of files and their bytes. */
function bundleSum(list: Buffer, bundle: Buffer): string {
  return createHash('sha1').update(list).update('\0').update(bundle).digest('hex');
}

/** Removes from the cache the indexes a build no longer makes (a version dropped, the site's versions changed). */
export function pruneSearchCache(cacheDir: string, names: readonly string[]): void {
  const dir = path.join(cacheDir, SEARCH_CACHE);
  try {
    if (linkOnTheWay(cacheDir, dir) !== undefined) return;
    const kept = new Set(names.map((name) => path.basename(cachedIndexDir(cacheDir, name))));
    for (const entry of readdirSync(dir)) if (!kept.has(entry)) rmSync(path.join(dir, entry), { recursive: true, force: true });
  } catch {
    // Only space is lost.
  }
}
