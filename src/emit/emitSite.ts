import type { PreparedSite } from '../build.ts';
import type { BuildContext } from '../context.ts';
import { renderPages } from '../render/renderPages.ts';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HEADERS_FILE, headersFile } from '../serve/cachePolicy.ts';
import { writeSiteAtomically, type OutputFile } from './atomic.ts';
import type { PageReuse } from './pageReuse.ts';
import { openFileStore } from './fileStore.ts';
import { INDEX_DIR } from '../search/format.ts';
import { createCompressor } from './precompress.ts';
import { relativeTo, withSlashes } from '../io/relative.ts';

/** The caching policy as a `_headers` file, for static hosts that read one. */
function writeHeadersFile(staging: string): void {
  const top = readdirSync(staging, { withFileTypes: true });
  writeFileSync(path.join(staging, HEADERS_FILE), headersFile(top.map((e) => ({ name: e.name, directory: e.isDirectory() }))));
}

/** A store of the cache that could not be used: the site is built all the same, at the cost of the next build's time. */
function cacheProblem(context: BuildContext, problem: string): void {
  const where = path.relative(process.cwd(), context.config.cacheDir) || '.';
  context.reporter.warn(`could not keep output files in the build cache in ${where} (${problem}): they were written instead, and the next build will write them again; delete the folder if it is damaged`);
}

/**
 * Renders and writes every page straight into the staging folder, adds the search index, the compressed
 * copies and the headers file, then swaps it into place. Gives the number of pages and how long the build then waited for the search index, which
 * is assembled after the last page is parsed and written alongside the pages.
 */
export async function emitSite(
  context: BuildContext,
  prepared: PreparedSite,
  reuse?: PageReuse,
  /** What to do once the site is in place, while the previous output is removed. */
  swapped?: () => void,
): Promise<{ pages: number; searchWaitMs: number; compressMs: number; reused: number; digests: ReadonlyMap<string, string> }> {
  let compressMs = 0;
  let digests: ReadonlyMap<string, string> = new Map();
  // Files made again unchanged are linked from the last build's (the cache's); --no-cache writes them all.
  const store = context.config.cache ? openFileStore(path.join(context.config.cacheDir, 'files', 'site'), context.config.cacheDir) : undefined;
  let searchWaitMs = 0;
  // Compressed copies are kept with the build's other cached work, which --no-cache leaves alone.
  const compressedStore = context.config.cache ? path.join(context.config.cacheDir, 'compressed') : undefined;
  // What a static host needs besides the files: their compressed copies, and the headers file.
  const finish = async (staging: string, alongside: Promise<void>): Promise<void> => {
    const start = performance.now();
    // A file taken from the last output or from the store is not read again to be named.
    const known = (file: string): string | undefined => reuse?.digestOf(withSlashes(relativeTo(staging, file))) ?? store?.digestOf(file);
    // A copy whose change time is the one the last output's record gives it is taken unread.
    const compressor = createCompressor(staging, { store: compressedStore, cacheRoot: context.config.cacheDir, known, changeTimes: reuse?.changeTimeOf });
    // The pages and other files while the search index is still being made (this thread would wait), then the index.
    compressor.compress(staging, { except: INDEX_DIR });
    const waiting = performance.now();
    await alongside;
    const indexed = performance.now();
    // Once the search index's folder is there: the file names each top-level entry of the output.
    writeHeadersFile(staging);
    compressor.compress(path.join(staging, INDEX_DIR));
    const compressed = compressor.done();
    digests = compressed.digests;
    if (compressed.problem !== undefined) cacheProblem(context, compressed.problem);
    searchWaitMs = indexed - waiting;
    compressMs = performance.now() - start - searchWaitMs;
  };
  let count = 0;
  let reused = 0;
  function* all(): Generator<OutputFile> {
    for (const page of renderPages(prepared, context, reuse)) {
      count += 1;
      if (page.reused) reused += 1;
      yield page;
    }
    for (const file of prepared.files) yield { ...file, stored: true };
  }
  try {
    const search = prepared.search;
    const alongside = search ? (staging: string) => search.writeInto(staging) : undefined;
    const { leftover } = await writeSiteAtomically(context.config.outDir, all(), prepared.copies, { alongside, finish, store, swapped });
    if (leftover !== undefined) context.reporter.warn(`the site is built, but the previous one could not be removed: ${leftover}; remove it by hand`);
    store?.prune();
    if (store?.problem !== undefined) cacheProblem(context, store.problem);
  } finally {
    await prepared.search?.close();
  }
  return { pages: count, searchWaitMs, compressMs, reused, digests };
}
