import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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

/** The compressed copies of `file` in the previous output, when its contents there were `contents`. */
function previousCopies(previous: string | undefined, rel: string, contents: Buffer): { gz: string; br: string } | undefined {
  if (previous === undefined) return undefined;
  const old = path.join(previous, rel);
  const copies = { gz: `${old}.gz`, br: `${old}.br` };
  if (!existsSync(copies.gz) || !existsSync(copies.br) || !existsSync(old)) return undefined;
  return readFileSync(old).equals(contents) ? copies : undefined;
}

/**
 * Writes the compressed copies of every compressible file under `dir` (a staging folder, before it is
 * swapped in). A file unchanged since the `previous` output keeps the copies made then: most of a
 * build after an edit (the client's scripts, the reference, the search index) is compressed once.
 * On this thread: zlib's asynchronous calls took two to four times as long in all for these files,
 * and this thread has nothing else to do once the output is written.
 */
export function precompressTree(dir: string, previous?: string): number {
  const files = readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && COMPRESSED_TYPES.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  let written = 0;
  for (const file of files) {
    const contents = readFileSync(file);
    if (contents.length < MIN_BYTES) continue;
    written += 1;
    const kept = previousCopies(previous, path.relative(dir, file), contents);
    if (kept) {
      copyFileSync(kept.gz, `${file}.gz`);
      copyFileSync(kept.br, `${file}.br`);
      continue;
    }
    writeFileSync(`${file}.gz`, gzipSync(contents));
    writeFileSync(`${file}.br`, brotliCompressSync(contents, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: contents.length } }));
  }
  return written;
}
