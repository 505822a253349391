import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { digest, linkOrCopy, storeTrust, vouchedFor, type StoreTrust } from './fileStore.ts';
import { linkOnTheWay } from '../io/confinement.ts';
import { readRegularFile } from '../io/readRegular.ts';
import { entryPaths, relativeTo, withSlashes } from '../io/relative.ts';
import { writeWhole } from '../io/writeWhole.ts';

/**
 * Gzip and brotli copies of the output's text files, written next to them
 * (`a.html.gz`, `a.html.br`), for `mapsdocs serve` (sirv picks the one a
 * browser accepts) and for hosts that serve precompressed files.
 */

/** Files worth compressing: HTML, CSS, JavaScript and JSON (pages, the theme, the client, the search index). */
export const COMPRESSED_TYPES = /\.(?:html|css|js|json)$/;
/** Below this, a compressed copy saves less than its headers cost. */
export const MIN_BYTES = 1024;

/**
 * Brotli quality 8: within 2 % of quality 9's size on this site's pages, where 9 took ten times as
 * long over its scripts and 11 forty times. Gzip's default level: its best saves 0.4 % more, for a
 * third more time.
 */
const BROTLI_QUALITY = 8;


/** The files under `dir` worth compressing, as absolute paths in a stable order. */
function compressible(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && COMPRESSED_TYPES.test(entry.name))
    .map((entry) => entryPaths(dir, entry).file)
    .sort();
}

/** What compressing a folder did. */
export interface Precompressed {
  /** How many files were compressed or given their stored copies. */
  count: number;
  /**
   * With a store, each such file's digest by its path relative to the folder (with `/`): recorded with
   * the build, so that the next one knows the digest of a page it takes from this output unread.
   */
  digests: Map<string, string>;
  /** Why the store could not be used, if it could not: every copy was then made anew. */
  problem?: string | undefined;
}

/**
 * What the store recorded of each copy it holds: its size, mode and the digest of its bytes. A copy
 * is linked into the output, so anything that writes into the output's file (`cp` over it keeps the
 * file) writes into the store's: a copy is checked, not only by its size and times.
 */
type Recorded = [size: number, mode: number, digest: string];
const MANIFEST = 'manifest.json';
const SUFFIXES = ['.gz', '.br'] as const;

/** A new file with `bytes` in place of `file` (of the store), recorded; none when it cannot be written. */
function renew(file: string, bytes: Buffer | undefined): Recorded | undefined {
  if (bytes === undefined) return undefined;
  try {
    writeWhole(path.dirname(file), path.basename(file), bytes);
    return recordOf(file);
  } catch {
    return undefined;
  }
}

/** `file` as the store records it; undefined unless a plain file (a link would lead the output elsewhere). */
function recordOf(file: string): Recorded | undefined {
  try {
    const stat = lstatSync(file);
    return stat.isFile() ? [stat.size, stat.mode, digest(readRegularFile(file))] : undefined;
  } catch {
    return undefined;
  }
}

function readManifest(store: string): Map<string, Recorded> {
  try {
    return new Map(Object.entries(JSON.parse(readRegularFile(path.join(store, MANIFEST)).toString('utf8')) as Record<string, Recorded>));
  } catch {
    return new Map();
  }
}

/**
 * Whether the store's copy is the one the store made: a plain file with the size and mode recorded
 * (its mode too: a link carries it into the output, which must be as a build without the cache
 * makes it) and the bytes recorded; `true` when it may be linked as it is (see fileStore.ts's
 * StoreTrust: its change time vouches for it, which spares reading it, or nothing says otherwise),
 * its bytes when it may not, for a new file to take its place. Reading and
 * hashing a copy costs a fraction of decompressing it (which for every file took a fifth of a build
 * after an edit).
 */
function storedCopy(file: string, recorded: Recorded | undefined, trust: StoreTrust): true | Buffer | undefined {
  if (!Array.isArray(recorded)) return undefined;
  try {
    const stat = lstatSync(file);
    if (!stat.isFile() || stat.size !== recorded[0] || stat.mode !== recorded[1]) return undefined;
    const vouched = vouchedFor(trust, stat);
    if (vouched === 'unchanged') return true;
    const bytes = readRegularFile(file);
    if (digest(bytes) !== recorded[2]) return undefined;
    return vouched === 'no' ? bytes : true;
  } catch {
    return undefined;
  }
}

/**
 * Writes the compressed copies of every compressible file under `dir` (a staging folder, before it
 * is swapped in). With a `store` (a folder of the build cache), copies are kept there by the
 * contents they are copies of, so a file that an earlier build already compressed is compressed no
 * more: by contents, not by path, as the search index's files are named by a hash of the whole
 * index, and an edit to one page renames them all while most keep their contents. The store keeps
 * only this build's copies afterwards. On this thread: zlib's asynchronous calls took two to four
 * times as long in all for these files, and this thread has nothing else to do by then.
 * `known` gives the digest of a file placed from a source that knows it (the last output's page, the
 * file store), which then is not read unless it must be compressed.
 */
export function precompressTree(dir: string, options: CompressorOptions = {}): Precompressed {
  const compressor = createCompressor(dir, options);
  compressor.compress(dir);
  return compressor.done();
}

