// npm run bench: times whole `mapsdocs build` processes (start to exit) and
// reports medians over several runs, phase times, peak memory, growth on
// generated corpora, and the size of what readers download.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { benchLighthouse } from './bench-lighthouse.mjs';
import { writeCorpus } from './corpus.mjs';
import { writeDocusaurusCorpus } from './docusaurus-corpus.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'bin', 'mapsdocs.js');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Runs a command under /usr/bin/time: wall seconds, CPU seconds (user + system, every thread) and peak RSS. */
function timed(command, args, cwd, env = {}) {
  const result = spawnSync('/usr/bin/time', ['-f', '__TIME__ %e %U %S %M', command, ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...env } });
  const match = /__TIME__ ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(result.stderr);
  if (result.status !== 0 || !match) throw new Error(`${path.basename(command)} failed:\n${result.stderr}`);
  return { stderr: result.stderr, seconds: Number(match[1]), cpuSeconds: Number(match[2]) + Number(match[3]), rssMiB: Number(match[4]) / 1024 };
}

function timedBuild(args, cwd = root, env = {}) {
  const { stderr, seconds, cpuSeconds, rssMiB } = timed(process.execPath, [bin, 'build', ...args], cwd, env);
  const phases = {};
  const line = stderr.split('\n').find((l) => l.startsWith('✓ built')) ?? '';
  for (const [, label, ms] of line.matchAll(/([\w+]+) (\d+) ms/g)) phases[label === 'in' ? 'in-process total' : label] = Number(ms);
  return { seconds, cpuSeconds, rssMiB, phases };
}

function series(label, args, cwd, env) {
  const samples = [];
  for (let i = 0; i < runs; i += 1) samples.push(timedBuild(args, cwd, env));
  return summarise(label, samples);
}

/**
 * Two kinds of build run alternately, so that the machine's drift (this VM's speed varies by
 * a quarter within the hour) weighs on both alike; the cost of what `a` adds is the median of
 * the differences within each pair.
 */
function pairedSeries(a, b, cwd, count = runs) {
  const samplesA = [];
  const samplesB = [];
  for (let i = 0; i < count; i += 1) {
    // ABBA: which kind goes first alternates, so that a drift within a pair does not favour one.
    if (i % 2 === 0) {
      samplesA.push(timedBuild(a.args, cwd));
      samplesB.push(timedBuild(b.args, cwd));
    } else {
      samplesB.push(timedBuild(b.args, cwd));
      samplesA.push(timedBuild(a.args, cwd));
    }
  }
  return { a: summarise(a.label, samplesA), b: summarise(b.label, samplesB), addedSeconds: median(samplesA.map((s, i) => s.seconds - samplesB[i].seconds)) };
}

function summarise(label, samples) {
  const phaseNames = Object.keys(samples[0].phases);
  const phases = Object.fromEntries(phaseNames.map((p) => [p, median(samples.map((s) => s.phases[p] ?? 0))]));
  const out = { label, medianSeconds: median(samples.map((s) => s.seconds)), peakMiB: Math.max(...samples.map((s) => s.rssMiB)), phases };
  console.log(`${label.padEnd(34)} median ${out.medianSeconds.toFixed(2)} s  peak ${out.peakMiB.toFixed(0)} MiB  phases(ms) ${JSON.stringify(phases)}`);
  return out;
}

function gz(file) {
  return gzipSync(readFileSync(file)).length;
}

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

