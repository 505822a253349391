import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { lookup as lookupMimeType } from 'mrmime';
import { engineRoot } from '../assets.ts';
import { buildInMemory, type BuiltSite } from '../build.ts';
import { createBuildContext, nextBuildContext, persistCache, type BuildContext } from '../context.ts';
import { createRenderMemo } from '../render/memo.ts';
import { renderPageAlone } from '../render/pageAlone.ts';
import { searchEntriesOf, searchIndexesOf } from '../search/feed.ts';
import { formatReport } from '../check/links.ts';
import { resolveConfigAgain, type ConfigMemo } from '../config/resolve.ts';
import { formatUserError, userErrorsOf } from '../errors.ts';
import { descriptionSources } from '../openapi/sources.ts';
import { INDEX_DIR } from '../search/format.ts';
import { createLiveSearchIndexes } from '../search/liveIndex.ts';
import { checkHost, listen } from '../serve/listen.ts';
import { cleanRouteOf, fileCandidates, hostAllowed, notFoundCandidates, originAllowed, readRequest, redirect } from '../serve/requests.ts';
import { consoleReporter, formatTimings } from '../util/task.ts';
import { createTemplateCompiler, type TemplateCompiler } from './templateReload.ts';

export interface DevOptions {
  root?: string;
  content?: string;
  port?: number;
  host?: string;
  open?: boolean;
  quiet?: boolean;
  /** Install Ctrl+C handlers (off in tests). */
  signals?: boolean;
  /** Where the templates (and the `src/render` that imports them) live: the engine itself unless a test says otherwise. */
  engine?: string;
}

export interface DevServer {
  url: string;
  close: () => Promise<void>;
  /** Resolves when the rebuild triggered by the latest change (at first, the first build) is done. */
  settled: () => Promise<void>;
}

/** Injected into every HTML page in dev: live updates (with the page scripts an updated page newly needs, such as the island runtime) and the error overlay. */
const DEV_CLIENT = `<script>(function(){
var es=new EventSource('/__mapsdocs/events');
function overlay(message){var o=document.getElementById('__mapsdocs-overlay');if(!o){o=document.createElement('div');o.id='__mapsdocs-overlay';o.setAttribute('role','alert');o.style.cssText='position:fixed;left:0;right:0;bottom:0;max-height:60vh;overflow:auto;background:#2b0b0b;color:#ffd7d7;font:13px/1.5 ui-monospace,monospace;padding:16px 20px;z-index:1000;white-space:pre-wrap;border-top:4px solid #ff5c5c';document.body.appendChild(o)}o.textContent=message}
function clear(){var o=document.getElementById('__mapsdocs-overlay');if(o)o.remove()}
es.addEventListener('update',function(){fetch(location.pathname+location.search,{cache:'no-store'}).then(function(r){return r.text()}).then(function(html){var next=new DOMParser().parseFromString(html,'text/html');var y=window.scrollY;['#page-root','nav.navbar'].forEach(function(s){var a=document.querySelector(s),b=next.querySelector(s);if(a&&b)a.replaceWith(document.adoptNode(b))});document.title=next.title;var css=next.querySelector('link[rel=stylesheet]'),cur=document.querySelector('link[rel=stylesheet]');if(css&&cur&&css.getAttribute('href')!==cur.getAttribute('href'))cur.setAttribute('href',css.getAttribute('href'));window.scrollTo(0,y);next.head.querySelectorAll('script[type=module][src]').forEach(function(s){var src=s.getAttribute('src');if(!document.head.querySelector('script[src="'+CSS.escape(src)+'"]')){var e=document.createElement('script');e.type='module';e.src=src;document.head.appendChild(e)}});document.dispatchEvent(new CustomEvent('mapsdocs:dev-update'));window.__mapsdocsUpdates=(window.__mapsdocsUpdates||0)+1}).catch(function(){location.reload()})});
es.addEventListener('reload',function(){location.reload()});
es.addEventListener('error-overlay',function(e){overlay(JSON.parse(e.data).message)});
es.addEventListener('clear-overlay',clear);
})();</script>`;

