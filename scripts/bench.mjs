// npm run bench: times whole `mapsdocs build` processes (start to exit) and
// reports medians over several runs, phase times, peak memory, growth on
// generated corpora, and the size of what readers download.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { writeCorpus } from './corpus.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'bin', 'mapsdocs.js');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function timedBuild(args, cwd = root) {
  const result = spawnSync('/usr/bin/time', ['-f', '__TIME__ %e %M', process.execPath, bin, 'build', ...args], { cwd, encoding: 'utf8' });
  const match = /__TIME__ ([\d.]+) (\d+)/.exec(result.stderr);
  if (result.status !== 0 || !match) throw new Error(`build failed:\n${result.stderr}`);
  const phases = {};
  const line = result.stderr.split('\n').find((l) => l.startsWith('✓ built')) ?? '';
  for (const [, label, ms] of line.matchAll(/([\w+]+) (\d+) ms/g)) phases[label] = Number(ms);
  return { seconds: Number(match[1]), rssMiB: Number(match[2]) / 1024, phases };
}

function series(label, args, cwd) {
  const samples = [];
  for (let i = 0; i < runs; i += 1) samples.push(timedBuild(args, cwd));
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

console.log(`mapsdocs bench: ${runs} runs each, wall time of the whole process (node start to exit)\n`);
const out = mkdtempSync(path.join(tmpdir(), 'mapsdocs-bench-'));
series('site, cold (--no-cache)', ['--no-cache', '--quiet', '--out', path.join(out, 'cold')]);
series('site, repeated (cache warm)', ['--quiet', '--out', path.join(out, 'warm')]);

for (const count of (process.env.BENCH_CORPUS ?? '1000,10000').split(',').map(Number)) {
  const dir = path.join(out, `corpus-${count}`);
  writeCorpus(path.join(dir, 'content'), count);
  const saved = process.env.BENCH_RUNS;
  const result = [];
  for (let i = 0; i < (count >= 10000 ? 1 : Math.min(runs, 3)); i += 1) result.push(timedBuild(['--no-cache', '--quiet', '--out', path.join(dir, 'dist')], dir));
  process.env.BENCH_RUNS = saved;
  const seconds = median(result.map((r) => r.seconds));
  console.log(`corpus ${String(count).padStart(5)} pages, cold`.padEnd(34) + ` median ${seconds.toFixed(2)} s  peak ${Math.max(...result.map((r) => r.rssMiB)).toFixed(0)} MiB  (${((seconds * 1000) / count).toFixed(2)} ms/page)`);
}

const site = path.join(out, 'warm');
if (existsSync(site)) {
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
}
rmSync(out, { recursive: true, force: true });
