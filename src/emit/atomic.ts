import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync, existsSync, copyFileSync } from 'node:fs';
import path from 'node:path';
import { outputTarget } from '../io/confinement.ts';
import { removeTree } from '../io/removeTree.ts';
import { linkOrCopy, type FileStore } from './fileStore.ts';
import { CommandError } from '../errors.ts';

export interface OutputFile {
  /** Path relative to the output folder, with `/`. */
  path: string;
  contents: string | Uint8Array;
  /**
   * A file of the last output with these very contents (a page the build did not render again): linked
   * rather than written, which costs no copy of its bytes; copied when the folder cannot hold links.
   */
  linkFrom?: string;
  /**
   * Kept in the build cache's file store by its contents, and linked from there by the next build that
   * makes it again (see fileStore.ts): what a build makes unchanged most of the time (assets, API
   * references, the search index). Not pages: page reuse takes those from the last output.
   */
  stored?: boolean;
}

export interface CopiedFile {
  path: string;
  from: string;
}

/** Writes files under a folder, making their folders on the way; nothing is written outside it. */
export function writeFilesInto(dir: string, files: Iterable<OutputFile>, store?: FileStore): void {
  const made = new Set<string>();
  for (const file of files) {
    const target = outputTarget(dir, file.path);
    const parent = path.dirname(target);
    if (!made.has(parent)) {
      mkdirSync(parent, { recursive: true });
      made.add(parent);
    }
    if (file.linkFrom !== undefined) linkOrCopy(file.linkFrom, target);
    else if (store !== undefined && file.stored === true) store.put(target, file.contents);
    else writeFileSync(target, file.contents);
  }
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
  hooks: {
    /**
     * Writes more of the site into the temporary folder, alongside the files (the search index, which
     * another thread writes as soon as it is assembled); the site is swapped in once it is done too.
     */
    alongside?: ((staging: string) => Promise<void>) | undefined;
    /**
     * Runs once this thread has written its files, before the swap: what is made from the whole output
     * (compressed copies, a headers file). Given what is written alongside, to wait for it when it must.
     */
    finish?: ((staging: string, alongside: Promise<void>) => Promise<void>) | undefined;
    /** Where files marked `stored` are kept by contents between builds. */
    store?: FileStore | undefined;
    /**
     * Folders of the previous output (relative, with `/`) to move into the new one just before the
     * swap, asked once everything else is written: what the build made exactly as they are (carry.ts).
     * Their parent folders are in the temporary folder by then.
     */
    carry?: (() => readonly string[]) | undefined;
    /**
     * Runs once the new site is in place, while the previous one is removed on libuv's threads
     * (thousands of unlinks): what the build does last (saving its cache, recording its output).
     */
    swapped?: (() => void) | undefined;
  } = {},
): Promise<{ leftover?: string | undefined }> {
  const { alongside, finish, store, swapped, carry } = hooks;
  const parent = path.dirname(outDir);
  mkdirSync(parent, { recursive: true });
  const staging = path.join(parent, `.${path.basename(outDir)}.tmp-${process.pid}`);
  const retired = path.join(parent, `.${path.basename(outDir)}.old-${process.pid}`);
  // Interrupted (Ctrl+C, or a CI job cancelled), the build leaves the previous site and nothing else.
  // The handlers come first: a signal before them would kill the process with the folder made.
  let other: Promise<void> | undefined;
  let stopping = false;
  const interrupted = (signal: NodeJS.Signals): void => {
    stopping = true;
    // What writes alongside (on another thread) must be done before the folder goes, or it would
    // make it again; a writer that hangs gets two seconds. A second Ctrl+C stops at once.
    const wait = new Promise<void>((resolve) => setTimeout(resolve, 2000));
    void Promise.race([other?.catch(() => undefined), wait]).then(() => {
      rmSync(staging, { recursive: true, force: true, maxRetries: 5 });
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  // Once interrupted, the handler ends the process: nothing is swapped in, and no error is reported.
  const stopped = (): Promise<never> => new Promise<never>(() => undefined);
  try {
    removeAbandoned(parent, path.basename(outDir));
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging);
    other = alongside?.(staging);
    // Files may be produced lazily (pages are rendered as they are written), so folders are made on the way.
    writeFilesInto(staging, files, store);
    for (const file of copies) {
      const target = outputTarget(staging, file.path);
      mkdirSync(path.dirname(target), { recursive: true });
      copyFileSync(file.from, target);
    }
    await finish?.(staging, other ?? Promise.resolve());
    await other;
    // Pages are written without yielding: a signal that came meanwhile is handled here, before the swap.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (stopping) return stopped();
    // From here to the swap nothing yields: no signal handler runs between the renames. The previous
    // output is set aside whole before folders are moved out of it: a kill from here to the swap leaves
    // no output folder (as between the two renames of any swap), never one missing some of its folders.
    const folders = carry?.() ?? [];
    if (existsSync(outDir)) renameSync(outDir, retired);
    moveCarried(retired, staging, folders, outDir);
  } catch (error) {
    if (stopping) return stopped();
    // Whatever writes alongside must be done before the folder goes, or it would make it again.
    await other?.catch(() => undefined);
    rmSync(staging, { recursive: true, force: true });
    throw error;
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
  if (stopping) return stopped();
  renameSync(staging, outDir);
  // The new site is in place: a previous one that cannot be removed (files of another user) is left
  // for the next build, and said, not a failure of this one.
  let leftover: string | undefined;
  const removal = removeTree(retired).catch((error: unknown) => {
    leftover = `${retired} (${error instanceof Error ? error.message : String(error)})`;
  });
  try {
    swapped?.();
  } finally {
    await removal;
  }
  return { leftover };
}

/**
 * Moves folders of the previous output, set aside as `retired`, into the new one (`staging`), which
 * is swapped in at once. A move that fails (the folder removed meanwhile) puts back those moved and
 * the previous output where it was (`outDir`), and fails the build.
 */
function moveCarried(retired: string, staging: string, folders: readonly string[], outDir: string): void {
  if (folders.length === 0) return;
  const moved: string[] = [];
  try {
    for (const folder of folders) {
      renameSync(outputTarget(retired, folder), outputTarget(staging, folder));
      moved.push(folder);
    }
  } catch (error) {
    for (const folder of moved.reverse()) {
      try {
        renameSync(outputTarget(staging, folder), outputTarget(retired, folder));
      } catch {
        // Put back all that can be: what cannot is removed with the temporary folder.
      }
    }
    if (existsSync(retired)) renameSync(retired, outDir);
    const reason = error instanceof Error ? error.message : String(error);
    throw new CommandError(`${outDir} changed while the site was built (${reason}): the previous output is left as it was`, 'build again');
  }
}

/** Removes the temporary folders of builds of `outDir` that were killed (their process is gone). */
export function removeAbandonedBeside(outDir: string): void {
  removeAbandoned(path.dirname(outDir), path.basename(outDir));
}

function removeAbandoned(parent: string, base: string): void {
  const pattern = new RegExp(`^\\.${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(?:tmp|old)-(\\d+)$`);
  for (const name of readdirSync(parent)) {
    const pid = Number(pattern.exec(name)?.[1]);
    // The build writing this output holds its lock (folderLock.ts): another's folders are left over
    // from a build that is gone, even when its process id has since been given to another program.
    if (!pid || pid === process.pid) continue;
    try {
      rmSync(path.join(parent, name), { recursive: true, force: true });
    } catch {
      // Not ours to remove (another user's files): it stays, and this build goes on beside it.
    }
  }
}
