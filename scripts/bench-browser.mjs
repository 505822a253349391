// The API reference page in Chromium, against issue 9's budgets: first contentful paint with JavaScript on and
// off, time until a deep link to the last operation has its heading on screen, main-thread blocking (total
// blocking time up to 2 s after load) and the JS heap after load. Each figure is a median over fresh browser
// contexts (no shared cache). A docs page's first paint is printed for comparison.
//
//   node scripts/bench-browser.mjs <dist-dir>     measures an existing build on its own
//                                                 (BENCH_RUNS=n loads per figure, BENCH_VERBOSE=1 prints every load)
//   scripts/bench.mjs                             calls measureBrowser() on the build it makes
//
// How "JavaScript off" is measured: the context is created with `javaScriptEnabled: false`, so the page's own
// scripts (inline and modules) do not run. The probe is injected through CDP into an isolated world
// (Page.addScriptToEvaluateOnNewDocument with a worldName): Chromium still runs requestAnimationFrame callbacks
// there when the page's scripts are disabled, so the deep link can be timed the same way with and without
// JavaScript, and the probe's globals never touch the page's own world.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const BUDGET = { fcp: 350, deepLink: 600, blocking: 150, heap: 3 * 1e6 };
const WORLD = 'mapsdocs-bench';
const median = (values) => {
  const sorted = values.filter((v) => typeof v === 'number' && !Number.isNaN(v)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The anchor id of the last `section.operation[data-anchor]` in the reference page's HTML. */
export function lastOperationAnchor(html) {
  let last;
  for (const [tag] of html.matchAll(/<section\b[^>]*>/g)) {
    const cls = /\sclass="([^"]*)"/.exec(tag)?.[1] ?? '';
    const anchor = /\sdata-anchor="([^"]+)"/.exec(tag)?.[1];
    if (anchor && cls.split(/\s+/).includes('operation')) last = anchor;
  }
  return last;
}

/** A docs page to compare with: /docs/intro if built, else the first docs page of the sitemap (not the API). */
function docsPagePath(dist) {
  if (existsSync(path.join(dist, 'docs', 'intro.html'))) return '/docs/intro';
  const sitemap = path.join(dist, 'sitemap.xml');
  if (!existsSync(sitemap)) return undefined;
  for (const [, loc] of readFileSync(sitemap, 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const pathname = new URL(loc).pathname;
    if (!/^\/docs\/./.test(pathname) || pathname.startsWith('/docs/api/')) continue;
    const file = path.join(dist, pathname.endsWith('/') ? `${pathname}index.html` : `${pathname.replace(/\.html$/, '')}.html`);
    if (existsSync(file)) return pathname;
  }
  return undefined;
}

/** `mapsdocs serve --dir dist` on a free port in 4600-4699; resolves once the server says it is listening. */
async function serveDir(dist) {
  const tried = new Set();
  for (let attempt = 0; attempt < 8; attempt += 1) {
    let port;
    do port = 4600 + Math.floor(Math.random() * 100);
    while (tried.has(port) && tried.size < 100);
    tried.add(port);
    const child = spawn(process.execPath, [path.join(root, 'bin', 'mapsdocs.js'), 'serve', '--dir', dist, '--port', String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
    const stop = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
    };
    process.once('exit', stop);
    let stderr = '';
    const listening = await new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), 15000);
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
        if (/serving .* at http/.test(stderr)) {
          clearTimeout(timer);
          resolve(true);
        }
      });
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(false);
      });
    });
    if (listening) return { base: `http://127.0.0.1:${port}`, stop };
    stop();
    process.removeListener('exit', stop);
    if (!/EADDRINUSE/.test(stderr)) throw new Error(`the static server did not start: ${stderr.trim().split('\n').pop()}`);
  }
  throw new Error('no free port for the static server in 4600-4699');
}

