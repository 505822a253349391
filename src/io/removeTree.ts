import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';

/**
 * Removes a folder and everything in it. Where the system has `rm` (POSIX), that does it: a process of
 * its own, which removed a three-version site's previous output (3,600 files) in 30 ms where Node's
 * recursive `rm` took 65-75 ms of this process's time. Elsewhere, or when it fails (its message
 * would say less), Node's `rm` does it, and its error is the one reported.
 */
export async function removeTree(dir: string, options: { command?: string } = {}): Promise<void> {
  const command = options.command ?? 'rm';
  const done = process.platform === 'win32' ? false : await new Promise<boolean>((resolve) => {
    const child = spawn(command, ['-rf', '--', dir], { stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
  if (!done) await rm(dir, { recursive: true, force: true, maxRetries: 5 });
}
