import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, fstatSync, linkSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import path from 'node:path';
import { linkOnTheWay } from '../io/confinement.ts';
import { READ_REGULAR } from '../io/readRegular.ts';

/**
 * Output files kept in the build cache by their contents, so that the next
 * build links a file it makes again unchanged instead of writing it. On this
 * kind of disk, writing a few thousand small files cost 0.5–1.3 s (the
 * kernel holds writers back while it flushes), linking them 35 ms and reading
 * them 30 ms: after an edit, the search index (hundreds of files, renamed
 * whenever any page changes but mostly unchanged), the engine's assets and
 * the API references are what a build wrote most.
 */
export interface FileStore {
  /** Makes `target` (a new file) hold `contents`: linked from the store when it holds these bytes, else written and kept there. */
  put(target: string, contents: string | Uint8Array): void;
  /** The digest of what `put` placed at `target`. */
  digestOf(target: string): string | undefined;
  /** Keeps the file with this digest as if put: one the build carries from the last output (carry.ts) still shares it. */
  keep(key: string): void;
  /** Forgets what this build did not put: the store holds one build's files, not every build's. */
  prune(): void;
  /** Why the store could not be used, if it could not (the files are then written, and the build goes on). */
  readonly problem: string | undefined;
}

/**
 * What vouches for a store's file that the build links into its output as it is. Its bytes and mode
 * are compared, but not what else a link carries: an owner or extended attributes given to it
 * through an output file it is linked to (`chown`, `setfattr` on `dist/assets/app.css`) would be
 * carried into every later output and never undone. Anything done to a file moves its change time,
 * which no program can set back: while the last build's output is there (into whichever folder), a
 * store's file is linked only while its change time is the one that build recorded for the output
 * file sharing it (a store's files are all linked into the output the build leaves), taken before this build links it,
 * which moves it too; any other is written afresh and replaces the store's. Deleting that output
 * moves the change times of all of them: once it is deleted or moved away, a build takes them by
 * their bytes, mode and owner (Node reads no extended attributes), as writing them all would cost
 * it more than the rest of its work (2.2 s against 0.9 s for a 104-page site here).
 */
export interface StoreTrust {
  /** By inode, the change time the last build recorded for the output file with that inode. */
  readonly changeTimes: ReadonlyMap<number, number>;
  /** Whether that build's output is still in place (then a file whose change time moved was changed since). */
  readonly outputKept: boolean;
  /** The user and group a file this build writes belongs to (none where there are none), which a linked file must have. */
  readonly uid?: number | undefined;
  readonly gid?: number | undefined;
}

/**
 * The trust of a build into an output folder made in `parent` whose last output's record gives these
 * change times (none, `outputKept` false: a build with no record of an output).
 */
export function storeTrust(parent: string | undefined, changeTimes: ReadonlyMap<number, number> = new Map(), outputKept = false): StoreTrust {
  let gid = process.getegid?.();
  try {
    // A folder with the set-group-ID bit gives the files made in it its group (and its folders the bit).
    const folder = parent === undefined ? undefined : statSync(parent);
    if (folder !== undefined && (folder.mode & 0o2000) !== 0) gid = folder.gid;
  } catch {
    // Not made yet: it will be, by this process.
  }
  return { changeTimes, outputKept, uid: process.geteuid?.(), gid };
}

/**
 * How far a store's file with these attributes is vouched for (see StoreTrust): `unchanged` since the
 * last build recorded it (its bytes need not be read), `if its bytes are` those expected, or `no`.
 */
export function vouchedFor(trust: StoreTrust, stat: Pick<Stats, 'ino' | 'ctimeMs' | 'uid' | 'gid'>): 'unchanged' | 'if its bytes are' | 'no' {
  if ((trust.uid !== undefined && stat.uid !== trust.uid) || (trust.gid !== undefined && stat.gid !== trust.gid)) return 'no';
  if (trust.changeTimes.get(stat.ino) === stat.ctimeMs) return 'unchanged';
  return trust.outputKept ? 'no' : 'if its bytes are';
}

/** The mode of a file this process writes: what a build without the cache gives every output file. */
const WRITTEN_MODE = 0o666 & ~process.umask();

/** The name a file's contents are kept under (text as its UTF-8 bytes, as it is written). */
export const digest = (contents: string | Uint8Array): string => createHash('sha1').update(contents).digest('hex');

/**
 * `from` at `to` as a hard link: nothing writes into a file of the output or of a store after it is
 * made (a build writes a new output folder and swaps it in). Copied where links are refused (another
 * file system).
 */
export function linkOrCopy(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/**
 * The store in `dir` (made when missing), a folder of the build cache `root`. One that cannot be made
 * or read, or is reached through a symbolic link, writes every file, and says why. Without `trust`,
 * a file it holds is linked by its bytes, mode and owner (see StoreTrust).
 */
export function openFileStore(dir: string, root: string = path.dirname(dir), trust: StoreTrust = storeTrust(undefined)): FileStore {
  let problem: string | undefined;
  try {
    mkdirSync(dir, { recursive: true });
    const link = linkOnTheWay(root, dir);
    if (link !== undefined) problem = `${link} is a symbolic link`;
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  }
  const used = new Set<string>();
  const placed = new Map<string, string>();
  // Files vouched for by this build (or written by it): once linked, a file's change time has moved.
  const vouched = new Set<string>();
  return {
    get problem() {
      return problem;
    },
    digestOf: (target) => placed.get(target),
    keep: (key) => void used.add(key),
    put(target, contents) {
      const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
      if (problem !== undefined) {
        writeFileSync(target, bytes);
        return;
      }
      const key = digest(bytes);
      const kept = path.join(dir, key);
      used.add(key);
      placed.set(target, key);
      // Compared byte for byte, not trusted by name: anything that can write to node_modules can
      // write here, and the output must be what this build made. Reading costs a tenth of writing.
      if (sameBytes(kept, bytes, (stat) => vouched.has(key) || vouchedFor(trust, stat) !== 'no')) {
        try {
          linkSync(kept, target);
          vouched.add(key);
          return;
        } catch {
          // Removed meanwhile (another build pruning it), or a file system without links: written.
        }
      }
      writeFileSync(target, bytes);
      try {
        // Whatever is in the way goes (a damaged entry, a folder).
        rmSync(kept, { recursive: true, force: true });
        linkSync(target, kept);
        vouched.add(key);
      } catch {
        // A store that cannot take a link (another file system) only costs the next build a write.
      }
    },
    prune() {
      if (problem !== undefined) return;
      try {
        for (const name of readdirSync(dir)) if (!used.has(name)) rmSync(path.join(dir, name), { recursive: true, force: true });
      } catch (error) {
        problem = error instanceof Error ? error.message : String(error);
      }
    },
  };
}

/**
 * Whether `file` is a plain file (not a symbolic link, which a link made from it would copy into the
 * output) holding exactly `bytes`, and, when asked, `vouched` for.
 */
export function sameBytes(file: string, bytes: Uint8Array, vouched: (stat: Stats) => boolean = () => true): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(file, READ_REGULAR);
    const stat = fstatSync(fd);
    // Its mode too: a link carries it into the output, which must be as a build without the cache writes it.
    return stat.isFile() && (stat.mode & 0o777) === WRITTEN_MODE && stat.size === bytes.length && vouched(stat) && readFileSync(fd).equals(bytes);
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
