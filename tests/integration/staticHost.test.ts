import { readFileSync, readdirSync, statSync } from 'node:fs';
import { request, type Server } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/commands/build.ts';
import { serve } from '../../src/commands/serve.ts';
import { COMPRESSED_TYPES, MIN_BYTES } from '../../src/emit/precompress.ts';
import { cacheControlFor, IMMUTABLE } from '../../src/serve/cachePolicy.ts';
import { silentReporter } from '../../src/util/task.ts';
import { FIXTURES, tempProject } from '../helpers/tempSite.ts';

/** `mapsdocs serve` as a real static host would answer: compressed, with caching headers and 304s; and the same policy in `_headers`. */
const project = tempProject({ fixture: 'basic' });
const dist = path.join(project.root, 'dist');
let server: Server;
let base = '';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(target: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(target, base), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => (statSync(path.join(dir, name)).isDirectory() ? walk(path.join(dir, name)) : [path.join(dir, name)]));
}

beforeAll(async () => {
  await build({ root: project.root, openapi: path.join(FIXTURES, 'openapi', 'small.yaml'), reporter: silentReporter });
  ({ server, url: base } = await serve({ dir: dist, port: 0 }));
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  project.cleanup();
});

const file = (rel: string): Buffer => readFileSync(path.join(dist, rel));
const cssPath = (): string => `/assets/css/${readdirSync(path.join(dist, 'assets/css'))[0] ?? ''}`;

describe('compression', () => {
  it('sends the brotli copy to a browser that takes brotli, gzip to one that takes only gzip, the file itself otherwise', async () => {
    const original = file('docs/api/reference.html');
    const br = await get('/docs/api/reference', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(br.headers['content-type']).toBe('text/html;charset=utf-8');
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);
    expect(br.body.length).toBeLessThan(original.length / 4);
    const gz = await get('/docs/api/reference', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(original)).toBe(true);
    const plain = await get('/docs/api/reference');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
    const css = await get(cssPath(), { 'Accept-Encoding': 'br' });
    expect([css.headers['content-encoding'], css.headers['content-type']]).toEqual(['br', 'text/css']);
  });

  it('never sends a coding the browser refuses with a weight of 0, and takes * for any', async () => {
    const original = file('docs/intro.html');
    const encoding = async (accept: string): Promise<string | undefined> => {
      const response = await get('/docs/intro', { 'Accept-Encoding': accept });
      const coding = response.headers['content-encoding'];
      const body = coding === 'br' ? brotliDecompressSync(response.body) : coding === 'gzip' ? gunzipSync(response.body) : response.body;
      expect(body.equals(original), accept).toBe(true);
      return typeof coding === 'string' ? coding : undefined;
    };
    expect(await encoding('br;q=0, gzip')).toBe('gzip');
    expect(await encoding('gzip;q=0.5, br;q=0.0')).toBe('gzip');
    expect(await encoding('BR;Q=0, GZIP;Q=0')).toBeUndefined();
    expect(await encoding('*')).toBe('br');
    expect(await encoding('*, br;q=0')).toBe('gzip');
    expect(await encoding('*;q=0, identity')).toBeUndefined();
    expect(await encoding('identity')).toBeUndefined();
  });

  it('builds a gzip and a brotli copy of every HTML, CSS, JavaScript and JSON file of 1 KB or more, and of no other', () => {
    const files = walk(dist).map((f) => path.relative(dist, f));
    const originals = files.filter((f) => !/\.(?:gz|br)$/.test(f));
    for (const rel of originals) {
      const due = COMPRESSED_TYPES.test(rel) && statSync(path.join(dist, rel)).size >= MIN_BYTES;
      expect(files.includes(`${rel}.gz`) && files.includes(`${rel}.br`), rel).toBe(due);
      if (due) expect(gunzipSync(file(`${rel}.gz`)).equals(file(rel)) && brotliDecompressSync(file(`${rel}.br`)).equals(file(rel)), rel).toBe(true);
    }
    expect(originals.filter((f) => files.includes(`${f}.br`)).map((f) => path.extname(f)).sort()).toEqual(expect.arrayContaining(['.css', '.html', '.js', '.json']));
  });
});

