/**
 * The files of the search index, as the build writes them under
 * `search-index/` and the dialog reads them. Everything is JSON, small, and
 * compressed well by any host.
 *
 * - `meta.json`: read when search opens; names the other files, and lists
 *   each document's URL and title, so results are listed as soon as ranked.
 * - shards: the index itself, words in sorted order cut into ranges of about
 *   the same size; a query loads only the ranges of the words it holds.
 * - fragments: what a result shows (title, section headings, text for the
 *   excerpt), sections in document order cut into files of a few KB; a result
 *   loads only the files of the sections it shows.
 * - the vocabulary: every indexed word that a typo may stand for, read with
 *   the metadata, so that a misspelt word finds the shard of the word meant.
 */

export const INDEX_DIR = 'search-index';
export const META_FILE = 'meta.json';

/**
 * The folder of the index that holds a docs version's pages, on a site that builds `versions`: a
 * site with one docs version has one index, in `search-index/`; a site with several has one per
 * version, in `search-index/<version>/`, holding that version's pages, API reference and change log
 * and the pages outside the docs. A reader downloads only the version searched, and an edit to one
 * version leaves the others' indexes as they were. The build and the dialog both ask here.
 */
export function indexDirOf(versions: readonly { name: string }[], version: string): string {
  return versions.length < 2 ? INDEX_DIR : `${INDEX_DIR}/${version}`;
}

export interface IndexMeta {
  /** Changes with the index's content; part of every other file's name, so a host can cache them forever. */
  id: string;
  /** How many documents (pages, API operations and schemas) the index holds. */
  docs: number;
  /** Per document, its URL and title: enough to list a result at once, before its sections' text is loaded. */
  urls: string[];
  titles: string[];
  /** The first word of each shard, in order: shard `i` holds the words from `shards[i]` up to `shards[i + 1]`. */
  shards: string[];
  /** The first section of each fragment file, in order, as [document, section]. */
  fragments: [doc: number, section: number][];
  /** Per document, how many words its title has (compounds counted once): a title the query covers is what the query names. */
  titleWords: number[];
  /** The documents that are API operations or schemas, as [first, end) ranges: they are kept from crowding out the guides. */
  api: [first: number, end: number][];
}

/**
 * The vocabulary file (one JSON string, so hosts serve and compress it as they do the other files):
 * the words a misspelling is matched against (simple words of at least
 * VOCABULARY_MIN characters, without digits: `1884` is no typo of `1883`; a compound's parts are
 * words of their own), sorted and front-coded:
 * each line is the length of the start shared with the line before, one base-36 digit, then the rest.
 */
export const VOCABULARY_MIN = 3;

/**
 * A shard: for each word, its postings as one flat list of triples
 * `[document (the difference from the previous triple's), section, weight]`.
 * Section -1 means the word is in the document's title, with weight 2 if it is
 * a whole word of the title and 1 if only a part of one (`mqtt` in `MQTT-SN`);
 * otherwise the weight packs (packWeight) 10 × its BM25 term score in the
 * section's text, plus 40 if the word is in the section's heading, with the
 * stretches of the section's text that hold it: words found in the same
 * stretch are near each other.
 */
export type Shard = Record<string, number[]>;

export type FragmentSection = [anchor: string, heading: string, text: string];

/** A document: its URL, title, and sections as [anchor, heading, text]. */
export type FragmentDocument = [url: string, title: string, sections: FragmentSection[]];

/**
 * What a fragment file holds of one document: its number, the number of its first section in the
 * file, and those of its sections that the file holds, in order. A fragment file is a list of
 * these; a long document's sections span several files.
 */
export type FragmentPart = [doc: number, first: number, sections: FragmentSection[]];

/** Whole documents from the metadata and fragment files' parts (any order), in document order. */
export function documentsOf(meta: Pick<IndexMeta, 'urls' | 'titles'>, parts: readonly FragmentPart[]): FragmentDocument[] {
  const documents: FragmentDocument[] = meta.urls.map((url, d) => [url, meta.titles[d] ?? '', []]);
  for (const [doc, first, sections] of parts) documents[doc]?.[2].splice(first, sections.length, ...sections);
  return documents;
}

export const TITLE_SECTION = -1;
export const HEADING_WEIGHT = 40;

/** A section's text is cut into this many stretches, each of at least WINDOW_WORDS words. */
export const WINDOWS = 16;
export const WINDOW_WORDS = 12;
/** A section posting's weight is below this (10 × a BM25 term score of at most 2.2, plus HEADING_WEIGHT). */
const WEIGHT_RANGE = 64;

/** A section posting's weight and the bits of the stretches holding the word, as one number. */
export function packWeight(weight: number, stretches: number): number {
  return Math.min(weight, WEIGHT_RANGE - 1) + WEIGHT_RANGE * stretches;
}

export function unpackWeight(packed: number): { weight: number; stretches: number } {
  return { weight: packed % WEIGHT_RANGE, stretches: Math.floor(packed / WEIGHT_RANGE) };
}

/** Title postings' weights. */
export const TITLE_WHOLE = 2;
export const TITLE_PART = 1;

export const shardFile = (id: string, index: number): string => `s${index}.${id}.json`;
export const vocabularyFile = (id: string): string => `v.${id}.json`;
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

/** Whether an indexed word belongs in the vocabulary (see VOCABULARY_MIN). */
export function isVocabulary(term: string): boolean {
  return term.length >= VOCABULARY_MIN && !/[\d\-_./]/.test(term);
}

/** A front-coded vocabulary (see VOCABULARY_MIN) as its sorted words. */
export function decodeVocabulary(text: string): string[] {
  const words: string[] = [];
  let previous = '';
  for (const line of text.split('\n')) {
    if (line === '') continue;
    previous = previous.slice(0, Number.parseInt(line.charAt(0), 36)) + line.slice(1);
    words.push(previous);
  }
  return words;
}

/** The sorted words, front-coded: the inverse of decodeVocabulary. */
export function encodeVocabulary(sorted: readonly string[]): string {
  let previous = '';
  return sorted
    .map((word) => {
      // One base-36 digit: a longer shared start is written out in part.
      let shared = 0;
      while (shared < 35 && shared < previous.length && shared < word.length && previous[shared] === word[shared]) shared += 1;
      previous = word;
      return `${shared.toString(36)}${word.slice(shared)}`;
    })
    .join('\n');
}

/** The fragment file holding a document's section. */
export function fragmentFor(fragments: readonly (readonly [number, number])[], doc: number, section: number): number {
  return Math.max(0, countBefore(fragments, ([d, s]) => d < doc || (d === doc && s <= section)) - 1);
}
