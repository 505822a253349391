import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeFilesInto, type OutputFile } from '../emit/atomic.ts';
import { UserError } from '../errors.ts';
import type { Reference } from '../openapi/reference.ts';

/**
 * Full-text search with Pagefind: pages are fed to its indexer as they are
 * parsed (it runs in its own process), and its files land in the output under
 * pagefind/, loaded by readers only when they open search, in small chunks.
 */
export interface SearchIndexer {
  /** Queues a page; resolves once few enough pages are in flight (memory stays bounded on large sites). */
  add(url: string, html: string): Promise<void>;
  /** Queues a record that is not a page of its own (an API operation), under its own URL. */
  addRecord(url: string, title: string, content: string): Promise<void>;
  /** Waits for every page and returns the index files; the index stays open for more pages. */
  files(): Promise<OutputFile[]>;
  /** The files, then the index is released. */
  finish(): Promise<OutputFile[]>;
  /** Releases the index without assembling it. */
  discard(): Promise<void>;
  /** Resolves once Pagefind has answered every request sent so far, successful or not. */
  idle(): Promise<void>;
}

export async function createSearchIndexer(): Promise<SearchIndexer> {
  const pagefind = await import('pagefind');
  const cannotStart = (reason: string): UserError =>
    new UserError(`the search index could not start: ${reason}`, {
      hint: 'Pagefind, the search indexer, runs as a binary from its npm package for this platform: run `npm install` again, or build with --no-search to leave search out',
    });
  let started: Awaited<ReturnType<typeof pagefind.createIndex>>;
  try {
    started = await pagefind.createIndex({
      forceLanguage: 'en',
      // Identifiers such as sortBy, mqtt-sn and /api/v1 are searched as written.
      includeCharacters: '_/.',
    });
  } catch (error) {
    // Its first line names the cause (no binary for this platform); the rest is where to report it.
    throw cannotStart((error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '');
  }
  const { index: created, errors } = started;
  if (!created) throw cannotStart(errors.join('; '));
  const index = created;
  const inFlight = new Set<Promise<void>>();
  const failures: Error[] = [];
  const MAX_IN_FLIGHT = 16;
  const track = async (url: string, started: Promise<{ errors: string[] }>): Promise<void> => {
    const job: Promise<void> = started.then(
      (response) => {
        if (response.errors.length > 0) failures.push(new Error(`search index: ${url}: ${response.errors.join('; ')}`));
      },
      (error: unknown) => {
        failures.push(error instanceof Error ? error : new Error(String(error)));
      },
    );
    const tracked = job.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    // Pagefind reads pages over a pipe; without a bound, a 10,000-page site would queue all its HTML.
    while (inFlight.size >= MAX_IN_FLIGHT) await Promise.race(inFlight);
  };
  let assembling: Promise<unknown> = Promise.resolve();
  const files = async (): Promise<OutputFile[]> => {
    // Pagefind handles its requests one at a time, in the order sent, so this assembles every page
    // already sent. Asking now, not once their answers are read, matters: a build renders and writes
    // pages without yielding, and Pagefind would sit idle until it reads them.
    const request = index.getFiles();
    assembling = request;
    await Promise.allSettled(inFlight);
    if (failures.length > 0) {
      await request.catch(() => undefined);
      throw failures[0];
    }
    const { files: indexFiles, errors: fileErrors } = await request;
    if (fileErrors.length > 0) throw new Error(`search index: ${fileErrors.join('; ')}`);
    // Pagefind also ships its own UIs, and a web worker the site's dialog does without (it searches on the
    // page's thread, src/client/search.ts): only the engine and the index are kept.
    return indexFiles
      .filter((file) => !/(-ui|-highlight)\.(js|css)$|^\/?pagefind-worker\.js$/.test(file.path))
      .map((file) => ({ path: `pagefind/${file.path.replace(/^\/+/, '')}`, contents: file.content }));
  };
  return {
    add: (url, html) => track(url, index.addHTMLFile({ url, content: html })),
    addRecord: (url, title, content) => track(url, index.addCustomRecord({ url, content, language: 'en', meta: { title } })),
    files,
    async finish() {
      const result = await files();
      await index.deleteIndex();
      return result;
    },
    async discard() {
      await Promise.allSettled(inFlight);
      await index.deleteIndex();
    },
    async idle() {
      await Promise.allSettled([...inFlight, assembling]);
    },
  };
}

/**
 * The search index of one build: entries go in while pages are parsed, then
 * the index is assembled and its files are written into the output's
 * temporary folder while the pages are rendered.
 */
export interface SearchIndexJob {
  /** Queues a page; resolves once few enough entries are in flight. Never rejects: a failure is `writeInto`'s. */
  add(url: string, html: string): Promise<void>;
  addRecord(url: string, title: string, content: string): Promise<void>;
  /** No more entries: the index is assembled, then saved to the cache if given one. */
  finish(cache?: { dir: string; key: string }): void;
  /** Writes the index files under `dir` once assembled; rejects with the indexing's first error. */
  writeInto(dir: string): Promise<void>;
  /** Stops indexing, once Pagefind has answered what it was asked (it panics if stopped while answering). */
  close(): Promise<void>;
}

/** A build's search index on this thread, around an indexer. */
export function searchJobOf(indexer: SearchIndexer): SearchIndexJob {
  let files: Promise<OutputFile[]> | undefined;
  return {
    add: (url, html) => indexer.add(url, html),
    addRecord: (url, title, content) => indexer.addRecord(url, title, content),
    finish(cache) {
      files = indexer.finish().then((list) => {
        if (cache) saveSearchIndex(cache.dir, cache.key, list);
        return list;
      });
      // Seen by writeInto; a build that fails before it must not count this as unhandled.
      files.catch(() => undefined);
    },
    async writeInto(dir) {
      if (!files) throw new Error('internal error: the search index was written before it was finished');
      writeFilesInto(dir, await files);
    },
    async close() {
      await indexer.idle();
      await closeSearchService();
    },
  };
}

/** The URL a record of the API reference is found under: its anchor on the reference's page. */
export function recordUrl(referenceUrl: string, record: Reference['searchRecords'][number]): string {
  return record.anchor ? `${referenceUrl}#${record.anchor}` : referenceUrl;
}

/** Stops Pagefind's indexing process; a build calls it once at the end, dev when it stops. */
export async function closeSearchService(): Promise<void> {
  const pagefind = await import('pagefind');
  await pagefind.close();
}

/** The index files of an earlier build with the same key, if the cache has them. */
export function loadSearchIndex(cacheDir: string, key: string): OutputFile[] | undefined {
  const dir = path.join(cacheDir, 'search');
  try {
    if (readFileSync(path.join(dir, 'key'), 'utf8') !== key) return undefined;
    const list = JSON.parse(readFileSync(path.join(dir, 'files.json'), 'utf8')) as [string, number, number][];
    const bundle = readFileSync(path.join(dir, 'bundle'));
    return list.map(([file, start, end]) => ({ path: file, contents: bundle.subarray(start, end) }));
  } catch {
    return undefined;
  }
}

/**
 * Keeps the index files in one bundle: with a record per API operation and schema the index has
 * hundreds of small files, and opening each one cost more than reading them all.
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
  writeFileSync(path.join(dir, 'bundle'), Buffer.concat(parts));
  writeFileSync(path.join(dir, 'files.json'), JSON.stringify(list));
  // The key is written last: a cache cut short by a crash is never mistaken for a complete one.
  writeFileSync(path.join(dir, 'key'), key);
}
