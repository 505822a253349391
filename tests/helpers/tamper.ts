import { execFileSync } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';

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
