import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { linkOnTheWay } from './io/confinement.ts';
import type { DiagramResult } from './diagrams/mermaidSvg.ts';
import type { MarkdownResult } from './markdown/types.ts';
import type { ApiChangeSet } from './openapi/changes.ts';
import type { Reference } from './openapi/reference.ts';
import { readRegularFile } from './io/readRegular.ts';
import { defineLazyText } from './util/lazyText.ts';

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
  /** The entries the cache folder holds as they are here (`section\0key`): a save need not write them again. */
  onDisk: Set<string>;
}

/** The sections of the cache, each a folder of entries. */
const SECTIONS = ['code', 'pages', 'references', 'changes', 'diagrams'] as const;
type Section = (typeof SECTIONS)[number];

/**
 * One folder per engine build, one file per entry (named by a hash of its key): a build after an edit
 * writes the few entries it made and deletes the ones it no longer uses, where one file of every entry
 * cost it ~90 ms to write again (15 MB for a site with three docs versions). An entry is its key and
 * value in V8's serialization format (read in half the time of JSON; the folder's name covers the V8
 * version, whose format it is), but for the value's long text fields (a page's HTML, a reference's),
 * which follow it as UTF-8 and are decoded when first read (see util/lazyText.ts): a build after an
 * edit reads most pages' parses and renders few of them. In V8's format that HTML was two bytes a
 * character, and deserializing it cost a three-version build ~35 ms.
 */
const ROOT = 'cache-v3';
/** The caches of earlier engines, removed when found. */
const OLD = ['cache-v1.json', 'cache-v2'];
/** Text fields from this length on are stored after the entry. */
const OUT_OF_LINE_CHARS = 4096;

const entryName = (key: string): string => `${createHash('sha1').update(key).digest('hex')}.v8`;
const engineDir = (dir: string, engine: string): string => path.join(dir, ROOT, createHash('sha1').update(`${engine}\0${process.versions.v8}`).digest('hex').slice(0, 16));

export function emptyCache(): BuildCache {
  return { code: new Map(), pages: new Map(), references: new Map(), changes: new Map(), diagrams: new Map(), onDisk: new Set() };
}

export function loadCache(dir: string, engine: string): BuildCache {
  const cache = emptyCache();
  const { onDisk } = cache;
  const root = engineDir(dir, engine);
  for (const section of SECTIONS) {
    const folder = path.join(root, section);
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      continue;
    }
    const map = cache[section] as Map<string, unknown>;
    for (const name of names) {
      try {
        // An entry cut short or written by hand is a miss, never an error: the work is done again.
        const entry = decodeEntry(readRegularFile(path.join(folder, name)));
        if (entry === undefined || entryName(entry[0]) !== name) continue;
        map.set(entry[0], entry[1]);
        onDisk.add(`${section}\0${entry[0]}`);
      } catch {
        continue;
      }
    }
  }
  return cache;
}

/** Keeps only the entries this build used, so the cache never grows without bound. */
export function saveCache(dir: string, engine: string, cache: BuildCache, used: { code: Set<string>; pages: Set<string>; api: Set<string>; diagrams: Set<string> }): void {
  const usedIn: Record<Section, Set<string>> = { code: used.code, pages: used.pages, references: used.api, changes: used.api, diagrams: used.diagrams };
  const { onDisk } = cache;
  const root = engineDir(dir, engine);
  for (const section of SECTIONS) {
    const folder = path.join(root, section);
    mkdirSync(folder, { recursive: true });
    // Entries are pruned below: never in a folder a link leads to.
    const link = linkOnTheWay(dir, folder);
    if (link !== undefined) throw new Error(`${link} is a symbolic link`);
    const keep = new Set<string>();
    for (const [key, value] of cache[section] as Map<string, unknown>) {
      if (!usedIn[section].has(key)) continue;
      const name = entryName(key);
      keep.add(name);
      const id = `${section}\0${key}`;
      if (onDisk.has(id) && lstatSync(path.join(folder, name), { throwIfNoEntry: false })?.isFile() === true) continue;
      // Written whole, then renamed: a build stopped halfway leaves no entry cut short.
      const temp = path.join(folder, `.${name}.${process.pid}`);
      writeFileSync(temp, encodeEntry(key, value));
      // Whatever is in the way (a folder, a link) is not an entry: it goes.
      if (!lstatSync(path.join(folder, name), { throwIfNoEntry: false })?.isFile()) rmSync(path.join(folder, name), { recursive: true, force: true });
      renameSync(temp, path.join(folder, name));
      onDisk.add(id);
    }
    for (const name of readdirSync(folder)) {
      if (keep.has(name)) continue;
      rmSync(path.join(folder, name), { recursive: true, force: true });
    }
    for (const id of onDisk) if (id.startsWith(`${section}\0`) && !usedIn[section].has(id.slice(section.length + 1))) onDisk.delete(id);
  }
  // Other engines' entries can never be used again.
  for (const name of readdirSync(path.join(dir, ROOT))) if (path.join(dir, ROOT, name) !== root) rmSync(path.join(dir, ROOT, name), { recursive: true, force: true });
  for (const old of OLD) rmSync(path.join(dir, old), { recursive: true, force: true });
}

