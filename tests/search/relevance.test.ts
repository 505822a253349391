import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/commands/build.ts';
import { silentReporter } from '../../src/util/task.ts';
import { evaluateRelevance, formatRelevance, readRelevanceSet, type RelevanceReport } from './relevance.ts';

const REPO = path.resolve(import.meta.dirname, '..', '..');

/**
 * What the ranker achieved on the relevance set when these were recorded: a change that lowers
 * either fails. The ranker is deterministic (no randomness, ties broken by document order), so
 * there is no tolerance (the MRR is 0.90329…, cut to four places; 0.90659… before the content of issue 31
 * rewrote pages, with the same ranker). Raise them when a change does
 * better. The ranker before issue 28 scored 72.5 % and 0.670 on the same set.
 *
 * The figures depend on the content as well as on the ranker: an edit to the pages can move a
 * query, and near-misspellings of a word found as typed are weighed among the words of the shards
 * it loads, so where the shards are cut counts too ('getting started first message' is 1st or 2nd
 * depending on it). After a content change, check the misses this test prints before moving a floor.
 *
 * Issue 27 indexes a diagram's labels (drawn at build time) where the mermaid source was indexed
 * before, syntax and node ids included: three queries ('rest api login', 'port already in use',
 * 'listeners accept clients without credentials') moved from 2nd to 3rd, none left the top 3.
 */
const FLOOR = { top3: 90 / 91, mrr: 0.8978 };

describe.skipIf(!existsSync(path.join(REPO, 'content', 'docs')))('relevance of search on the real site', () => {
  const out = mkdtempSync(path.join(tmpdir(), 'mapsdocs-relevance-'));
  let report: RelevanceReport;

  beforeAll(async () => {
    // The site as CI builds it, from content/ and openapi/, without the cache: the index is made anew.
    const outcome = await build({ root: REPO, out, cache: false, reporter: silentReporter });
    expect(outcome.ok).toBe(true);
    report = await evaluateRelevance(out);
    console.log(formatRelevance(report));
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('holds at least 40 queries of every kind, written from the content by a reviewer who had not read the ranker', () => {
    const set = readRelevanceSet();
    expect(set.queries.length).toBeGreaterThanOrEqual(40);
    expect(new Set(set.queries.map((q) => q.kind))).toEqual(new Set(['product', 'config', 'rest', 'trouble', 'question', 'typo']));
    expect(set.description).toMatch(/no search\/ranking code or search tests were opened/);
  });

  it('puts a right answer in the top 3 for at least 95 % of the queries, and does not fall below what it achieved', () => {
    const misses = report.outcomes.filter((o) => o.rank === undefined || o.rank > 3).map((o) => `${o.query} → ${o.results.slice(0, 3).join(', ')}`);
    expect(report.top3, misses.join('\n')).toBeGreaterThanOrEqual(0.95);
    expect(report.top3, misses.join('\n')).toBeGreaterThanOrEqual(FLOOR.top3);
  });

  it('keeps its mean reciprocal rank', () => {
    expect(report.mrr).toBeGreaterThanOrEqual(FLOOR.mrr);
  });
});
