import { chmodSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openFileStore } from '../../../src/emit/fileStore.ts';

const dirs: string[] = [];
function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mapsdocs-filestore-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const ino = (file: string): bigint => statSync(file, { bigint: true }).ino;

describe('the file store: output files kept by contents between builds', () => {
  it('writes a file it does not hold, and links it the next time the same bytes are put, under any name', () => {
    const store = path.join(folder(), 'store');
    const first = folder();
    openFileStore(store).put(path.join(first, 'f0.aaaa.json'), '{"kept":true}');
    const next = folder();
    openFileStore(store).put(path.join(next, 'f0.bbbb.json'), Buffer.from('{"kept":true}'));
    expect(readFileSync(path.join(next, 'f0.bbbb.json'), 'utf8')).toBe('{"kept":true}');
    expect(ino(path.join(next, 'f0.bbbb.json'))).toBe(ino(path.join(first, 'f0.aaaa.json')));
  });

  it('writes anew when the kept file was changed since (through the output it is linked to), and keeps the new one', () => {
    const store = path.join(folder(), 'store');
    const first = folder();
    openFileStore(store).put(path.join(first, 'app.js'), 'console.log(1)');
    // Same size, other bytes, same file (the output's name is a link to the store's).
    writeFileSync(path.join(first, 'app.js'), 'console.log(2)');
    const next = folder();
    openFileStore(store).put(path.join(next, 'app.js'), 'console.log(1)');
    expect(readFileSync(path.join(next, 'app.js'), 'utf8')).toBe('console.log(1)');
    const again = folder();
    openFileStore(store).put(path.join(again, 'app.js'), 'console.log(1)');
    expect(ino(path.join(again, 'app.js'))).toBe(ino(path.join(next, 'app.js')));
  });

  it('never links a symbolic link put in the store into the output', () => {
    const store = path.join(folder(), 'store');
    openFileStore(store).put(path.join(folder(), 'a.json'), 'same bytes');
    const [name] = readdirSync(store);
    const outside = path.join(folder(), 'outside.json');
    writeFileSync(outside, 'same bytes');
    rmSync(path.join(store, name ?? ''));
    symlinkSync(outside, path.join(store, name ?? ''));
    const next = folder();
    openFileStore(store).put(path.join(next, 'a.json'), 'same bytes');
    expect(lstatSync(path.join(next, 'a.json')).isSymbolicLink()).toBe(false);
    expect(ino(path.join(next, 'a.json'))).not.toBe(ino(outside));
  });

  it('keeps only what the last build put', () => {
    const store = path.join(folder(), 'store');
    const out = folder();
    const first = openFileStore(store);
    first.put(path.join(out, 'a'), 'one');
    first.put(path.join(out, 'b'), 'two');
    first.prune();
    expect(readdirSync(store)).toHaveLength(2);
    const next = openFileStore(store);
    next.put(path.join(folder(), 'a'), 'one');
    next.prune();
    expect(readdirSync(store)).toHaveLength(1);
  });

  it('writes anew a kept file whose permissions were changed since, rather than link it with them', () => {
    const store = path.join(folder(), 'store');
    const first = folder();
    openFileStore(store).put(path.join(first, 'app.css'), 'body {}');
    chmodSync(path.join(first, 'app.css'), 0o600);
    const next = folder();
    openFileStore(store).put(path.join(next, 'app.css'), 'body {}');
    expect(statSync(path.join(next, 'app.css')).mode & 0o777).not.toBe(0o600);
  });
});
