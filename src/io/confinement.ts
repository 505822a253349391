import { lstatSync, readFileSync, realpathSync } from 'node:fs';
import { UserError } from '../errors.ts';
import path from 'node:path';

/**
 * What a build may read and where it may write. Pages and API descriptions
 * are untrusted input (builds run on pull requests, and their previews are
 * published): whatever they name (an image, a linked page, a `$ref`, a file
 * of `static/` reached through a symbolic link) must lie, with every symbolic
 * link followed, inside a folder the build reads from; and every file the
 * build writes must lie inside its output folder. Readers and writers ask
 * here rather than checking paths themselves, so the rule is one rule.
 */
export interface Confinement {
  /** The folders reading is allowed under, as given (for messages). */
  readonly roots: readonly string[];
  /** Where a file stands: inside (with its real path), outside, or missing (and inside as far as its name says). */
  locate(file: string): Located;
}

export type Located = { status: 'inside'; real: string } | { status: 'outside'; real: string | undefined } | { status: 'missing' };

/** Whether `file` is `dir` or lies under it, by name (no file system access). */
export function isWithin(dir: string, file: string): boolean {
  const relative = path.relative(dir, file);
  return relative === '' || (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative));
}

/**
 * The first folder from `root` (left out) down to `dir` that is a symbolic link, if any: a folder
 * (a store, a cache) reached through one would have its clean-up delete files where it leads.
 */
export function linkOnTheWay(root: string, dir: string): string | undefined {
  const rel = path.relative(root, dir);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return dir;
  let at = root;
  for (const part of rel.split(path.sep).filter(Boolean)) {
    at = path.join(at, part);
    if (lstatSync(at, { throwIfNoEntry: false })?.isSymbolicLink() === true) return at;
  }
  return undefined;
}

function realOrSelf(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return path.resolve(dir);
  }
}

export function createConfinement(roots: readonly string[]): Confinement {
  const resolved = roots.map((root) => path.resolve(root));
  const real = resolved.map(realOrSelf);
  return {
    roots: resolved,
    locate(file) {
      const absolute = path.resolve(file);
      // Outside by its very name: answered without touching the file, so a page cannot even learn whether it exists.
      if (!resolved.some((root) => isWithin(root, absolute))) return { status: 'outside', real: undefined };
      let target: string;
      try {
        target = realpathSync(absolute);
      } catch {
        return { status: 'missing' };
      }
      return real.some((root) => isWithin(root, target)) ? { status: 'inside', real: target } : { status: 'outside', real: target };
    },
  };
}

/** The roots of a confinement as a reader sees them: relative to the project when they lie in it. */
export function describeRoots(confinement: Confinement, projectRoot: string): string {
  return confinement.roots.map((root) => (isWithin(projectRoot, root) ? path.relative(projectRoot, root) || '.' : root)).join(', ');
}

/**
 * Where a file of the site is written: `rel` must be a plain relative path
 * (no `..` or empty segment, no backslash, no control character) that stays
 * inside `dir`. Routes and asset names are checked where they are made, with
 * the author's file and line; this is the last line of defence, so a mistake
 * anywhere else still cannot write outside the output folder.
 */
export function outputTarget(dir: string, rel: string): string {
  const segments = rel.split('/');
  const unsafe =
    rel.length === 0 ||
    rel.startsWith('/') ||
    /[\\\u0000-\u001f\u007f]/.test(rel) ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..');
  const target = path.join(dir, rel);
  // The plain prefix first: path.relative, for each of thousands of files, cost more than writing some.
  if (unsafe || !(target.startsWith(`${dir}${path.sep}`) || isWithin(dir, target))) throw new Error(`refused to write ${JSON.stringify(rel)}: it is not a plain path inside the output folder ${dir}`);
  return target;
}

/**
 * A file's text, when the file (symbolic links followed) lies inside the
 * confinement's folders: a configuration or category file that is a link to
 * a file elsewhere is an error at the link, and is not read.
 */
export function readInside(confinement: Confinement, file: string, what: string): string {
  const located = confinement.locate(file);
  if (located.status === 'outside') {
    throw new UserError(`${what} is a symbolic link to a file outside the folders the build reads`, { location: { file }, hint: 'replace the link with a copy of the file' });
  }
  return readFileSync(located.status === 'inside' ? located.real : file, 'utf8');
}
