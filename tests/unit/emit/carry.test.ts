import { chmodSync, chownSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { foldersToCarry, indexesToCarry, recordsByPath, sameAsRecorded, type Placed } from '../../../src/emit/carry.ts';
import type { FolderRecord, OutputRecord } from '../../../src/emit/upToDate.ts';
import { digest } from '../../../src/emit/fileStore.ts';
import { overwriteKeepingTime } from '../../helpers/tamper.ts';

let root: string;
let out: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'mapsdocs-carry-'));
  out = path.join(root, 'dist');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const big = 'x'.repeat(2048);

/** Writes an output as a build leaves it: pages (compressed when large enough) under folders. */
function writeOutput(files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(out, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

let foldersAtRecord: FolderRecord[] = [];

/** The record a build makes of its output (upToDate.ts): its files (given), and its folders (kept for `recorded`). */
function record(): OutputRecord[] {
  foldersAtRecord = folderRecord();
  return readdirSync(out, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const stat = lstatSync(file);
      return [path.relative(out, file), stat.size, stat.mtimeMs, stat.ctimeMs, stat.ino, stat.mode];
    });
}

function folderRecord(): FolderRecord[] {
  return readdirSync(out, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const folder = path.join(entry.parentPath, entry.name);
      const stat = lstatSync(folder);
      return [path.relative(out, folder), stat.mode, stat.ctimeMs];
    });
}

/** The record of the output as `record` took it. */
const recorded = (records: readonly OutputRecord[] = record()): ReturnType<typeof recordsByPath> => recordsByPath(records, foldersAtRecord);

/** Every page of the output made again as it is ('same'), but for those named. */
function placedAsBefore(records: readonly OutputRecord[], changed: readonly string[] = []): Map<string, Placed> {
  const placed = new Map<string, Placed>();
  for (const [rel] of records) if (!rel.endsWith('.gz') && !rel.endsWith('.br')) placed.set(rel.split(path.sep).join('/'), { same: !changed.includes(rel) });
  return placed;
}

function siteOfTwoVersions(): void {
  writeOutput({
    'index.html': 'home',
    'docs/intro.html': big,
    'docs/intro.html.gz': 'gz',
    'docs/intro.html.br': 'br',
    'docs/guide/setup.html': 'small page',
    'docs/1.0/intro.html': big,
    'docs/1.0/intro.html.gz': 'gz',
    'docs/1.0/intro.html.br': 'br',
    'docs/1.0/guide/setup.html': 'small page',
  });
}

describe('the folders of the last output a build carries into the new one', () => {
  it('are the largest folders whose every file the build makes as it was, with their compressed copies', () => {
    siteOfTwoVersions();
    const records = record();
    expect(foldersToCarry(out, recorded(records), placedAsBefore(records, ['docs/intro.html'])).sort()).toEqual(['docs/1.0', 'docs/guide']);
    // Nothing changed: every folder under the root (never the root itself).
    expect(foldersToCarry(out, recorded(records), placedAsBefore(records))).toEqual(['docs']);
  });

  it('leave a folder holding a file the build makes anew, or copies from elsewhere', () => {
    siteOfTwoVersions();
    const records = record();
    const placed = placedAsBefore(records, ['docs/intro.html']);
    placed.set('docs/1.0/guide/image.png', { same: false });
    expect(foldersToCarry(out, recorded(records), placed)).toEqual(['docs/guide']);
  });

  it('leave a folder with a file the build no longer makes, or one it makes that was not there', () => {
    siteOfTwoVersions();
    const records = record();
    const fewer = placedAsBefore(records, ['docs/intro.html']);
    fewer.delete('docs/1.0/guide/setup.html');
    expect(foldersToCarry(out, recorded(records), fewer)).toEqual(['docs/guide']);
    const more = placedAsBefore(records, ['docs/intro.html']);
    more.set('docs/1.0/new.html', { same: true });
    expect(foldersToCarry(out, recorded(records), more).sort()).toEqual(['docs/1.0/guide', 'docs/guide']);
  });

  it('leave a folder whose file was written over since, even to the same size and time', () => {
    siteOfTwoVersions();
    const records = record();
    overwriteKeepingTime(path.join(out, 'docs', '1.0', 'intro.html.gz'), Buffer.from('GZ'));
    expect(foldersToCarry(out, recorded(records), placedAsBefore(records, ['docs/intro.html'])).sort()).toEqual(['docs/1.0/guide', 'docs/guide']);
  });

  it('leave a folder given another file, a symbolic link, an empty folder, or other permissions on a file', () => {
    const cases: ((dir: string) => void)[] = [
      (dir) => writeFileSync(path.join(dir, 'planted.html'), 'planted'),
      (dir) => symlinkSync('/etc/passwd', path.join(dir, 'passwd.html')),
      (dir) => mkdirSync(path.join(dir, 'empty')),
      (dir) => chmodSync(path.join(dir, 'setup.html'), 0o600),
      // Any reader may list a built folder: one closed to them is made again.
      (dir) => chmodSync(dir, 0o700),
      // Another owner (as root), or the same: its change time moves, as with new attributes.
      (dir) => chownSync(dir, process.getuid?.() === 0 ? 65534 : (process.getuid?.() ?? 0), process.getgid?.() ?? 0),
    ];
    for (const tamper of cases) {
      rmSync(out, { recursive: true, force: true });
      siteOfTwoVersions();
      const records = record();
      tamper(path.join(out, 'docs', '1.0', 'guide'));
      expect(foldersToCarry(out, recorded(records), placedAsBefore(records, ['docs/intro.html'])).sort(), String(tamper)).toEqual(['docs/guide']);
    }
  });

  it('leave a folder reached through a symbolic link, and never follow one', () => {
    siteOfTwoVersions();
    const records = record();
    const elsewhere = path.join(root, 'elsewhere');
    rmSync(path.join(out, 'docs', 'guide'), { recursive: true });
    mkdirSync(elsewhere);
    writeFileSync(path.join(elsewhere, 'setup.html'), 'small page');
    symlinkSync(elsewhere, path.join(out, 'docs', 'guide'));
    expect(foldersToCarry(out, recorded(records), placedAsBefore(records, ['docs/intro.html']))).toEqual(['docs/1.0']);
  });

  it('leave the folders made elsewhere (the search indexes) to their own check', () => {
    siteOfTwoVersions();
    writeOutput({ 'search-index/1.0/meta.json': '{}' });
    const records = record();
    expect(foldersToCarry(out, recorded(records), placedAsBefore(records, ['docs/intro.html']), ['search-index']).sort()).toEqual(['docs/1.0', 'docs/guide']);
  });
});