// BENCH_ONLY=site,corpus,hugo,reference,search,dev,stripe,versions,lighthouse runs some sections only (all by default).
const sections = new Set((process.env.BENCH_ONLY ?? 'site,corpus,hugo,reference,search,dev,stripe,versions,lighthouse').split(','));
console.log(`mapsdocs bench: ${runs} runs each, wall time of the whole process (node start to exit)\n`);
const out = mkdtempSync(path.join(tmpdir(), 'mapsdocs-bench-'));
// The real site; until its content exists, a generated tree of the same size stands in (with the real OpenAPI file).
let siteRoot = root;
const siteArgs = [];
if (!existsSync(path.join(root, 'content', 'docs'))) {
  siteRoot = path.join(out, 'site-105');
  writeCorpus(path.join(siteRoot, 'content'), 105);
  siteArgs.push('--openapi', path.join(root, 'openapi', 'maps-messaging-api.yaml'));
  console.log('(content/docs is missing: measuring a generated 105-page tree with the real OpenAPI description)');
}
let siteCold;
if (sections.has('site')) {
  // What search adds (~0.1-0.3 s) is small against the run-to-run noise of a 3 s build (a few hundred
  // ms): five pairs gave medians from 90 to 340 ms in one evening, so this pairing takes at least 15.
  const pairs = Math.max(runs, 15);
  const { a: cold, b: bare, addedSeconds } = (siteCold = pairedSeries(
    { label: 'site, cold (--no-cache)', args: ['--no-cache', '--out', path.join(out, 'cold'), ...siteArgs] },
    { label: 'site, cold, no search index', args: ['--no-cache', '--no-search', '--out', path.join(out, 'nosearch'), ...siteArgs] },
    siteRoot,
    pairs,
  ));
  console.log(
    `${'search index, added to a cold build'.padEnd(34)} ${(addedSeconds * 1000).toFixed(0)} ms (median of ${pairs} paired differences; difference of the medians ${((cold.medianSeconds - bare.medianSeconds) * 1000).toFixed(0)} ms; of it, waiting for the index after the pages were written: ${cold.phases.search ?? '?'} ms, the rest is its share of the two cores while pages are parsed)`,
  );
  // One build first fills the cache (a new engine invalidates it), so that every measured run is a repeat.
  timedBuild(['--out', path.join(out, 'warm'), ...siteArgs], siteRoot);
  series('site, repeated, nothing changed', ['--out', path.join(out, 'warm'), ...siteArgs], siteRoot);
  // A repeated build after a one-page edit: the up-to-date check fails, cached pages and code are reused.
  if (siteRoot === root) {
    const copy = path.join(out, 'edited-site');
    cpSync(path.join(root, 'content'), path.join(copy, 'content'), { recursive: true });
    cpSync(path.join(root, 'openapi'), path.join(copy, 'openapi'), { recursive: true });
    const page = path.join(copy, 'content', 'docs', 'intro.md');
    timedBuild(['--quiet', '--out', path.join(out, 'edited')], copy);
    const samples = [];
    for (let i = 0; i < runs; i += 1) {
      const text = readFileSync(page, 'utf8');
      writeFileSync(page, i % 2 === 0 ? text.replace('is an open-source', 'is an open source') : text.replace('is an open source', 'is an open-source'));
      samples.push(timedBuild(['--out', path.join(out, 'edited')], copy));
    }
    const phases = Object.fromEntries(Object.keys(samples[0].phases).map((p) => [p, median(samples.map((x) => x.phases[p] ?? 0))]));
    console.log(`${'site, repeated, one page edited'.padEnd(34)} median ${median(samples.map((x) => x.seconds)).toFixed(2)} s  peak ${Math.max(...samples.map((x) => x.rssMiB)).toFixed(0)} MiB  phases(ms) ${JSON.stringify(phases)}`);
  }
  series('site, serial (no worker threads)', ['--no-cache', '--out', path.join(out, 'serial'), ...siteArgs], siteRoot, { MAPSDOCS_WORKERS: '0' });
} else if (sections.has('reference')) {
  timedBuild(['--out', path.join(out, 'warm'), ...siteArgs], siteRoot);
}

