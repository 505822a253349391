import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { UserError } from '../errors.ts';
import type { Confinement } from './confinement.ts';

/** A file found under a folder: its path relative to the folder (with `/`), and the file its bytes are read from. */
export interface WalkedFile {
  rel: string;
  /** The file itself, or the real file a symbolic link inside the allowed folders points to. */
  source: string;
}

/** More files than any documentation site has: a tree larger than this is a mistake (or a link to `/`), not content. */
export const MAX_WALKED_FILES = 200_000;

/**
 * Every file under `dir` that `include` accepts, sorted. Symbolic links are
 * not followed into folders (so no walk can loop), and a link to a file is
 * taken only when the file it points to lies inside the confinement's
 * folders: a link out of them is an error at the link, never a silent copy
 * of what it points to, nor a silent omission.
 */
export function walkFiles(
  dir: string,
  options: {
    confinement: Confinement;
    /** Paths (and everything under them) that are not content at all: hidden files, `node_modules`. */
    ignore: (rel: string) => boolean;
    /** The files wanted among the rest, e.g. markdown files. */
    include: (rel: string) => boolean;
    /** The folder, for messages: "content/static". */
    describe: string;
  },
): WalkedFile[] {
  // The folder itself may be a symbolic link (content/docs → elsewhere): what it leads to must be allowed too.
  const folder = options.confinement.locate(dir);
  if (folder.status === 'missing') return [];
  if (folder.status === 'outside') {
    throw new UserError(`${options.describe} is a symbolic link to a folder outside the folders the build reads`, {
      location: { file: dir },
      hint: 'replace the link with the folder itself',
    });
  }
  let entries;
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  if (entries.length > MAX_WALKED_FILES) {
    throw new UserError(`${options.describe} holds more than ${MAX_WALKED_FILES.toLocaleString('en')} entries`, {
      location: { file: dir },
      hint: 'a symbolic link or a copied folder probably brought in files that are not content: remove them',
    });
  }
  const files: WalkedFile[] = [];
  for (const entry of entries) {
    const full = path.join(entry.parentPath, entry.name);
    const rel = path.relative(dir, full).split(path.sep).join('/');
    if (options.ignore(rel)) continue;
    if (entry.isFile()) {
      if (options.include(rel)) files.push({ rel, source: full });
      continue;
    }
    if (!entry.isSymbolicLink()) continue;
    const located = options.confinement.locate(full);
    if (located.status !== 'inside') {
      throw new UserError(`${rel} in ${options.describe} is a symbolic link to ${located.status === 'missing' ? 'nothing' : 'a file outside the folders the build reads'}`, {
        location: { file: full },
        hint: 'replace the link with a copy of the file',
      });
    }
    if (statSync(located.real).isDirectory()) {
      throw new UserError(`${rel} in ${options.describe} is a symbolic link to a folder, which the build does not follow`, {
        location: { file: full },
        hint: 'replace the link with the folder itself, or link its files one by one',
      });
    }
    if (options.include(rel)) files.push({ rel, source: located.real });
  }
  return files.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
}
