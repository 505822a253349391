import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../../src/errors.ts';
import { documentsOf, INDEX_DIR, META_FILE, type FragmentPart, type IndexMeta } from '../../../src/search/format.ts';
import { startSearchJobOffThread } from '../../../src/search/offThread.ts';
import { FIXTURES } from '../../helpers/tempSite.ts';

const doc = (words: string): string => `<!DOCTYPE html><html lang="en"><head><title>T</title></head><body><article><h1>T</h1><p>${words}</p></article></body></html>`;

describe("a build's search index on a worker thread", () => {
  it('indexes what it is sent, in order, and writes the index files into the folder it is given', async () => {
    // npm test compiles the engine first; the worker is lib/search-worker.js.
    const job = startSearchJobOffThread();
    expect(job, 'lib/search-worker.js is missing: run `node scripts/compile.mjs`').toBeDefined();
    if (!job) return;
    const dir = mkdtempSync(path.join(tmpdir(), 'mapsdocs-search-'));
    try {
      await job.addRecord([INDEX_DIR], '/docs/api/reference#publish', 'Publish a message (POST /api/v1/messaging/publish)', 'publish retained');
      // More entries than the worker takes unanswered: sending waits, and still nothing is lost.
      for (let i = 0; i < 40; i++) await job.add([INDEX_DIR], `/docs/p${i}`, doc(`word${i}`));
      job.finish();
      await job.writeInto(dir);
      const index = path.join(dir, INDEX_DIR);
      const meta = JSON.parse(readFileSync(path.join(index, META_FILE), 'utf8')) as IndexMeta;
      expect(meta.docs).toBe(41);
      const documents = documentsOf(
        meta,
        readdirSync(index)
          .filter((f) => f.startsWith('f'))
          .flatMap((f) => JSON.parse(readFileSync(path.join(index, f), 'utf8')) as FragmentPart[]),
      );
      expect(documents.map(([url]) => url).sort()).toEqual(['/docs/api/reference#publish', ...Array.from({ length: 40 }, (_, i) => `/docs/p${i}`)].sort());
      expect(documents.find(([url]) => url === '/docs/p39')?.[2]).toEqual([['', '', 'word39']]);
    } finally {
      await job.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('makes one index per folder named, an entry sent to several going into each, and writes the kept indexes beside them', async () => {
    const job = startSearchJobOffThread();
    if (!job) throw new Error('lib/search-worker.js is missing: run `node scripts/compile.mjs`');
    const dir = mkdtempSync(path.join(tmpdir(), 'mapsdocs-search-'));
    const [a, b] = [`${INDEX_DIR}/a`, `${INDEX_DIR}/b`];
    try {
      await job.add([a], '/docs/a/only', doc('alpha'));
      await job.add([a, b], '/markdown-page', doc('shared'));
      await job.add([b], '/docs/b/only', doc('beta'));
      job.finish();
      await job.writeInto(dir, { kept: [{ path: `${INDEX_DIR}/c/${META_FILE}`, contents: '{"kept":true}' }] });
      const urls = (folder: string): string[] => (JSON.parse(readFileSync(path.join(dir, folder, META_FILE), 'utf8')) as IndexMeta).urls;
      expect(urls(a)).toEqual(['/docs/a/only', '/markdown-page']);
      expect(urls(b)).toEqual(['/markdown-page', '/docs/b/only']);
      expect(readFileSync(path.join(dir, INDEX_DIR, 'c', META_FILE), 'utf8')).toBe('{"kept":true}');
      expect(readdirSync(path.join(dir, INDEX_DIR)).sort()).toEqual(['a', 'b', 'c']);
    } finally {
      await job.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reports the worker's failure when the index is written, as a user error with its hint, without failing the pages meanwhile", async () => {
    const job = startSearchJobOffThread(path.join(FIXTURES, 'search-worker-failing.mjs'));
    if (!job) throw new Error('the fixture worker is missing');
    try {
      // More than the worker would take unanswered: sending neither rejects nor waits for answers that cannot come.
      for (let i = 0; i < 40; i++) await job.add([INDEX_DIR], `/docs/p${i}`, doc(`word${i}`));
      job.finish();
      const written = job.writeInto(tmpdir());
      await expect(written).rejects.toBeInstanceOf(UserError);
      await expect(written).rejects.toMatchObject({ message: expect.stringContaining('could not be made'), hint: 'build with --no-search' });
    } finally {
      await job.close();
    }
  });

  it('refuses to write once stopped, rather than waiting for an answer that cannot come', async () => {
    const job = startSearchJobOffThread();
    if (!job) throw new Error('lib/search-worker.js is missing: run `node scripts/compile.mjs`');
    await job.close();
    await expect(job.writeInto(tmpdir())).rejects.toThrow(/stopped before the index was written/);
  });
});