for (const count of sections.has('corpus') ? (process.env.BENCH_CORPUS ?? '1000,10000').split(',').map(Number) : []) {
  const dir = path.join(out, `corpus-${count}`);
  writeCorpus(path.join(dir, 'content'), count);
  const saved = process.env.BENCH_RUNS;
  const result = [];
  for (let i = 0; i < (count >= 10000 ? 1 : Math.min(runs, 3)); i += 1) result.push(timedBuild(['--no-cache', '--quiet', '--out', path.join(dir, 'dist')], dir));
  process.env.BENCH_RUNS = saved;
  const seconds = median(result.map((r) => r.seconds));
  console.log(`corpus ${String(count).padStart(5)} pages, cold`.padEnd(34) + ` median ${seconds.toFixed(2)} s  peak ${Math.max(...result.map((r) => r.rssMiB)).toFixed(0)} MiB  (${((seconds * 1000) / count).toFixed(2)} ms/page)`);
}

// Content the engine was not tuned for (issue 29): a generated Docusaurus-style corpus of 104 pages, built
// cold (--no-cache) and cached (the cache of an earlier build kept, as CI keeps node_modules/.cache/mapsdocs,
// and the output folder new, so every page is rendered and written), and by Hugo when it is installed.
// The three alternate, so that the machine's drift weighs on each alike; CPU time counts every thread.
if (sections.has('hugo')) {
  const corpus = writeDocusaurusCorpus(path.join(out, 'docusaurus'));
  const hugo = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  const hasHugo = hugo.status === 0;
  console.log(`\nDocusaurus-style corpus: ${corpus.pages} pages of ~${corpus.wordsPerPage} words of prose, code in ten languages, tables, admonitions, mermaid`);
  // Fills the cache the cached builds read.
  timedBuild(['--quiet', '--out', path.join(out, 'docusaurus-fill')], corpus.mapsdocs);
  const samples = { cold: [], cached: [], hugo: [] };
  const count = Math.max(runs, 5);
  for (let i = 0; i < count; i += 1) {
    const kinds = ['cold', 'cached', ...(hasHugo ? ['hugo'] : [])];
    for (const kind of i % 2 === 0 ? kinds : kinds.reverse()) {
      const dist = path.join(out, `docusaurus-${kind}-${i}`);
      if (kind === 'hugo') samples.hugo.push(timed('hugo', ['--quiet', '--ignoreCache', '--destination', dist], corpus.hugo));
      else samples[kind].push(timedBuild(['--quiet', ...(kind === 'cold' ? ['--no-cache'] : []), '--out', dist], corpus.mapsdocs));
      rmSync(dist, { recursive: true, force: true });
    }
  }
  const line = (label, list) => {
    const wall = median(list.map((s) => s.seconds));
    const cpu = median(list.map((s) => s.cpuSeconds));
    const ratio = hasHugo && label !== 'hugo' ? `  ${(wall / median(samples.hugo.map((s) => s.seconds))).toFixed(1)}× Hugo's wall time, ${(cpu / median(samples.hugo.map((s) => s.cpuSeconds))).toFixed(1)}× its CPU time` : '';
    console.log(`${`corpus, ${label}`.padEnd(34)} median ${wall.toFixed(2)} s  CPU ${cpu.toFixed(2)} s  peak ${Math.max(...list.map((s) => s.rssMiB)).toFixed(0)} MiB${ratio}`);
  };
  line('mapsdocs cold (--no-cache)', samples.cold);
  line('mapsdocs cached', samples.cached);
  if (hasHugo) line('hugo', samples.hugo);
  else console.log('(hugo is not installed: `apt-get install hugo` adds the side-by-side comparison)');
  console.log(`(${count} runs of each, alternating; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
}

const site = path.join(out, 'warm');
// The dist of the warm series holds the assets and the API reference measured below.
if (sections.has('reference') && existsSync(site)) {
  const assets = walk(path.join(site, 'assets'));
  const main = assets.filter((f) => /\/main\.[0-9a-f]+\.js$/.test(f)).reduce((n, f) => n + gz(f), 0);
  const css = assets.filter((f) => f.endsWith('.css')).reduce((n, f) => n + gz(f), 0);
  const reference = path.join(site, 'docs/api/reference.html');
  console.log(`\nfirst-load JS of a docs page: ${(main / 1024).toFixed(1)} KB gzip; CSS ${(css / 1024).toFixed(1)} KB gzip`);
  if (existsSync(reference)) {
    const html = readFileSync(reference, 'utf8');
    const ref = assets.filter((f) => /\/api-reference\.[0-9a-f]+\.js$/.test(f)).reduce((n, f) => n + gz(f), 0);
    console.log(`API reference: HTML ${(gz(reference) / 1024).toFixed(1)} KB gzip, ${(html.match(/<[a-zA-Z][^>]*>/g) ?? []).length} elements; page JS ${(ref / 1024).toFixed(1)} KB gzip beyond the shared bundle`);
  }
  const search = path.join(site, 'search-index');
  if (existsSync(search)) {
    const files = walk(search);
    const dialog = assets.filter((f) => /\/search\.[0-9a-f]+\.js$/.test(f) || /\/chunk-[^/]+\.js$/.test(f) && readFileSync(f, 'utf8').includes('search-index'));
    const shards = files.filter((f) => /\/s\d+\.[0-9a-f]+\.json$/.test(f));
    const fragments = files.filter((f) => /\/f\d+\.[0-9a-f]+\.json$/.test(f));
    const sum = (list) => list.reduce((n, f) => n + gz(f), 0);
    console.log(
      `search: dialog and reader ${(sum(dialog) / 1024).toFixed(1)} KB gzip, metadata ${(gz(path.join(search, 'meta.json')) / 1024).toFixed(1)} KB; ` +
        `index in ${shards.length} shards of ${(sum(shards) / 1024 / Math.max(1, shards.length)).toFixed(1)} KB gzip on average (a query loads those its words fall in), ` +
        `${fragments.length} fragment files of ${(sum(fragments) / 1024 / Math.max(1, fragments.length)).toFixed(1)} KB (one per result shown, shared by short documents)`,
    );
  }
}
// The API reference page's build: its phase in the cold build of the site (started while the last pages
// wait for their code's highlighting, with the description loaded on a worker meanwhile), and what it adds
// to a cold process building a one-page site (builds with and without it alternate).
if (sections.has('reference')) {
  const alone = path.join(out, 'reference-alone');
  writeCorpus(path.join(alone, 'content'), 1);
  const description = path.join(root, 'openapi', 'maps-messaging-api.yaml');
  const { addedSeconds } = pairedSeries(
    { label: '1-page site with the API reference', args: ['--no-cache', '--no-search', '--openapi', description, '--out', path.join(alone, 'with')] },
    { label: '1-page site without it', args: ['--no-cache', '--no-search', '--out', path.join(alone, 'without')] },
    alone,
  );
  const inSite = siteCold ? `${siteCold.a.phases.openapi} ms in the cold build of the site (median of its phase); ` : '';
  console.log(`API reference page build: ${inSite}adds ${(addedSeconds * 1000).toFixed(0)} ms to a cold build of a one-page site (median of ${runs} paired differences)`);
}

// The API reference's paint, deep-link, blocking and heap budgets, in Chromium, on the warm build.
if (sections.has('reference') && existsSync(site)) {
  const { measureBrowser } = await import('./bench-browser.mjs');
  await measureBrowser(site, { runs: 5 }).catch((error) => console.log(`API reference in Chromium: failed (${error.message.split('\n')[0]})`));
}
// Search (issue 28): the relevance set's top-3 rate and MRR, then first results, later keystrokes and the
// download per query, in Chromium, on the same build (or one made for it). What search adds to a cold
// build is the site section's paired figure above.
if (sections.has('search')) {
  let searched = site;
  if (!existsSync(path.join(searched, 'search-index', 'meta.json'))) {
    searched = path.join(out, 'search-site');
    timedBuild(['--no-cache', '--quiet', '--out', searched, ...siteArgs], siteRoot);
  }
  console.log('');
  const { measureRelevance, measureSearch } = await import('./bench-search.mjs');
  if (siteRoot === root) await measureRelevance(searched).catch((error) => console.log(`search relevance: failed (${error.message.split('\n')[0]})`));
  await measureSearch(searched, { runs }).catch((error) => console.log(`search in Chromium: failed (${error.message.split('\n')[0]})`));
}

// dev: time to the first page served, and from a file write to the update event the browser
// receives (single page edit, and a title change), on the generated corpus and on a copy of the site.
async function measureDev(label, dir, { route, page, body, title }) {
  const { spawn } = await import('node:child_process');
  const { readFileSync: read, writeFileSync: write } = await import('node:fs');
  const port = 3900 + Math.floor(Math.random() * 90);
  const started = Date.now();
  const child = spawn(process.execPath, [bin, 'dev', '--port', String(port), '--quiet'], { cwd: dir, stdio: 'ignore' });
  let ready = 0;
  for (let i = 0; i < 400 && !ready; i += 1) {
    ready = await fetch(`http://127.0.0.1:${port}${route}`).then((r) => (r.ok ? Date.now() - started : 0), () => 0);
    if (!ready) await new Promise((r) => setTimeout(r, 25));
  }
  const events = await fetch(`http://127.0.0.1:${port}/__mapsdocs/events`);
  const reader = events.body.getReader();
  const decoder = new TextDecoder();
  // One reader for the whole run records when each update arrives: a write can raise two change
  // events (and two updates), and a late one must not be taken for the next edit's answer.
  const arrivals = [];
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let index;
      while ((index = buffer.indexOf('\n\n')) !== -1) {
        if (buffer.slice(0, index).includes('event: update')) arrivals.push(performance.now());
        buffer = buffer.slice(index + 2);
      }
    }
  })();
  const updateAfter = async (t0) => {
    for (;;) {
      const hit = arrivals.find((t) => t > t0);
      if (hit !== undefined) return hit;
      await new Promise((r) => setTimeout(r, 1));
    }
  };
  // The first build (started after the first page was served) must be over before edits are timed:
  // until then pages come rendered alone.
  while (await fetch(`http://127.0.0.1:${port}${route}`).then((r) => r.headers.has('x-mapsdocs-rendered'))) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 500));
  const measure = async (file, [from, to]) => {
    const times = [];
    for (let i = 0; i < 7; i += 1) {
      const text = read(file, 'utf8');
      const t0 = performance.now();
      write(file, i % 2 === 0 ? text.replace(from, to) : text.replace(to, from));
      times.push((await updateAfter(t0)) - t0);
      // Let the watcher settle, so that each edit is measured on its own.
      await new Promise((r) => setTimeout(r, 300));
    }
    return median(times);
  };
  const bodyMs = await measure(page, body);
  const titleMs = await measure(page, title);
  child.kill('SIGINT');
  console.log(`${label}: first page served ${ready} ms after start; edit → update event median ${bodyMs.toFixed(0)} ms (body), ${titleMs.toFixed(0)} ms (title, every sidebar)`);
}
if (sections.has('dev')) {
  const generated = path.join(out, 'dev-105');
  writeCorpus(path.join(generated, 'content'), 105);
  await measureDev('dev, generated 105 pages', generated, {
    route: '/docs/section-0000/page-0',
    page: path.join(generated, 'content', 'docs', 'section-0001', 'page-60.md'),
    body: ['translates between', 'converts between'],
    title: ['title: Page 60 of', 'title: Page sixty of'],
  });
  // A copy of the real site, with no cache from an earlier session (the first start) and then with one.
  const real = path.join(out, 'dev-site');
  cpSync(path.join(root, 'content'), path.join(real, 'content'), { recursive: true });
  cpSync(path.join(root, 'openapi'), path.join(real, 'openapi'), { recursive: true });
  const options = {
    route: '/docs/intro',
    page: path.join(real, 'content', 'docs', 'intro.md'),
    body: ['MAPS Messaging is an open-source', 'MAPS Messaging is an open source'],
    title: ['title: Introduction to MAPS Messaging', 'title: About MAPS Messaging'],
  };
  await measureDev('dev, the site, first session', real, options);
  await measureDev('dev, the site, next session', real, options);
}

