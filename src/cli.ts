import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { engineRoot } from './assets.ts';
import { build } from './commands/build.ts';
import { CommandError, formatUserError, UsageError, userErrorsOf } from './errors.ts';

function port(value: string): number {
  const n = Number.parseInt(value, 10);
  if (!Number.isInteger(n) || n < 0 || n > 65535 || String(n) !== value) throw new InvalidArgumentError('must be a port number (0-65535)');
  return n;
}

/** Prints an error once, at the boundary, and gives the exit code; `command`: the one that failed (build, check, version…). */
function report(error: unknown, command = 'build'): number {
  const userErrors = userErrorsOf(error);
  if (userErrors.length > 0) {
    // Relative to where the command runs, as compilers print them, so a terminal or editor opens them from there.
    for (const e of userErrors) process.stderr.write(`${formatUserError(e, process.cwd())}\n`);
    process.stderr.write(`✗ ${command} failed: ${userErrors.length} error${userErrors.length === 1 ? '' : 's'}\n`);
    return 1;
  }
  if (error instanceof UsageError) {
    process.stderr.write(`error: ${error.message}\n`);
    return 2;
  }
  if (error instanceof CommandError) {
    process.stderr.write(`error: ${error.message}${error.hint ? `\n  hint: ${error.hint}` : ''}\n`);
    return 1;
  }
  const system = systemError(error);
  if (system !== undefined) {
    process.stderr.write(`${system}\n`);
    return 1;
  }
  process.stderr.write(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  let cause = error instanceof Error ? error.cause : undefined;
  while (cause) {
    process.stderr.write(`caused by: ${cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)}\n`);
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return 1;
}

export function createProgram(): Command {
  const program = new Command('mapsdocs')
    .description('Builds the MAPS Messaging documentation site')
    .version((JSON.parse(readFileSync(path.join(engineRoot(), 'package.json'), 'utf8')) as { version: string }).version, '-v, --version', 'print the version of mapsdocs')
    .showHelpAfterError('(run "mapsdocs --help" for usage)')
    .exitOverride();

  program
    .command('build')
    .description('build every route into the output folder')
    .option('--content <dir>', 'content tree to build', 'content')
    .option('--openapi <file>', 'OpenAPI description for the API reference')
    .option('--out <dir>', 'output folder', 'dist')
    .option('--base-url <path>', 'path the site is served under, e.g. /maps/')
    .option('--strict', 'fail on broken links and anchors', false)
    .option('--no-cache', 'ignore cached work from earlier builds')
    .option('--no-search', 'skip the search index (a quicker build for previews)')
    .option('--quiet', 'print only warnings and errors', false)
    .action(async (opts: { content: string; openapi?: string; out: string; baseUrl?: string; strict: boolean; cache: boolean; search: boolean; quiet: boolean }) => {
      const outcome = await build({ content: opts.content, openapi: opts.openapi, out: opts.out, baseUrl: opts.baseUrl, strict: opts.strict, cache: opts.cache, search: opts.search, quiet: opts.quiet });
      if (!outcome.ok) process.exitCode = 1;
    });

  program
    .command('check')
    .description('check links and anchors of the whole site')
    .option('--content <dir>', 'content tree to check', 'content')
    .option('--openapi <file>', 'OpenAPI description for the API reference')
    .option('--strict', 'exit with 1 when a link or anchor is broken or the content has warnings', false)
    .addOption(new Option('--format <format>', 'report format').choices(['text', 'json']).default('text'))
    .action(async (opts: { content: string; openapi?: string; strict: boolean; format: 'text' | 'json' }) => {
      const { check } = await import('./commands/check.ts');
      const outcome = await check({ content: opts.content, openapi: opts.openapi, strict: opts.strict, format: opts.format });
      process.stdout.write(outcome.output);
      if (outcome.failure !== undefined) throw outcome.failure;
      if (!outcome.ok) process.exitCode = 1;
    });

  program
    .command('serve')
    .description('serve a build as a static host would')
    .option('--dir <dir>', 'built site', 'dist')
    .option('--port <port>', 'port', port, 4173)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .action(async (opts: { dir: string; port: number; host: string }) => {
      const { serve } = await import('./commands/serve.ts');
      const { url } = await serve(opts);
      process.stderr.write(`serving ${opts.dir} at ${url} (Ctrl+C to stop)\n`);
    });

  program
    .command('version')
    .description('snapshot the current docs and API description as a release: mapsdocs version 4.4')
    .argument('[name]', 'the release, e.g. 4.4 (a URL segment: letters, digits, ".", "_", "-")')
    .option('--content <dir>', 'content tree', 'content')
    .action(async (name: string | undefined, opts: { content: string }) => {
      if (name === undefined) {
        // `npm version` runs the script named "version" as its lifecycle hook, with no release name: not a snapshot.
        if (process.env['npm_command'] === 'version') {
          process.stderr.write('mapsdocs version: nothing to do for `npm version` (to snapshot the docs, run npm run version -- <name>)\n');
          return;
        }
        throw new UsageError('missing the release to snapshot: mapsdocs version <name>, e.g. mapsdocs version 4.4');
      }
      const { snapshotVersion } = await import('./commands/version.ts');
      const outcome = await snapshotVersion({ name, content: opts.content });
      process.stderr.write(
        `✓ version ${name}: docs in ${outcome.docs}${outcome.sidebars ? `, sidebar in ${outcome.sidebars}` : ''}${outcome.description ? `, API description in ${outcome.description}` : ''}; ${outcome.versionsFile} lists it first\n`,
      );
    });

  program
    .command('dev')
    .description('build in memory, serve, watch and reload while you write')
    .option('--content <dir>', 'content tree', 'content')
    .option('--port <port>', 'port', port, 3000)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--open', 'open the browser', false)
    .option('--quiet', 'print only errors and warnings', false)
    .action(async (opts: { content: string; port: number; host: string; open: boolean; quiet: boolean }) => {
      const { dev } = await import('./commands/dev.ts');
      await dev(opts);
    });

  return program;
}

export async function main(argv: readonly string[]): Promise<number> {
  const program = createProgram();
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are not failures; anything else commander rejects is a usage error.
      return error.exitCode === 0 ? 0 : 2;
    }
    // Named as the reader typed it: `mapsdocs version 4.5` with a damaged versions.json is not a build that failed.
    return report(error, argv.find((arg) => program.commands.some((command) => command.name() === arg)));
  }
}

