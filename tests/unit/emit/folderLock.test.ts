import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockFileOf, lockFolder } from '../../../src/emit/folderLock.ts';

const made: string[] = [];
afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function outDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mapsdocs-lock-'));
  made.push(dir);
  return path.join(dir, 'dist');
}

/** The id of a process that has ended. */
function endedProcess(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  return child.pid as number;
}

describe('lockFolder', () => {
  it('holds a file beside the output naming this process, and removes it when released', async () => {
    const out = outDir();
    const lock = await lockFolder(out, () => undefined);
    expect(lockFileOf(out)).toBe(path.join(path.dirname(out), '.dist.lock'));
    expect(readFileSync(lockFileOf(out), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lockFileOf(out))).toBe(false);
  });

  it('waits while a running process holds it, says so once, and takes it when that process ends', async () => {
    const out = outDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)', 'mapsdocs', 'build']);
    try {
      writeFileSync(lockFileOf(out), String(holder.pid));
      const told: number[] = [];
      let taken = false;
      const pending = lockFolder(out, (pid) => told.push(pid)).then((lock) => {
        taken = true;
        return lock;
      });
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(taken).toBe(false);
      expect(told).toEqual([holder.pid]);
      holder.kill();
      const lock = await pending;
      expect(told).toHaveLength(1);
      expect(readFileSync(lockFileOf(out), 'utf8')).toBe(String(process.pid));
      lock.release();
    } finally {
      holder.kill();
    }
  });

  it('takes at once a lock left by a process that is gone', async () => {
    const out = outDir();
    writeFileSync(lockFileOf(out), String(endedProcess()));
    const told: number[] = [];
    const lock = await lockFolder(out, (pid) => told.push(pid));
    expect(told).toEqual([]);
    expect(readFileSync(lockFileOf(out), 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('takes a lock that names no process (left empty by a killed build) after a second', async () => {
    const out = outDir();
    writeFileSync(lockFileOf(out), '');
    const started = Date.now();
    const lock = await lockFolder(out, () => undefined);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(readFileSync(lockFileOf(out), 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('does not remove a lock another process took after this one released it', async () => {
    const out = outDir();
    const lock = await lockFolder(out, () => undefined);
    writeFileSync(lockFileOf(out), '999999999');
    lock.release();
    expect(readFileSync(lockFileOf(out), 'utf8')).toBe('999999999');
  });
  it.each([
    ['another program', []],
    ['mapsdocs serve', ['mapsdocs', 'serve']],
  ])('does not wait for a running process that is not a build (%s, its id given anew since the lock was left)', async (_, args: string[]) => {
    const out = outDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)', ...args]);
    try {
      writeFileSync(lockFileOf(out), String(other.pid));
      const told: number[] = [];
      const lock = await lockFolder(out, (pid) => told.push(pid));
      expect(told).toEqual([]);
      lock.release();
    } finally {
      other.kill();
    }
  });

  it('refuses a lock path that is not a file, and leaves it', async () => {
    const out = outDir();
    mkdirSync(lockFileOf(out));
    await expect(lockFolder(out, () => undefined)).rejects.toThrow(`${lockFileOf(out)} is in the way of the build's lock file (it is not a file): remove it and build again`);
    expect(statSync(lockFileOf(out)).isDirectory()).toBe(true);
  });
});
