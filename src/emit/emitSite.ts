import type { PreparedSite } from '../build.ts';
import type { BuildContext } from '../context.ts';
import { renderPages } from '../render/renderPages.ts';
import { lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HEADERS_FILE, headersFile } from '../serve/cachePolicy.ts';
import { writeFilesInto, writeSiteAtomically, type OutputFile } from './atomic.ts';
import type { PageReuse } from './pageReuse.ts';
import { digest, openFileStore, storeTrust } from './fileStore.ts';
import { INDEX_DIR } from '../search/format.ts';
import { createCompressor } from './precompress.ts';
import { relativeTo, withSlashes } from '../io/relative.ts';
import { recordedChangeTimes, type RecordedBuild } from './upToDate.ts';
import { carriedFiles, indexesToCarry, recordsByPath, foldersToCarry, sameAsRecorded, type Placed } from './carry.ts';

/** The caching policy as a `_headers` file, for static hosts that read one; `carried`: top-level folders still to be moved in. */
function writeHeadersFile(staging: string, carried: readonly string[]): void {
  const top = readdirSync(staging, { withFileTypes: true }).map((e) => ({ name: e.name, directory: e.isDirectory() }));
  for (const name of carried) if (!top.some((e) => e.name === name)) top.push({ name, directory: true });
  writeFileSync(path.join(staging, HEADERS_FILE), headersFile(top));
}

/** A store of the cache that could not be used: the site is built all the same, at the cost of the next build's time. */
function cacheProblem(context: BuildContext, problem: string): void {
  const where = path.relative(process.cwd(), context.config.cacheDir) || '.';
  context.reporter.warn(`could not keep output files in the build cache in ${where} (${problem}): they were written instead, and the next build will write them again; delete the folder if it is damaged`);
}

export interface EmitOptions {
  /** Pages taken from the last output (the cache is on). */
  reuse?: PageReuse | undefined;
  /** The record of the last build into this output, whose unchanged folders are carried into the new one. */
  last?: RecordedBuild | undefined;
  /** The record of the last build into any output folder: what vouches for the files of the cache's stores (fileStore.ts's StoreTrust). */
  vouching?: RecordedBuild | undefined;
  /** What to do once the site is in place, while the previous output is removed. */
  swapped?: (() => void) | undefined;
}

export interface Emitted {
  pages: number;
  searchWaitMs: number;
  compressMs: number;
  reused: number;
  /** The digest of each compressible output file, by path (see precompress.ts). */
  digests: ReadonlyMap<string, string>;
  /** The key each search index was made from, by its folder (for the next build's carrying). */
  searchKeys: Record<string, string>;
  /** Folders of the last output moved whole into this one. */
  carried: readonly string[];
}

/**
 * Renders and writes every page straight into the staging folder, adds the search index, the compressed
 * copies and the headers file, then swaps it into place. Gives the number of pages and how long the build then waited for the search index, which
 * is assembled after the last page is parsed and written alongside the pages. With the last build's
 * record, the folders it left that this build would make again unchanged are moved in instead (carry.ts).
 */
