import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressTree } from '../../../src/emit/precompress.ts';

const dirs: string[] = [];
function folder(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mapsdocs-precompress-'));
  dirs.push(dir);
  for (const [rel, contents] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), contents);
  }
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const text = (seed: string): string => Array.from({ length: 200 }, (_, i) => `${seed} line ${i}`).join('\n');

describe('compressed copies of the output', () => {
  it('reuses the copies of the previous output for the same contents, under any name, and compresses what changed', () => {
    const kept = text('unchanged');
    // Copies the build would not make itself (gzip level 1, brotli quality 1): reused, they are still these bytes.
    const oldGz = gzipSync(kept, { level: 1 });
    const oldBr = brotliCompressSync(kept, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
    const previous = folder({
      'search-index/f0.aaaa.json': kept,
      'search-index/f0.aaaa.json.gz': oldGz,
      'search-index/f0.aaaa.json.br': oldBr,
      'page.html': text('before the edit'),
      'page.html.gz': gzipSync(text('before the edit')),
      'page.html.br': brotliCompressSync(text('before the edit')),
    });
    // The search index renamed (its hash changed) with the same contents; the page edited.
    const next = folder({ 'search-index/f0.bbbb.json': kept, 'page.html': text('after the edit'), 'small.js': 'tiny' });
    expect(precompressTree(next, previous)).toBe(2);
    expect(readFileSync(path.join(next, 'search-index/f0.bbbb.json.gz')).equals(oldGz)).toBe(true);
    expect(readFileSync(path.join(next, 'search-index/f0.bbbb.json.br')).equals(oldBr)).toBe(true);
    expect(gunzipSync(readFileSync(path.join(next, 'page.html.gz'))).toString()).toBe(text('after the edit'));
    expect(brotliDecompressSync(readFileSync(path.join(next, 'page.html.br'))).toString()).toBe(text('after the edit'));
  });

  it('compresses everything when there is no previous output', () => {
    const next = folder({ 'a.css': text('css'), 'b.json': text('json') });
    expect(precompressTree(next, path.join(next, 'missing'))).toBe(2);
    expect(gunzipSync(readFileSync(path.join(next, 'a.css.gz'))).toString()).toBe(text('css'));
  });
});