const LONE_SURROGATE = /\p{Cs}/u;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

/** Where an entry's body starts: after the length of its head (4 bytes) and the SHA-1 of the body (20). */
const BODY = 24;

/**
 * An entry's file: the length of its head (4 bytes), the SHA-1 of the rest (20), the head (`[key, value without its long text
 * fields, [field, bytes][]]` in V8's format), then each of those fields as UTF-8. Only well-formed
 * text goes out of line (UTF-8 cannot hold a lone surrogate).
 */
export function encodeEntry(key: string, value: unknown): Buffer {
  const texts: Buffer[] = [];
  const fields: [string, number][] = [];
  let inline = value;
  if (isRecord(value)) {
    const rest: Record<string, unknown> = {};
    for (const [field, text] of Object.entries(value)) {
      if (typeof text === 'string' && text.length >= OUT_OF_LINE_CHARS && !LONE_SURROGATE.test(text)) {
        const bytes = Buffer.from(text, 'utf8');
        texts.push(bytes);
        fields.push([field, bytes.length]);
        // Left in place, empty: the field is defined again where it was, and the value keeps its order (JSON, keys).
        rest[field] = '';
      } else rest[field] = text;
    }
    inline = rest;
  }
  const head = serialize([key, inline, fields]);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(head.length, 0);
  const body = Buffer.concat([head, ...texts]);
  return Buffer.concat([length, createHash('sha1').update(body).digest(), body]);
}

/** An entry's key and value, its long text fields decoded when first read; undefined for a file that is not one (cut short, written by hand). */
export function decodeEntry(bytes: Buffer): [string, unknown] | undefined {
  if (bytes.length < BODY) return undefined;
  const headEnd = BODY + bytes.readUInt32LE(0);
  if (headEnd > bytes.length) return undefined;
  // Bytes changed in place (a disk's fault, an editor) are a miss too, not a page with other text in it.
  if (!createHash('sha1').update(bytes.subarray(BODY)).digest().equals(bytes.subarray(4, BODY))) return undefined;
  const entry = deserialize(bytes.subarray(BODY, headEnd)) as unknown;
  if (!Array.isArray(entry) || entry.length !== 3 || typeof entry[0] !== 'string' || !Array.isArray(entry[2])) return undefined;
  const [key, value, fields] = entry as [string, unknown, unknown[]];
  if (fields.length > 0 && !isRecord(value)) return undefined;
  let at = headEnd;
  for (const field of fields) {
    if (!Array.isArray(field) || typeof field[0] !== 'string' || !Number.isSafeInteger(field[1]) || (field[1] as number) < 0 || at + (field[1] as number) > bytes.length) return undefined;
    const text = bytes.subarray(at, at + (field[1] as number));
    at += field[1] as number;
    defineLazyText(value as object, field[0], () => text.toString('utf8'));
  }
  return at === bytes.length ? [key, value] : undefined;
}

export function hashOf(...parts: string[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url');
}
