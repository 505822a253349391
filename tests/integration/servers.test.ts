import type { Server } from 'node:http';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/commands/build.ts';
import { dev, type DevServer } from '../../src/commands/dev.ts';
import { serve } from '../../src/commands/serve.ts';
import { silentReporter } from '../../src/util/task.ts';
import { cli } from '../helpers/cli.ts';
import { rawRequest } from '../helpers/rawHttp.ts';
import { tempProject } from '../helpers/tempSite.ts';

/**
 * Both servers get requests from anything that can reach them (a public
 * preview, or any web page a developer opens, for `dev` on localhost): every
 * malformed request gets a 4xx, the server keeps answering, and nothing
 * redirects off the site.
 */
const project = tempProject({ fixture: 'basic' });
// Files whose types a host must send right: an image and a font of static/.
mkdirSync(path.join(project.content, 'static', 'fonts'), { recursive: true });
writeFileSync(path.join(project.content, 'static', 'fonts', 'body.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
writeFileSync(path.join(project.content, 'static', 'pixel.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
afterAll(() => project.cleanup());

const malformed: [string, string, number][] = [
  ['a lone percent sign', '/%', 400],
  ['a percent escape of a line break in a page name', '/x%0a.html', 400],
  ['a NUL', '/docs/intro%00', 400],
  ['a backslash', '/%5c%5cevil.example/', 400],
  ['an absolute URL as the target', 'http://evil.example/docs/intro', 400],
  ['an asterisk as the target', '*', 400],
  ['dot segments, encoded', '/%2e%2e/%2e%2e/etc/passwd', 400],
  ['dot segments', '/docs/../../etc/passwd', 400],
];

function behavesAsACarefulHost(url: () => string, headers: () => Record<string, string> = () => ({})): void {
  it.each(malformed)('answers %s with %i and keeps running', async (_, target, status) => {
    const response = await rawRequest(url(), { target, headers: headers() });
    expect(response.status).toBe(status);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect((await rawRequest(url(), { target: '/docs/intro', headers: headers() })).status).toBe(200);
  });

  it.each(['/%2fevil.example%2f.html', '/%2f%2fevil.example/index.html', '//evil.example/x.html', '/%5cevil.example.html'])('redirects %s only to a path of this site', async (target) => {
    const response = await rawRequest(url(), { target, headers: headers() });
    if (response.status === 301) {
      expect(response.headers['location']).toMatch(/^\/(?![/\\])/);
      expect(new URL(response.headers['location'] ?? '', url()).origin).toBe(new URL(url()).origin);
    } else expect(response.status).toBe(400);
  });

  it('answers headers past the limit with 431 and keeps running', async () => {
    const response = await rawRequest(url(), { target: '/docs/intro', headers: { ...headers(), 'X-Padding': 'a'.repeat(20_000) } });
    expect(response.status).toBe(431);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect((await rawRequest(url(), { target: '/docs/intro', headers: headers() })).status).toBe(200);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])('answers %s with 405 and the methods it allows', async (method) => {
    const response = await rawRequest(url(), { method, target: '/docs/intro', headers: headers() });
    expect(response.status).toBe(405);
    expect(response.headers['allow']).toBe('GET, HEAD');
  });

  it.each([
    ['/docs/intro', 200],
    ['/docs/intro/', 200],
    ['/docs/nope/', 404],
  ])('answers %s with %i, as the other server does', async (target, status) => {
    const response = await rawRequest(url(), { target, headers: headers() });
    expect(response.status).toBe(status);
    if (status === 200) expect(response.body).toContain('<h1');
  });

  it('answers HEAD like GET, without a body', async () => {
    const response = await rawRequest(url(), { method: 'HEAD', target: '/docs/intro', headers: headers() });
    expect(response.status).toBe(200);
    expect(response.body).toBe('');
  });

  it.each([
    ['/pixel.png', /^image\/png/],
    ['/fonts/body.woff2', /^font\/woff2/],
    ['/docs/intro', /^text\/html/],
  ])('sends %s with its type and nosniff', async (target, type) => {
    const response = await rawRequest(url(), { target, headers: headers() });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(type);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
}

describe('mapsdocs serve', () => {
  let server: Server;
  let url = '';
  beforeAll(async () => {
    await build({ root: project.root, reporter: silentReporter, search: false });
    ({ server, url } = await serve({ dir: path.join(project.root, 'dist'), port: 0 }));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  behavesAsACarefulHost(() => url);

  it('serves one range of bytes as asked, with 206', async () => {
    const response = await rawRequest(url, { target: '/sitemap.xml', headers: { Range: 'bytes=0-4', 'Accept-Encoding': 'identity' } });
    expect(response.status).toBe(206);
    expect(response.body).toBe('<?xml');
    expect(response.headers['content-range']).toMatch(/^bytes 0-4\/\d+$/);
  });

  it.each(['bytes=abc', 'bytes=0-1,3-4', 'items=0-4', 'bytes='])('ignores a Range header it does not serve (%s): the whole file with 200', async (range) => {
    const whole = await rawRequest(url, { target: '/sitemap.xml', headers: { 'Accept-Encoding': 'identity' } });
    const response = await rawRequest(url, { target: '/sitemap.xml', headers: { Range: range, 'Accept-Encoding': 'identity' } });
    expect(response.status).toBe(200);
    expect(response.headers['content-range']).toBeUndefined();
    expect(response.body).toBe(whole.body);
  });
});

/** Runs `test` against `serve` on a freshly built copy of the basic fixture, then stops both. */
async function withServedSite(test: (site: ReturnType<typeof tempProject>, url: string) => Promise<void>): Promise<void> {
  const site = tempProject({ fixture: 'basic' });
  await build({ root: site.root, reporter: silentReporter, search: false });
  const { server, url } = await serve({ dir: path.join(site.root, 'dist'), port: 0 });
  try {
    await test(site, url);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    site.cleanup();
  }
}

describe('mapsdocs serve while the site is built again', () => {
  it('serves what the new build wrote: a page grown longer whole, a new page, its compressed copies', () =>
    withServedSite(async (site, url) => {
      const before = await (await fetch(`${url}docs/intro`)).text();
      const intro = path.join(site.content, 'docs', 'intro.md');
      writeFileSync(intro, `${readFileSync(intro, 'utf8')}\n${'A paragraph the rebuilt page has. '.repeat(40)}\n`);
      writeFileSync(path.join(site.content, 'docs', 'added.md'), '---\ntitle: Added later\n---\n\nA page the first build did not have.\n');
      await build({ root: site.root, reporter: silentReporter, search: false });
      const text = await (await fetch(`${url}docs/intro`)).text();
      expect(text.length).toBeGreaterThan(before.length);
      expect(text).toContain('A paragraph the rebuilt page has.');
      expect(text.trimEnd().endsWith('</html>')).toBe(true);
      expect(readFileSync(path.join(site.root, 'dist', 'docs', 'intro.html'), 'utf8')).toBe(text);
      const added = await fetch(`${url}docs/added`, { headers: { 'accept-encoding': 'br' } });
      expect(added.status).toBe(200);
      expect(await added.text()).toContain('A page the first build did not have.');
    }));
});

describe('the not-found page of mapsdocs serve', () => {
  it('goes out compressed as the browser accepts, like every page', () =>
    withServedSite(async (site, url) => {
      expect(readFileSync(path.join(site.root, 'dist', '404.html')).length).toBeGreaterThan(1024);
      for (const [accept, coding, file] of [['br, gzip', 'br', '404.html.br'], ['gzip', 'gzip', '404.html.gz'], ['identity', undefined, '404.html']] as const) {
        const response = await rawRequest(url, { target: '/docs/nope', headers: { 'accept-encoding': accept } });
        expect(response.status).toBe(404);
        expect(response.headers['content-encoding']).toBe(coding);
        expect(response.headers['vary']).toBe('Accept-Encoding');
        expect(Buffer.from(response.body, 'latin1').equals(readFileSync(path.join(site.root, 'dist', file)))).toBe(true);
      }
    }));
});

describe('mapsdocs serve when a file goes after it was listed', () => {
  it('ends that response and goes on serving', () =>
    withServedSite(async (site, url) => {
      // Gone from the folder, still in the server's list of it (the folder itself was not replaced).
      for (const suffix of ['', '.gz', '.br']) rmSync(path.join(site.root, 'dist', 'docs', `intro.html${suffix}`), { force: true });
      await expect(fetch(`${url}docs/intro`).then((r) => r.text())).rejects.toThrow();
      expect((await fetch(`${url}docs/guide/setup`)).status).toBe(200);
    }));
});

/** The files under `dir` this process holds open (Linux lists them in /proc/self/fd). */
function openFilesUnder(dir: string): string[] {
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      return target.startsWith(dir) ? [target] : [];
    } catch {
      return [];
    }
  });
}

describe('the files mapsdocs serve opens', () => {
  it.runIf(existsSync('/proc/self/fd'))('are closed with each response, however the client ends its connection', () =>
    withServedSite(async (site, url) => {
      const dist = path.join(site.root, 'dist');
      // As curl does when it exits: the connection dropped the moment the whole body is in, before the
      // server has seen its file to the end.
      const hangUpOnceRead = (encoding: string): Promise<void> =>
        new Promise((resolve, reject) => {
          const { hostname, port } = new URL(url);
          const socket = connect(Number(port), hostname, () => socket.write(`GET /docs/intro HTTP/1.1\r\nHost: ${hostname}\r\nAccept-Encoding: ${encoding}\r\n\r\n`));
          let received = Buffer.alloc(0);
          socket.on('data', (chunk: Buffer) => {
            received = Buffer.concat([received, chunk]);
            const head = received.indexOf('\r\n\r\n');
            const length = Number(/content-length: (\d+)/i.exec(received.subarray(0, Math.max(head, 0)).toString())?.[1] ?? Number.NaN);
            if (head >= 0 && received.length - head - 4 >= length) socket.destroy();
          });
          socket.on('error', reject);
          socket.on('close', () => resolve());
        });
      for (let i = 0; i < 100; i += 1) for (const encoding of ['br', 'gzip', 'identity']) await hangUpOnceRead(encoding);
      // Two requests in one go (pipelined), the connection dropped during the first, long answer: the
      // second (as long) waits behind it. A large page is added (the output copied anew, which serve lists again).
      const copy = `${dist}.copy`;
      cpSync(dist, copy, { recursive: true });
      writeFileSync(path.join(copy, 'large.html'), `<p>${'A long page. '.repeat(400_000)}</p>`);
      rmSync(dist, { recursive: true });
      renameSync(copy, dist);
      const hangUpPipelined = (): Promise<void> =>
        new Promise((resolve) => {
          const { hostname, port } = new URL(url);
          const socket = connect(Number(port), hostname, () => socket.write(`GET /large HTTP/1.1\r\nHost: ${hostname}\r\n\r\nGET /large HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`));
          socket.once('data', () => socket.destroy());
          socket.on('error', () => undefined);
          socket.on('close', () => resolve());
        });
      for (let i = 0; i < 40; i += 1) await hangUpPipelined();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(openFilesUnder(dist)).toEqual([]);
    }));
});

/** Sends `text` on a new connection, optionally shuts down its sending side (as `nc -N` does), and gives all it receives until the server closes. */
function exchange(url: string, text: string, halfClose: boolean): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname, () => {
      socket.write(text);
      if (halfClose) socket.end();
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks)));
  });
}

