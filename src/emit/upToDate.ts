import { createHash, randomUUID } from 'node:crypto';
import { lstatSync, mkdirSync, readFileSync, readdirSync, statSync, readlinkSync, type Stats } from 'node:fs';
import path from 'node:path';
import { assetsFingerprint } from '../assets.ts';
import type { BrokenLink } from '../check/links.ts';
import type { ResolvedConfig } from '../config/resolve.ts';
import { descriptionSources } from '../openapi/sources.ts';
import { readRegularFile } from '../io/readRegular.ts';
import { entryPaths, withSlashes } from '../io/relative.ts';
import { writeWhole } from '../io/writeWhole.ts';

/**
 * The up-to-date check of `mapsdocs build`, as make does it: when every input
 * of the last successful build is unchanged and its output is still there as
 * it was written, that output is the build's result and nothing is redone.
 * Inputs are compared by content (the engine, the configuration, every file
 * of the content tree, the OpenAPI description) and, for the engine's own
 * assets and large static files, by size and modification time.
 */
export interface LastBuild {
  fingerprint: string;
  outDir: string;
  pages: number;
  /** What the build printed as warnings, printed again when it is reused. */
  warnings: string[];
  broken: BrokenLink[];
  /** Every output file as the build left it (see OutputRecord). */
  files: OutputRecord[];
  /**
   * Every folder of the output, by its relative path, with its mode and change time: an empty folder
   * added since, or a folder given other permissions, another owner or attributes (each moves its
   * change time), is a change too.
   */
  folders?: FolderRecord[];
  /**
   * Names the record of what the build made that the next one reuses (pageKeys, digests, searchKeys),
   * kept in a file of its own (REUSE_FILE): a check that finds the output up to date needs none of it.
   */
  reuseId?: string;
  /** Each page's output file and the key of what it was rendered from (see pageReuse.ts). */
  pageKeys?: Record<string, string>;
  /** The digest of each compressed output file's contents, by its path (see precompress.ts). */
  digests?: Record<string, string>;
  /** The key each search index was made from, by its folder of the output (see emit/carry.ts). */
  searchKeys?: Record<string, string>;
  /** Each content file read for the fingerprint, by its path: as it was then, and the digest of its contents. */
  inputs?: Record<string, InputFile>;
}

/**
 * A content file as the fingerprint saw it: size, modification and change times, inode, digest. A file
 * whose first four are unchanged is not read again; its change time moves with every write, and no
 * program can set it back.
 */
export type InputFile = [size: number, mtimeMs: number, ctimeMs: number, ino: number, digest: string];

/** The inputs' fingerprint, and what it read (for the next check). */
export interface Fingerprint {
  value: string;
  inputs: Record<string, InputFile>;
}

const FILE = 'last-build.json';
/**
 * What the next build reuses, beside the record: parsed by every check, the digests and page keys of a
 * three-version site (2,800 entries) tipped its heap into a full collection the process then waited for
 * on exit (~10 ms of a 270 ms check).
 */
const REUSE_FILE = 'last-build-reuse.json';
type ReuseData = Pick<LastBuild, 'pageKeys' | 'digests' | 'searchKeys'>;
/** Larger content files (pictures, mostly) are compared by size and time rather than read. */
const HASHED_UP_TO = 256 * 1024;

/**
 * An output file as the build left it: its path (relative, with the platform's separator), size,
 * modification and change times, inode and mode. The change time moves with any write or new link,
 * and no program sets it back: a file edited in place, replaced, or given other permissions since
 * differs. Taken once the previous output is gone (its removal changes the times of files the new one
 * shares with it).
 */
export type OutputRecord = [rel: string, size: number, mtimeMs: number, ctimeMs: number, ino: number, mode: number];

/** An output folder as the build left it: its path (relative, with the platform's separator; '' for the output itself), mode and change time. */
export type FolderRecord = [rel: string, mode: number, ctimeMs: number];

