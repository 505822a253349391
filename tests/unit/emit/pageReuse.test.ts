import { linkSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pageReuseFrom } from '../../../src/emit/pageReuse.ts';
import type { RecordedBuild } from '../../../src/emit/upToDate.ts';

let dir = '';
const made: string[] = [];
afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** An output folder with one page, and the record the build that wrote it left. */
function lastOutput(key: string): { out: string; last: RecordedBuild } {
  dir = mkdtempSync(path.join(tmpdir(), 'mapsdocs-reuse-'));
  made.push(dir);
  const out = path.join(dir, 'dist');
  const file = path.join(out, 'intro.html');
  mkdirSync(out);
  writeFileSync(file, '<p>intro</p>');
  const stat = statSync(file);
  return { out, last: { fingerprint: 'f', outDir: out, output: '', pages: 1, warnings: [], broken: [], folders: [], files: [['intro.html', stat.size, stat.mtimeMs, stat.ctimeMs, stat.ino, stat.mode]], pageKeys: { 'intro.html': key } } };
}

describe('pageReuseFrom', () => {
  it('keeps the last file of a page rendered from the same inputs, and records every key for the next build', () => {
    const { out, last } = lastOutput('k1');
    const reuse = pageReuseFrom(out, last);
    expect(reuse.kept('intro.html', 'k1')).toBe(path.join(out, 'intro.html'));
    expect(reuse.kept('other.html', 'k2')).toBeUndefined();
    expect([...reuse.keys]).toEqual([
      ['intro.html', 'k1'],
      ['other.html', 'k2'],
    ]);
  });

  it('renders again a page whose inputs changed, or whose file was changed or linked since', () => {
    const { out, last } = lastOutput('k1');
    expect(pageReuseFrom(out, last).kept('intro.html', 'k2')).toBeUndefined();
    writeFileSync(path.join(out, 'intro.html'), '<p>edited by hand</p>');
    expect(pageReuseFrom(out, last).kept('intro.html', 'k1')).toBeUndefined();
    const again = lastOutput('k1');
    linkSync(path.join(again.out, 'intro.html'), path.join(dir, 'second-name'));
    expect(pageReuseFrom(again.out, again.last).kept('intro.html', 'k1')).toBeUndefined();
    expect(pageReuseFrom(again.out, undefined).kept('intro.html', 'k1')).toBeUndefined();
  });

  it('renders again a page edited in place to the same size, its modification time set back', () => {
    const { out, last } = lastOutput('k1');
    const file = path.join(out, 'intro.html');
    const { mtime } = statSync(file);
    writeFileSync(file, '<p>INTRO</p>');
    utimesSync(file, mtime, mtime);
    expect(pageReuseFrom(out, last).kept('intro.html', 'k1')).toBeUndefined();
  });

  it('does not take a page from a folder of the output that is a link to another folder', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mapsdocs-reuse-'));
    made.push(dir);
    const out = path.join(dir, 'dist');
    const elsewhere = path.join(dir, 'elsewhere');
    mkdirSync(elsewhere);
    mkdirSync(out);
    writeFileSync(path.join(elsewhere, 'a.html'), '<p>not built here</p>');
    symlinkSync(elsewhere, path.join(out, 'docs'));
    const stat = statSync(path.join(elsewhere, 'a.html'));
    const last: RecordedBuild = { fingerprint: 'f', outDir: out, output: '', pages: 1, warnings: [], broken: [], folders: [], files: [[path.join('docs', 'a.html'), stat.size, stat.mtimeMs, stat.ctimeMs, stat.ino, stat.mode]], pageKeys: { 'docs/a.html': 'k1' } };
    expect(pageReuseFrom(out, last).kept('docs/a.html', 'k1')).toBeUndefined();
  });
});
