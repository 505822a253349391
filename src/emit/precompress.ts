import { existsSync, linkSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

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

const digest = (contents: Buffer): string => createHash('sha1').update(contents).digest('base64url');

/** The files under `dir` worth compressing, as absolute paths in a stable order. */
function compressible(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && COMPRESSED_TYPES.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * The compressed copies of the previous output, by the contents they are copies of. By contents, not
 * by path: the search index's files are named by a hash of the whole index, so an edit to one page
 * renames them all while most keep their contents.
 */
function previousCopies(previous: string | undefined): Map<string, { gz: string; br: string }> {
  const copies = new Map<string, { gz: string; br: string }>();
  if (previous === undefined || !existsSync(previous)) return copies;
  for (const file of compressible(previous)) {
    const gz = `${file}.gz`;
    const br = `${file}.br`;
    if (existsSync(gz) && existsSync(br)) copies.set(digest(readFileSync(file)), { gz, br });
  }
  return copies;
}

/**
 * A copy from the previous output, as a hard link: nothing writes into an output's files after the
 * build (the next build writes a new folder and swaps it in), and a link cost a tenth of a copy
 * here (copyFileSync took thirty times as long). Read and written where links are refused.
 */
function reuse(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    writeFileSync(to, readFileSync(from));
  }
}

/**
 * Writes the compressed copies of every compressible file under `dir` (a staging folder, before it is
 * swapped in). A file whose contents the `previous` output has keeps the copies made then: most of a
 * build after an edit (the client's scripts, the reference, the search index) is compressed once.
 * On this thread: zlib's asynchronous calls took two to four times as long in all for these files,
 * and this thread has nothing else to do once the output is written.
 */
export function precompressTree(dir: string, previous?: string): number {
  const files = compressible(dir);
  const previousByContents = previousCopies(previous);
  let written = 0;
  for (const file of files) {
    const contents = readFileSync(file);
    if (contents.length < MIN_BYTES) continue;
    written += 1;
    const kept = previousByContents.get(digest(contents));
    if (kept) {
      reuse(kept.gz, `${file}.gz`);
      reuse(kept.br, `${file}.br`);
      continue;
    }
    writeFileSync(`${file}.gz`, gzipSync(contents));
    writeFileSync(`${file}.br`, brotliCompressSync(contents, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: contents.length } }));
  }
  return written;
}
