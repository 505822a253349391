import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, linkSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openFileStore } from '../../../src/emit/fileStore.ts';
import { recordedTrust } from '../../helpers/tamper.ts';

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
/** The extended attributes of a file in the user namespace (getfattr, of the attr package). */
const userAttributes = (file: string): string => execFileSync('getfattr', ['--absolute-names', '-d', file], { encoding: 'utf8' });
const hasAttrTools = spawnSync('setfattr', ['--version']).status === 0;
/** Lets the clock move on: a change time taken within the same tick as the last would not tell the change. */
const tick = (): void => void Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);

describe('the file store: output files kept by contents between builds', () => {
  it('writes a file it does not hold, and links it the next time the same bytes are put, under any name', () => {
    const store = path.join(folder(), 'store');
    const first = folder();
    openFileStore(store).put(path.join(first, 'f0.aaaa.json'), '{"kept":true}');
    const next = folder();
    openFileStore(store, undefined, recordedTrust(first)).put(path.join(next, 'f0.bbbb.json'), Buffer.from('{"kept":true}'));
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
    // Even were its change time vouched for (taken after the write).
    openFileStore(store, undefined, recordedTrust(first)).put(path.join(next, 'app.js'), 'console.log(1)');
    expect(readFileSync(path.join(next, 'app.js'), 'utf8')).toBe('console.log(1)');
    const again = folder();
    openFileStore(store, undefined, recordedTrust(next)).put(path.join(again, 'app.js'), 'console.log(1)');
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

  describe('what the last build recorded vouches for a kept file: one touched since is written anew, never linked with what it carries', () => {
    /** A build that put `contents` as app.css, and the record of its output (as the build leaves it). */
    function built(store: string, contents = 'body {}'): { file: string; trust: ReturnType<typeof recordedTrust> } {
      const out = folder();
      const file = path.join(out, 'app.css');
      openFileStore(store).put(file, contents);
      tick();
      return { file, trust: recordedTrust(out) };
    }
    /** The next build's put of the same bytes, with that record: the file it leaves. */
    function next(store: string, trust: ReturnType<typeof recordedTrust> | undefined): string {
      const file = path.join(folder(), 'app.css');
      openFileStore(store, undefined, trust).put(file, 'body {}');
      return file;
    }

    it('links it when untouched since the record', () => {
      const store = path.join(folder(), 'store');
      const { file, trust } = built(store);
      expect(ino(next(store, trust))).toBe(ino(file));
    });

    it('with no output in place to vouch for it (a new or emptied output folder), links it by its bytes, mode and owner', () => {
      const store = path.join(folder(), 'store');
      const { file } = built(store);
      expect(ino(next(store, undefined))).toBe(ino(file));
      const uid = process.getuid?.() ?? 0;
      if (uid !== 0) return;
      // Another owner: written anew, and the new file kept.
      chownSync(file, 65534, process.getgid?.() ?? 0);
      const fresh = next(store, undefined);
      expect(statSync(fresh).uid).toBe(uid);
      const [name] = readdirSync(store);
      expect(ino(path.join(store, name ?? ''))).toBe(ino(fresh));
    });

    it('writes it anew after its permissions were changed and set back, or a link was made to it and removed', () => {
      const store = path.join(folder(), 'store');
      const { file, trust } = built(store);
      chmodSync(file, 0o600);
      chmodSync(file, statSync(file).mode | 0o044);
      expect(ino(next(store, trust))).not.toBe(ino(file));
      const again = built(store);
      const extra = path.join(folder(), 'extra');
      linkSync(again.file, extra);
      rmSync(extra);
      expect(ino(next(store, again.trust))).not.toBe(ino(again.file));
    });

    it('undoes an owner given to it through the output: the next output is the build user\'s, and so is the store\'s file', () => {
      const store = path.join(folder(), 'store');
      const { file, trust } = built(store);
      const uid = process.getuid?.() ?? 0;
      // Another owner as root; as anyone else the same one, which moves its change time all the same.
      chownSync(file, uid === 0 ? 65534 : uid, process.getgid?.() ?? 0);
      const fresh = next(store, trust);
      expect(statSync(fresh).uid).toBe(uid);
      expect(ino(fresh)).not.toBe(ino(file));
      const [name] = readdirSync(store);
      expect(statSync(path.join(store, name ?? '')).uid).toBe(uid);
    });

    it('is not linked when it belongs to another user than the build\'s, even untouched since', () => {
      const store = path.join(folder(), 'store');
      const { file, trust } = built(store);
      expect(ino(next(store, { ...trust, uid: (trust.uid ?? 0) + 1 }))).not.toBe(ino(file));
    });

    // CI installs the attr package (.ci/run): there this runs.
    it.runIf(hasAttrTools || process.env.CI === 'true')('undoes an extended attribute given to it through the output', () => {
      const store = path.join(folder(), 'store');
      const { file, trust } = built(store);
      execFileSync('setfattr', ['-n', 'user.mapsdocs-test', '-v', 'planted', file]);
      expect(userAttributes(file)).toContain('planted');
      const fresh = next(store, trust);
      expect(userAttributes(fresh)).not.toContain('planted');
      expect(userAttributes(fresh)).toBe('');
    });

    it('links what this build put or checked to every other file of the same bytes', () => {
      const store = path.join(folder(), 'store');
      const { trust } = built(store);
      const out = folder();
      const files = openFileStore(store, undefined, trust);
      files.put(path.join(out, 'a.css'), 'body {}');
      files.put(path.join(out, 'b.css'), 'body {}');
      files.put(path.join(out, 'c.css'), 'other');
      files.put(path.join(out, 'd.css'), 'other');
      expect(ino(path.join(out, 'b.css'))).toBe(ino(path.join(out, 'a.css')));
      expect(ino(path.join(out, 'd.css'))).toBe(ino(path.join(out, 'c.css')));
    });
  });
});
