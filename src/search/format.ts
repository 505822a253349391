/**
 * The files of the search index, as the build writes them under
 * `search-index/` and the dialog reads them. Everything is JSON, small, and
 * compressed well by any host.
 *
 * - `meta.json`: read when search opens; names the other files.
 * - shards: the index itself, words in sorted order cut into ranges of about
 *   the same size; a query loads only the ranges of the words it holds.
 * - fragments: what a result shows (title, section headings, text for the
 *   excerpt), a few documents per file; loaded only for the results shown.
 */

export const INDEX_DIR = 'search-index';
export const META_FILE = 'meta.json';

export interface IndexMeta {
  /** Changes with the index's content; part of every other file's name, so a host can cache them forever. */
  id: string;
  /** How many documents (pages, API operations and schemas) the index holds. */
  docs: number;
  /** The first word of each shard, in order: shard `i` holds the words from `shards[i]` up to `shards[i + 1]`. */
  shards: string[];
  /** The first document of each fragment file, in order. */
  fragments: number[];
}

/**
 * A shard: for each word, its postings as one flat list of triples
 * `[document (the difference from the previous triple's), section, weight]`.
 * Section -1 means the word is in the document's title; otherwise the weight
 * is 10 × its BM25 term score in the section's text, plus 40 if the word is
 * in the section's heading.
 */
export type Shard = Record<string, number[]>;

/** One document of a fragment file: its URL, title, and sections as [anchor, heading, text]. */
export type FragmentDocument = [url: string, title: string, sections: [anchor: string, heading: string, text: string][]];

export const TITLE_SECTION = -1;
export const HEADING_WEIGHT = 40;

export const shardFile = (id: string, index: number): string => `s${index}.${id}.json`;
export const fragmentFile = (id: string, index: number): string => `f${index}.${id}.json`;

/** How many items at the start of a sorted list satisfy `before` (which holds for a prefix of the list), by binary search. */
export function countBefore<T>(sorted: readonly T[], before: (item: T) => boolean): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (before(sorted[middle] as T)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The shards that may hold words starting with `prefix` (inclusive range of shard numbers). */
export function shardsFor(shards: readonly string[], prefix: string): [first: number, last: number] {
  // The last shard starting at or before a word.
  const at = (word: string): number => Math.max(0, countBefore(shards, (first) => first <= word) - 1);
  return [at(prefix), at(`${prefix}\uffff`)];
}

/** The fragment file holding a document. */
export function fragmentFor(fragments: readonly number[], doc: number): number {
  return Math.max(0, countBefore(fragments, (first) => first <= doc) - 1);
}