describe('mapsdocs serve and clients that close their side once their request is sent', () => {
  it('answers every request, as HTTP/1.0 tools and health checks expect', () =>
    withServedSite(async (site, url) => {
      const dist = path.join(site.root, 'dist');
      const { hostname } = new URL(url);
      for (const target of ['/sitemap.xml', '/docs/intro']) {
        const answer = (await exchange(url, `GET ${target} HTTP/1.1\r\nHost: ${hostname}\r\nAccept-Encoding: identity\r\n\r\n`, true)).toString('latin1');
        expect(answer, target).toMatch(/^HTTP\/1\.1 200 /);
        const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
        expect(body, target).toBe(readFileSync(path.join(dist, target === '/sitemap.xml' ? 'sitemap.xml' : 'docs/intro.html'), 'latin1'));
      }
      const old = (await exchange(url, `GET /sitemap.xml HTTP/1.0\r\n\r\n`, true)).toString('latin1');
      expect(old).toMatch(/^HTTP\/1\.1 200 /);
      // Two requests at once, then the half-close: both answered, in order.
      const both = (await exchange(url, `GET /docs/intro HTTP/1.1\r\nHost: x\r\n\r\nGET /sitemap.xml HTTP/1.1\r\nHost: x\r\n\r\n`, true)).toString('latin1');
      expect(both.match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
      expect(both.trimEnd().endsWith('</urlset>')).toBe(true);
    }));
});

describe('mapsdocs serve when a file changed after it was listed', () => {
  it('never sends a body of another length than it announced, and serves the file as it is next', () =>
    withServedSite(async (site, url) => {
      const intro = path.join(site.root, 'dist', 'docs', 'intro.html');
      const request = `GET /docs/intro HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity\r\n\r\n`;
      expect((await exchange(url, request, true)).toString('latin1')).toMatch(/^HTTP\/1\.1 200 /);
      // Written again in place, longer (the folder is the same one: the server's list still has the old size).
      writeFileSync(intro, `${readFileSync(intro, 'utf8')}<!-- ${'longer '.repeat(50)} -->`);
      const first = (await exchange(url, request, true)).toString('latin1');
      const head = first.indexOf('\r\n\r\n');
      // Either no answer at all (the connection reset) or an answer whose length is its body's.
      if (first.length > 0) expect(Number(/content-length: (\d+)/i.exec(first.slice(0, head))?.[1])).toBe(Buffer.byteLength(first.slice(head + 4), 'latin1'));
      const next = (await exchange(url, request, true)).toString('latin1');
      expect(next.slice(next.indexOf('\r\n\r\n') + 4)).toBe(readFileSync(intro, 'latin1'));
    }));
});

describe('mapsdocs serve while the output folder is missing', () => {
  it('answers 503 with Retry-After (the instant of a swap, or after a killed build), then serves the site again', () =>
    withServedSite(async (site, url) => {
      const dist = path.join(site.root, 'dist');
      const aside = path.join(site.root, 'aside');
      renameSync(dist, aside);
      const response = await fetch(`${url}docs/intro`);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('1');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text()).toMatch(/try again in a moment/);
      // A file in its place: no folder to serve from either (it was a 500 with ENOTDIR in the log).
      writeFileSync(dist, 'not a site');
      const file = await fetch(`${url}docs/intro`);
      expect(file.status).toBe(503);
      expect(await file.text()).toMatch(/not a folder/);
      rmSync(dist);
      renameSync(aside, dist);
      expect((await fetch(`${url}docs/intro`)).status).toBe(200);
    }));
});

