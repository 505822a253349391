import path from 'node:path';
import { buildInMemory } from '../build.ts';
import { createBuildContext, persistCache } from '../context.ts';
import { formatBrokenLink, type BrokenLink } from '../check/links.ts';
import { resolveConfig, type ResolveOptions } from '../config/resolve.ts';
import { silentReporter } from '../util/task.ts';

export interface CheckOptions extends ResolveOptions {
  format?: 'text' | 'json';
}

export interface CheckOutcome {
  broken: BrokenLink[];
  /** What to print, in the requested format. */
  output: string;
  /** False when broken links should fail (with --strict). */
  ok: boolean;
}

/** `mapsdocs check`: every link and anchor of the site, built in memory; nothing is written. */
export async function check(options: CheckOptions = {}): Promise<CheckOutcome> {
  const config = resolveConfig(options);
  const context = createBuildContext(config, silentReporter);
  const site = await buildInMemory(context);
  persistCache(context);
  const broken = site.broken;
  const output =
    options.format === 'json'
      ? `${JSON.stringify(
          broken.map((b) => ({ ...b, file: path.relative(config.root, b.file) })),
          null,
          2,
        )}\n`
      : broken.length === 0
        ? `✓ ${site.parsed.length} pages checked: no broken link or anchor\n`
        : `${broken.map((b) => formatBrokenLink(b, config.root)).join('\n')}\n${broken.length} broken link${broken.length === 1 ? '' : 's'}\n`;
  return { broken, output, ok: !(config.strict && broken.length > 0) };
}