/** What the operating system refused, by its code: what to do about it. */
const SYSTEM_HINTS: Record<string, string> = {
  // The same code for a page that cannot be read and an output folder that cannot be written.
  EACCES: 'check its permissions: a build reads the content, the descriptions and the cache, and writes the output folder (or another: --out) and the cache',
  EPERM: 'check its permissions: a build reads the content, the descriptions and the cache, and writes the output folder (or another: --out) and the cache',
  EROFS: 'that file system is read-only: choose a folder on another one (--out)',
  ENOSPC: 'free space on that disk and build again',
  EDQUOT: 'free space within your quota and build again',
  ENOENT: 'a folder on that path does not exist and cannot be made there: choose another one (--out)',
  ENOTDIR: 'a part of that path is a file, not a folder: choose another one (--out)',
  EISDIR: 'a folder is where a file was expected: remove it, or choose another output folder (--out)',
  EMFILE: 'too many files are open: raise the limit (ulimit -n) and build again',
};

/**
 * A file the system would not let the command read or write (permissions, a full disk, a path through
 * a file): said as such, with the path, not as a fault of the engine. The output folder is replaced only
 * once complete, so the previous one is as it was.
 */
function systemError(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const { code, path: file, syscall } = error as NodeJS.ErrnoException;
  const hint = code === undefined ? undefined : SYSTEM_HINTS[code];
  if (hint === undefined || file === undefined) return undefined;
  return `error: could not ${syscall ?? 'use'} ${file} (${code}): ${hint}; the previous output, if any, is left as it was`;
}
