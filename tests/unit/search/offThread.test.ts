import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../../src/errors.ts';
import { startSearchJobOffThread } from '../../../src/search/offThread.ts';
import { FIXTURES } from '../../helpers/tempSite.ts';

const doc = (words: string): string =>
  `<!DOCTYPE html><html lang="en"><head><title>T</title></head><body><article data-pagefind-body><h1>T</h1><p>${words}</p></article></body></html>`;

describe("a build's search index on a worker thread", () => {
  it('indexes what it is sent, in order, and writes the index files into the folder it is given', async () => {
    // npm test compiles the engine first; the worker is lib/search-worker.js.
    const job = startSearchJobOffThread();
    expect(job, 'lib/search-worker.js is missing: run `node scripts/compile.mjs`').toBeDefined();
    if (!job) return;
    const dir = mkdtempSync(path.join(tmpdir(), 'mapsdocs-search-'));
    try {
      await job.addRecord('/docs/api/reference#publish', 'Publish a message (POST /api/v1/messaging/publish)', 'publish retained');
      // More entries than the worker takes unanswered: sending waits, and still nothing is lost.
      for (let i = 0; i < 40; i++) await job.add(`/docs/p${i}`, doc(`word${i}`));
      job.finish();
      await job.writeInto(dir);
      const fragments = readdirSync(path.join(dir, 'pagefind', 'fragment')).map((f) => gunzipSync(readFileSync(path.join(dir, 'pagefind', 'fragment', f))).toString('utf8'));
      expect(fragments).toHaveLength(41);
      expect(fragments.join()).toContain('word39');
      expect(fragments.join()).toContain('publish retained');
      expect(JSON.parse(readFileSync(path.join(dir, 'pagefind', 'pagefind-entry.json'), 'utf8')).languages.en.page_count).toBe(41);
      // The dialog searches on the page's thread: Pagefind's own UIs and its web worker are left out.
      expect(readdirSync(path.join(dir, 'pagefind')).filter((f) => /-ui\.|worker/.test(f))).toEqual([]);
    } finally {
      await job.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports a Pagefind that cannot start when the index is written, as a user error with its hint, without failing the pages meanwhile', async () => {
    const job = startSearchJobOffThread(path.join(FIXTURES, 'search-worker-without-pagefind.mjs'));
    if (!job) throw new Error('the fixture worker is missing');
    try {
      // More than the worker would take unanswered: sending neither rejects nor waits for answers that cannot come.
      for (let i = 0; i < 40; i++) await job.add(`/docs/p${i}`, doc(`word${i}`));
      job.finish();
      const written = job.writeInto(tmpdir());
      await expect(written).rejects.toBeInstanceOf(UserError);
      await expect(written).rejects.toMatchObject({ message: expect.stringContaining('could not start'), hint: 'build with --no-search' });
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
