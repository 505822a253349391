import { readFileSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { createConfinement, type Confinement } from '../io/confinement.ts';

export interface DescriptionSource {
  file: string;
  /** Undefined when the file cannot be read, or may not be (the build reports that where the `$ref` is written). */
  text: string | undefined;
  /** Set when a `$ref` names this file outside the description's folder: it is not read. */
  outside?: { from: string; ref: string };
  /** The file as it was just before it was read: a write since moves its times (see upToDate.ts). */
  stat?: Stats;
}

/** The folder a description's `$ref`s may read from: the description's own folder and what lies under it. */
export function descriptionConfinement(file: string): Confinement {
  return createConfinement([path.dirname(path.resolve(file))]);
}

/** More files than any description is split into: past this the walk stops (a generated loop of file names, say). */
export const MAX_DESCRIPTION_FILES = 2000;

/** `$ref: value`, `"$ref": "value"` or `'$ref': 'value'`, in YAML block or flow style or JSON; not a value starting with `#` (the same file). */
const REF = /["']?\$ref["']?[ \t]*:[ \t]*["']?([^"'#\s,}\]][^"'\s,}\]]*)/g;
/** A value with a scheme (http:, https:, urn:...): not a local file. A Windows drive letter is one character. */
const SCHEME = /^[a-z][a-z0-9+.-]+:/i;

/** The local file a `$ref` value names, or undefined for a pointer into the same file or a remote URL. */
export function localFileOfRef(ref: string, from: string): string | undefined {
  const target = ref.split('#')[0] ?? '';
  if (target === '' || SCHEME.test(target)) return undefined;
  let decoded = target;
  try {
    decoded = decodeURI(target);
  } catch {
    // A malformed escape: the validator names it; the file is looked up as written.
  }
  return path.resolve(path.dirname(from), decoded);
}

/**
 * The description's file and every local file its `$ref`s reach, transitively.
 * They are found by scanning each file's text, not by parsing it: this runs at
 * every build to key cached work (~1 ms on the MAPS description, ~15 ms on
 * Stripe's 6 MB one, mostly reading it), and a `$ref` that only looks like one,
 * in a description's prose, costs no more than one more file in the key.
 */
export function descriptionSources(file: string): DescriptionSource[] {
  const confinement = descriptionConfinement(file);
  const sources: DescriptionSource[] = [];
  const seen = new Set<string>([path.resolve(file)]);
  const queue: { file: string; outside?: DescriptionSource['outside'] }[] = [{ file: path.resolve(file) }];
  for (let next = queue.shift(); next !== undefined && sources.length < MAX_DESCRIPTION_FILES; next = queue.shift()) {
    if (next.outside) {
      sources.push({ file: next.file, text: undefined, outside: next.outside });
      continue;
    }
    let text: string | undefined;
    let stat: Stats | undefined;
    try {
      stat = statSync(next.file);
      text = readFileSync(next.file, 'utf8');
    } catch {
      text = undefined;
    }
    sources.push({ file: next.file, text, ...(text !== undefined && stat !== undefined ? { stat } : {}) });
    if (text === undefined || !text.includes('$ref')) continue;
    for (const match of text.matchAll(REF)) {
      const ref = match[1] ?? '';
      const local = localFileOfRef(ref, next.file);
      if (local === undefined || seen.has(local)) continue;
      seen.add(local);
      // Not read at all when outside, symbolic links followed: the build reports the $ref instead.
      queue.push(confinement.locate(local).status !== 'outside' ? { file: local } : { file: local, outside: { from: next.file, ref } });
    }
  }
  return sources;
}
