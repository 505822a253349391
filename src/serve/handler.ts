import { existsSync, fstatSync, readFileSync, statSync } from 'node:fs';
import { isWithin } from '../io/confinement.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import path from 'node:path';
import sirv from 'sirv';
import { HTML_ROUTES_FILE } from '../emit/siteFiles.ts';
import { cacheControlFor, HEADERS_FILE } from './cachePolicy.ts';
import { acceptedEncodings, cleanRouteOf, fileCandidates, isSingleByteRange, notFoundCandidates, readRequest, redirect } from './requests.ts';

/** The routes of a build that end in .html, as the build listed them (none when there are none). */
function htmlRoutesOf(dir: string): Set<string> {
  try {
    const routes = JSON.parse(readFileSync(path.join(dir, HTML_ROUTES_FILE), 'utf8')) as unknown;
    return new Set(Array.isArray(routes) ? routes.filter((r): r is string => typeof r === 'string') : []);
  } catch {
    return new Set();
  }
}

/**
 * Serves a built site the way a static host does: `/a.html` and
 * `/a/index.html` redirect to `/a` (unless such a file is itself a route),
 * `/a` finds `a.html` or `a/index.html`, and unknown paths get the
 * not-found page with status 404. Malformed requests get a 4xx, methods other
 * than GET and HEAD a 405, and the server keeps running whatever it is sent.
 * Files go out compressed (the build's brotli or gzip copy, as the browser
 * accepts), with the caching policy of cachePolicy.ts, an ETag and a
 * Last-Modified, and a 304 when the browser's copy is current.
 */
export function createStaticHandler(dir: string, options: { dev?: boolean } = {}) {
  // sirv lists the folder's files, with their sizes, once: a build replaces the folder whole (another
  // inode), and the files are listed again then. Served from the old list, a page that grew was cut
  // short at its old size and a new page was not found until serve was restarted.
  const open = (ino: number | undefined) => ({
    ino,
    files: sirv(dir, { dev: options.dev ?? false, extensions: ['html'], etag: true, dotfiles: false, gzip: true, brotli: true }),
    htmlRoutes: htmlRoutesOf(dir),
  });
  // Anything but a folder there (a file put in its place) is as good as missing: nothing to serve from.
  const inode = (): number | undefined => {
    const stat = statSync(dir, { throwIfNoEntry: false });
    return stat?.isDirectory() === true ? stat.ino : undefined;
  };
  let site = open(inode());
  return (req: IncomingMessage, res: ServerResponse): void => {
    const request = readRequest(req, res);
    if (!request) return;
    const ino = inode();
    // Missing for the instant of a build's swap (or until the next build, after one killed then): an
    // answer that says so, where the last list would lead to files gone with the folder.
    if (ino === undefined) {
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '1', 'Cache-Control': 'no-store' });
      res.end(`The site is being built again (${path.basename(dir)} is missing or not a folder for now): try again in a moment.\n`);
      return;
    }
    if (ino !== site.ino) site = open(ino);
    const { files, htmlRoutes } = site;
    const clean = cleanRouteOf(request.pathname);
    // A .html path that is itself a page (a slug such as /legacy.html) is served as it is.
    if (clean !== undefined && request.pathname !== '/404.html' && !htmlRoutes.has(request.pathname)) {
      redirect(res, clean, request.search);
      return;
    }
    // Set first, so that 304s and not-found pages carry it too.
    res.setHeader('Cache-Control', cacheControlFor(request.pathname));
    const next = (): void => {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      const page = notFoundCandidates(request.pathname)
        .map((candidate) => path.join(dir, candidate))
        .find((file) => existsSync(file));
      if (!page) {
        res.end('Not found');
        return;
      }
      // The not-found page goes out compressed as the pages do, from the build's copies.
      res.setHeader('Vary', 'Accept-Encoding');
      const copyOf = (coding: string): string => `${page}${coding === 'br' ? '.br' : '.gz'}`;
      const coding = acceptedEncodings(req.headers['accept-encoding'])
        .split(', ')
        .find((name) => name !== '' && existsSync(copyOf(name)));
      if (coding) res.setHeader('Content-Encoding', coding);
      res.end(readFileSync(coding ? copyOf(coding) : page));
    };
    // Hosts read the headers file; they do not serve it.
    if (request.pathname === `/${HEADERS_FILE}`) next();
    else if (!notModifiedSince(dir, request.pathname, req, res)) {
      req.headers['accept-encoding'] = acceptedEncodings(req.headers['accept-encoding']);
      const asked = req.headers.range;
      if (asked !== undefined && !isSingleByteRange(asked)) delete req.headers.range;
      // sirv streams a file it listed: one gone by then (a build swapped the folder in that instant)
      // ends this response, not the server, which an unhandled stream error would stop. And the file
      // is closed with the response: piped, it stayed open when the connection closed first, and the
      // server ran out of descriptors after some thousands of requests.
      // A response queued behind another on a pipelined connection is never closed when the client
      // goes: the file is closed with the connection then.
      // And sirv announces the length its list gives: a file written again since (at the instant of a
      // build's swap the path leads into the new folder already) would go out longer or shorter than
      // announced, and on a kept-alive connection its excess would be read as the next answer. Such a
      // response is dropped before any of it is sent, and the folder listed again for the next request.
      res.once('pipe', (source: Readable) => {
        const socket = req.socket;
        const close = (): void => {
          source.destroy();
          socket.off('close', close);
        };
        source.once('error', () => res.destroy());
        source.once('open', (fd: number) => {
          const range = /\/(\d+)$/.exec(String(res.getHeader('Content-Range') ?? ''));
          const announced = Number(range?.[1] ?? res.getHeader('Content-Length'));
          let size: number;
          try {
            size = fstatSync(fd).size;
          } catch {
            return;
          }
          if (size === announced) return;
          // Listed again by the next request (a folder gone by then gets its 503 there).
          site = { ...site, ino: undefined };
          res.destroy();
        });
        res.once('close', close);
        socket.once('close', close);
      });
      files(req, res, next);
    }
  };
}

/**
 * A 304 for `If-Modified-Since` (sirv answers `If-None-Match` only): when the
 * file the path names has not changed since the date the browser holds. An
 * ETag the browser sends takes precedence, as RFC 9110 says.
 */
function notModifiedSince(dir: string, pathname: string, req: IncomingMessage, res: ServerResponse): boolean {
  const since = req.headers['if-modified-since'];
  if (since === undefined || req.headers['if-none-match'] !== undefined) return false;
  const date = Date.parse(since);
  if (Number.isNaN(date)) return false;
  for (const file of fileCandidates(pathname).map((candidate) => path.join(dir, candidate))) {
    if (!isWithin(dir, file)) continue;
    let modified: number;
    try {
      const stat = statSync(file);
      if (!stat.isFile()) continue;
      modified = Math.floor(stat.mtimeMs / 1000) * 1000;
    } catch {
      continue;
    }
    if (modified > date) return false;
    res.statusCode = 304;
    res.setHeader('Last-Modified', new Date(modified).toUTCString());
    res.setHeader('Vary', 'Accept-Encoding');
    res.end();
    return true;
  }
  return false;
}
