import { execFileSync } from 'node:child_process';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { storeTrust, type StoreTrust } from '../../src/emit/fileStore.ts';

/**
 * Writes `bytes` over `file` in place (the same inode, as `cp -p` does) and sets its modification
 * time back to the nanosecond, which `utimes` (seconds as a double) cannot: only its change time
 * tells the edit.
 */
export function overwriteKeepingTime(file: string, bytes: Buffer): void {
  const was = statSync(file, { bigint: true });
  writeFileSync(file, bytes);
  const ns = was.mtimeNs % 1_000_000_000n;
  execFileSync('touch', ['-m', '-d', `@${was.mtimeNs / 1_000_000_000n}.${String(ns).padStart(9, '0')}`, file]);
  if (statSync(file, { bigint: true }).mtimeNs !== was.mtimeNs) throw new Error(`could not set the modification time of ${file} back`);
}

/**
 * What a build's record of its output vouches for in the cache's stores (src/emit/fileStore.ts's
 * StoreTrust): the change time of every file under `dirs`, by inode, as they are now.
 */
export function recordedTrust(...dirs: string[]): StoreTrust {
  const changeTimes = new Map<number, number>();
  for (const dir of dirs) {
    for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile()) continue;
      const stat = statSync(path.join(entry.parentPath, entry.name));
      changeTimes.set(stat.ino, stat.ctimeMs);
    }
  }
  // The output those folders are is in place: a file whose change time moved was changed since.
  return storeTrust(undefined, changeTimes, true);
}
