import { accessSync, constants, lstatSync, readdirSync } from 'node:fs';
import type { OutputFile } from './atomic.ts';
import { readRegularFile } from '../io/readRegular.ts';
import path from 'node:path';
import { entryPaths, withSlashes } from '../io/relative.ts';
import { COMPRESSED_TYPES, MIN_BYTES } from './precompress.ts';
import { isRecorded, type FolderRecord, type OutputRecord } from './upToDate.ts';

/**
 * Folders of the last output carried whole into the new one. After one edit, most of a site comes out
 * as the last build left it: every page of an older docs version, every file of its search index. A
 * build used to give each such file a new name in the new output (a hard link, and one for each
 * compressed copy), then remove the old names with the previous output: on a site with three docs
 * versions, some 2,000 files linked and unlinked for one changed word. A folder whose every file this
 * build would make exactly as the last build left it is instead moved into the new output just
 * before the swap (one rename), after checking that it holds those files and nothing else, each
 * untouched since the last build recorded it.
 */

/** A folder of the output (relative, with `/`), the files this build puts there, and those of the last output. */
interface Folder {
  files: string[];
  folders: Map<string, Folder>;
}

const emptyFolder = (): Folder => ({ files: [], folders: new Map() });

/** The tree of folders of a set of relative paths (with `/`). */
function treeOf(paths: Iterable<string>): Folder {
  const root = emptyFolder();
  for (const rel of paths) {
    const parts = rel.split('/');
    let at = root;
    for (let i = 0; i < parts.length - 1; i += 1) {
      const name = parts[i] as string;
      let next = at.folders.get(name);
      if (!next) at.folders.set(name, (next = emptyFolder()));
      at = next;
    }
    at.files.push(rel);
  }
  return root;
}

function* filesUnder(folder: Folder): Generator<string> {
  yield* folder.files;
  for (const child of folder.folders.values()) yield* filesUnder(child);
}

/** The compressed copies a build makes of a file of this size (precompress.ts's rule). */
export function compressedCopiesOf(rel: string, size: number): string[] {
  return COMPRESSED_TYPES.test(rel) && size >= MIN_BYTES ? [`${rel}.gz`, `${rel}.br`] : [];
}

/** The mode of a folder this process makes: what a build without the cache gives every output folder. */
const FOLDER_MODE = 0o777 & ~process.umask();

/**
 * Whether the folder `rel` of `outDir` holds exactly the files `records` describe (its recorded
 * files), each as recorded (same size, times, inode and mode: untouched since), and nothing else: no
 * other file, no symbolic link, no folder without a recorded file in it, no folder with other
 * permissions than a build gives it. Reached through real folders only, and movable (a folder moved to
 * another parent needs write permission on itself).
 */
export function folderAsRecorded(outDir: string, rel: string, records: ReadonlyMap<string, OutputRecord>, folderOf: (rel: string) => FolderRecord | undefined): boolean {
  // A folder as recorded: its mode (as a build makes it) and change time (no owner, permissions or attributes changed since).
  const asRecorded = (folder: string, stat: { mode: number; ctimeMs: number }): boolean => {
    const record = folderOf(folder);
    return (stat.mode & 0o7777) === FOLDER_MODE && record !== undefined && record[1] === stat.mode && record[2] === stat.ctimeMs;
  };
  try {
    let at = outDir;
    for (const part of ['', ...rel.split('/')]) {
      at = part === '' ? at : `${at}${path.sep}${part}`;
      if (!lstatSync(at).isDirectory()) return false;
    }
    accessSync(at, constants.W_OK);
    if (!asRecorded(rel, lstatSync(at))) return false;
    const folders = new Set<string>();
    for (const file of records.keys()) for (let cut = file.lastIndexOf('/'); cut > rel.length; cut = file.lastIndexOf('/', cut - 1)) folders.add(file.slice(0, cut));
    let seen = 0;
    for (const entry of readdirSync(at, { withFileTypes: true, recursive: true })) {
      const { file, rel: under } = entryPaths(at, entry);
      const name = `${rel}/${withSlashes(under)}`;
      if (entry.isDirectory()) {
        if (!folders.has(name) || !asRecorded(name, lstatSync(file))) return false;
        continue;
      }
      const record = records.get(name);
      if (!entry.isFile() || record === undefined || !isRecorded(lstatSync(file), record)) return false;
      seen += 1;
    }
    return seen === records.size;
  } catch {
    return false;
  }
}

/** What this build puts at a path of the output, as far as carrying its folder goes. */
export interface Placed {
  /** The very contents the last output holds at this path (a page taken from it, a file found to have the same bytes). */
  same: boolean;
}

/**
 * Whether the folder `rel` of the last output can be carried into the new one as the files this build
 * would put there (`files`: relative path, and size when known): the last build recorded exactly
 * those files (with the sizes given) and their compressed copies under it, and they are on disk as
 * recorded (folderAsRecorded).
 */
export function carriable(outDir: string, rel: string, files: Iterable<readonly [string, number | undefined]>, recorded: RecordedOutput): boolean {
  const expected = new Map<string, OutputRecord>();
  for (const [file, size] of files) {
    const record = recorded.get(file);
    if (record === undefined || (size !== undefined && record[1] !== size)) return false;
    for (const name of [file, ...compressedCopiesOf(file, record[1])]) {
      const each = recorded.get(name);
      if (each === undefined) return false;
      expected.set(name, each);
    }
  }
  // Nothing else recorded under it (a page this build no longer makes): as many files as expected.
  return expected.size > 0 && recorded.countUnder(rel) === expected.size && folderAsRecorded(outDir, rel, expected, (folder) => recorded.folder(folder));
}