export async function emitSite(context: BuildContext, prepared: PreparedSite, options: EmitOptions = {}): Promise<Emitted> {
  const { reuse, swapped } = options;
  const { outDir } = context.config;
  let compressMs = 0;
  let digests = new Map<string, string>();
  // Files made again unchanged are linked from the last build's (the cache's); --no-cache writes them all.
  const last = reuse !== undefined ? options.last : undefined;
  // What vouches for the stores' files: the last output's record, taken before this build links any.
  const { vouching } = options;
  const trust = storeTrust(path.dirname(outDir), vouching && recordedChangeTimes(vouching), vouching !== undefined && lstatSync(vouching.outDir, { throwIfNoEntry: false })?.isDirectory() === true);
  const store = context.config.cache ? openFileStore(path.join(context.config.cacheDir, 'files', 'site'), context.config.cacheDir, trust) : undefined;
  let searchWaitMs = 0;
  // Compressed copies are kept with the build's other cached work, which --no-cache leaves alone.
  const compressedStore = context.config.cache ? path.join(context.config.cacheDir, 'compressed') : undefined;
  const recorded = last !== undefined ? recordsByPath(last.files, last.folders) : undefined;
  const searchIndexes = prepared.search?.indexes ?? [];
  // The search indexes are written from the start (on another thread): which to carry is decided first.
  const carriedIndexes = recorded && last ? indexesToCarry(outDir, recorded, searchIndexes, last.searchKeys ?? {}) : [];
  let carriedFolders: string[] = [];
  const carried = (): string[] => [...carriedIndexes, ...carriedFolders];
  // Files this build makes as the last output holds them (pages taken from it, stored files), written
  // once it is known which folders are carried whole; and what is placed where, to know it.
  const held: OutputFile[] = [];
  const placed = new Map<string, Placed>();
  for (const copy of prepared.copies) placed.set(copy.path, { same: false });
  // What a static host needs besides the files: their compressed copies, and the headers file.
  const finish = async (staging: string, alongside: Promise<void>): Promise<void> => {
    const start = performance.now();
    if (recorded) {
      // A stored file's digest names it in the store: taken once, to compare it and to keep it.
      const sums = new Map<string, string>();
      for (const file of held) {
        if (file.linkFrom !== undefined) continue;
        const sum = digest(file.contents);
        sums.set(file.path, sum);
        placed.set(file.path, { same: sameAsRecorded(outDir, file, sum, recorded, last?.digests ?? {}) });
      }
      carriedFolders = foldersToCarry(outDir, recorded, placed, [INDEX_DIR]);
      const under = (rel: string): boolean => carriedFolders.some((dir) => rel.startsWith(`${dir}/`));
      writeFilesInto(
        staging,
        held.filter((file) => !under(file.path)),
        store,
      );
      // Files of the store that carried ones share stay in it.
      for (const [rel, sum] of sums) if (under(rel)) store?.keep(sum);
      for (const dir of carriedFolders) mkdirSync(path.dirname(path.join(staging, dir)), { recursive: true });
    }
    // A file taken from the last output or from the store is not read again to be named.
    const known = (file: string): string | undefined => reuse?.digestOf(withSlashes(relativeTo(staging, file))) ?? store?.digestOf(file);
    // A copy whose change time is the one the last output's record gives it is taken unread.
    const compressor = createCompressor(staging, { store: compressedStore, cacheRoot: context.config.cacheDir, known, trust });
    // The pages and other files while the search index is still being made (this thread would wait), then the index.
    compressor.compress(staging, { except: INDEX_DIR });
    const waiting = performance.now();
    await alongside;
    const indexed = performance.now();
    // Once the search index's folder is there: the file names each top-level entry of the output.
    writeHeadersFile(staging, carried().map((dir) => dir.split('/')[0] as string));
    compressor.compress(path.join(staging, INDEX_DIR));
    // Carried files keep their digests in the record, and their compressed copies in the store.
    const carriedDigests = recorded && last ? carriedFiles(recorded, carried(), last.digests ?? {}) : new Map<string, string>();
    compressor.keep(carriedDigests.values());
    const compressed = compressor.done();
    digests = new Map([...compressed.digests, ...carriedDigests]);
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
      placed.set(page.path, { same: recorded !== undefined && page.linkFrom !== undefined });
      if (recorded && page.linkFrom !== undefined) held.push(page);
      else yield page;
    }
    for (const file of prepared.files) {
      if (recorded) held.push({ ...file, stored: true });
      else yield { ...file, stored: true };
    }
  }
  try {
    const search = prepared.search;
    // The store's files the carried indexes share: by the digests recorded, else (a file too small to be compressed) by their contents.
    const keep = searchIndexes.filter((index) => carriedIndexes.includes(index.name)).flatMap((index) => (index.kept ?? []).map((file) => last?.digests?.[file.path] ?? digest(file.contents)));
    const alongside = search
      ? (staging: string) => {
          for (const name of carriedIndexes) mkdirSync(path.dirname(path.join(staging, name)), { recursive: true });
          return search.writeInto(staging, { names: new Set(carriedIndexes), keep, trust });
        }
      : undefined;
    const { leftover } = await writeSiteAtomically(outDir, all(), prepared.copies, { alongside, finish, store, swapped, carry: carried });
    if (leftover !== undefined) context.reporter.warn(`the site is built, but the previous one could not be removed: ${leftover}; remove it by hand`);
    store?.prune();
    if (store?.problem !== undefined) cacheProblem(context, store.problem);
  } finally {
    await prepared.search?.close();
  }
  const searchKeys = Object.fromEntries(searchIndexes.map((index) => [index.name, index.key]));
  return { pages: count, searchWaitMs, compressMs, reused, digests, searchKeys, carried: carried() };
}
