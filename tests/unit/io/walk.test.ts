import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createConfinement } from '../../../src/io/confinement.ts';
import { walkFiles } from '../../../src/io/walk.ts';

let root: string;
function tree(): { dir: string; confinement: ReturnType<typeof createConfinement> } {
  root = mkdtempSync(path.join(tmpdir(), 'mapsdocs-walk-'));
  const dir = path.join(root, 'content', 'static');
  mkdirSync(path.join(dir, 'img'), { recursive: true });
  writeFileSync(path.join(dir, 'img', 'logo.svg'), '<svg/>');
  writeFileSync(path.join(dir, '.hidden'), 'x');
  writeFileSync(path.join(root, 'outside.txt'), 'secret');
  return { dir, confinement: createConfinement([path.join(root, 'content')]) };
}
afterEach(() => rmSync(root, { recursive: true, force: true }));

const options = (confinement: ReturnType<typeof createConfinement>) => ({
  confinement,
  ignore: (rel: string) => rel.split('/').some((s) => s.startsWith('.')),
  include: () => true,
  describe: 'content/static',
});

describe('walkFiles', () => {
  it('lists the files, sorted, leaving ignored ones out', () => {
    const { dir, confinement } = tree();
    writeFileSync(path.join(dir, 'a.txt'), 'a');
    expect(walkFiles(dir, options(confinement)).map((f) => f.rel)).toEqual(['a.txt', 'img/logo.svg']);
  });
  it('reads a symbolic link to a file inside from the file it points to', () => {
    const { dir, confinement } = tree();
    symlinkSync(path.join(dir, 'img', 'logo.svg'), path.join(dir, 'alias.svg'));
    expect(walkFiles(dir, options(confinement)).find((f) => f.rel === 'alias.svg')?.source).toBe(path.join(dir, 'img', 'logo.svg'));
  });
  it('refuses a symbolic link to a file outside, at the link', () => {
    const { dir, confinement } = tree();
    symlinkSync(path.join(root, 'outside.txt'), path.join(dir, 'leak.txt'));
    expect(() => walkFiles(dir, options(confinement))).toThrow(/leak\.txt in content\/static is a symbolic link to a file outside the folders the build reads/);
  });
  it('refuses a symbolic link to a folder, which could make the walk loop', () => {
    const { dir, confinement } = tree();
    symlinkSync(dir, path.join(dir, 'img', 'loop'));
    expect(() => walkFiles(dir, options(confinement))).toThrow(/img\/loop in content\/static is a symbolic link to a folder/);
  });
  it('gives nothing for a folder that does not exist', () => {
    const { dir, confinement } = tree();
    expect(walkFiles(path.join(dir, 'nope'), options(confinement))).toEqual([]);
  });
});
