import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressTree } from '../../../src/emit/precompress.ts';
import { overwriteKeepingTime, recordedTrust } from '../../helpers/tamper.ts';

const dirs: string[] = [];
function folder(files: Record<string, string> = {}): string {
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
const read = (dir: string, rel: string): Buffer => readFileSync(path.join(dir, rel));
const statIno = (file: string): bigint => statSync(file, { bigint: true }).ino;
/** The copies a store holds (beside the record of what it wrote). */
const copiesIn = (store: string): string[] => readdirSync(store).filter((name) => /\.(?:gz|br)$/.test(name));

describe('compressed copies of the output', () => {
  it('compresses every HTML, CSS, JavaScript and JSON file of 1 KB or more, and without a store, every time', () => {
    const out = folder({ 'a.css': text('css'), 'b.json': text('json'), 'small.js': 'tiny', 'c.txt': text('txt') });
    expect(precompressTree(out).count).toBe(2);
    expect(gunzipSync(read(out, 'a.css.gz')).toString()).toBe(text('css'));
    expect(brotliDecompressSync(read(out, 'b.json.br')).toString()).toBe(text('json'));
    expect(existsSync(path.join(out, 'small.js.gz')) || existsSync(path.join(out, 'c.txt.gz'))).toBe(false);
  });

  it('keeps the copies in the store by contents: the next output reuses them under any name, and compresses only what changed', () => {
    const store = folder();
    const first = folder({ 'search-index/f0.aaaa.json': text('kept'), 'page.html': text('before the edit') });
    precompressTree(first, { store });
    expect(copiesIn(store)).toHaveLength(4);
    // The search index renamed (its hash changed) with the same contents; the page edited.
    const next = folder({ 'search-index/f0.bbbb.json': text('kept'), 'page.html': text('after the edit') });
    expect(precompressTree(next, { store, trust: recordedTrust(first) }).count).toBe(2);
    // Reused: the very file the first build made (a link to it), not a new compression.
    expect(statIno(path.join(next, 'search-index/f0.bbbb.json.br'))).toBe(statIno(path.join(first, 'search-index/f0.aaaa.json.br')));
    expect(brotliDecompressSync(read(next, 'page.html.br')).toString()).toBe(text('after the edit'));
    expect(statIno(path.join(next, 'page.html.br'))).not.toBe(statIno(path.join(first, 'page.html.br')));
    // Only this build's copies stay in the store.
    expect(copiesIn(store)).toHaveLength(4);
  });

  it('compresses again when a copy in the store was replaced since it was made', () => {
    const store = folder();
    precompressTree(folder({ 'page.html': text('page') }), { store });
    const [gz] = copiesIn(store).filter((name) => name.endsWith('.gz'));
    rmSync(path.join(store, gz ?? ''));
    writeFileSync(path.join(store, gz ?? ''), gzipSync('<script>tampered</script>'));
    const next = folder({ 'page.html': text('page') });
    precompressTree(next, { store });
    expect(gunzipSync(read(next, 'page.html.gz')).toString()).toBe(text('page'));
    expect(gunzipSync(read(store, gz ?? '')).toString()).toBe(text('page'));
  });

  it('compresses again when a copy was changed in place, even to the same size', () => {
    const store = folder();
    const first = folder({ 'page.html': text('page') });
    precompressTree(first, { store });
    // Through the output's name: the store's copy is the same file (a link).
    const copy = path.join(first, 'page.html.br');
    const tampered = Buffer.from(read(first, 'page.html.br'));
    tampered.fill(0x20, 0, 16);
    writeFileSync(copy, tampered);
    const next = folder({ 'page.html': text('page') });
    precompressTree(next, { store });
    expect(brotliDecompressSync(read(next, 'page.html.br')).toString()).toBe(text('page'));
  });

  it('does not take a copy that is a symbolic link', () => {
    const store = folder();
    precompressTree(folder({ 'page.html': text('page') }), { store });
    const [br] = copiesIn(store).filter((name) => name.endsWith('.br'));
    const elsewhere = folder({ 'secret.br': 'not a copy' });
    rmSync(path.join(store, br ?? ''));
    symlinkSync(path.join(elsewhere, 'secret.br'), path.join(store, br ?? ''));
    const next = folder({ 'page.html': text('page') });
    precompressTree(next, { store });
    expect(lstatSync(path.join(next, 'page.html.br')).isSymbolicLink()).toBe(false);
    expect(brotliDecompressSync(read(next, 'page.html.br')).toString()).toBe(text('page'));
  });

  it('makes a copy again when the permissions of the one in the store were changed (through the output it is linked to)', () => {
    const store = folder();
    const first = folder({ 'page.html': text('page') });
    precompressTree(first, { store });
    chmodSync(path.join(first, 'page.html.br'), 0o600);
    const next = folder({ 'page.html': text('page') });
    precompressTree(next, { store });
    expect(statSync(path.join(next, 'page.html.br')).mode & 0o777).toBe(statSync(path.join(next, 'page.html')).mode & 0o777);
  });
  it('takes a copy unread when its change time is the one the last output recorded, and reads one whose change time moved', () => {
    const store = folder();
    const first = folder({ 'page.html': text('page'), 'other.html': text('other') });
    precompressTree(first, { store });
    // What the last build recorded of its output, once done: each file's change time by inode.
    const recorded = new Map(readdirSync(first).map((name) => {
      const stat = statSync(path.join(first, name));
      return [stat.ino, stat.ctimeMs] as const;
    }));
    // The manifest's digests made wrong: a copy that is read would be made again.
    const manifest = path.join(store, 'manifest.json');
    const entries = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, [number, number, string]>;
    for (const entry of Object.values(entries)) entry[2] = 'not the digest';
    writeFileSync(manifest, JSON.stringify(entries));
    // One copy written over in place to the same size and time: its change time moves.
    overwriteKeepingTime(path.join(first, 'other.html.gz'), Buffer.alloc(statSync(path.join(first, 'other.html.gz')).size, 0x41));
    const kept = statIno(path.join(first, 'page.html.br'));
    const next = folder({ 'page.html': text('page'), 'other.html': text('other') });
    precompressTree(next, { store, trust: { changeTimes: recorded, outputKept: true } });
    expect(statIno(path.join(next, 'page.html.br'))).toBe(kept);
    expect(gunzipSync(read(next, 'other.html.gz')).toString()).toBe(text('other'));
  });

  it('replaces a copy whose bytes are right but whose change time moved since the record (an owner given to it through the output) with a new file, not compressed again', () => {
    const store = folder();
    const first = folder({ 'page.html': text('page'), 'other.html': text('other') });
    precompressTree(first, { store });
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    const trust = recordedTrust(first);
    const uid = process.getuid?.() ?? 0;
    // Another owner as root; as anyone else the same one, which moves its change time all the same.
    chownSync(path.join(first, 'page.html.br'), uid === 0 ? 65534 : uid, process.getgid?.() ?? 0);
    const next = folder({ 'page.html': text('page'), 'other.html': text('other') });
    precompressTree(next, { store, trust });
    const copy = path.join(next, 'page.html.br');
    expect(statSync(copy).uid).toBe(uid);
    expect(statIno(copy)).not.toBe(statIno(path.join(first, 'page.html.br')));
    // The same bytes, taken from the store's copy (brotli's output would be too: the inode says which).
    expect(read(next, 'page.html.br').equals(read(first, 'page.html.br'))).toBe(true);
    const stored = copiesIn(store).find((name) => statIno(path.join(store, name)) === statIno(copy));
    expect(stored).toBeDefined();
    // The untouched copies are linked as they are; the gzip copy of the touched page too.
    expect(statIno(path.join(next, 'other.html.br'))).toBe(statIno(path.join(first, 'other.html.br')));
    expect(statIno(path.join(next, 'page.html.gz'))).toBe(statIno(path.join(first, 'page.html.gz')));
    // The record of the store follows the new file: the build after links it.
    const after = folder({ 'page.html': text('page') });
    precompressTree(after, { store, trust: recordedTrust(next) });
    expect(statIno(path.join(after, 'page.html.br'))).toBe(statIno(copy));
  });

  it('takes a copy by its bytes, mode and owner when no output is in place to vouch for it (a new or emptied output folder)', () => {
    const store = folder();
    const first = folder({ 'page.html': text('page'), 'other.html': text('other') });
    precompressTree(first, { store });
    const uid = process.getuid?.() ?? 0;
    // As root, another owner: written anew; as anyone else, the same one, so linked.
    chownSync(path.join(first, 'other.html.br'), uid === 0 ? 65534 : uid, process.getgid?.() ?? 0);
    rmSync(path.join(first, 'page.html'));
    const next = folder({ 'page.html': text('page'), 'other.html': text('other') });
    precompressTree(next, { store });
    expect(statIno(path.join(next, 'page.html.br'))).toBe(statIno(path.join(first, 'page.html.br')));
    expect(statSync(path.join(next, 'other.html.br')).uid).toBe(uid);
    if (uid === 0) expect(statIno(path.join(next, 'other.html.br'))).not.toBe(statIno(path.join(first, 'other.html.br')));
    expect(brotliDecompressSync(read(next, 'other.html.br')).toString()).toBe(text('other'));
  });
});
