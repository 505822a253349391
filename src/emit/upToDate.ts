import { createHash, randomUUID } from 'node:crypto';
import { lstatSync, mkdirSync, readFileSync, readdirSync, statSync, readlinkSync, type Stats } from 'node:fs';
import path from 'node:path';
import { assetsFingerprint } from '../assets.ts';
import type { BrokenLink } from '../check/links.ts';
import type { ResolvedConfig } from '../config/resolve.ts';
import { descriptionConfinement, descriptionSources } from '../openapi/sources.ts';
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
  /**
   * Every file and folder of the output as the build left it, in one digest (see scanOutput): the
   * check compares it, and reads none of the records that a build needs (kept in REUSE_FILE).
   */
  output: string;
  /**
   * Names the record of what the build made that the next one reuses (ReuseData), kept in a file of
   * its own (REUSE_FILE): a check that finds the output up to date needs none of it.
   */
  reuseId?: string;
  /** Each content file read for the fingerprint, by its path: as it was then, and the digest of its contents. */
  inputs?: Record<string, InputFile>;
  /** Each API description read for the fingerprint, by its file (see DescriptionRecord). */
  descriptions?: Record<string, DescriptionRecord>;
}

/**
 * An API description as the fingerprint saw it: the digest of its files (the description and those its
 * `$ref`s reach), and each file's size, times and inode. When all are as they were, the files are not
 * read again: the `$ref`s they hold, and so the set of files, cannot have changed either.
 */
export interface DescriptionRecord {
  digest: string;
  files: [file: string, size: number, mtimeMs: number, ctimeMs: number, ino: number][];
}

/** What a build reuses of the last one, beside the record: read only by a build that has work to do. */
export interface ReuseData {
  /** Every output file as the build left it (see OutputRecord). */
  files: OutputRecord[];
  /**
   * Every folder of the output, by its relative path, with its mode and change time: an empty folder
   * added since, or a folder given other permissions, another owner or attributes (each moves its
   * change time), is a change too.
   */
  folders: FolderRecord[];
  /** Each page's output file and the key of what it was rendered from (see pageReuse.ts). */
  pageKeys?: Record<string, string>;
  /** The digest of each compressed output file's contents, by its path (see precompress.ts). */
  digests?: Record<string, string>;
  /** The key each search index was made from, by its folder of the output (see emit/carry.ts). */
  searchKeys?: Record<string, string>;
}

/** The last build's record with what it left to reuse (nothing, when that file is missing or another build's). */
export type RecordedBuild = LastBuild & ReuseData;

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
  descriptions: Record<string, DescriptionRecord>;
}

const FILE = 'last-build.json';
/**
 * What the next build reuses, beside the record: parsed by every check, the records of a three-version
 * site's 3,800 output files and its digests and page keys cost the check more than a tenth of its time
 * (parsing, and collecting what was parsed).
 */
const REUSE_FILE = 'last-build-reuse.json';
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
 * The digest of the output folder as it is: every folder (the output itself first, as '') with its mode
 * and change time, and every file with its size, times, inode and mode, by relative path, in the order
 * the folders list them (the same for an untouched folder; another order only costs a build). With
 * `records`, each is kept there too, for the build after. Undefined when the folder holds anything but
 * folders and files (a symbolic link: the build writes none, and one would lead reads and links
 * elsewhere), is itself a link, or is missing. The numbers go into the digest as doubles, not text:
 * formatting 23,000 of them cost as much as the stats on three versions.
 */
