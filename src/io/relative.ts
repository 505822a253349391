import type { Dirent } from 'node:fs';
import path from 'node:path';

/**
 * Paths made by string operations in per-file loops: over a versioned site's thousands of output
 * files, path.join and path.relative cost as much as the system calls those loops make.
 */

/** `file` relative to `root`: the prefix cut where `file` lies under `root` as written, path.relative otherwise. */
export function relativeTo(root: string, file: string): string {
  const prefix = root.endsWith(path.sep) ? root : `${root}${path.sep}`;
  return file.startsWith(prefix) ? file.slice(prefix.length) : path.relative(root, file);
}

/** An entry of `readdirSync(root, { recursive: true, withFileTypes: true })`: its path, and that path relative to `root`. */
export function entryPaths(root: string, entry: Dirent): { file: string; rel: string } {
  const folder = entry.parentPath;
  const file = folder.endsWith(path.sep) ? `${folder}${entry.name}` : `${folder}${path.sep}${entry.name}`;
  return { file, rel: relativeTo(root, file) };
}

/** A relative path with `/` between its parts, whatever the platform's separator. */
export function withSlashes(rel: string): string {
  return path.sep === '/' ? rel : rel.split(path.sep).join('/');
}
