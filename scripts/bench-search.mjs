// Search against issue 28's budgets, on a built site: the relevance set (top-3 rate and mean reciprocal
// rank, through the dialog's own reader), and in Chromium, in a fresh context per query, typing key by
// key into the dialog of a docs page opened just before (a cold dialog):
//   - first results: from the first keystroke that runs a query (the second character) to the first
//     option in the list [100 ms];
//   - later keystrokes: from each later keystroke to the list showing its results [50 ms];
//   - download: everything fetched once the page had loaded (the dialog's code, the index's metadata,
//     shards, fragments, the vocabulary if a word is misspelt), gzip as a compressing host sends it [60 KB].
// Figures are medians over the runs; each run types every query.
//
//   node scripts/bench-search.mjs <dist-dir>     measures an existing build (BENCH_RUNS=n runs)
//   scripts/bench.mjs                             calls measureSearch() on the build it makes (BENCH_ONLY=search)
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const BUDGET = { first: 100, later: 50, bytes: 60 * 1024 };
/** What an operator types: the bench's queries of issue 11, a question, an API call and a misspelling. */
export const QUERIES = ['publish', 'sortBy', 'retained', 'tls certificate', 'mqtt-sn predefined topics', 'how to disable anonymous usage statistics', 'list client connections', 'kubernets'];
const median = (values) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
};

/** The relevance set on the build's index: top-3 rate and MRR, as the relevance test computes them. */
export async function measureRelevance(dist, { log = console.log } = {}) {
  const { tsImport } = await import('tsx/esm/api');
  const { evaluateRelevance, formatRelevance } = await tsImport(path.join(root, 'tests', 'search', 'relevance.ts'), import.meta.url);
  const report = await evaluateRelevance(dist);
  log(formatRelevance(report));
  return report;
}

/** `mapsdocs serve` on a free port; resolves once it listens. */
async function serveDir(dist) {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const port = 4700 + Math.floor(Math.random() * 100);
    const child = spawn(process.execPath, [path.join(root, 'bin', 'mapsdocs.js'), 'serve', '--dir', dist, '--port', String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    const listening = await new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), 15000);
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
        if (/serving .* at http/.test(stderr)) (clearTimeout(timer), resolve(true));
      });
      child.once('exit', () => (clearTimeout(timer), resolve(false)));
    });
    if (listening) return { base: `http://127.0.0.1:${port}`, stop: () => child.kill() };
    child.kill();
    if (!/EADDRINUSE/.test(stderr)) throw new Error(`the static server did not start: ${stderr.trim().split('\n').pop()}`);
  }
  throw new Error('no free port for the static server in 4700-4799');
}

/** Records in the page, from the dialog's creation on: each input event, and each change of the results list. */
const PROBE = `(() => {
  const log = (globalThis.__searchBench = { inputs: [], lists: [] });
  const watch = () => {
    const input = document.getElementById('search-input');
    const list = document.getElementById('search-results');
    const status = document.querySelector('.search-dialog .search-status');
    if (!input || !list || !status) return requestAnimationFrame(watch);
    input.addEventListener('input', () => log.inputs.push([performance.now(), input.value]), true);
    // An answer: the list changed, or the status says there is none (not that it is loading).
    const answered = () => log.lists.push([performance.now(), list.childElementCount, status.querySelector('.spinner') === null]);
    new MutationObserver(answered).observe(list, { childList: true });
    new MutationObserver(answered).observe(status, { childList: true, characterData: true, subtree: true });
  };
  // The dialog is made when search is first opened.
  addEventListener('DOMContentLoaded', () => new MutationObserver((_, observer) => {
    if (document.getElementById('search-input')) (observer.disconnect(), watch());
  }).observe(document.body, { childList: true }));
})();`;

