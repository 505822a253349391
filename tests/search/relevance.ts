import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { openSearchIndex, type SearchIndex } from '../../src/client/searchIndex.ts';
import { documentsOf, INDEX_DIR, META_FILE, type FragmentDocument, type FragmentPart, type IndexMeta } from '../../src/search/format.ts';

/**
 * The relevance set (tests/search/relevance-set.json) run on a built site's
 * search index, through the dialog's own reader and ranker: what the relevance
 * test asserts and `npm run bench` prints.
 */

export type Target = { url: string } | { operation: { method: string; path: string } } | { schema: string };

export interface RelevanceQuery {
  query: string;
  kind: string;
  targets: Target[];
  why: string;
}

export interface RelevanceSet {
  description: string;
  queries: RelevanceQuery[];
}

export interface QueryOutcome {
  query: string;
  kind: string;
  /** 1-based rank of the first target among the results, or undefined if none is listed. */
  rank: number | undefined;
  /** The results' URLs, best first. */
  results: string[];
  /** The targets as URLs. */
  targets: string[];
}

export interface RelevanceReport {
  queries: number;
  /** Share of queries with a target in the top 3. */
  top3: number;
  /** Mean reciprocal rank over the results listed (0 for a query none of whose targets is listed). */
  mrr: number;
  outcomes: QueryOutcome[];
}

export const RELEVANCE_SET = path.join(import.meta.dirname, 'relevance-set.json');

/** How many results each query asks for: the dialog's own number. */
const LISTED = 6;

export function readRelevanceSet(file = RELEVANCE_SET): RelevanceSet {
  return JSON.parse(readFileSync(file, 'utf8')) as RelevanceSet;
}

/** The search index in a built site's folder, read from disk as the dialog would fetch it. */
export async function openBuiltIndex(dist: string): Promise<{ index: SearchIndex; documents: FragmentDocument[] }> {
  const dir = path.join(dist, INDEX_DIR);
  const index = await openSearchIndex('/', async (url) => readFileSync(path.join(dist, url), 'utf8'));
  const meta = JSON.parse(readFileSync(path.join(dir, META_FILE), 'utf8')) as IndexMeta;
  const documents = documentsOf(
    meta,
    readdirSync(dir)
      .filter((name) => /^f\d+\..*\.json$/.test(name))
      .flatMap((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as FragmentPart[]),
  );
  return { index, documents };
}

/**
 * A target as the URL its result has: a page by its route, an operation or a schema by the
 * record whose title names it (`Summary (METHOD /path)`, `Name (schema)`).
 */
function targetUrl(target: Target, documents: readonly FragmentDocument[]): string {
  if ('url' in target) return target.url;
  const suffix = 'schema' in target ? `${target.schema} (schema)` : `(${target.operation.method.toUpperCase()} ${target.operation.path})`;
  const found = documents.find(([, title]) => ('schema' in target ? title === suffix : title.endsWith(` ${suffix}`)));
  if (!found) throw new Error(`the relevance set names ${JSON.stringify(target)}, which the index does not hold`);
  return found[0];
}

export async function evaluateRelevance(dist: string, set: RelevanceSet = readRelevanceSet()): Promise<RelevanceReport> {
  const { index, documents } = await openBuiltIndex(dist);
  const outcomes: QueryOutcome[] = [];
  for (const { query, kind, targets } of set.queries) {
    const wanted = targets.map((t) => targetUrl(t, documents));
    const results = ((await index.search(query, LISTED))?.results ?? []).map((r) => r.url);
    const at = results.findIndex((url) => wanted.includes(url));
    outcomes.push({ query, kind, rank: at < 0 ? undefined : at + 1, results, targets: wanted });
  }
  const top3 = outcomes.filter((o) => o.rank !== undefined && o.rank <= 3).length / outcomes.length;
  const mrr = outcomes.reduce((n, o) => n + (o.rank === undefined ? 0 : 1 / o.rank), 0) / outcomes.length;
  return { queries: outcomes.length, top3, mrr, outcomes };
}

/** One line for the report, and the queries that miss the top 3 with what came instead. */
export function formatRelevance(report: RelevanceReport): string {
  const misses = report.outcomes.filter((o) => o.rank === undefined || o.rank > 3);
  const lines = [
    `relevance set: ${report.queries} queries, top-3 ${(100 * report.top3).toFixed(1)} %, MRR ${report.mrr.toFixed(3)}` +
      (misses.length > 0 ? `; outside the top 3: ${misses.map((o) => `“${o.query}” (${o.rank ?? '—'})`).join(', ')}` : ''),
  ];
  return lines.join('\n');
}
