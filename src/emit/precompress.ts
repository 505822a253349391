import { createHash } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';

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

const digest = (contents: Buffer): string => createHash('sha1').update(contents).digest('hex');

/** The files under `dir` worth compressing, as absolute paths in a stable order. */
function compressible(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && COMPRESSED_TYPES.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * `from` at `to` as a hard link: nothing writes into a file of the output or of the store after it
 * is made (a build writes a new output folder and swaps it in), and on this disk a link cost a
 * tenth of reading and writing the file, and copyFileSync thirty times as much. Read and written
 * where links are refused (another file system).
 */
function place(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    writeFileSync(to, readFileSync(from));
  }
}

/**
 * Whether the store's copies at `key` are copies of `contents`. Checked each time, as anything that
 * can write to node_modules can write to the store, and a page served from a changed copy would
 * differ from the page built; decompressing costs a tenth of compressing.
 */
function storedCopiesOf(key: string, contents: Buffer): boolean {
  try {
    return gunzipSync(readFileSync(`${key}.gz`)).equals(contents) && brotliDecompressSync(readFileSync(`${key}.br`)).equals(contents);
  } catch {
    return false;
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
 * Gives the number of files compressed or reused.
 */
export function precompressTree(dir: string, store?: string): number {
  if (store !== undefined) mkdirSync(store, { recursive: true });
  const used = new Set<string>();
  let written = 0;
  for (const file of compressible(dir)) {
    const contents = readFileSync(file);
    if (contents.length < MIN_BYTES) continue;
    written += 1;
    const key = store === undefined ? undefined : path.join(store, digest(contents));
    if (key !== undefined) {
      used.add(path.basename(key));
      if (existsSync(`${key}.gz`) && existsSync(`${key}.br`) && storedCopiesOf(key, contents)) {
        place(`${key}.gz`, `${file}.gz`);
        place(`${key}.br`, `${file}.br`);
        continue;
      }
    }
    writeFileSync(`${file}.gz`, gzipSync(contents));
    writeFileSync(`${file}.br`, brotliCompressSync(contents, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: contents.length } }));
    if (key !== undefined) {
      rmSync(`${key}.gz`, { force: true });
      rmSync(`${key}.br`, { force: true });
      place(`${file}.gz`, `${key}.gz`);
      place(`${file}.br`, `${key}.br`);
    }
  }
  if (store !== undefined) {
    for (const name of readdirSync(store)) if (!used.has(name.replace(/\.(?:gz|br)$/, ''))) rmSync(path.join(store, name), { force: true });
  }
  return written;
}
