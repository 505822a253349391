import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DiagramResult } from './diagrams/mermaidSvg.ts';
import type { MarkdownResult } from './markdown/types.ts';
import type { ApiChangeSet } from './openapi/changes.ts';
import type { Reference } from './openapi/reference.ts';

/**
 * Work kept between builds: highlighted code blocks and parsed pages. Keys
 * hash everything the result depends on, including the engine build, so a
 * stale entry can only be missed, never used.
 */
export interface BuildCache {
  code: Map<string, string>;
  pages: Map<string, MarkdownResult>;
  /** Rendered API references (one per docs version with a description), keyed by the description's content and the options they were built with. */
  references: Map<string, Reference>;
  /** REST change sets between two descriptions, keyed by both references' keys. */
  changes: Map<string, ApiChangeSet>;
  /** Diagrams drawn at build time (or found not drawable), keyed by source and theme. */
  diagrams: Map<string, DiagramResult>;
}

interface CacheFile {
  engine: string;
  code: Record<string, string>;
  pages: Record<string, MarkdownResult>;
  references?: Record<string, Reference>;
  changes?: Record<string, ApiChangeSet>;
  diagrams?: Record<string, DiagramResult>;
}

const FILE = 'cache-v1.json';

export function emptyCache(): BuildCache {
  return { code: new Map(), pages: new Map(), references: new Map(), changes: new Map(), diagrams: new Map() };
}

export function loadCache(dir: string, engine: string): BuildCache {
  try {
    const data = JSON.parse(readFileSync(path.join(dir, FILE), 'utf8')) as CacheFile;
    if (data.engine !== engine) return emptyCache();
    return {
      code: new Map(Object.entries(data.code)),
      pages: new Map(Object.entries(data.pages)),
      references: new Map(Object.entries(data.references ?? {})),
      changes: new Map(Object.entries(data.changes ?? {})),
      diagrams: new Map(Object.entries(data.diagrams ?? {})),
    };
  } catch {
    return emptyCache();
  }
}

/** Keeps only the entries this build used, so the cache never grows without bound. */
export function saveCache(dir: string, engine: string, cache: BuildCache, used: { code: Set<string>; pages: Set<string>; api: Set<string>; diagrams: Set<string> }): void {
  const data: CacheFile = {
    engine,
    code: Object.fromEntries([...cache.code].filter(([key]) => used.code.has(key))),
    pages: Object.fromEntries([...cache.pages].filter(([key]) => used.pages.has(key))),
    references: Object.fromEntries([...cache.references].filter(([key]) => used.api.has(key))),
    changes: Object.fromEntries([...cache.changes].filter(([key]) => used.api.has(key))),
    diagrams: Object.fromEntries([...cache.diagrams].filter(([key]) => used.diagrams.has(key))),
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
