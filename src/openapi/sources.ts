import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface DescriptionSource {
  file: string;
  /** Undefined when the file cannot be read (the build reports that where the `$ref` is written). */
  text: string | undefined;
}

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
  const sources: DescriptionSource[] = [];
  const seen = new Set<string>([path.resolve(file)]);
  const queue = [path.resolve(file)];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    let text: string | undefined;
    try {
      text = readFileSync(next, 'utf8');
    } catch {
      text = undefined;
    }
    sources.push({ file: next, text });
    if (text === undefined || !text.includes('$ref')) continue;
    for (const match of text.matchAll(REF)) {
      const local = localFileOfRef(match[1] ?? '', next);
      if (local === undefined || seen.has(local)) continue;
      seen.add(local);
      queue.push(local);
    }
  }
  return sources;
}
