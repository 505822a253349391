import type { IncomingMessage, ServerResponse } from 'node:http';
import { networkInterfaces } from 'node:os';
import { mimes } from 'mrmime';

// mrmime (the table sirv and dev both read) has no entry for icons: a favicon would go out untyped.
mimes['ico'] ??= 'image/x-icon';

/**
 * What both servers (`serve` and `dev`) do with a request before looking
 * for a file: requests are untrusted (a preview may be public, and any web
 * page a developer opens can send requests to `dev` on localhost), so
 * anything malformed is answered with a 4xx and the server keeps running.
 */

/** A request's path: decoded for lookups, and as sent. */
export interface RequestPath {
  /** Decoded (`/a b`), for matching files and routes. */
  pathname: string;
  /** `?…` as sent, or ''. */
  search: string;
}

/** Methods a static site answers; anything else is 405. */
export const ALLOWED_METHODS = ['GET', 'HEAD'] as const;

/** Headers every answer carries: no content sniffing, so a file is only ever what its type says. */
export function setCommonHeaders(res: ServerResponse): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
}

function reject(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(`${message}\n`);
}

/**
 * Checks the method and the request line. Gives the path to serve, or
 * undefined when the request was answered (400 for a malformed path, 405 for
 * a method other than GET or HEAD).
 */
export function readRequest(req: IncomingMessage, res: ServerResponse): RequestPath | undefined {
  setCommonHeaders(res);
  if (!(ALLOWED_METHODS as readonly string[]).includes(req.method ?? '')) {
    reject(res, 405, 'Method not allowed: this server only reads files.', { Allow: ALLOWED_METHODS.join(', ') });
    return undefined;
  }
  const raw = req.url ?? '/';
  // An origin-form target only ("/path?query"): no absolute URLs, no "*".
  if (!raw.startsWith('/')) {
    reject(res, 400, 'Bad request: the request target must be a path.');
    return undefined;
  }
  const queryAt = raw.indexOf('?');
  const rawPath = queryAt === -1 ? raw : raw.slice(0, queryAt);
  const search = queryAt === -1 ? '' : raw.slice(queryAt);
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPath);
  } catch {
    reject(res, 400, 'Bad request: the path has a malformed percent escape.');
    return undefined;
  }
  // A NUL or other control character names no file; a backslash is a Windows separator no URL of the site holds.
  if (/[\u0000-\u001f\u007f\\]/.test(pathname)) {
    reject(res, 400, 'Bad request: the path holds a character no file of the site has.');
    return undefined;
  }
  // Browsers resolve `.` and `..` before they send a path: one that still holds them is trying to climb out.
  if (pathname.split('/').some((segment) => segment === '..' || segment === '.')) {
    reject(res, 400, 'Bad request: the path has "." or ".." segments.');
    return undefined;
  }
  return { pathname, search: /[\u0000-\u001f\u007f]/.test(search) ? '' : search };
}

/**
 * A `Location` for a redirect to a path of this server: percent-encoded, and
 * never starting with `//` or `/\` (which a browser reads as another host), so
 * a redirect never leaves the site.
 */
export function sameOriginLocation(pathname: string, search: string): string {
  // The decoded path, encoded again: `?` and `#` in it are part of the path, not a query or fragment.
  const encoded = encodeURI(pathname).replace(/\?/g, '%3F').replace(/#/g, '%23');
  return `/${encoded.replace(/^[/\\]+/, '')}${search}`;
}

/** A route ending in `.html` or `/index.html`, as its clean form (`/a.html` → `/a`), or undefined. */
export function cleanRouteOf(pathname: string): string | undefined {
  if (pathname.endsWith('/index.html')) return pathname.slice(0, -'index.html'.length);
  if (pathname.endsWith('.html')) return pathname.slice(0, -'.html'.length);
  return undefined;
}

export function redirect(res: ServerResponse, pathname: string, search: string): void {
  res.writeHead(301, { Location: sameOriginLocation(pathname, search), 'Cache-Control': 'no-store' });
  res.end();
}

/**
 * Whether a `Host` header names this server: the address it listens on, or
 * `localhost`, `127.0.0.1` or `[::1]` when it listens on a loopback address,
 * with its port. Anything else is a request meant for another name that
 * resolved here (DNS rebinding), which must not read the dev server.
 */
export function hostAllowed(host: string | undefined, listening: { host: string; port: number }): boolean {
  if (host === undefined) return false;
  const bracketed = (address: string): string => (address.includes(':') && !address.startsWith('[') ? `[${address}]` : address);
  const names = new Set([bracketed(listening.host)]);
  const everywhere = listening.host === '0.0.0.0' || listening.host === '::';
  if (everywhere || ['localhost', '127.0.0.1', '::1', '[::1]'].includes(listening.host)) for (const name of ['localhost', '127.0.0.1', '[::1]']) names.add(name);
  // Listening on every interface: the machine's own addresses are its names too.
  if (everywhere) for (const addresses of Object.values(networkInterfaces())) for (const address of addresses ?? []) names.add(bracketed(address.address));
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host.toLowerCase());
  if (!match) return false;
  const [, name = '', port] = match;
  return names.has(name) && (port === undefined ? listening.port === 80 : Number(port) === listening.port);
}

/** Whether an `Origin` header (sent by browsers with cross-site requests) is this server's own page. */
export function originAllowed(origin: string | undefined, listening: { host: string; port: number }): boolean {
  // Same-origin EventSource and navigation requests may carry no Origin.
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return url.protocol === 'http:' && hostAllowed(url.host, listening);
}

/**
 * The not-found page for a path: the nearest `404.html` on the way up from
 * it (`/docs/4.3/x` → `/docs/4.3/404.html`, then `/docs/404.html`, then
 * `/404.html`), as Cloudflare Pages and others serve them, so each docs
 * version answers with its own.
 */
export function notFoundCandidates(pathname: string): string[] {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const candidates: string[] = [];
  for (let i = segments.length - 1; i >= 1; i -= 1) candidates.push(`/${segments.slice(0, i).join('/')}/404.html`);
  candidates.push('/404.html');
  return candidates;
}

/**
 * The files a path of the site may name, in the order both servers try them:
 * as it is, with `.html`, as a folder's `index.html`, and (`/docs/x/`) as
 * `x.html`, which static hosts also serve for it.
 */
export function fileCandidates(pathname: string): string[] {
  const trimmed = pathname.replace(/\/$/, '');
  return [pathname, `${pathname}.html`, `${trimmed}/index.html`, `${trimmed}.html`];
}

/**
 * The codings of an `Accept-Encoding` header a response may use, as the plain list sirv reads: sirv
 * looks for the names alone, so `br;q=0` ("never brotli") would get brotli. Codings with a weight of
 * 0 are left out; `*` stands for brotli and gzip unless they are named (RFC 9110, 12.5.3).
 */
export function acceptedEncodings(header: string | undefined): string {
  const named = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (name === '') continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    named.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const any = named.get('*') ?? 0;
  return ['br', 'gzip']
    .filter((coding) => (named.get(coding) ?? any) > 0)
    .join(', ');
}

/**
 * Whether a `Range` header asks for one range of bytes, the only kind served: sirv answered a
 * malformed one (`bytes=abc`) with 206 and the whole file, and several ranges with the first alone.
 * Any other is ignored (RFC 9110 lets a server do so), and the whole file goes out with 200.
 */
export function isSingleByteRange(header: string): boolean {
  return /^bytes=(?:\d+-\d*|-\d+)$/.test(header.trim());
}