function scanOutput(outDir: string, records?: Pick<ReuseData, 'files' | 'folders'>): string | undefined {
  const top = lstatSync(outDir, { throwIfNoEntry: false });
  if (top?.isDirectory() !== true) return undefined;
  let names = '';
  const numbers: number[] = [top.mode, top.ctimeMs];
  records?.folders.push(['', top.mode, top.ctimeMs]);
  // Names only, each folder's stat telling what it is: a recursive listing's entries (an object and a
  // path each) cost a tenth of the walk, for types the stats give again.
  const walk = (dir: string, prefix: string): boolean => {
    for (const name of readdirSync(dir)) {
      const file = `${dir}${path.sep}${name}`;
      const rel = `${prefix}${name}`;
      const stat = lstatSync(file, { throwIfNoEntry: false });
      names += `${rel}\0`;
      if (stat?.isFile() === true) {
        numbers.push(stat.size, stat.mtimeMs, stat.ctimeMs, stat.ino, stat.mode);
        records?.files.push([rel, stat.size, stat.mtimeMs, stat.ctimeMs, stat.ino, stat.mode]);
      } else if (stat?.isDirectory() === true) {
        // A folder's two numbers and a negative mark: a folder is never read as a file's numbers.
        numbers.push(-1, stat.mode, stat.ctimeMs);
        records?.folders.push([rel, stat.mode, stat.ctimeMs]);
        if (!walk(file, `${rel}${path.sep}`)) return false;
      } else return false;
    }
    return true;
  };
  if (!walk(outDir, '')) return undefined;
  return createHash('sha1').update(names).update(new Uint8Array(new Float64Array(numbers).buffer)).digest('base64url');
}

/** Whether an input file is as a stat taken before it was last read saw it (its change time moves with every write, and no program sets it back). */
function unchangedSince(stat: Stats, size: number, mtimeMs: number, ctimeMs: number, ino: number): boolean {
  return stat.size === size && stat.mtimeMs === mtimeMs && stat.ctimeMs === ctimeMs && stat.ino === ino;
}

/** `last`: what the last fingerprint read; files unchanged since are not read again. */
export function inputFingerprint(config: ResolvedConfig, engine: string, options: { search: boolean }, last: Pick<LastBuild, 'inputs' | 'descriptions'> = {}): Fingerprint {
  const previous = last.inputs ?? {};
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
      const same = was !== undefined && unchangedSince(stat, was[0], was[1], was[2], was[3]);
      const digest = same ? was[4] : createHash('sha1').update(readFileSync(file)).digest('base64url');
      inputs[rel] = [stat.size, stat.mtimeMs, stat.ctimeMs, stat.ino, digest];
      hash.update(digest);
    } else hash.update(`${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}:${stat.ino}`);
    hash.update('\0');
  }
  // Every version's description (and the files its $refs name), not only the current one.
  const descriptions = new Set([config.openapiFile, ...config.versions.map((v) => v.openapiFile)].filter((file): file is string => file !== undefined));
  const described: Record<string, DescriptionRecord> = {};
  for (const description of descriptions) {
    const record = describedAsBefore(description, last.descriptions?.[description]) ?? describe(description);
    if (record.files.length > 0) described[description] = record;
    hash.update(description).update('\0').update(record.digest).update('\0');
  }
  hash.update(assetsFingerprint({ contentDir: config.contentDir }));
  return { value: hash.digest('base64url'), inputs, descriptions: described };
}

/** The record of a description, its files read (none kept when one cannot be read or is outside its folder: read again next time). */
function describe(description: string): DescriptionRecord {
  const hash = createHash('sha1');
  const files: DescriptionRecord['files'] = [];
  let complete = true;
  for (const source of descriptionSources(description)) {
    hash.update(source.file).update('\0').update(source.text ?? '\0missing').update('\0');
    // Its stat from before it was read: one taken after would vouch for a write made in between.
    const { stat } = source;
    if (stat === undefined) complete = false;
    else files.push([source.file, stat.size, stat.mtimeMs, stat.ctimeMs, stat.ino]);
  }
  return { digest: hash.digest('base64url'), files: complete ? files : [] };
}

/**
 * `record`, when every file it names is as it was then, and still inside the description's folder: a
 * folder on the way replaced by a link to elsewhere leaves the files as they were, but the build refuses
 * a `$ref` that leads out (helper-31, defect 1).
 */
