import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import sirv from 'sirv';

/**
 * Serves a built site the way a static host does: `/a.html` and
 * `/a/index.html` redirect to `/a` (unless such a file is itself a route),
 * `/a` finds `a.html` or `a/index.html`, and unknown paths get the
 * not-found page with status 404.
 */
export function createStaticHandler(dir: string, options: { dev?: boolean } = {}) {
  const files = sirv(dir, { dev: options.dev ?? false, extensions: ['html'], etag: true, dotfiles: false });
  const notFound = path.join(dir, '404.html');
  return (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const pathname = decodeURIComponent(url.pathname);
    const normalised = pathname.endsWith('/index.html') ? pathname.slice(0, -'index.html'.length) : pathname.endsWith('.html') ? pathname.slice(0, -'.html'.length) : undefined;
    if (normalised !== undefined && pathname !== '/404.html') {
      res.statusCode = 301;
      res.setHeader('Location', `${normalised}${url.search}`);
      res.end();
      return;
    }
    files(req, res, () => {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(existsSync(notFound) ? readFileSync(notFound) : 'Not found');
    });
  };
}
