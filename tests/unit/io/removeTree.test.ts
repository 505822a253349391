import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeTree } from '../../../src/io/removeTree.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder with nested folders, files and a link to a file outside it, which must survive. */
function tree(): { dir: string; outside: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'mapsdocs-remove-'));
  dirs.push(root);
  const dir = path.join(root, 'old');
  mkdirSync(path.join(dir, 'a', 'b'), { recursive: true });
  for (let i = 0; i < 50; i += 1) writeFileSync(path.join(dir, 'a', i % 2 ? 'b' : '', `f${i}`), 'x');
  const outside = path.join(root, 'keep.txt');
  writeFileSync(outside, 'kept');
  symlinkSync(outside, path.join(dir, 'a', 'link'));
  return { dir, outside };
}

describe('removing a previous output', () => {
  it('removes the folder and all it holds, and nothing a link in it leads to', async () => {
    const { dir, outside } = tree();
    await removeTree(dir);
    expect(existsSync(dir)).toBe(false);
    expect(existsSync(outside)).toBe(true);
  });

  it('does it without the system command when there is none', async () => {
    const { dir, outside } = tree();
    await removeTree(dir, { command: 'no-such-command-for-mapsdocs' });
    expect(existsSync(dir)).toBe(false);
    expect(existsSync(outside)).toBe(true);
  });

  it('does it itself when the system command fails', async () => {
    const { dir } = tree();
    // `false` exits 1 whatever it is given, as rm does when it cannot remove everything.
    await removeTree(dir, { command: 'false' });
    expect(existsSync(dir)).toBe(false);
  });
});
