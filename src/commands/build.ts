import path from 'node:path';
import { createBuildContext, emitSite, persistCache, prepareSite } from '../build.ts';
import { formatReport, type BrokenLink } from '../check/links.ts';
import { resolveConfig, type ResolveOptions } from '../config/resolve.ts';
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
  const config = resolveConfig(options);
  const context = createBuildContext(config, reporter);
  const site = await prepareSite(context, { search: options.search ?? true });
  const linkSeverity = config.strict ? 'throw' : config.site.onBrokenLinks;
  const anchorSeverity = config.strict ? 'throw' : config.site.onBrokenAnchors;
  const reported = site.broken.filter((b) => (b.kind === 'link' ? linkSeverity : anchorSeverity) !== 'ignore');
  const failing = site.broken.some((b) => (b.kind === 'link' ? linkSeverity : anchorSeverity) === 'throw');
  if (reported.length > 0) reporter.warn(formatReport(reported, config.root));
  if (failing) {
    await site.search?.close();
    reporter.warn(`build failed: broken links (${config.strict ? '--strict' : 'onBrokenLinks/onBrokenAnchors: throw'}); ${path.relative(config.root, config.outDir) || '.'} left unchanged`);
    return { ok: false, pages: site.views.length, broken: site.broken, timings: context.timings, outDir: config.outDir };
  }
  const emitStart = performance.now();
  const pages = await emitSite(context, site);
  context.timings.push({ label: 'render+emit', ms: performance.now() - emitStart });
  persistCache(context);
  const total = performance.now() - started;
  reporter.info(`✓ built ${pages} pages into ${path.relative(process.cwd(), config.outDir) || '.'} in ${total.toFixed(0)} ms (${formatTimings(context.timings)})`);
  return { ok: true, pages, broken: site.broken, timings: context.timings, outDir: config.outDir };
}