async function typeQuery(browser, base, docsPage, query) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript(PROBE);
    await page.goto(`${base}${docsPage}`, { waitUntil: 'networkidle' });
    const files = new Map();
    page.on('response', async (response) => {
      const body = await response.body().catch(() => Buffer.alloc(0));
      files.set(response.url().replace(/\?.*$/, ''), gzipSync(body).length);
    });
    await page.keyboard.press('/');
    await page.getByRole('combobox', { name: 'Search the documentation' }).waitFor();
    await page.keyboard.type(query, { delay: 100 });
    await page.getByRole('option').first().waitFor({ timeout: 10000 });
    // The pause after typing: the results' sections load.
    await page.waitForTimeout(400);
    await page.waitForLoadState('networkidle');
    const { inputs, lists } = await page.evaluate(() => globalThis.__searchBench);
    // For each keystroke that runs a query, its answer: the first change of the list or the status after it
    // and before the next keystroke (none: it was answered after the next keystroke, or never).
    const latencies = [];
    inputs.forEach(([at, value], i) => {
      if (value.trim().length < 2) return;
      const next = inputs[i + 1]?.[0] ?? Infinity;
      const shown = lists.find(([t, , done]) => t > at && t < next + 1 && done);
      latencies.push(shown ? shown[0] - at : Infinity);
    });
    const total = [...files.values()].reduce((n, b) => n + b, 0);
    const of = (test) => [...files].filter(([url]) => test(url)).reduce((n, [, b]) => n + b, 0);
    return {
      query,
      first: latencies[0],
      later: latencies.slice(1),
      total,
      code: of((url) => url.endsWith('.js')),
      shards: of((url) => /\/search-index\/s\d+\./.test(url)),
      fragments: of((url) => /\/search-index\/f\d+\./.test(url)),
      vocabulary: of((url) => /\/search-index\/v\./.test(url)),
    };
  } finally {
    await context.close();
  }
}

/** Types each query in a fresh context `runs` times; prints one line per budget and returns the medians. */
export async function measureSearch(dist, { runs = 5, queries = QUERIES, log = console.log } = {}) {
  const label = 'search in Chromium';
  if (!existsSync(CHROMIUM)) return log(`${label}: skipped (${CHROMIUM} is not installed)`);
  if (!existsSync(path.join(dist, 'search-index', 'meta.json'))) return log(`${label}: skipped (no search index in ${dist})`);
  const docsPage = existsSync(path.join(dist, 'docs', 'intro.html')) ? '/docs/intro' : '/';
  const { chromium } = await import('playwright-core');
  const server = await serveDir(dist);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 30000 });
  try {
    // One query first and thrown away: renderer start and the OS's file cache.
    await typeQuery(browser, server.base, docsPage, 'broker');
    const samples = new Map(queries.map((q) => [q, []]));
    for (let run = 0; run < runs; run += 1) for (const query of queries) samples.get(query).push(await typeQuery(browser, server.base, docsPage, query));
    const rows = queries.map((query) => {
      const list = samples.get(query);
      return {
        query,
        first: median(list.map((s) => s.first)),
        later: median(list.flatMap((s) => s.later)),
        laterWorst: median(list.map((s) => Math.max(...s.later, 0))),
        total: median(list.map((s) => s.total)),
        code: median(list.map((s) => s.code)),
        shards: median(list.map((s) => s.shards)),
        fragments: median(list.map((s) => s.fragments)),
        vocabulary: median(list.map((s) => s.vocabulary)),
      };
    });
    const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
    const ms = (t) => (Number.isFinite(t) ? `${t.toFixed(0)} ms` : t === Infinity ? 'never (overtaken by the next key)' : 'n/a');
    const overFirst = rows.filter((r) => !(r.first <= BUDGET.first)).map((r) => r.query);
    const overLater = rows.filter((r) => !(r.later <= BUDGET.later)).map((r) => r.query);
    const overBytes = rows.filter((r) => !(r.total <= BUDGET.bytes)).map((r) => r.query);
    const verdict = (over) => (over.length ? ` — over budget: ${over.join(', ')}` : ' — all within budget');
    log(`${label}, median of ${runs} runs per query, typed key by key (100 ms a key) into a cold dialog:`);
    log(`  first results after the first keystroke that searches [100 ms]: ${rows.map((r) => `${r.query} ${ms(r.first)}`).join(' · ')}${verdict(overFirst)}`);
    log(`  later keystrokes to their results [50 ms], median (worst keystroke): ${rows.map((r) => `${r.query} ${ms(r.later)} (${ms(r.laterWorst)})`).join(' · ')}${verdict(overLater)}`);
    log(`  downloaded per query, gzip [60 KB]: ${rows.map((r) => `${r.query} ${kb(r.total)}`).join(' · ')}${verdict(overBytes)}`);
    log(
      `  (of it: the dialog's code ${kb(median(rows.map((r) => r.code)))}; shards ${rows.map((r) => kb(r.shards)).join(' · ')}; ` +
        `fragments ${rows.map((r) => kb(r.fragments)).join(' · ')}; vocabulary ${rows.map((r) => kb(r.vocabulary)).join(' · ')})`,
    );
    return rows;
  } finally {
    await browser.close().catch(() => {});
    server.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
  await measureRelevance(dist);
  await measureSearch(dist, { runs: Number(process.env.BENCH_RUNS ?? 5) });
}