/** Runs in an isolated world from document creation: long tasks, and when the target heading is first on screen. */
const probe = (anchor) => `(() => {
  const bench = (globalThis.__mapsdocsBench = { longTasks: [], targetOnScreen: null, frames: 0 });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) bench.longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch (error) { bench.longTaskError = String(error); }
  const anchor = ${JSON.stringify(anchor ?? null)};
  if (anchor === null) return;
  const target = () => {
    let el = document.getElementById(anchor);
    if (!el) el = document.querySelector('section.operation[data-anchor="' + CSS.escape(anchor) + '"]');
    if (el && el.localName === 'section') el = el.querySelector('h1, h2, h3, h4, h5, h6') || el;
    return el;
  };
  const frame = () => {
    bench.frames += 1;
    const el = target();
    if (el) {
      const r = el.getBoundingClientRect();
      if (r.height > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth) {
        bench.targetOnScreen = performance.now();
        return;
      }
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

/** Reads the page's figures from the probe's isolated world (works with the page's JavaScript disabled). */
const READ = `JSON.stringify((() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  const b = globalThis.__mapsdocsBench || {};
  return { fcp: fcp ? fcp.startTime : null, load: nav && nav.loadEventEnd > 0 ? nav.loadEventEnd : null,
    domContentLoaded: nav ? nav.domContentLoadedEventEnd : null, longTasks: b.longTasks || [], targetOnScreen: b.targetOnScreen ?? null,
    frames: b.frames || 0, longTaskError: b.longTaskError };
})())`;

/**
 * One page load in a fresh context. `settle` is how long to keep watching after `load`: 2 s for the blocking
 * figure, otherwise until the figures wanted are in (first paint, target on screen), at most `settle` ms.
 */
async function load(browser, url, { javaScript, anchor, settle, heap }) {
  const context = await browser.newContext({ javaScriptEnabled: javaScript, viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const worlds = new Map();
    cdp.on('Runtime.executionContextCreated', ({ context: c }) => {
      if (c.name === WORLD && c.auxData?.frameId) worlds.set(c.auxData.frameId, c.id);
    });
    await cdp.send('Runtime.enable');
    await cdp.send('Page.enable');
    await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: probe(anchor), worldName: WORLD });
    const { frameTree } = await cdp.send('Page.getFrameTree');
    const read = async () => {
      const contextId = worlds.get(frameTree.frame.id);
      if (contextId === undefined) throw new Error('the probe did not run');
      const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', { expression: READ, contextId, returnByValue: true });
      if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
      return JSON.parse(result.value);
    };
    const response = await page.goto(url, { waitUntil: 'load', timeout: 30000 });
    if (!response?.ok()) throw new Error(`${url}: HTTP ${response?.status()}`);
    const loadedAt = Date.now();
    let figures = await read();
    for (;;) {
      const done = settle === 'blocking' ? Date.now() - loadedAt >= 2000 : figures.fcp !== null && (!anchor || figures.targetOnScreen !== null);
      if (done || Date.now() - loadedAt >= (typeof settle === 'number' ? settle : 5000)) break;
      await sleep(50);
      figures = await read();
    }
    // Blocking: long tasks from navigation start to 2 s after load, each counted beyond its first 50 ms.
    const end = (figures.load ?? Infinity) + 2000;
    const blocking = figures.longTasks.filter(([start]) => start < end).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    let heapUsed = NaN;
    let heapBeforeGc = NaN;
    if (heap) {
      heapBeforeGc = (await cdp.send('Runtime.getHeapUsage')).usedSize;
      await cdp.send('HeapProfiler.collectGarbage');
      heapUsed = (await cdp.send('Runtime.getHeapUsage')).usedSize;
    }
    // The heading cannot be on screen before the page's first contentful paint; never on screen counts as Infinity.
    const deepLink = !anchor ? NaN : figures.targetOnScreen === null ? Infinity : Math.max(figures.targetOnScreen, figures.fcp ?? 0);
    return { fcp: figures.fcp ?? NaN, deepLink, blocking, longTasks: figures.longTasks.length, heapUsed, heapBeforeGc, longTaskError: figures.longTaskError };
  } finally {
    await context.close().catch(() => {});
  }
}

/** Measures `dist` (a built site) in Chromium and prints one summary line; returns the medians, or undefined when skipped. */
export async function measureBrowser(dist, { runs = 5, timeLimitMs = 50000, verbose = false, log = console.log } = {}) {
  const label = `API reference in Chromium`;
  const file = path.join(dist, 'docs', 'api', 'reference.html');
  if (!existsSync(CHROMIUM)) return log(`${label}: skipped (${CHROMIUM} is not installed)`);
  if (!existsSync(file)) return log(`${label}: skipped (no docs/api/reference.html in ${dist})`);
  const anchor = lastOperationAnchor(readFileSync(file, 'utf8'));
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch (error) {
    return log(`${label}: skipped (playwright-core is not installed: ${error.message})`);
  }
  const docsPage = docsPagePath(dist);
  const started = Date.now();
  const server = await serveDir(dist);
  let browser;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 30000 });
    const reference = `${server.base}/docs/api/reference`;
    const kinds = {
      js: { url: reference, javaScript: true, settle: 'blocking', heap: true },
      noJs: { url: reference, javaScript: false },
      ...(anchor && {
        deepJs: { url: `${reference}#${anchor}`, javaScript: true, anchor },
        deepNoJs: { url: `${reference}#${anchor}`, javaScript: false, anchor },
      }),
      ...(docsPage && { docs: { url: `${server.base}${docsPage}`, javaScript: true } }),
    };
    // One load first and thrown away: it pays for starting renderer processes and reading files into the OS cache.
    await load(browser, reference, { javaScript: true }).catch(() => {});
    const samples = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
    const errors = [];
    let rounds = 0;
    // Rounds stop early past timeLimitMs so the section stays around a minute on a busy machine.
    // Kinds are interleaved so that noise from other work on the machine spreads over all of them.
    while (rounds < runs && (rounds === 0 || Date.now() - started < timeLimitMs)) {
      for (const [kind, { url, ...options }] of Object.entries(kinds)) {
        try {
          const sample = await load(browser, url, options);
          samples[kind].push(sample);
          if (verbose) log(`  ${kind.padEnd(8)} ${JSON.stringify(sample, (k, v) => (typeof v === 'number' ? Math.round(v) : v))}`);
        } catch (error) {
          errors.push(`${kind}: ${error.message.split('\n')[0]}`);
        }
      }
      rounds += 1;
    }
    const m = (kind, key) => median((samples[kind] ?? []).map((s) => s[key]));
    const figures = {
      anchor,
      docsPage,
      rounds,
      fcpJs: m('js', 'fcp'),
      fcpNoJs: m('noJs', 'fcp'),
      deepLinkJs: m('deepJs', 'deepLink'),
      deepLinkNoJs: m('deepNoJs', 'deepLink'),
      blocking: m('js', 'blocking'),
      heap: m('js', 'heapUsed'),
      heapBeforeGc: m('js', 'heapBeforeGc'),
      docsFcp: m('docs', 'fcp'),
      seconds: (Date.now() - started) / 1000,
      errors,
    };
    const s = (ms) => (ms === Infinity ? 'never (5 s after load)' : Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'n/a');
    const mb = (bytes) => (Number.isFinite(bytes) ? `${(bytes / 1e6).toFixed(1)} MB` : 'n/a');
    const over = [
      [figures.fcpJs > BUDGET.fcp, 'first paint (JS)'],
      [figures.fcpNoJs > BUDGET.fcp, 'first paint (no JS)'],
      [figures.deepLinkJs > BUDGET.deepLink, 'deep link (JS)'],
      [figures.deepLinkNoJs > BUDGET.deepLink, 'deep link (no JS)'],
      [figures.blocking > BUDGET.blocking, 'blocking'],
      [figures.heap > BUDGET.heap, 'heap'],
    ].filter(([isOver]) => isOver).map(([, name]) => name);
    log(
      `${label} (median of ${rounds}): first paint ${s(figures.fcpJs)} (JS) / ${s(figures.fcpNoJs)} (no JS) [budget 0.35 s]; ` +
        `deep link to last operation ${s(figures.deepLinkJs)} (JS) / ${s(figures.deepLinkNoJs)} (no JS) [0.6 s]; ` +
        `blocking ${Number.isFinite(figures.blocking) ? figures.blocking.toFixed(0) : 'n/a'} ms [150 ms]; ` +
        `heap ${mb(figures.heap)} after GC (${mb(figures.heapBeforeGc)} before) [3 MB]` +
        (over.length ? ` — over budget: ${over.join(', ')}` : ' — all within budget'),
    );
    log(
      `  (last operation #${anchor ?? '?'}; docs page ${docsPage ?? '(none found)'} first paint ${s(figures.docsFcp)}; ` +
        `${figures.seconds.toFixed(0)} s in Chromium${errors.length ? `; ${errors.length} failed loads, first: ${errors[0]}` : ''})`,
    );
    if (!anchor) log('  (no section.operation[data-anchor] in the reference page: deep link not measured)');
    return figures;
  } finally {
    await browser?.close().catch(() => {});
    server.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
  await measureBrowser(dist, { runs: Number(process.env.BENCH_RUNS ?? 5), verbose: Boolean(process.env.BENCH_VERBOSE) });
}