function describedAsBefore(description: string, record: DescriptionRecord | undefined): DescriptionRecord | undefined {
  if (record === undefined || record.files.length === 0) return undefined;
  const confinement = descriptionConfinement(description);
  for (const [file, size, mtimeMs, ctimeMs, ino] of record.files) {
    const located = confinement.locate(file);
    if (located.status !== 'inside') return undefined;
    const stat = statSync(located.real, { throwIfNoEntry: false });
    if (stat === undefined || !unchangedSince(stat, size, mtimeMs, ctimeMs, ino)) return undefined;
  }
  return record;
}

/**
 * The record of the last successful build that used this cache, into whichever output folder, whatever
 * its inputs were (one into this output folder is what `reusableBuild` and page reuse need; the change
 * times of any vouch for the files of the cache's stores, which that build linked into its output).
 */
export function lastBuildRecord(config: ResolvedConfig): LastBuild | undefined {
  try {
    const last = JSON.parse(readRegularFile(path.join(config.cacheDir, FILE)).toString('utf8')) as LastBuild;
    return typeof last.outDir === 'string' && typeof last.output === 'string' ? last : undefined;
  } catch {
    return undefined;
  }
}

/** The change time the record gives each file of that build's output, by inode. */
export function recordedChangeTimes(last: RecordedBuild): Map<number, number> {
  return new Map(last.files.map((record) => [record[4], record[3]]));
}

/**
 * The record with what the last build left for the next one to reuse (output files, page keys,
 * digests, index keys), when its file is the one written with this record (else none: nothing of the
 * last output is reused or vouched for, all is made).
 */
export function withReuseData(config: ResolvedConfig, last: LastBuild): RecordedBuild {
  const none: RecordedBuild = { ...last, files: [], folders: [] };
  if (last.reuseId === undefined) return none;
  try {
    const data = JSON.parse(readRegularFile(path.join(config.cacheDir, REUSE_FILE)).toString('utf8')) as Partial<ReuseData> & { id?: unknown };
    if (data.id !== last.reuseId || !Array.isArray(data.files) || !Array.isArray(data.folders)) return none;
    return {
      ...last,
      files: data.files,
      folders: data.folders,
      ...(data.pageKeys ? { pageKeys: data.pageKeys } : {}),
      ...(data.digests ? { digests: data.digests } : {}),
      ...(data.searchKeys ? { searchKeys: data.searchKeys } : {}),
    };
  } catch {
    return none;
  }
}

/** The last build, if its inputs were these and its output is untouched: the very files and folders it left, and no other. */
export function reusableBuild(config: ResolvedConfig, fingerprint: string, last = lastBuildRecord(config)): LastBuild | undefined {
  if (last === undefined || last.fingerprint !== fingerprint) return undefined;
  try {
    return scanOutput(config.outDir) === last.output ? last : undefined;
  } catch {
    // A folder removed or made unreadable while it is read: not the output the record describes.
    return undefined;
  }
}

export function recordBuild(config: ResolvedConfig, build: Omit<LastBuild, 'outDir' | 'reuseId' | 'output'> & Omit<ReuseData, 'files' | 'folders'>): void {
  const { pageKeys, digests, searchKeys, ...rest } = build;
  mkdirSync(config.cacheDir, { recursive: true });
  const listed: Pick<ReuseData, 'files' | 'folders'> = { files: [], folders: [] };
  // An output holding a link is never up to date: recorded as no output, the next build builds.
  const output = scanOutput(config.outDir, listed) ?? '';
  // The data to reuse first, under a new name the record then gives: a build stopped between the two
  // writes leaves a record naming the previous data, or none, never data it was not written with.
  const reuseId = randomUUID();
  const reuse: ReuseData = output === '' ? { files: [], folders: [] } : { ...listed, pageKeys, digests, searchKeys };
  writeWhole(config.cacheDir, REUSE_FILE, JSON.stringify({ id: reuseId, ...reuse }));
  const record: LastBuild = { ...rest, reuseId, outDir: config.outDir, output };
  writeWhole(config.cacheDir, FILE, JSON.stringify(record));
}
