import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeSiteAtomically, type OutputFile } from '../../../src/emit/atomic.ts';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

function previousSite(): string {
  root = mkdtempSync(path.join(tmpdir(), 'mapsdocs-atomic-'));
  const out = path.join(root, 'dist');
  mkdirSync(out);
  writeFileSync(path.join(out, 'index.html'), 'previous');
  return out;
}

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('writing a site atomically', () => {
  it('swaps in the files and what was written alongside them, once both are done', async () => {
    const out = previousSite();
    await writeSiteAtomically(out, [{ path: 'index.html', contents: 'new' }, { path: 'docs/a.html', contents: 'a' }], [], { alongside: async (staging) => {
      await delay(20);
      mkdirSync(path.join(staging, 'search-index'));
      writeFileSync(path.join(staging, 'search-index', 'entry.json'), '{}');
    } });
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('new');
    expect(readFileSync(path.join(out, 'docs', 'a.html'), 'utf8')).toBe('a');
    expect(readFileSync(path.join(out, 'search-index', 'entry.json'), 'utf8')).toBe('{}');
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('removes the temporary folders of other builds of the same output, and only those', async () => {
    const out = previousSite();
    // The writer holds the output's lock: another build's folders are abandoned, whether its process
    // is gone or its id now belongs to another program (pid 1). Another output's stay.
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    for (const name of [`.dist.tmp-${gone}`, `.dist.old-${gone}`, '.dist.tmp-1', `.other.tmp-${gone}`]) mkdirSync(path.join(root, name));
    await writeSiteAtomically(out, [{ path: 'index.html', contents: 'new' }]);
    expect(readdirSync(root).sort()).toEqual([`.other.tmp-${gone}`, 'dist']);
  });

  it('leaves the previous site and no temporary folder when what is written alongside fails', async () => {
    const out = previousSite();
    const failing = writeSiteAtomically(out, [{ path: 'index.html', contents: 'new' }], [], { alongside: async () => {
      throw new Error('search index: out of memory');
    } });
    await expect(failing).rejects.toThrow('out of memory');
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('previous');
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('when a page fails, waits for what is written alongside before removing the temporary folder', async () => {
    const out = previousSite();
    let finished = false;
    function* pages(): Generator<OutputFile> {
      yield { path: 'index.html', contents: 'new' };
      throw new Error('This page crashed');
    }
    const failing = writeSiteAtomically(out, pages(), [], { alongside: async (staging) => {
      // Still writing after the page failed: had the folder been removed already, this would make it again.
      await delay(30);
      mkdirSync(path.join(staging, 'search-index'), { recursive: true });
      writeFileSync(path.join(staging, 'search-index', 'late.json'), '{}');
      finished = true;
    } });
    await expect(failing).rejects.toThrow('This page crashed');
    expect(finished).toBe(true);
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('previous');
    expect(readdirSync(root)).toEqual(['dist']);
    expect(existsSync(path.join(out, 'search-index'))).toBe(false);
  });

  it('moves the folders it is told to carry from the previous site into the new one, as they are', async () => {
    const out = previousSite();
    mkdirSync(path.join(out, 'docs', '1.0'), { recursive: true });
    writeFileSync(path.join(out, 'docs', '1.0', 'intro.html'), 'old version');
    const inode = statSync(path.join(out, 'docs', '1.0')).ino;
    await writeSiteAtomically(out, [{ path: 'index.html', contents: 'new' }, { path: 'docs/intro.html', contents: 'a' }], [], { carry: () => ['docs/1.0'] });
    expect(readFileSync(path.join(out, 'docs', '1.0', 'intro.html'), 'utf8')).toBe('old version');
    expect(statSync(path.join(out, 'docs', '1.0')).ino).toBe(inode);
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('puts back what it moved and leaves the previous site when a folder to carry is gone', async () => {
    const out = previousSite();
    mkdirSync(path.join(out, 'docs', '1.0'), { recursive: true });
    writeFileSync(path.join(out, 'docs', '1.0', 'intro.html'), 'old version');
    const written = writeSiteAtomically(out, [{ path: 'index.html', contents: 'new' }, { path: 'docs/intro.html', contents: 'a' }], [], { carry: () => ['docs/1.0', 'docs/2.0'] });
    await expect(written).rejects.toThrow(/dist changed while the site was built \(ENOENT.*\): the previous output is left as it was/);
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('previous');
    expect(readFileSync(path.join(out, 'docs', '1.0', 'intro.html'), 'utf8')).toBe('old version');
    expect(readdirSync(root)).toEqual(['dist']);
  });
});
