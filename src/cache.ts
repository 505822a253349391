import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MarkdownResult } from './markdown/types.ts';
import type { Reference } from './openapi/reference.ts';

/**
 * Work kept between builds: highlighted code blocks and parsed pages. Keys
 * hash everything the result depends on, including the engine build, so a
 * stale entry can only be missed, never used.
 */
export interface BuildCache {
  code: Map<string, string>;
  pages: Map<string, MarkdownResult>;
  /** The rendered API reference, keyed by the description's content and the options it was built with. */
  reference?: { key: string; value: Reference } | undefined;
}

interface CacheFile {
  engine: string;
  code: Record<string, string>;
  pages: Record<string, MarkdownResult>;
  reference?: { key: string; value: Reference };
}

const FILE = 'cache-v1.json';

export function emptyCache(): BuildCache {
  return { code: new Map(), pages: new Map() };
}

export function loadCache(dir: string, engine: string): BuildCache {
  try {
    const data = JSON.parse(readFileSync(path.join(dir, FILE), 'utf8')) as CacheFile;
    if (data.engine !== engine) return emptyCache();
    return { code: new Map(Object.entries(data.code)), pages: new Map(Object.entries(data.pages)), reference: data.reference };
  } catch {
    return emptyCache();
  }
}

/** Keeps only the entries this build used, so the cache never grows without bound. */
export function saveCache(dir: string, engine: string, cache: BuildCache, used: { code: Set<string>; pages: Set<string> }): void {
  const data: CacheFile = {
    engine,
    code: Object.fromEntries([...cache.code].filter(([key]) => used.code.has(key))),
    pages: Object.fromEntries([...cache.pages].filter(([key]) => used.pages.has(key))),
    ...(cache.reference ? { reference: cache.reference } : {}),
  };
  mkdirSync(dir, { recursive: true });
  const temp = path.join(dir, `${FILE}.${process.pid}`);
  writeFileSync(temp, JSON.stringify(data));
  renameSync(temp, path.join(dir, FILE));
}

export function hashOf(...parts: string[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url');
}
