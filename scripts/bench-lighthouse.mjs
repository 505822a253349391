// The Lighthouse section of `npm run bench` (BENCH_ONLY=lighthouse for it alone): Lighthouse 12, its
// mobile (simulated throttling) and desktop presets, on the landing page, a doc page with diagrams and
// the API reference of the real site, built and served by `mapsdocs serve` as a static host. Prints the
// median of BENCH_LIGHTHOUSE_RUNS runs (3) of each score and of FCP, LCP, TBT and CLS, per page and preset,
// with the machine's load average, which moves the throttled figures.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';

/** Pinned: Lighthouse 12.2.3 is the last that runs on Node 20 (13 wants Node 22). */
export const LIGHTHOUSE = 'lighthouse@12.2.3';
export const PAGES = ['/', '/docs/protocols/mqtt/mqtt-5-0', '/docs/api/reference'];
export const PRESETS = ['mobile', 'desktop'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = [
  ['FCP', 'first-contentful-paint', 's'],
  ['LCP', 'largest-contentful-paint', 's'],
  ['TBT', 'total-blocking-time', 'ms'],
  ['CLS', 'cumulative-layout-shift', ''],
];
// The flags every Chromium of this project's tools starts with on a shared machine (chrome-launcher adds a fresh profile folder).
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Starts `mapsdocs serve` on a free port; resolves with its URL and a function that stops it. */
function startServe(bin, dir) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'serve', '--dir', dir, '--port', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let said = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      said += chunk;
      const url = /at (http:\/\/\S+?)\/? \(/.exec(said)?.[1];
      if (url) resolve({ url, stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`mapsdocs serve exited (${code}): ${said}`)));
  });
}

function lighthouse(url, preset, outFile) {
  const args = ['-y', LIGHTHOUSE, url, '--quiet', '--output=json', `--output-path=${outFile}`, `--chrome-flags=${CHROME_FLAGS.join(' ')}`, ...(preset === 'desktop' ? ['--preset=desktop'] : [])];
  const result = spawnSync('npx', args, { encoding: 'utf8', env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, timeout: 180_000 });
  if (result.status !== 0 || !existsSync(outFile)) throw new Error(`lighthouse ${url} (${preset}) failed:\n${result.stderr}`);
  const report = JSON.parse(readFileSync(outFile, 'utf8'));
  if (report.runtimeError) throw new Error(`lighthouse ${url} (${preset}): ${report.runtimeError.message}`);
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((report.categories[c]?.score ?? 0) * 100)])),
    metrics: Object.fromEntries(METRICS.map(([label, id]) => [label, report.audits[id]?.numericValue ?? Number.NaN])),
  };
}

function format(label, value, unit) {
  if (unit === 's') return `${label} ${(value / 1000).toFixed(2)} s`;
  if (unit === 'ms') return `${label} ${value.toFixed(0)} ms`;
  return `${label} ${value.toFixed(3)}`;
}

/** Builds the site into a temporary folder, serves it, and prints the medians; gives them too. */
export async function benchLighthouse({ root, bin, siteArgs = [], runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3) }) {
  const work = mkdtempSync(path.join(tmpdir(), 'mapsdocs-lighthouse-'));
  const dist = path.join(work, 'dist');
  const built = spawnSync(process.execPath, [bin, 'build', '--quiet', '--out', dist, ...siteArgs], { cwd: root, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`build failed:\n${built.stderr}`);
  const server = await startServe(bin, dist);
  const results = [];
  try {
    console.log(`\nLighthouse (${LIGHTHOUSE}, ${runs} runs each, medians; mapsdocs serve at ${server.url}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')})`);
    for (const page of PAGES) {
      for (const preset of PRESETS) {
        const samples = [];
        for (let i = 0; i < runs; i += 1) samples.push(lighthouse(`${server.url}${page}`, preset, path.join(work, `report-${samples.length}.json`)));
        const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(samples.map((s) => s.scores[c]))]));
        const metrics = Object.fromEntries(METRICS.map(([label]) => [label, median(samples.map((s) => s.metrics[label]))]));
        results.push({ page, preset, scores, metrics, performanceRuns: samples.map((s) => s.scores.performance) });
        console.log(
          `${`${page} (${preset})`.padEnd(40)} ${CATEGORIES.map((c) => scores[c]).join('/')}  ${METRICS.map(([label, , unit]) => format(label, metrics[label], unit)).join('  ')}  (performance per run: ${samples.map((s) => s.scores.performance).join(', ')})`,
        );
      }
    }
    console.log(`(load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')})`);
  } finally {
    server.stop();
    rmSync(work, { recursive: true, force: true });
  }
  return results;
}