/** --open: the desktop's opener, detached; a machine without one gets a hint, not a failure. */
function openBrowser(url: string, reporter: { warn: (m: string) => void }): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  try {
    const child = spawn(command, [url], { detached: true, stdio: 'ignore' });
    child.on('error', () => reporter.warn(`could not open a browser (${command} not found): open ${url} yourself`));
    child.unref();
  } catch {
    reporter.warn(`could not open a browser: open ${url} yourself`);
  }
}

/** The type a static host would send (the same table as `serve`'s, which sirv takes from mrmime), in UTF-8 for text. */
function contentType(file: string): string {
  const type = lookupMimeType(file) ?? 'application/octet-stream';
  return /^text\/|^application\/(?:json|xml|javascript)$/.test(type) ? `${type}; charset=utf-8` : type;
}

/**
 * `mapsdocs dev`: builds in memory, serves with the same routing rules as
 * `serve`, watches content, OpenAPI and templates, and pushes updates to the
 * browser. Errors never stop it: the last good site stays up under an
 * overlay, which clears as soon as the file is fixed.
 */
export async function dev(options: DevOptions = {}): Promise<DevServer> {
  const reporter = consoleReporter(options.quiet);
  const root = path.resolve(options.root ?? process.cwd());
  const clients = new Set<ServerResponse>();
  const files = new Map<string, string | Uint8Array>();
  /** Static files and images: served from their source, so they are never held in memory. */
  const copies = new Map<string, string>();
  /** Routes that end in .html themselves: answered as they are, not redirected. */
  const htmlRoutes = new Set<string>();
  let lastError: string | undefined;
  let context: BuildContext | undefined;
  let searchGeneration = 0;
  const send = (event: string, data: unknown): void => {
    for (const client of clients) client.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  // One index at a time. It is fed the parsed pages (no rendering), and after an edit only the entries that changed.
  let indexing: Promise<void> = Promise.resolve();
  let indexTimer: NodeJS.Timeout | undefined;
  // After an edit the index waits for a pause in editing: it is not needed at once, and making it
  // while the author types would take the CPU from the next rebuild.
  const INDEX_AFTER_EDIT_MS = 400;
  const reindex = (built: BuildContext, site: BuiltSite, delay: number): void => {
    const generation = ++searchGeneration;
    clearTimeout(indexTimer);
    indexTimer = setTimeout(() => {
      indexing = indexing
        .then(() => (generation === searchGeneration ? indexPages(built, site, generation) : undefined))
        .catch((error: unknown) => reporter.warn(`search index: ${String(error)}`));
    }, delay);
  };
  const searchIndex = createLiveSearchIndexes();
  let indexedOnce = false;
  const indexPages = async (built: BuildContext, site: BuiltSite, generation: number): Promise<void> => {
    const started = performance.now();
    const first = !indexedOnce;
    indexedOnce = true;
    const { files: indexFiles, added, removed } = searchIndex.update(searchEntriesOf(built, site), searchIndexesOf(built.config.versions));
    if (!first) reporter.info(`✓ search index: ${added} entr${added === 1 ? 'y' : 'ies'} re-indexed${removed > 0 ? `, ${removed} removed` : ''} in ${(performance.now() - started).toFixed(0)} ms`);
    if (generation !== searchGeneration) return;
    for (const key of [...files.keys()]) if (key.startsWith(`/${INDEX_DIR}/`)) files.delete(key);
    for (const file of indexFiles) files.set(`/${file.path}`, file.contents);
  };

  const engine = options.engine ?? engineRoot();
  const templatesDir = path.join(engine, 'templates');
  let templateCompiler: TemplateCompiler | undefined;
  /** Set when a template's code changed: the next rebuild compiles the renderers again first. */
  let templatesStale = false;

  /** Whether a build has succeeded: until then, pages are rendered alone on request. */
  let built = false;
  let failedBefore = false;
  /** Requests being answered early; the first build waits between pages while there are any. */
  let waiting = 0;
  let held: { promise: Promise<void>; release: () => void } | undefined;
  const releaseBuild = (): void => {
    held?.release();
    held = undefined;
  };
  const yieldToReaders = async (): Promise<void> => {
    if (waiting > 0) {
      if (!held) {
        let release: () => void = () => undefined;
        const promise = new Promise<void>((resolve) => (release = resolve));
        held = { promise, release };
      }
      await held.promise;
    }
    // A turn of the event loop, so that a request arriving now is read before the next page.
    else await new Promise<void>((resolve) => setImmediate(resolve));
  };

  const contentDir = path.resolve(root, options.content ?? 'content');
  const watched = [contentDir, path.join(root, 'openapi'), templatesDir];
  let watcher: FSWatcher | undefined;
  /** Files of a description split over several, outside the folders watched: an edit to one rebuilds the reference too. */
  const watchDescriptionFiles = (openapiFile: string | undefined): void => {
    if (!watcher || !openapiFile) return;
    const outside = descriptionSources(openapiFile)
      .map((s) => s.file)
      .filter((file) => !watched.some((dir) => file.startsWith(dir + path.sep)));
    if (outside.length > 0) watcher.add(outside);
  };

  let configMemo: ConfigMemo | undefined;
  let running: Promise<void> | undefined;
  let again: string | undefined;
  const rebuild = (reason: string): Promise<void> => {
    if (running) {
      again = reason;
      return running;
    }
    running = (async () => {
      let current: string | undefined = reason;
      while (current !== undefined) {
        again = undefined;
        const started = performance.now();
        try {
          configMemo = resolveConfigAgain({ root, content: options.content, cache: true }, configMemo);
          const config = configMemo.config;
          // Before the build, which may fail for want of one of them: its creation is then an edit that is seen.
          watchDescriptionFiles(config.openapiFile);
          context = context
            ? nextBuildContext(context, config)
            : { ...createBuildContext(config, reporter), rendered: createRenderMemo(), sources: new Map(), categories: new Map(), gate: yieldToReaders };
          if (templatesStale) {
            templateCompiler ??= createTemplateCompiler({ root: engine });
            const compiled = await templateCompiler.compile();
            // Only now, when the new templates compiled and loaded, do they replace the last good ones.
            context.renderers = compiled.renderers;
            context.renderersKey = compiled.key;
            templatesStale = false;
          }
          const site = await buildInMemory(context);
          // The search index stays until the next one replaces it: search keeps working meanwhile.
          const index = [...files].filter(([key]) => key.startsWith(`/${INDEX_DIR}/`));
          files.clear();
          for (const [key, contents] of index) files.set(key, contents);
          for (const file of site.files) files.set(`/${file.path}`, file.contents);
          copies.clear();
          for (const copy of site.copies) copies.set(`/${copy.path}`, copy.from);
          htmlRoutes.clear();
          for (const page of site.pages) if (page.route.endsWith('.html')) htmlRoutes.add(page.route);
          const ms = performance.now() - started;
          if (site.broken.length > 0) reporter.warn(formatReport(site.broken, config.root));
          reporter.info(`✓ ${current}: ${site.rendered} of ${site.pages.length} pages rendered in ${ms.toFixed(0)} ms (${formatTimings(context.timings)})`);
          // Broken links are shown in the overlay too, as warnings: the page itself is fine.
          const message = site.broken.length > 0 ? `warning: ${formatReport(site.broken, config.root)}` : undefined;
          lastError = message;
          send(message ? 'error-overlay' : 'clear-overlay', { message });
          send('update', { ms, rendered: site.rendered, pages: site.pages.length });
          if (!built) persistCache(context);
          // Pages that showed the failed first build have nothing to update in place: they reload.
          if (!built && failedBefore) send('reload', {});
          reindex(context, site, built ? INDEX_AFTER_EDIT_MS : 0);
          built = true;
        } catch (error) {
          const errors = userErrorsOf(error);
          lastError = errors.length > 0 ? errors.map((e) => formatUserError(e, root)).join('\n') : error instanceof Error ? (error.stack ?? error.message) : String(error);
          failedBefore = true;
          reporter.warn(`✗ ${current}:\n${lastError}`);
          send('error-overlay', { message: lastError });
        }
        current = again;
      }
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  const { readFileSync } = await import('node:fs');
  /**
   * Before the first build is done, a page asked for is rendered alone and
   * served at once (the sidebar from front-matter titles; the full page
   * follows as an update). Meanwhile the build waits between pages.
   */
  const servePageEarly = async (pathname: string, res: ServerResponse): Promise<boolean> => {
    const current = context;
    if (built || !current || /\.\w+$/.test(pathname) || pathname.startsWith('/__mapsdocs/')) return false;
    waiting += 1;
    try {
      const early = await renderPageAlone(current, pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);
      if (!early) return false;
      if (!built) for (const file of early.files) files.set(`/${file.path}`, file.contents);
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      // Says how this page was made, for whoever wonders why its sidebar will change under an update.
      res.setHeader('X-Mapsdocs-Rendered', 'alone, before the first build');
      res.end(early.html.replace('</body>', `${DEV_CLIENT}</body>`));
      return true;
    } catch {
      // Whatever fails here, the build reports properly: wait for it.
      return false;
    } finally {
      waiting -= 1;
      if (waiting === 0) releaseBuild();
    }
  };
  const host = checkHost(options.host ?? '127.0.0.1');
  /** Where the server listens, once it does: requests for any other host name are refused. */
  const listening = { host, port: options.port ?? 3000 };
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // DNS rebinding: a page of another site whose name resolves to this machine must not read the drafts served here.
    if (!hostAllowed(req.headers.host, listening)) {
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
      res.end(`This dev server answers requests for ${listening.host}:${listening.port} only.\n`);
      return;
    }
    const request = readRequest(req, res);
    if (!request) return;
    if (request.pathname === '/__mapsdocs/events') {
      // Live reload is for the server's own pages: another site's script may not listen in.
      if (!originAllowed(req.headers.origin, listening)) {
        res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Forbidden: the live-reload channel is for pages of this server.\n');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
      res.write(': connected\n\n');
      if (lastError !== undefined) res.write(`event: error-overlay\ndata: ${JSON.stringify({ message: lastError })}\n\n`);
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    const { pathname } = request;
    if (!built && (await servePageEarly(pathname, res))) return;
    if (!built) await firstBuild;
    const normalised = pathname === '/404.html' || htmlRoutes.has(pathname) ? undefined : cleanRouteOf(pathname);
    if (normalised !== undefined) {
      redirect(res, normalised, request.search);
      return;
    }
    const hit = fileCandidates(pathname).find((c) => files.has(c) || copies.has(c));
    const key = hit ?? notFoundCandidates(pathname).find((candidate) => files.has(candidate)) ?? '/404.html';
    const source = copies.get(key);
    const body = source !== undefined ? readFileSync(source) : files.get(key);
    res.statusCode = hit ? 200 : 404;
    res.setHeader('Content-Type', contentType(key));
    res.setHeader('Cache-Control', 'no-store');
    if (body === undefined) {
      if (!built && lastError !== undefined) {
        // Nothing has built yet: a page that says so, with the overlay (it shows the error) and a reload once fixed.
        res.statusCode = 500;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Build failed</title></head><body><main><h1>The site did not build</h1><p>Fix the error shown below and in the terminal: this page reloads by itself.</p></main>${DEV_CLIENT}</body></html>`);
        return;
      }
      res.end('Not found');
      return;
    }
    if (key.endsWith('.html')) {
      res.end(String(body).replace('</body>', `${DEV_CLIENT}</body>`));
      return;
    }
    res.end(body);
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      reporter.warn(`dev server: ${String(error)}`);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });
  listening.port = await listen(server, options.port ?? 3000, host);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${listening.port}/`;
  reporter.info(`dev server at ${url} (Ctrl+C to stop)`);
  // Listening first, building second: a reader who asks for a page meanwhile gets it rendered alone.
  const firstBuild = rebuild('start');
  if (options.open) openBrowser(url, reporter);

  watcher = watch(watched, { ignoreInitial: true, awaitWriteFinish: false });
  watchDescriptionFiles(configMemo?.config.openapiFile);
  let lastChange: Promise<void> = firstBuild;
  watcher.on('all', (event, file) => {
    if (/\.(tsx?|jsx?)$/.test(file) && path.resolve(file).startsWith(templatesDir + path.sep)) templatesStale = true;
    lastChange = rebuild(`${event} ${path.relative(root, file)}`);
  });
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  const close = async (): Promise<void> => {
    await watcher.close();
    await running?.catch(() => undefined);
    // The next session starts from what this one parsed and highlighted.
    if (built && context) persistCache(context);
    templateCompiler?.close();
    clearTimeout(indexTimer);
    await indexing;
    searchIndex.close();
    for (const client of clients) client.end();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  if (options.signals !== false) {
    const stop = (): void => {
      void close().then(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  }
  return { url, close, settled: () => lastChange };
}
