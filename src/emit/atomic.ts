import { mkdirSync, renameSync, rmSync, writeFileSync, existsSync, copyFileSync } from 'node:fs';
import path from 'node:path';

export interface OutputFile {
  /** Path relative to the output folder, with `/`. */
  path: string;
  contents: string | Uint8Array;
}

export interface CopiedFile {
  path: string;
  from: string;
}

/**
 * Writes a whole site into a sibling temporary folder and swaps it into place
 * only when everything was written: a failed build leaves the previous output
 * untouched, and readers of `dist/` never see a half-written site.
 */
export function writeSiteAtomically(outDir: string, files: readonly OutputFile[], copies: readonly CopiedFile[] = []): void {
  const parent = path.dirname(outDir);
  mkdirSync(parent, { recursive: true });
  const staging = path.join(parent, `.${path.basename(outDir)}.tmp-${process.pid}`);
  const retired = path.join(parent, `.${path.basename(outDir)}.old-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  try {
    const dirs = new Set<string>();
    for (const file of [...files, ...copies]) dirs.add(path.dirname(path.join(staging, file.path)));
    for (const dir of [...dirs].sort()) mkdirSync(dir, { recursive: true });
    for (const file of files) writeFileSync(path.join(staging, file.path), file.contents);
    for (const file of copies) copyFileSync(file.from, path.join(staging, file.path));
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  if (existsSync(outDir)) renameSync(outDir, retired);
  renameSync(staging, outDir);
  rmSync(retired, { recursive: true, force: true });
}