/** Whether `stat` (from lstat) is the file `record` describes. */
export function isRecorded(stat: Stats, record: OutputRecord): boolean {
  return stat.isFile() && stat.size === record[1] && stat.mtimeMs === record[2] && stat.ctimeMs === record[3] && stat.ino === record[4] && stat.mode === record[5];
}

/**
 * Calls `visit` with every folder of the output folder (the output itself first, as '') and every file
 * in it, by relative path, with its lstat, until `visit` says to stop (false); false also when the
 * folder holds anything but folders and files (a symbolic link: the build writes none, and one would
 * lead reads and links elsewhere) or is itself a link or missing. Nothing is kept: a check that
 * compares as it walks stops at the first difference, and thousands of stats never outlive the call
 * (kept in a map, they were promoted and collected as old objects: ~10 ms of a three-version check).
 */
function walkOutput(outDir: string, visit: (kind: 'file' | 'folder', rel: string, stat: Stats) => boolean): boolean {
  const top = lstatSync(outDir, { throwIfNoEntry: false });
  if (top?.isDirectory() !== true || !visit('folder', '', top)) return false;
  for (const entry of readdirSync(outDir, { withFileTypes: true, recursive: true })) {
    const { file, rel } = entryPaths(outDir, entry);
    const kind = entry.isDirectory() ? 'folder' : entry.isFile() ? 'file' : undefined;
    if (kind === undefined || !visit(kind, rel, lstatSync(file))) return false;
  }
  return true;
}

/** `previous`: the files the last fingerprint read; those unchanged since are not read again. */
export function inputFingerprint(config: ResolvedConfig, engine: string, options: { search: boolean }, previous: Record<string, InputFile> = {}): Fingerprint {
  const hash = createHash('sha1');
  const inputs: Record<string, InputFile> = {};
  const { cache: _cache, cacheDir: _cacheDir, ...settings } = config;
  hash.update(engine).update('\0').update(JSON.stringify({ settings, search: options.search })).update('\0');
  // Every entry of the content folder, links included as links (not followed): a link added, even one
  // to nothing, is a change the next build must see (and refuse, if it leads out).
  const entries = readdirSync(config.contentDir, { recursive: true, withFileTypes: true })
    .map((entry) => {
      const { file, rel } = entryPaths(config.contentDir, entry);
      return { entry, file, rel: withSlashes(rel) };
    })
    .sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  for (const { entry, file, rel } of entries) {
    if (entry.isSymbolicLink()) {
      hash.update(rel).update('\0link\0').update(readlinkSync(file)).update('\0');
      continue;
    }
    if (!entry.isFile()) continue;
    const stat = statSync(file);
    hash.update(rel).update('\0');
    if (stat.size <= HASHED_UP_TO) {
      const was = previous[rel];
      const same = was !== undefined && was[0] === stat.size && was[1] === stat.mtimeMs && was[2] === stat.ctimeMs && was[3] === stat.ino;
      const digest = same ? was[4] : createHash('sha1').update(readFileSync(file)).digest('base64url');
      inputs[rel] = [stat.size, stat.mtimeMs, stat.ctimeMs, stat.ino, digest];
      hash.update(digest);
    } else hash.update(`${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}:${stat.ino}`);
    hash.update('\0');
  }
  // Every version's description (and the files its $refs name), not only the current one.
  const descriptions = new Set([config.openapiFile, ...config.versions.map((v) => v.openapiFile)].filter((file): file is string => file !== undefined));
  for (const description of descriptions) {
    for (const source of descriptionSources(description)) hash.update(source.file).update('\0').update(source.text ?? '\0missing').update('\0');
  }
  hash.update(assetsFingerprint({ contentDir: config.contentDir }));
  return { value: hash.digest('base64url'), inputs };
}

function listOutput(outDir: string): Pick<LastBuild, 'files' | 'folders'> {
  const files: OutputRecord[] = [];
  const folders: FolderRecord[] = [];
  const complete = walkOutput(outDir, (kind, rel, stat) => {
    if (kind === 'file') files.push([rel, stat.size, stat.mtimeMs, stat.ctimeMs, stat.ino, stat.mode]);
    else folders.push([rel, stat.mode, stat.ctimeMs]);
    return true;
  });
  // An output holding a link is never up to date: recorded as nothing, the next build builds.
  return complete ? { files, folders } : { files: [], folders: [] };
}

