import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeWhole } from '../../../src/io/writeWhole.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('writing a file whole', () => {
  it('puts the new contents in place of the old, and leaves no temporary file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mapsdocs-whole-'));
    dirs.push(dir);
    writeWhole(dir, 'record.json', '{"a":1}');
    writeWhole(dir, 'record.json', Buffer.from('{"a":2}'));
    expect(readFileSync(path.join(dir, 'record.json'), 'utf8')).toBe('{"a":2}');
    expect(readdirSync(dir)).toEqual(['record.json']);
  });

  it('leaves what was there, and no temporary file, when it cannot be put in place', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mapsdocs-whole-'));
    dirs.push(dir);
    // A folder with something in it where the file goes: the rename fails.
    mkdirSync(path.join(dir, 'record.json', 'inside'), { recursive: true });
    expect(() => writeWhole(dir, 'record.json', 'x')).toThrow();
    expect(readdirSync(dir)).toEqual(['record.json']);
    expect(readdirSync(path.join(dir, 'record.json'))).toEqual(['inside']);
  });
});
