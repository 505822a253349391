import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { watch } from 'chokidar';
import { buildInMemory, createBuildContext, type BuiltSite } from '../build.ts';
import { formatReport } from '../check/links.ts';
import { resolveConfig } from '../config/resolve.ts';
import { formatUserError, userErrorsOf } from '../errors.ts';
import { consoleReporter } from '../util/task.ts';
import { engineRoot } from '../assets.ts';

export interface DevOptions {
  content?: string;
  port?: number;
  host?: string;
  open?: boolean;
  quiet?: boolean;
}

const RELOAD_SCRIPT = `<script>(function(){var s=new EventSource('/__mapsdocs/events');s.addEventListener('reload',function(){location.reload()});s.addEventListener('error-overlay',function(e){var d=JSON.parse(e.data);var o=document.getElementById('__mapsdocs-overlay');if(!o){o=document.createElement('div');o.id='__mapsdocs-overlay';o.setAttribute('role','alert');o.style.cssText='position:fixed;inset:auto 0 0 0;max-height:50vh;overflow:auto;background:#2b0b0b;color:#ffd7d7;font:13px/1.5 ui-monospace,monospace;padding:16px;z-index:1000;white-space:pre-wrap';document.body.appendChild(o)}o.textContent=d.message;});s.addEventListener('clear-overlay',function(){var o=document.getElementById('__mapsdocs-overlay');if(o)o.remove()});})();</script>`;

/**
 * `mapsdocs dev`: builds in memory, serves, watches content, templates,
 * OpenAPI and configuration, and reloads the browser. An error keeps the last
 * good site up and shows an overlay until the file is fixed.
 */
export async function dev(options: DevOptions = {}): Promise<{ close: () => Promise<void>; url: string }> {
  const reporter = consoleReporter(options.quiet);
  const clients = new Set<ServerResponse>();
  let site: BuiltSite | undefined;
  let lastError: string | undefined;
  const send = (event: string, data: unknown): void => {
    for (const client of clients) client.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  let running: Promise<void> | undefined;
  let again = false;
  const rebuild = async (reason: string): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        const started = performance.now();
        try {
          const config = resolveConfig({ content: options.content, cache: true });
          const context = createBuildContext(config, reporter);
          site = await buildInMemory(context);
          if (site.broken.length > 0) reporter.warn(formatReport(site.broken, config.root));
          reporter.info(`✓ ${reason}: rebuilt ${site.pages.length} pages in ${(performance.now() - started).toFixed(0)} ms`);
          if (lastError !== undefined) send('clear-overlay', {});
          lastError = undefined;
          send('reload', {});
        } catch (error) {
          const errors = userErrorsOf(error);
          lastError = errors.length > 0 ? errors.map(formatUserError).join('\n') : error instanceof Error ? (error.stack ?? error.message) : String(error);
          reporter.warn(`✗ ${reason}: ${lastError}`);
          send('error-overlay', { message: lastError });
        }
      } while (again);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  await rebuild('start');
  const files = new Map<string, string>();
  const serveFromMemory = (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/__mapsdocs/events') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
      res.write(': connected\n\n');
      if (lastError !== undefined) res.write(`event: error-overlay\ndata: ${JSON.stringify({ message: lastError })}\n\n`);
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    files.clear();
    for (const file of site?.files ?? []) files.set(`/${file.path}`, typeof file.contents === 'string' ? file.contents : Buffer.from(file.contents).toString('binary'));
    let pathname = decodeURIComponent(url.pathname);
    if (pathname.endsWith('/index.html')) pathname = pathname.slice(0, -'index.html'.length);
    else if (pathname.endsWith('.html') && !files.has(pathname)) pathname = pathname.slice(0, -'.html'.length);
    const candidates = [pathname, `${pathname}.html`, `${pathname.replace(/\/$/, '')}/index.html`, pathname === '/' ? '/index.html' : ''];
    const hit = candidates.find((c) => c && files.has(c));
    const body = hit ? files.get(hit) : files.get('/404.html');
    const type = (hit ?? '.html').endsWith('.css') ? 'text/css' : (hit ?? '').endsWith('.js') ? 'text/javascript' : (hit ?? '').endsWith('.xml') ? 'application/xml' : (hit ?? '.html').endsWith('.html') ? 'text/html; charset=utf-8' : 'application/octet-stream';
    res.statusCode = hit ? 200 : 404;
    res.setHeader('Content-Type', type);
    res.setHeader('Cache-Control', 'no-store');
    res.end(type.startsWith('text/html') && body ? body.replace('</body>', `${RELOAD_SCRIPT}</body>`) : body ?? 'Not found');
  };
  const server = createServer(serveFromMemory);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 3000, host, () => resolve());
  });
  const address = server.address();
  const url = `http://${host}:${typeof address === 'object' && address ? address.port : options.port}/`;
  reporter.info(`dev server at ${url}`);

  const contentDir = path.resolve(options.content ?? 'content');
  const watcher = watch([contentDir, path.resolve('openapi'), path.join(engineRoot(), 'templates')], { ignoreInitial: true });
  watcher.on('all', (event, file) => {
    void rebuild(`${event} ${path.relative(process.cwd(), file)}`);
  });
  const close = async (): Promise<void> => {
    await watcher.close();
    for (const client of clients) client.end();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  const stop = (): void => {
    void close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return { close, url };
}
