import { closeSync, lstatSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../errors.ts';

/**
 * One build at a time into a folder it writes: its output, and the build cache. Two builds of the same
 * output each swap in a complete site, but the one that finishes first would record (for its
 * up-to-date check and page reuse) the files of the other, made from other inputs; two builds sharing
 * a cache would prune the store entries the other is about to link. A build waits for the other; a
 * lock left by a process that is gone (killed) is taken over at once, which a process id allows and a
 * time-out would not.
 *
 * The lock is a file beside the folder (`.dist.lock`) holding the process id, made with O_EXCL.
 */
export interface FolderLock {
  release(): void;
}

const POLL_MS = 100;

export function lockFileOf(folder: string): string {
  return path.join(path.dirname(folder), `.${path.basename(folder)}.lock`);
}

function holderOf(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function tryTake(file: string): boolean {
  try {
    const fd = openSync(file, 'wx');
    try {
      writeSync(fd, String(process.pid));
    } finally {
      closeSync(fd);
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Whether process `pid` runs (as any user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether process `pid` runs a mapsdocs build, where the system says (Linux's /proc): a lock naming a
 * process id that another program (or `mapsdocs serve`, `dev`) has since been given, after a reboot
 * or in a container where ids are small, is not waited for. Elsewhere, any running process counts.
 */
function isBuild(pid: number): boolean {
  let args: string[];
  try {
    args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return true;
  }
  const engine = args.findIndex((arg) => arg.includes('mapsdocs'));
  return engine >= 0 && args.slice(engine + 1).includes('build');
}

/** Removes the lock if it still names `holder` (another build may have taken it meanwhile). */
function removeIf(file: string, holder: number | undefined): void {
  if (holderOf(file) !== holder) return;
  try {
    unlinkSync(file);
  } catch {
    // Removed by another build that saw it too.
  }
}

/**
 * Takes the lock of `folder`, waiting while another running build holds it (`waiting` is told its
 * process id once).
 */
export async function lockFolder(folder: string, waiting: (pid: number) => void): Promise<FolderLock> {
  const file = lockFileOf(folder);
  mkdirSync(path.dirname(file), { recursive: true });
  let told = false;
  let unreadable = 0;
  const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, POLL_MS));
  for (;;) {
    if (tryTake(file)) break;
    const kind = lstatSync(file, { throwIfNoEntry: false });
    // Never made by a build (a folder, a link): not removed, as nothing says whose it is.
    if (kind !== undefined && !kind.isFile()) throw new UsageError(`${file} is in the way of the build's lock file (it is not a file): remove it and build again`);
    const holder = holderOf(file);
    if (holder === process.pid) break;
    if (holder === undefined) {
      // Being written this instant (the next turn reads it whole), or left empty by a build killed
      // between making and writing it: after a second, that.
      if (++unreadable > 1000 / POLL_MS) removeIf(file, undefined);
      else await pause();
      continue;
    }
    if (!isRunning(holder) || !isBuild(holder)) {
      // Left by a build that is gone.
      removeIf(file, holder);
      continue;
    }
    if (!told) {
      waiting(holder);
      told = true;
    }
    await pause();
  }
  // Ended by a signal or process.exit (an interrupted build exits from its handler): the lock goes with it.
  const onExit = (): void => release();
  process.once('exit', onExit);
  let held = true;
  function release(): void {
    if (!held) return;
    held = false;
    process.off('exit', onExit);
    try {
      if (holderOf(file) === process.pid) unlinkSync(file);
    } catch {
      // Already gone: nothing to release.
    }
  }
  return { release };
}