describe('mapsdocs dev', () => {
  let server: DevServer;
  beforeAll(async () => {
    server = await dev({ root: project.root, port: 0, quiet: true, signals: false });
    await server.settled();
  });
  afterAll(() => server.close());
  behavesAsACarefulHost(() => server.url);

  it.each(['evil.example', `evil.example:${'PORT'}`, 'localhost.evil.example'])('refuses a Host header of another name (%s): DNS rebinding', async (host) => {
    const port = new URL(server.url).port;
    const response = await rawRequest(server.url, { target: '/docs/intro', headers: { Host: host.replace('PORT', port) } });
    expect(response.status).toBe(403);
  });

  it('answers localhost and 127.0.0.1 with its port', async () => {
    const port = new URL(server.url).port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) expect((await rawRequest(server.url, { target: '/docs/intro', headers: { Host: host } })).status).toBe(200);
  });

  it('opens its live-reload channel to its own pages only', async () => {
    const own = await rawRequest(server.url, { target: '/__mapsdocs/events', headers: { Origin: server.url.replace(/\/$/, '') } });
    expect(own.status).toBe(200);
    const other = await rawRequest(server.url, { target: '/__mapsdocs/events', headers: { Origin: 'http://evil.example' } });
    expect(other.status).toBe(403);
  });
});

describe('starting a server', () => {
  it('reports a port in use in one line, with exit code 1', async () => {
    const busy = await serve({ dir: path.join(project.root, 'dist'), port: 0 });
    try {
      const port = new URL(busy.url).port;
      const result = await cli(['serve', '--dir', 'dist', '--port', port], project.root);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(`error: port ${port} is already in use on 127.0.0.1\n  hint: stop the other server, or pass another --port (--port 0 picks a free one)\n`);
    } finally {
      await new Promise<void>((resolve) => busy.server.close(() => resolve()));
    }
  });

  it.each([
    ['not a host name at all', 'bad host!', /^error: --host "bad host!" is not an IP address or a host name/],
    ['an address of another machine', '192.0.2.1', /^error: --host 192\.0\.2\.1 is not an address of this machine \(EADDRNOTAVAIL\)/],
  ])('reports a --host that is %s as a usage error, exit code 2', async (_, host, message) => {
    for (const command of ['serve', 'dev']) {
      const result = await cli([command, '--host', host, '--port', '0', ...(command === 'serve' ? ['--dir', 'dist'] : [])], project.root);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