describe('the search indexes a build carries', () => {
  const index = (name: string, key: string) => ({ name, key, kept: [{ path: `${name}/f0.json`, contents: big }, { path: `${name}/meta.json`, contents: '{}' }] });

  it('are those taken from the cache under the key the last build made them with, as it left them', () => {
    writeOutput({ 'search-index/1.0/f0.json': big, 'search-index/1.0/f0.json.gz': 'gz', 'search-index/1.0/f0.json.br': 'br', 'search-index/1.0/meta.json': '{}' });
    writeOutput({ 'search-index/2.0/f0.json': big, 'search-index/2.0/f0.json.gz': 'gz', 'search-index/2.0/f0.json.br': 'br', 'search-index/2.0/meta.json': '{}' });
    const recordedNow = recorded();
    const indexes = [index('search-index/1.0', 'a'), index('search-index/2.0', 'b'), { name: 'search-index/current', key: 'c', kept: undefined }];
    expect(indexesToCarry(out, recordedNow, indexes, { 'search-index/1.0': 'a', 'search-index/2.0': 'other', 'search-index/current': 'c' })).toEqual(['search-index/1.0']);
    // A file of the folder missing (or one more): made again.
    rmSync(path.join(out, 'search-index', '1.0', 'meta.json'));
    expect(indexesToCarry(out, recordedNow, indexes, { 'search-index/1.0': 'a' })).toEqual([]);
  });
});

describe('a file a build makes from its contents, against the last output', () => {
  const same = (rel: string, contents: string, recorded: ReturnType<typeof recordsByPath>, digests: Record<string, string> = {}): boolean => sameAsRecorded(out, { path: rel, contents }, digest(contents), recorded, digests);

  it('is the same only with the very bytes, below the output root', () => {
    writeOutput({ 'assets/app.js': 'let a = 1;', 'sitemap.xml': '<urlset/>' });
    const recordedNow = recorded();
    expect(same('assets/app.js', 'let a = 1;', recordedNow)).toBe(true);
    expect(same('assets/app.js', 'let a = 2;', recordedNow)).toBe(false);
    expect(same('assets/new.js', 'let a = 1;', recordedNow)).toBe(false);
    expect(same('sitemap.xml', '<urlset/>', recordedNow)).toBe(false);
  });

  it('is judged by the digest the last build recorded, when it recorded one, without reading the file', () => {
    writeOutput({ 'assets/app.js': 'let a = 1;' });
    const recordedNow = recorded();
    rmSync(path.join(out, 'assets', 'app.js'));
    expect(same('assets/app.js', 'let a = 1;', recordedNow, { 'assets/app.js': digest('let a = 1;') })).toBe(true);
    expect(same('assets/app.js', 'let a = 3;', recordedNow, { 'assets/app.js': digest('let a = 1;') })).toBe(false);
  });
});
