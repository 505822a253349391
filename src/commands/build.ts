import { lstatSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { formatReport, type BrokenLink } from '../check/links.ts';
import { resolveConfig, type ResolvedConfig, type ResolveOptions } from '../config/resolve.ts';
import { removeAbandonedBeside } from '../emit/atomic.ts';
import { lockFileOf, lockFolder } from '../emit/folderLock.ts';
import { pageReuseFrom } from '../emit/pageReuse.ts';
import { inputFingerprint, lastBuildRecord, recordBuild, reusableBuild, withReuseData } from '../emit/upToDate.ts';
import { engineVersion } from '../engine.ts';
import { UsageError } from '../errors.ts';
import { linkOnTheWay } from '../io/confinement.ts';
import { consoleReporter, formatTimings, type Reporter, type Timing } from '../util/task.ts';

export interface BuildOptions extends ResolveOptions {
  quiet?: boolean;
  /** Build the search index (on by default). */
  search?: boolean;
  reporter?: Reporter;
}

export interface BuildOutcome {
  /** False when broken links must fail the build (--strict or onBrokenLinks: throw). */
  ok: boolean;
  pages: number;
  broken: BrokenLink[];
  timings: Timing[];
  outDir: string;
}

/** `mapsdocs build`: the whole site into the output folder, atomically. */
export async function build(options: BuildOptions = {}): Promise<BuildOutcome> {
  const started = performance.now();
  const reporter = options.reporter ?? consoleReporter(options.quiet);
  let config = resolveConfig(options);
  refuseForeignOutput(config.outDir);
  // The cache's own folder (or node_modules/.cache) leading elsewhere: its clean-up would delete files there.
  const linked = config.cache ? linkOnTheWay(path.join(config.root, 'node_modules'), config.cacheDir) : undefined;
  if (linked !== undefined) {
    reporter.warn(`the build cache is not used: ${shown(linked)} is a symbolic link, and the cache's clean-up would delete files where it leads; replace it with a folder`);
    config = { ...config, cache: false };
  }
  // From the up-to-date check to the record of the output: another build of this output, or with this
  // cache, waits. Always the output first, then the cache: two builds never hold one each.
  const waitFor = (folder: string, what: string) => (pid: number) =>
    reporter.info(`waiting for another build ${what} (process ${pid}) to finish (if none is running, remove ${lockFileOf(folder)})`);
  const locks = [await lockFolder(config.outDir, waitFor(config.outDir, `of ${shown(config.outDir)}`))];
  try {
    if (config.cache) {
      try {
        locks.push(await lockFolder(config.cacheDir, waitFor(config.cacheDir, `using the cache ${shown(config.cacheDir)}`)));
      } catch (error) {
        // A cache that cannot be written is no reason to fail (it is said again where it is used).
        reporter.warn(`could not lock the build cache ${shown(config.cacheDir)} (${error instanceof Error ? error.message : String(error)}): a build run meanwhile may make again what this one keeps there`);
      }
    }
    return await buildLocked(config, options, reporter, started);
  } finally {
    for (const lock of locks.reverse()) lock.release();
  }
}

/** A folder as the terminal shows it: relative to where the command runs. */
function shown(folder: string): string {
  return path.relative(process.cwd(), folder) || '.';
}

/** What every output of a build holds: a folder with both is one a build made. */
const OUTPUT_MARKS = ['404.html', 'sitemap.xml'];

/**
 * A build replaces its output folder whole. So it refuses to replace anything that is not a folder a
 * build made, or an empty one. A file or a device is refused, and so is a folder holding other files,
 * since they would be deleted. A symbolic link would be replaced by a folder rather than written
 * through: it is refused too, not replaced silently.
 */
function refuseForeignOutput(outDir: string): void {
  const stat = lstatSync(outDir, { throwIfNoEntry: false });
  if (stat === undefined) return;
  if (stat.isDirectory()) {
    const names = readdirSync(outDir);
    if (names.length === 0 || OUTPUT_MARKS.every((name) => names.includes(name))) return;
    throw new UsageError(`--out ${outDir} holds files that are not a site built by mapsdocs (it has no ${OUTPUT_MARKS.join(' and ')}): a build replaces its output folder whole and would delete them; choose a new or empty folder, or remove this one first`);
  }
  if (!stat.isSymbolicLink()) {
    throw new UsageError(`--out ${outDir} is not a folder: a build replaces its output folder whole and would replace it; choose a new or empty folder`);
  }
  let target: string;
  try {
    target = realpathSync(outDir);
  } catch {
    target = readlinkSync(outDir);
  }
  throw new UsageError(`--out ${outDir} is a symbolic link (to ${target}): a build replaces its output folder whole, so it would replace the link, not write into ${target}; pass --out ${target}, or remove the link`);
}

async function buildLocked(config: ResolvedConfig, options: BuildOptions, reporter: Reporter, started: number): Promise<BuildOutcome> {
  const search = options.search ?? true;
  const latest = config.cache ? lastBuildRecord(config) : undefined;
  const recorded = latest?.outDir === config.outDir ? latest : undefined;
  const inputs = config.cache ? inputFingerprint(config, engineVersion(), { search }, recorded) : undefined;
  const fingerprint = inputs?.value;
  const last = fingerprint ? reusableBuild(config, fingerprint, recorded) : undefined;
  if (last) {
    // What a killed build left beside the output goes, though nothing is written.
    try {
      removeAbandonedBeside(config.outDir);
    } catch {
      // The output's folder cannot be read: nothing to clean up that this build could.
    }
    for (const warning of last.warnings) reporter.warn(warning);
    const ms = performance.now() - started;
    reporter.info(`✓ ${last.pages} pages in ${shown(config.outDir)} are up to date: no input changed since the last build (checked in ${ms.toFixed(0)} ms; --no-cache builds anyway)`);
    return { ok: true, pages: last.pages, broken: last.broken, timings: [{ label: 'up-to-date check', ms }], outDir: config.outDir };
  }
  // Loaded only now: an up-to-date check never needs the pipeline (markdown, React, search).
  const [{ createBuildContext, persistCache }, { emitSite }, { prepareSite }] = await Promise.all([import('../context.ts'), import('../emit/emitSite.ts'), import('../build.ts')]);
  const warnings: string[] = [];
  const context = createBuildContext(config, {
    info: (message) => reporter.info(message),
    warn: (message) => {
      warnings.push(message);
      reporter.warn(message);
    },
  });
  const site = await prepareSite(context, { search });
  // Every page is parsed: the highlighting thread's grammars and heap (~60 MiB) would only add to the
  // peak that rendering and writing reach next.
  context.highlighter.release();
  const linkSeverity = config.strict ? 'throw' : config.site.onBrokenLinks;
  const anchorSeverity = config.strict ? 'throw' : config.site.onBrokenAnchors;
  const reported = site.broken.filter((b) => (b.kind === 'link' ? linkSeverity : anchorSeverity) !== 'ignore');
  const failing = site.broken.some((b) => (b.kind === 'link' ? linkSeverity : anchorSeverity) === 'throw');
  if (reported.length > 0) context.reporter.warn(formatReport(reported, config.root));
  if (config.strict && context.contentWarnings.length > 0) {
    await site.search?.close();
    reporter.warn(`build failed: ${context.contentWarnings.length} warning${context.contentWarnings.length === 1 ? '' : 's'} about the content (--strict); ${path.relative(config.root, config.outDir) || '.'} left unchanged`);
    return { ok: false, pages: site.views.length, broken: site.broken, timings: context.timings, outDir: config.outDir };
  }
  if (failing) {
    await site.search?.close();
    reporter.warn(`build failed: broken links (${config.strict ? '--strict' : 'onBrokenLinks/onBrokenAnchors: throw'}); ${path.relative(config.root, config.outDir) || '.'} left unchanged`);
    return { ok: false, pages: site.views.length, broken: site.broken, timings: context.timings, outDir: config.outDir };
  }
  const emitStart = performance.now();
  // With the cache on, pages rendered as the last build rendered them are taken from its output.
  // What the last build left to reuse is read only now: an up-to-date check needs none of it.
  const built = latest ? withReuseData(config, latest) : undefined;
  const previous = built?.outDir === config.outDir ? built : undefined;
  const reuse = config.cache ? pageReuseFrom(config.outDir, previous) : undefined;
  // Once the site is in place, the cache is saved while the previous output is removed.
  const { pages, searchWaitMs, compressMs, reused, digests, searchKeys } = await emitSite(context, site, { reuse, last: previous, vouching: built, swapped: () => persistCache(context) });
  // Recorded once the previous output is gone: removing it changes the files the new one shares with it.
  if (fingerprint) {
    try {
      recordBuild(config, { fingerprint, pages, warnings, broken: site.broken, inputs: inputs?.inputs ?? {}, descriptions: inputs?.descriptions ?? {}, ...(reuse ? { pageKeys: Object.fromEntries(reuse.keys), digests: Object.fromEntries(digests), searchKeys } : {}) });
    } catch (error) {
      // The site is built; only the next build's shortcut is lost.
      reporter.warn(`could not record this build in ${config.cacheDir} (${error instanceof Error ? error.message : String(error)}): the next build will not be able to reuse it`);
    }
  }
  context.timings.push({ label: 'render+emit', ms: performance.now() - emitStart - searchWaitMs - compressMs });
  // What the search index adds at the end: its worker makes it once the last page is parsed, and
  // the pages are written meanwhile; this is how long the build waited for it after them.
  if (search) context.timings.push({ label: 'search', ms: searchWaitMs });
  // Gzip and brotli copies for static hosts, made once every file is written.
  context.timings.push({ label: 'compress', ms: compressMs });
  const total = performance.now() - started;
  reporter.info(`✓ built ${pages} pages${reused > 0 ? ` (${reused} unchanged, taken from the last build)` : ''} into ${shown(config.outDir)} in ${total.toFixed(0)} ms (${formatTimings(context.timings)})`);
  return { ok: true, pages, broken: site.broken, timings: context.timings, outDir: config.outDir };
}
