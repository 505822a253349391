import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createConfinement, isWithin, outputTarget } from '../../../src/io/confinement.ts';

const root = mkdtempSync(path.join(tmpdir(), 'mapsdocs-confine-'));
const allowed = path.join(root, 'content');
const elsewhere = path.join(root, 'elsewhere');
mkdirSync(path.join(allowed, 'docs'), { recursive: true });
mkdirSync(elsewhere);
writeFileSync(path.join(allowed, 'docs', 'a.png'), 'a');
writeFileSync(path.join(elsewhere, 'secret'), 's');
symlinkSync(path.join(elsewhere, 'secret'), path.join(allowed, 'docs', 'out-link'));
symlinkSync(path.join(allowed, 'docs', 'a.png'), path.join(allowed, 'in-link'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('isWithin', () => {
  it('is true for the folder and what lies under it, by name only', () => {
    expect(isWithin('/a/b', '/a/b')).toBe(true);
    expect(isWithin('/a/b', '/a/b/c/d')).toBe(true);
    expect(isWithin('/a/b', '/a/bc')).toBe(false);
    expect(isWithin('/a/b', '/a/b/../c')).toBe(false);
    expect(isWithin('/a/b', '/a/b/..hidden')).toBe(true);
  });
});

describe('a confinement', () => {
  const confinement = createConfinement([allowed]);
  it('locates a file inside by its real path', () => {
    expect(confinement.locate(path.join(allowed, 'docs', 'a.png'))).toEqual({ status: 'inside', real: path.join(allowed, 'docs', 'a.png') });
  });
  it('follows a symbolic link that stays inside', () => {
    expect(confinement.locate(path.join(allowed, 'in-link'))).toEqual({ status: 'inside', real: path.join(allowed, 'docs', 'a.png') });
  });
  it('refuses a path outside by its name, without asking the file system', () => {
    expect(confinement.locate(path.join(allowed, '..', 'elsewhere', 'secret'))).toEqual({ status: 'outside', real: undefined });
    expect(confinement.locate('/proc/self/environ')).toEqual({ status: 'outside', real: undefined });
  });
  it('refuses a symbolic link inside that points outside', () => {
    expect(confinement.locate(path.join(allowed, 'docs', 'out-link'))).toEqual({ status: 'outside', real: path.join(elsewhere, 'secret') });
  });
  it('says a missing file inside is missing', () => {
    expect(confinement.locate(path.join(allowed, 'docs', 'nope.png'))).toEqual({ status: 'missing' });
  });
});

describe('outputTarget', () => {
  it('gives the file inside the output folder for a plain relative path', () => {
    expect(outputTarget('/out', 'docs/intro.html')).toBe(path.join('/out', 'docs', 'intro.html'));
  });
  it.each(['../x.html', 'docs/../../x.html', '/etc/x', 'a\\b.html', 'a/./b', 'a//b', '', 'a\u0000b'])('refuses %j', (rel) => {
    expect(() => outputTarget('/out', rel)).toThrow(/refused to write/);
  });
});