/**
 * The record of the last successful build that used this cache, into whichever output folder, whatever
 * its inputs were (one into this output folder is what `reusableBuild` and page reuse need; the change
 * times of any vouch for the files of the cache's stores, which that build linked into its output).
 */
export function lastBuildRecord(config: ResolvedConfig): LastBuild | undefined {
  try {
    const last = JSON.parse(readRegularFile(path.join(config.cacheDir, FILE)).toString('utf8')) as LastBuild;
    return typeof last.outDir === 'string' && Array.isArray(last.files) ? last : undefined;
  } catch {
    return undefined;
  }
}

/** The change time the record gives each file of that build's output, by inode. */
export function recordedChangeTimes(last: LastBuild): Map<number, number> {
  return new Map(last.files.map((record) => [record[4], record[3]]));
}

/**
 * The record with what the last build left for the next one to reuse (page keys, digests, index keys),
 * when its file is the one written with this record (else without: nothing is reused, all is made).
 */
export function withReuseData(config: ResolvedConfig, last: LastBuild): LastBuild {
  const { pageKeys: _pageKeys, digests: _digests, searchKeys: _searchKeys, ...record } = last;
  if (last.reuseId === undefined) return record;
  try {
    const data = JSON.parse(readRegularFile(path.join(config.cacheDir, REUSE_FILE)).toString('utf8')) as ReuseData & { id?: unknown };
    if (data.id !== last.reuseId) return record;
    return { ...record, ...(data.pageKeys ? { pageKeys: data.pageKeys } : {}), ...(data.digests ? { digests: data.digests } : {}), ...(data.searchKeys ? { searchKeys: data.searchKeys } : {}) };
  } catch {
    return record;
  }
}

/** The last build, if its inputs were these and its output is untouched. */
export function reusableBuild(config: ResolvedConfig, fingerprint: string, last = lastBuildRecord(config)): LastBuild | undefined {
  if (last === undefined || last.fingerprint !== fingerprint || last.folders === undefined) return undefined;
  // The very files and folders the build left, and no other: one added, removed, replaced, linked or edited since is a reason to build.
  const files = new Map(last.files.map((record) => [record[0], record]));
  const folders = new Map(last.folders.map((record) => [record[0], record]));
  let seenFiles = 0;
  let seenFolders = 0;
  const same = walkOutput(config.outDir, (kind, rel, stat) => {
    if (kind === 'file') {
      const record = files.get(rel);
      seenFiles += 1;
      return record !== undefined && isRecorded(stat, record);
    }
    const record = folders.get(rel);
    seenFolders += 1;
    return record !== undefined && record[1] === stat.mode && record[2] === stat.ctimeMs;
  });
  return same && seenFiles === files.size && seenFolders === folders.size ? last : undefined;
}

export function recordBuild(config: ResolvedConfig, build: Omit<LastBuild, 'files' | 'outDir' | 'reuseId'>): void {
  const { pageKeys, digests, searchKeys, ...rest } = build;
  const reuse = pageKeys !== undefined || digests !== undefined || searchKeys !== undefined;
  mkdirSync(config.cacheDir, { recursive: true });
  // The data to reuse first, under a new name the record then gives: a build stopped between the two
  // writes leaves a record naming the previous data, or none, never data it was not written with.
  const reuseId = reuse ? randomUUID() : undefined;
  if (reuseId !== undefined) writeWhole(config.cacheDir, REUSE_FILE, JSON.stringify({ id: reuseId, pageKeys, digests, searchKeys }));
  const record: LastBuild = { ...rest, ...(reuseId !== undefined ? { reuseId } : {}), outDir: config.outDir, ...listOutput(config.outDir) };
  writeWhole(config.cacheDir, FILE, JSON.stringify(record));
}
