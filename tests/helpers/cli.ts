import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const REPO = path.resolve(import.meta.dirname, '..', '..');
export const BIN = path.join(REPO, 'bin', 'mapsdocs.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** Wall time of the whole process, in milliseconds. */
  ms: number;
}

/** Runs the compiled `mapsdocs` as a user would, in `cwd`, and gives its exit code and output. */
export async function cli(args: string[], cwd: string, env: Record<string, string> = {}): Promise<CliResult> {
  const started = performance.now();
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr, ms: performance.now() - started };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr, ms: performance.now() - started };
  }
}