describe('caching', () => {
  it('lets browsers keep hashed assets for a year, and has them ask again for pages and the search metadata', async () => {
    expect((await get(cssPath())).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const script = readdirSync(path.join(dist, 'assets/js')).find((f) => f.startsWith('main.'));
    expect((await get(`/assets/js/${script}`)).headers['cache-control']).toBe(IMMUTABLE);
    for (const target of ['/', '/docs/intro', '/docs/api/reference', '/search-index/meta.json', '/sitemap.xml', '/no/such/page']) {
      expect((await get(target)).headers['cache-control'], target).toBe('no-cache');
    }
  });

  it('answers with an ETag and Last-Modified, and a 304 without a body when the copy a browser holds is current', async () => {
    const first = await get('/docs/intro', { 'Accept-Encoding': 'br' });
    const etag = String(first.headers['etag']);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(new Date(String(first.headers['last-modified'])).getTime()).toBeGreaterThan(0);
    const again = await get('/docs/intro', { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['cache-control']).toBe('no-cache');
    expect((await get('/docs/intro', { 'Accept-Encoding': 'br', 'If-None-Match': 'W/"stale"' })).status).toBe(200);
  });

  it('answers If-Modified-Since with a 304 when the page has not changed since, and in full when it has', async () => {
    const first = await get('/docs/intro', { 'Accept-Encoding': 'br' });
    const modified = String(first.headers['last-modified']);
    const again = await get('/docs/intro', { 'Accept-Encoding': 'br', 'If-Modified-Since': modified });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['cache-control']).toBe('no-cache');
    expect((await get('/docs/intro', { 'If-Modified-Since': new Date(Date.parse(modified) - 3_600_000).toUTCString() })).status).toBe(200);
    expect((await get('/docs/intro', { 'If-Modified-Since': 'not a date' })).status).toBe(200);
  });
});

describe('the _headers file', () => {
  /** A rule's pattern as Netlify and Cloudflare Pages read it: a path, or a path ending in a splat. */
  const matches = (pattern: string, pathname: string): boolean => (pattern.endsWith('*') ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern);

  function rules(): { pattern: string; headers: [string, string][] }[] {
    const parsed: { pattern: string; headers: [string, string][] }[] = [];
    for (const line of file('_headers').toString('utf8').split('\n')) {
      if (line.startsWith('#') || line.trim() === '') continue;
      if (line.startsWith('/')) parsed.push({ pattern: line.trim(), headers: [] });
      else parsed.at(-1)?.headers.push([line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()]);
    }
    return parsed;
  }

  it("states serve's policy for every file and route of the output, with one Cache-Control per path (hosts join the values of rules that overlap)", () => {
    const all = rules();
    const paths = walk(dist)
      .map((f) => `/${path.relative(dist, f)}`)
      .filter((p) => !/\.(?:gz|br)$/.test(p) && p !== '/_headers');
    const routes = paths.filter((p) => p.endsWith('.html')).map((p) => p.replace(/(?:index)?\.html$/, ''));
    expect(routes).toEqual(expect.arrayContaining(['/', '/docs/intro', '/markdown-page']));
    for (const pathname of [...paths, ...routes]) {
      const values = all.filter((r) => matches(r.pattern, pathname)).flatMap((r) => r.headers.filter(([name]) => name === 'Cache-Control').map(([, value]) => value));
      expect(values, pathname).toEqual([cacheControlFor(pathname)]);
    }
    expect(all.find((r) => r.pattern === '/*')?.headers).toEqual([['X-Content-Type-Options', 'nosniff']]);
  });

  it('is not served, as hosts do not serve it', async () => {
    expect((await get('/_headers')).status).toBe(404);
  });
});
