import { lstatSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { isRecorded, type RecordedBuild } from './upToDate.ts';

/**
 * Pages a build takes from the output of the last one instead of rendering
 * them again: a page whose view (and the site view, templates and engine) is
 * what the last build rendered, and whose file is still as that build wrote
 * it (same size and modification time). After one edit, a site with several
 * docs versions renders the few pages that changed, not every version again.
 */
export interface PageReuse {
  /** The last build's copy of this output file (absolute), when it was rendered from `key` and is untouched since. */
  kept(file: string, key: string): string | undefined;
  /** What this build rendered each output file from, for the next build. */
  readonly keys: Map<string, string>;
  /** The digest of the contents of a page taken from the last output (as the last build recorded it). */
  digestOf(file: string): string | undefined;
}

export function pageReuseFrom(outDir: string, last: RecordedBuild | undefined): PageReuse {
  const keys = new Map<string, string>();
  const written = new Map((last?.files ?? []).map((record) => [record[0].split(path.sep).join('/'), record]));
  const previous = new Map(Object.entries(last?.pageKeys ?? {}));
  const digests = new Map(Object.entries(last?.digests ?? {}));
  const taken = new Set<string>();
  // Whether a folder of the output is where it seems: a folder of it, not a link to one elsewhere.
  const real = new Map<string, boolean>();
  let realOut: string | undefined;
  const inside = (rel: string): boolean => {
    let known = real.get(rel);
    if (known === undefined) {
      try {
        realOut ??= realpathSync(outDir);
        known = realpathSync(path.join(outDir, rel)) === path.join(realOut, rel);
      } catch {
        known = false;
      }
      real.set(rel, known);
    }
    return known;
  };
  return {
    keys,
    digestOf: (file) => (taken.has(file) ? digests.get(file) : undefined),
    kept(file, key) {
      keys.set(file, key);
      if (previous.get(file) !== key) return undefined;
      const was = written.get(file);
      if (was === undefined || !inside(path.dirname(file))) return undefined;
      try {
        const full = path.join(outDir, file);
        // Not through a link: the output holds none of its own, and one put there must not lead the build elsewhere.
        const stat = lstatSync(full);
        // Changed by anyone since (even to the same size and time): rendered again, never trusted.
        // One link only, as every page a build leaves has: a second name would be a file put there from elsewhere.
        if (stat.nlink !== 1 || !isRecorded(stat, was)) return undefined;
        taken.add(file);
        return full;
      } catch {
        return undefined;
      }
    },
  };
}
