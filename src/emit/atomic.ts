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
export async function writeSiteAtomically(
  outDir: string,
  files: Iterable<OutputFile>,
  copies: readonly CopiedFile[] = [],
  /** Files known only once the others are written (the search index). */
  finish?: () => Promise<OutputFile[]>,
): Promise<void> {
  const parent = path.dirname(outDir);
  mkdirSync(parent, { recursive: true });
  const staging = path.join(parent, `.${path.basename(outDir)}.tmp-${process.pid}`);
  const retired = path.join(parent, `.${path.basename(outDir)}.old-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  try {
    // Files may be produced lazily (pages are rendered as they are written), so folders are made on the way.
    const made = new Set<string>();
    const ensureDir = (file: string): void => {
      const dir = path.dirname(file);
      if (made.has(dir)) return;
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    };
    for (const file of files) {
      const target = path.join(staging, file.path);
      ensureDir(target);
      writeFileSync(target, file.contents);
    }
    for (const file of copies) {
      const target = path.join(staging, file.path);
      ensureDir(target);
      copyFileSync(file.from, target);
    }
    for (const file of (await finish?.()) ?? []) {
      const target = path.join(staging, file.path);
      ensureDir(target);
      writeFileSync(target, file.contents);
    }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  if (existsSync(outDir)) renameSync(outDir, retired);
  renameSync(staging, outDir);
  rmSync(retired, { recursive: true, force: true });
}