/** The last output's record by relative path with `/`, how many files it lists under each folder, and its folders. */
export interface RecordedOutput extends ReadonlyMap<string, OutputRecord> {
  countUnder(folder: string): number;
  folder(rel: string): FolderRecord | undefined;
}

export function recordsByPath(records: readonly OutputRecord[], folderRecords: readonly FolderRecord[] = []): RecordedOutput {
  const byPath = new Map(records.map((record) => [withSlashes(record[0]), record]));
  const folders = new Map(folderRecords.map((record) => [withSlashes(record[0]), record]));
  let counts: Map<string, number> | undefined;
  return Object.assign(byPath, {
    folder: (rel: string): FolderRecord | undefined => folders.get(rel),
    countUnder(folder: string): number {
      if (!counts) {
        counts = new Map();
        for (const rel of byPath.keys()) for (let cut = rel.lastIndexOf('/'); cut > 0; cut = rel.lastIndexOf('/', cut - 1)) counts.set(rel.slice(0, cut), (counts.get(rel.slice(0, cut)) ?? 0) + 1);
      }
      return counts.get(folder) ?? 0;
    },
  });
}

/**
 * The folders of the last output (`recorded`: its record, by path) to carry into the new one: the
 * largest folders in which every file this build places (`placed`, by relative path with `/`) is
 * `same`, whose recorded files are exactly those and their compressed copies, and which are on disk as
 * recorded. Never the output's root, nor a folder under one of `skip` (made elsewhere: the search
 * indexes). A folder that does not qualify may still have folders in it that do.
 */
export function foldersToCarry(outDir: string, recorded: RecordedOutput, placed: ReadonlyMap<string, Placed>, skip: readonly string[] = []): string[] {
  const skipped = (rel: string): boolean => skip.some((dir) => rel === dir || rel.startsWith(`${dir}/`));
  const made = treeOf([...placed.keys()].filter((rel) => !skipped(rel)));
  const spoiled = new Map<Folder, boolean>();
  const isSpoiled = (folder: Folder): boolean => {
    let known = spoiled.get(folder);
    if (known === undefined) {
      known = folder.files.some((rel) => placed.get(rel)?.same !== true) || [...folder.folders.values()].some(isSpoiled);
      spoiled.set(folder, known);
    }
    return known;
  };
  const carried: string[] = [];
  const visit = (folder: Folder, rel: string): void => {
    for (const [name, child] of folder.folders) {
      const childRel = rel === '' ? name : `${rel}/${name}`;
      if (!isSpoiled(child) && qualifies(childRel, child)) carried.push(childRel);
      else visit(child, childRel);
    }
  };
  const qualifies = (rel: string, folder: Folder): boolean => carriable(outDir, rel, [...filesUnder(folder)].map((file) => [file, undefined]), recorded);
  visit(made, '');
  return carried;
}

/**
 * Whether a file this build makes from its contents (a stored file: an asset, a download) has the very
 * bytes the last output holds at its path, as recorded: by the digest the last build recorded of it
 * (`digests`, with `sum` the digest of these contents), else by reading it. Files at the top of the
 * output are not asked: the output's root is never carried.
 */
export function sameAsRecorded(outDir: string, file: OutputFile, sum: string, recorded: ReadonlyMap<string, OutputRecord>, digests: Readonly<Record<string, string>>): boolean {
  if (!file.path.includes('/')) return false;
  const record = recorded.get(file.path);
  const size = typeof file.contents === 'string' ? Buffer.byteLength(file.contents) : file.contents.length;
  if (record === undefined || record[1] !== size) return false;
  const was = digests[file.path];
  if (was !== undefined) return was === sum;
  try {
    return readRegularFile(path.join(outDir, file.path)).equals(typeof file.contents === 'string' ? Buffer.from(file.contents) : file.contents);
  } catch {
    return false;
  }
}

/**
 * The search indexes to carry (by folder): those this build takes from the cache under the key the
 * last build made them with (so the same files), whose folders are as the last build left them.
 */
export function indexesToCarry(outDir: string, recorded: RecordedOutput, indexes: readonly { name: string; key: string; kept?: readonly OutputFile[] | undefined }[], lastKeys: Readonly<Record<string, string>>): string[] {
  return indexes
    .filter(({ name, key, kept }) => kept !== undefined && lastKeys[name] === key && carriable(outDir, name, kept.map((file) => [file.path, typeof file.contents === 'string' ? Buffer.byteLength(file.contents) : file.contents.length]), recorded))
    .map(({ name }) => name);
}

/** The recorded digests of the files under `folders`, by path (only compressible files have one). */
export function carriedFiles(recorded: ReadonlyMap<string, OutputRecord>, folders: readonly string[], digests: Readonly<Record<string, string>>): Map<string, string> {
  const found = new Map<string, string>();
  if (folders.length === 0) return found;
  const prefixes = folders.map((dir) => `${dir}/`);
  for (const rel of recorded.keys()) {
    const sum = digests[rel];
    if (sum !== undefined && prefixes.some((prefix) => rel.startsWith(prefix))) found.set(rel, sum);
  }
  return found;
}