// Versioned docs: the real content as three versions (two snapshots plus current, each with the description),
// against the unversioned site, cold and cached, interleaved. Budgets: ≤ 3.2× cold, ≤ 1.2× cached.
if (sections.has('versions') && existsSync(path.join(root, 'content', 'docs'))) {
  const plain = path.join(out, 'versions-plain');
  const versioned = path.join(out, 'versions-three');
  for (const dir of [plain, versioned]) {
    cpSync(path.join(root, 'content'), path.join(dir, 'content'), { recursive: true });
    cpSync(path.join(root, 'openapi'), path.join(dir, 'openapi'), { recursive: true });
  }
  for (const name of ['4.3', '4.4']) execFileSync(process.execPath, [bin, 'version', name], { cwd: versioned, stdio: 'ignore' });
  const cold = { plain: [], versioned: [] };
  const repeated = { plain: [], versioned: [] };
  const edited = { plain: [], versioned: [] };
  for (let i = 0; i < runs; i += 1) {
    for (const [key, dir] of i % 2 === 0 ? [['plain', plain], ['versioned', versioned]] : [['versioned', versioned], ['plain', plain]]) {
      cold[key].push(timedBuild(['--no-cache', '--quiet'], dir).seconds);
      // Cached: the same build again once recorded (as the "repeated build" above), then after one page's text changed.
      timedBuild(['--quiet'], dir);
      // What earlier builds wrote is flushed first: the kernel writing back the cold build's thousands of
      // files (2.7 times as many with three versions) slowed the next build by more than its own work.
      execFileSync('sync');
      repeated[key].push(timedBuild(['--quiet'], dir).seconds);
      // A word of the current docs' introduction, as an author edits it: that page's text, its search entry and its compressed copies change.
      const page = path.join(dir, 'content', 'docs', 'intro.md');
      const text = readFileSync(page, 'utf8');
      writeFileSync(page, i % 2 === 0 ? text.replace('is an open-source', 'is an open source') : text.replace('is an open source', 'is an open-source'));
      execFileSync('sync');
      edited[key].push(timedBuild(['--quiet'], dir).seconds);
    }
  }
  const line = (label, a, b) => console.log(`${label.padEnd(34)} unversioned ${median(a).toFixed(2)} s, three versions ${median(b).toFixed(2)} s: ${(median(b) / median(a)).toFixed(2)}×`);
  line('versions, cold (--no-cache)', cold.plain, cold.versioned);
  line('versions, cached (repeated)', repeated.plain, repeated.versioned);
  line('versions, cached (one page edited)', edited.plain, edited.versioned);
}

// Stripe's description (about 420 operations, 560 schemas, 4 MB) through the reference renderer.
const stripe = path.resolve(root, '..', 'shared', 'samples', 'openapi', 'stripe-2022.json');
if (sections.has('stripe') && existsSync(stripe)) {
  const dir = path.join(out, 'stripe');
  writeCorpus(path.join(dir, 'content'), 1);
  const r = timedBuild(['--no-cache', '--quiet', '--openapi', stripe, '--out', path.join(dir, 'dist')], dir);
  const html = path.join(dir, 'dist', 'docs', 'api', 'reference.html');
  console.log(`Stripe reference: ${r.seconds.toFixed(2)} s, peak ${r.rssMiB.toFixed(0)} MiB, HTML ${(gz(html) / 1024).toFixed(0)} KB gzip`);
}
// Lighthouse's mobile and desktop presets on three pages, served by `mapsdocs serve` (scripts/bench-lighthouse.mjs).
if (sections.has('lighthouse')) await benchLighthouse({ root: siteRoot, bin, siteArgs });
rmSync(out, { recursive: true, force: true });
