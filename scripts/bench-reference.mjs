// The API reference in Chromium (issue 9's budgets): first contentful paint with
// and without JavaScript, time until a deep link to the last operation is on
// screen, main-thread blocking and JS heap. Medians over fresh browser contexts.
// `node scripts/bench-reference.mjs DIST` measures an existing build on its own;
// scripts/bench.mjs calls measureReference() on the build it makes.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function serveDir(dir) {
  const port = 4600 + Math.floor(Math.random() * 100);
  const child = spawn(process.execPath, [path.join(root, 'bin', 'mapsdocs.js'), 'serve', '--dir', dir, '--port', String(port)], { stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i += 1) {
    if (await fetch(`${base}/`).then(() => true, () => false)) return { base, stop: () => child.kill() };
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill();
  throw new Error('the static server did not start');
}

/** Runs in the page before its own scripts: records long tasks and when the target heading is first on screen. */
function probe(anchor) {
  const w = window;
  w.__bench = { longTasks: [], targetOnScreen: undefined };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__bench.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  if (!anchor) return;
  const check = () => {
    const target = document.getElementById(anchor);
    if (target) {
      const rect = target.getBoundingClientRect();
      if (rect.bottom > 0 && rect.top < innerHeight) {
        w.__bench.targetOnScreen = performance.now();
        return;
      }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/**
 * One page load in a fresh context. "Without JavaScript" blocks the site's scripts (the islands) but lets the
 * probe run: a page with JavaScript switched off can run no observer at all, so nothing could be measured.
 */
async function load(browser, url, { javaScript, anchor }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (!javaScript) await context.route('**/assets/js/**', (route) => route.abort());
  const page = await context.newPage();
  await page.addInitScript(probe, anchor);
  await page.goto(url, { waitUntil: 'load' });
  // Blocking is counted up to two seconds after load, when the islands have done their work.
  await page.waitForTimeout(javaScript ? 2000 : 500);
  const cdp = await context.newCDPSession(page);
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
  const bench = await page.evaluate(() => window.__bench);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')).usedSize;
  await context.close();
  return { fcp, blocking: bench.longTasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0), targetOnScreen: bench.targetOnScreen, heap };
}

export async function measureReference(dist, runs = 5) {
  const file = path.join(dist, 'docs', 'api', 'reference.html');
  if (!existsSync(CHROMIUM) || !existsSync(file)) {
    console.log(`API reference in Chromium: skipped (${existsSync(CHROMIUM) ? 'no reference page in the build' : `${CHROMIUM} is not installed`})`);
    return undefined;
  }
  const anchors = [...readFileSync(file, 'utf8').matchAll(/<section class="operation" data-anchor="([^"]+)"/g)].map((m) => m[1]);
  const last = anchors[anchors.length - 1];
  const { chromium } = await import('playwright-core');
  const server = await serveDir(dist);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    const url = `${server.base}/docs/api/reference`;
    const samples = { js: [], noJs: [], deep: [], deepNoJs: [], docs: [] };
    for (let i = 0; i < runs; i += 1) {
      samples.js.push(await load(browser, url, { javaScript: true }));
      samples.noJs.push(await load(browser, url, { javaScript: false }));
      samples.deep.push(await load(browser, `${url}#${last}`, { javaScript: true, anchor: last }));
      samples.deepNoJs.push(await load(browser, `${url}#${last}`, { javaScript: false, anchor: last }));
      samples.docs.push(await load(browser, `${server.base}/docs/intro`, { javaScript: true }));
    }
    const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
    const figures = {
      fcpJs: median(samples.js.map((r) => r.fcp)),
      fcpNoJs: median(samples.noJs.map((r) => r.fcp)),
      deepJs: median(samples.deep.map((r) => r.targetOnScreen ?? Infinity)),
      deepNoJs: median(samples.deepNoJs.map((r) => r.targetOnScreen ?? Infinity)),
      blocking: median(samples.js.map((r) => r.blocking)),
      heap: median(samples.js.map((r) => r.heap)),
      docsFcp: median(samples.docs.map((r) => r.fcp)),
    };
    console.log(
      `API reference in Chromium (median of ${runs}): first paint ${s(figures.fcpJs)} (JS) / ${s(figures.fcpNoJs)} (site scripts blocked) [budget 0.35 s]; ` +
        `deep link to the last operation (${last}) on screen at ${s(figures.deepJs)} (JS) / ${s(figures.deepNoJs)} (site scripts blocked) [0.6 s]; ` +
        `main-thread blocking ${figures.blocking.toFixed(0)} ms [150 ms]; JS heap ${(figures.heap / 2 ** 20).toFixed(1)} MiB [3 MB]; ` +
        `docs page first paint ${s(figures.docsFcp)}`,
    );
    return figures;
  } finally {
    await browser.close();
    server.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
  await measureReference(dist, Number(process.env.BENCH_RUNS ?? 5));
}