/** Compresses a tree in parts (what is written first while the rest is still being made), then closes the store once. */
export interface Compressor {
  /** The compressible files under `dir` (in the tree), but for those under `except` (a folder of the tree). */
  compress(dir: string, options?: { except?: string }): void;
  /** Keeps the copies of the files with these digests, though not compressed here: files carried from the last output (carry.ts) share them. */
  keep(digests: Iterable<string>): void;
  /** Keeps only this tree's copies in the store, records them, and says what was done. */
  done(): Precompressed;
}

/** Where copies are kept between builds, and what vouches for them. */
export interface CompressorOptions {
  /** The store: a folder of the build cache (none: every copy is made). */
  store?: string | undefined;
  /** The build cache the store belongs to; no folder from it down to the store may be a symbolic link. Default: the store's parent. */
  cacheRoot?: string | undefined;
  /** The digest of a file placed from a source that knows it (see precompressTree). */
  known?: ((file: string) => string | undefined) | undefined;
  /** What vouches for the store's copies (see fileStore.ts); without it, they are taken by their bytes, mode and owner. */
  trust?: StoreTrust | undefined;
}

export function createCompressor(root: string, options: CompressorOptions = {}): Compressor {
  const { known, trust = storeTrust(undefined) } = options;
  let store = options.store;
  const cacheRoot = options.cacheRoot ?? (store === undefined ? root : path.dirname(store));
  let problem: string | undefined;
  const unusable = (error: unknown): void => {
    problem ??= error instanceof Error ? error.message : String(error);
    store = undefined;
  };
  try {
    if (store !== undefined) {
      mkdirSync(store, { recursive: true });
      const link = linkOnTheWay(cacheRoot, store);
      if (link !== undefined) unusable(new Error(`${link} is a symbolic link`));
    }
  } catch (error) {
    unusable(error);
  }
  const manifest = store === undefined ? new Map<string, Recorded>() : readManifest(store);
  const kept: Record<string, Recorded> = {};
  const used = new Set<string>();
  const verified = new Set<string>();
  let written = 0;
  const digests = new Map<string, string>();
  const one = (file: string): void => {
    const given = store === undefined ? undefined : known?.(file);
    let contents = given === undefined ? readFileSync(file) : undefined;
    if ((contents?.length ?? statSync(file).size) < MIN_BYTES) return;
    written += 1;
    const sum = store === undefined ? undefined : (given ?? digest(contents ?? readFileSync(file)));
    if (sum !== undefined) digests.set(withSlashes(relativeTo(root, file)), sum);
    // Named by strings, not path.join (see io/relative.ts).
    const key = store === undefined || sum === undefined ? undefined : `${store}${path.sep}${sum}`;
    if (key !== undefined && sum !== undefined) {
      used.add(sum);
      if (!verified.has(key)) {
        // Checked once a build (linked into this output, a copy's change time has moved), or made by it.
        const found = SUFFIXES.map((suffix) => storedCopy(`${key}${suffix}`, manifest.get(`${sum}${suffix}`), trust));
        // A copy with the right bytes but not vouched for may carry more than them: a new file takes its place.
        const records = found.every((copy) => copy !== undefined) ? SUFFIXES.map((suffix, i) => (found[i] === true ? manifest.get(`${sum}${suffix}`) : renew(`${key}${suffix}`, found[i]))) : [];
        if (records.length > 0 && records.every((record): record is Recorded => record !== undefined)) {
          verified.add(key);
          SUFFIXES.forEach((suffix, i) => (kept[`${sum}${suffix}`] = records[i] as Recorded));
        }
      }
      if (verified.has(key)) {
        for (const suffix of SUFFIXES) linkOrCopy(`${key}${suffix}`, `${file}${suffix}`);
        return;
      }
    }
    contents ??= readFileSync(file);
    writeFileSync(`${file}.gz`, gzipSync(contents));
    writeFileSync(`${file}.br`, brotliCompressSync(contents, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: contents.length } }));
    if (key !== undefined) {
      for (const suffix of SUFFIXES) {
        try {
          rmSync(`${key}${suffix}`, { recursive: true, force: true });
          linkOrCopy(`${file}${suffix}`, `${key}${suffix}`);
        } catch (error) {
          unusable(error);
          return;
        }
        const recorded = recordOf(`${key}${suffix}`);
        if (recorded && sum !== undefined) kept[`${sum}${suffix}`] = recorded;
      }
      verified.add(key);
    }
  };
  return {
    compress(dir, options = {}) {
      if (!existsSync(dir)) return;
      const except = options.except === undefined ? undefined : `${path.join(root, options.except)}${path.sep}`;
      for (const file of compressible(dir)) if (except === undefined || !file.startsWith(except)) one(file);
    },
    keep(sums) {
      for (const sum of sums) {
        used.add(sum);
        for (const suffix of SUFFIXES) {
          const recorded = manifest.get(`${sum}${suffix}`);
          if (recorded && kept[`${sum}${suffix}`] === undefined) kept[`${sum}${suffix}`] = recorded;
        }
      }
    },
    done() {
      try {
        if (store !== undefined) {
          for (const name of readdirSync(store)) if (name !== MANIFEST && !used.has(name.replace(/\.(?:gz|br)$/, ''))) rmSync(path.join(store, name), { recursive: true, force: true });
          writeWhole(store, MANIFEST, JSON.stringify(kept));
        }
      } catch (error) {
        unusable(error);
      }
      return { count: written, digests, problem };
    },
  };
}
