import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeEntry, emptyCache, encodeEntry, loadCache, saveCache } from '../../src/cache.ts';

const dirs: string[] = [];
function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mapsdocs-cache-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const none = { code: new Set<string>(), pages: new Set<string>(), api: new Set<string>(), diagrams: new Set<string>() };
const html = (text: string) => ({ html: `<p>${text}</p>` }) as never;
/** Every entry file under the cache folder, with its inode (a file written again, through a rename, has a new one). */
const entries = (dir: string): Map<string, bigint> =>
  new Map(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => [path.relative(dir, path.join(e.parentPath, e.name)), statSync(path.join(e.parentPath, e.name), { bigint: true }).ino]),
  );

describe('the build cache on disk', () => {
  it('gives the next build what this one used, and nothing else', () => {
    const dir = folder();
    const cache = emptyCache();
    cache.pages.set('a', html('a'));
    cache.pages.set('b', html('b'));
    cache.code.set('c', '<pre>c</pre>');
    saveCache(dir, 'engine-1', cache, { ...none, pages: new Set(['a']), code: new Set(['c']) });
    const next = loadCache(dir, 'engine-1');
    expect([...next.pages.keys()]).toEqual(['a']);
    expect(next.pages.get('a')).toEqual(html('a'));
    expect(next.code.get('c')).toBe('<pre>c</pre>');
  });

  it('writes only the entries a build added, and deletes those it no longer used', () => {
    const dir = folder();
    const cache = emptyCache();
    for (const key of ['a', 'b', 'c']) cache.pages.set(key, html(key));
    saveCache(dir, 'engine-1', cache, { ...none, pages: new Set(['a', 'b', 'c']) });
    const before = entries(dir);
    const next = loadCache(dir, 'engine-1');
    next.pages.set('d', html('d'));
    saveCache(dir, 'engine-1', next, { ...none, pages: new Set(['a', 'b', 'd']) });
    const after = entries(dir);
    expect(after.size).toBe(3);
    const kept = [...after].filter(([file, ino]) => before.get(file) === ino);
    expect(kept).toHaveLength(2);
    expect([...loadCache(dir, 'engine-1').pages.keys()].sort()).toEqual(['a', 'b', 'd']);
  });

  it('is empty for another engine, whose entries a save removes', () => {
    const dir = folder();
    const cache = emptyCache();
    cache.pages.set('a', html('a'));
    saveCache(dir, 'engine-1', cache, { ...none, pages: new Set(['a']) });
    const other = loadCache(dir, 'engine-2');
    expect(other.pages.size).toBe(0);
    saveCache(dir, 'engine-2', other, none);
    expect(loadCache(dir, 'engine-1').pages.size).toBe(0);
  });

  it('takes a damaged or misplaced entry as a miss, never as an error or under another key', () => {
    const dir = folder();
    const cache = emptyCache();
    cache.pages.set('a', html('a'));
    cache.pages.set('b', html('b'));
    saveCache(dir, 'engine-1', cache, { ...none, pages: new Set(['a', 'b']) });
    const files = [...entries(dir).keys()].map((rel) => path.join(dir, rel));
    writeFileSync(files[0] ?? '', '{"cut short');
    // An entry copied under another entry's name holds a key whose hash is not that name.
    writeFileSync(files[1] ?? '', JSON.stringify(['z', html('z')]));
    expect(loadCache(dir, 'engine-1').pages.size).toBe(0);
  });

  it('removes the caches of earlier engines (the single file, the folder of V8 entries)', () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'cache-v1.json'), '{}');
    mkdirSync(path.join(dir, 'cache-v2', 'abc', 'pages'), { recursive: true });
    writeFileSync(path.join(dir, 'cache-v2', 'abc', 'pages', 'x.v8'), 'x');
    saveCache(dir, 'engine-1', emptyCache(), none);
    expect(existsSync(path.join(dir, 'cache-v1.json'))).toBe(false);
    expect(existsSync(path.join(dir, 'cache-v2'))).toBe(false);
  });

  describe('an entry', () => {
    // Long enough to be stored out of line, with text V8 would store two bytes a character (→, emoji).
    const long = `<p>${'MQTT → AMQP 🚀 é '.repeat(400)}</p>`;

    it('gives back its value, a long text field decoded only when first read', () => {
      const value = { html: long, h1: 'Intro', headings: [{ depth: 2, text: 'A', id: 'a', line: 3 }], hasMermaid: false };
      const decoded = decodeEntry(encodeEntry('key', value));
      expect(decoded?.[0]).toBe('key');
      const loaded = decoded?.[1] as typeof value;
      expect(typeof Object.getOwnPropertyDescriptor(loaded, 'html')?.get).toBe('function');
      expect(loaded).toEqual(value);
      expect(JSON.stringify(loaded)).toBe(JSON.stringify(value));
      expect({ ...loaded }).toEqual(value);
    });

    it('stores short text, text with a lone surrogate (which UTF-8 cannot hold) and values that are not records as they are', () => {
      const lone = `${long}\ud800`;
      for (const value of [{ html: '<p>short</p>' }, { html: lone }, long, ['a', long], 42, null]) {
        expect(decodeEntry(encodeEntry('k', value))?.[1]).toEqual(value);
      }
      expect((decodeEntry(encodeEntry('k', { html: lone }))?.[1] as { html: string }).html).toBe(lone);
    });

    it('is a miss when cut short, lengthened, or its head names more text than follows', () => {
      const bytes = encodeEntry('k', { html: long });
      expect(decodeEntry(bytes.subarray(0, bytes.length - 1))).toBeUndefined();
      expect(decodeEntry(Buffer.concat([bytes, Buffer.from('x')]))).toBeUndefined();
      expect(decodeEntry(bytes.subarray(0, 3))).toBeUndefined();
      const head = Buffer.alloc(4);
      head.writeUInt32LE(bytes.length, 0);
      expect(decodeEntry(Buffer.concat([head, bytes.subarray(4)]))).toBeUndefined();
    });

    it('is a miss when a byte of it changed in place (its head or its text), never a value with other text in it', () => {
      const bytes = encodeEntry('k', { html: long, h1: 'Intro' });
      for (const at of [30, bytes.length - 10]) {
        const changed = Buffer.from(bytes);
        changed[at] = (changed[at] ?? 0) ^ 0x20;
        expect(decodeEntry(changed), `byte ${at}`).toBeUndefined();
      }
      expect(decodeEntry(Buffer.from(bytes))).toBeDefined();
    });

    it('keeps its text across a save and a load, unread until a build asks for it', () => {
      const dir = folder();
      const cache = emptyCache();
      cache.pages.set('a', { html: long, h1: 'A' } as never);
      saveCache(dir, 'engine-1', cache, { ...none, pages: new Set(['a']) });
      const page = loadCache(dir, 'engine-1').pages.get('a');
      expect(typeof Object.getOwnPropertyDescriptor(page, 'html')?.get).toBe('function');
      expect(page?.html).toBe(long);
      expect(page?.h1).toBe('A');
    });
  });

  it('writes an entry again where something else took its place (a folder, a link)', () => {
    const dir = folder();
    const cache = emptyCache();
    cache.pages.set('a', html('a'));
    cache.pages.set('b', html('b'));
    saveCache(dir, 'engine-1', cache, { ...none, pages: new Set(['a', 'b']) });
    const [first, second] = [...entries(dir).keys()].map((rel) => path.join(dir, rel));
    rmSync(first ?? '');
    mkdirSync(path.join(first ?? '', 'inside'), { recursive: true });
    rmSync(second ?? '');
    symlinkSync('/etc/hostname', second ?? '');
    const next = loadCache(dir, 'engine-1');
    expect(next.pages.size).toBe(0);
    next.pages.set('a', html('a'));
    next.pages.set('b', html('b'));
    saveCache(dir, 'engine-1', next, { ...none, pages: new Set(['a', 'b']) });
    expect([...loadCache(dir, 'engine-1').pages.keys()].sort()).toEqual(['a', 'b']);
  });
});
