import path from 'node:path';
import { buildInMemory } from '../build.ts';
import { createBuildContext, persistCache } from '../context.ts';
import { formatBrokenLink, type BrokenLink } from '../check/links.ts';
import { formatUserError, userErrorsOf, type UserError } from '../errors.ts';
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
  /** The errors that stopped the build, already in `output` as JSON; thrown again for the text report and exit code. */
  failure?: unknown;
}

/** `mapsdocs check`: every link and anchor of the site, built in memory; nothing is written. */
export async function check(options: CheckOptions = {}): Promise<CheckOutcome> {
  const config = resolveConfig(options);
  const context = createBuildContext(config, silentReporter);
  let site: Awaited<ReturnType<typeof buildInMemory>>;
  try {
    site = await buildInMemory(context);
  } catch (error) {
    const errors = userErrorsOf(error);
    // A tool reading --format json gets the errors that stopped the check on stdout, not an empty stream.
    if (options.format !== 'json' || errors.length === 0) throw error;
    const output = `${JSON.stringify(
      errors.map((e) => asJson('error', e, config.root)),
      null,
      2,
    )}\n`;
    return { broken: [], output, ok: false, failure: error };
  }
  persistCache(context);
  const broken = site.broken;
  // Content warnings (an unknown code language, a second h1) are what --strict refuses in a build too.
  const warnings = context.contentWarnings;
  const output =
    options.format === 'json'
      ? `${JSON.stringify(
          [
            ...warnings.map((w) => asJson('warning', w, config.root)),
            ...broken.map((b) => ({ ...b, file: path.relative(config.root, b.file) })),
          ],
          null,
          2,
        )}\n`
      : [
          ...warnings.map((w) => `${formatUserError(w, config.root, 'warning')}\n`),
          broken.length === 0
            ? `✓ ${site.parsed.length} pages checked: no broken link or anchor${warnings.length > 0 ? `; ${warnings.length} warning${warnings.length === 1 ? '' : 's'} about the content` : ''}\n`
            : `${broken.map((b) => formatBrokenLink(b, config.root)).join('\n')}\n${broken.length} broken link${broken.length === 1 ? '' : 's'}\n`,
        ].join('');
  return { broken, output, ok: !(config.strict && (broken.length > 0 || warnings.length > 0)) };
}

/** An error or warning as `--format json` lists it, its file relative to the project. */
function asJson(kind: 'error' | 'warning', problem: UserError, root: string) {
  const { location } = problem;
  return { kind, file: location ? path.relative(root, location.file) : undefined, line: location?.line, column: location?.column, message: problem.message, hint: problem.hint };
}
