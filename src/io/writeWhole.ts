import { renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Writes `name` in `dir` whole, then renames it into place: a reader never sees it cut short, and a failed write leaves no temporary file. */
export function writeWhole(dir: string, name: string, contents: string | Buffer): void {
  const temp = path.join(dir, `${name}.${process.pid}`);
  try {
    writeFileSync(temp, contents);
    renameSync(temp, path.join(dir, name));
  } finally {
    rmSync(temp, { force: true, recursive: true });
  }
}
