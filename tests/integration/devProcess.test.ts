import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempProject } from '../helpers/tempSite.ts';

const BIN = path.resolve(import.meta.dirname, '..', '..', 'bin', 'mapsdocs.js');

function childrenOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((l) => Number(l.trim()))
      .filter((n) => n > 0);
  } catch {
    return [];
  }
}

/** Running, not merely a zombie: in a container whose init does not reap, an ended orphan stays a zombie. */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) Z/.test(stat);
  } catch {
    return false;
  }
}

describe('mapsdocs dev as a process', () => {
  it('prints its address, and stops on Ctrl+C leaving no process behind', async () => {
    const project = tempProject({ fixture: 'basic' });
    const port = 4300 + Math.floor(Math.random() * 500);
    const child = spawn(process.execPath, [BIN, 'dev', '--port', String(port)], { cwd: project.root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      let ready = false;
      for (let i = 0; i < 200 && !ready; i += 1) {
        ready = await fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false);
        if (!ready) await new Promise((r) => setTimeout(r, 50));
      }
      expect(ready).toBe(true);
      expect(output).toContain(`http://127.0.0.1:${port}/`);
      // Let the search index (a helper process) start, so there is something to leave behind.
      const html = await (await fetch(`http://127.0.0.1:${port}/docs/intro`)).text();
      expect(html).toContain('<h1>Introduction</h1>');
      await new Promise((r) => setTimeout(r, 1000));
      const helpers = childrenOf(child.pid ?? 0);
      child.kill('SIGINT');
      const code = await Promise.race([exited, new Promise<string>((r) => setTimeout(() => r('timeout'), 10_000))]);
      expect(code).toBe(0);
      await new Promise((r) => setTimeout(r, 200));
      expect(helpers.filter(alive)).toEqual([]);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      project.cleanup();
    }
  });
});
