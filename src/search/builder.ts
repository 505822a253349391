import { createHash } from 'node:crypto';
import type { OutputFile } from '../emit/atomic.ts';
import { encodeVocabulary, packWeight, WINDOW_WORDS, WINDOWS, fragmentFile, HEADING_WEIGHT, INDEX_DIR, META_FILE, shardFile, TITLE_PART, TITLE_SECTION, TITLE_WHOLE, isVocabulary, vocabularyFile, type FragmentSection, type IndexMeta } from './format.ts';
import type { SearchDocument } from './sections.ts';
import { eachTermOf, isStopWord, MIN_TERM, termsIn } from './text.ts';

/** What one document contributes, worked out once when it is added: dev re-adds only what changed. */
export interface Analysed {
  url: string;
  title: string;
  /** What its results show: each section as written into a fragment file ([anchor, heading, text] as JSON). */
  sectionJson: string[];
  /** Section lengths in words, for BM25's length normalisation. */
  lengths: number[];
  /** How many distinct words its title has. */
  titleWords: number;
  /** Whether it is an API operation or schema. */
  api: boolean;
  /**
   * For each term, flat: whether the title holds it (TITLE_WHOLE, TITLE_PART or 0), then per section holding it
   * [section, count in the text, 1 if in the heading, the stretches of the text holding it as bits]. Numbers, not objects: a site has some
   * 100,000 of these, and objects cost the collector more than the indexing itself.
   */
  terms: Map<string, number[]>;
}

function analyse(doc: SearchDocument): Analysed {
  const terms: Analysed['terms'] = new Map();
  const of = (term: string): number[] => {
    let found = terms.get(term);
    if (!found) terms.set(term, (found = [0]));
    return found;
  };
  // The section's entry is the last one: sections are visited in order.
  const slot = (term: string, section: number): number[] => {
    const list = of(term);
    if (list.length === 1 || list[list.length - 4] !== section) list.push(section, 0, 0, 0);
    return list;
  };
  const titleWords = new Set(termsIn(doc.title).filter((word) => word.length >= MIN_TERM && !isStopWord(word)));
  for (const word of titleWords) {
    eachTermOf(word, (t) => {
      const list = of(t);
      list[0] = t === word ? TITLE_WHOLE : Math.max(list[0] ?? 0, TITLE_PART);
    });
  }
  const lengths = doc.sections.map((section, i) => {
    const inHeading = (t: string): void => {
      const list = slot(t, i);
      list[list.length - 2] = 1;
    };
    for (const word of termsIn(section.heading)) eachTermOf(word, inHeading);
    const words = termsIn(section.text);
    // Where in the section each word is: one of WINDOWS stretches of at least WINDOW_WORDS words. A
    // section of two stretches or less has all its words near each other: none is marked (0 bits).
    const stretch = Math.max(WINDOW_WORDS, Math.ceil(words.length / WINDOWS));
    const short = words.length <= 2 * WINDOW_WORDS;
    let bit = 0;
    const inText = (t: string): void => {
      const list = slot(t, i);
      list[list.length - 3] = (list[list.length - 3] ?? 0) + 1;
      list[list.length - 1] = (list[list.length - 1] ?? 0) | bit;
    };
    words.forEach((word, p) => {
      bit = short ? 0 : 1 << Math.min(WINDOWS - 1, Math.floor(p / stretch));
      eachTermOf(word, inText);
    });
    return words.length;
  });
  const sectionJson = doc.sections.map((s) => JSON.stringify([s.anchor, s.heading, s.text] satisfies FragmentSection));
  return { url: doc.url, title: doc.title, sectionJson, lengths, terms, titleWords: titleWords.size, api: doc.api === true };
}

// BM25's usual constants: how fast repeated words stop counting, and how much a long section is discounted.
const K1 = 1.2;
const B = 0.75;

/** About this much JSON per shard (~2.3 KB once compressed): a word still being typed loads its own shard, a word typed whole one or two. */
const SHARD_BYTES = 6_000;
/**
 * Sections share a fragment file up to this much JSON (~2.5 KB compressed): a result loads the files
 * of the sections it shows, not its whole page, and the API's many short records go a few to a file.
 * Smaller files would save a reader a few KB but cost a cold build time: writing the index's files,
 * at the end of a build, took ~1 ms a file on this machine with the pages being written beside them.
 */
const FRAGMENT_BYTES = 6_000;

/**
 * The search index being built: documents in, index files out. A document
 * added again under the same URL replaces the old one in place.
 */
export interface IndexBuilder {
  /**
   * Adds the document under `url` that `make` gives, unless one with the same `words` (a key of
   * everything its analysis depends on: title, sections, kind) is held under another URL: its
   * analysis is then shared, and `make` not called. A site with docs versions holds most pages once
   * per version, their links alone different.
   */
  addShared(url: string, words: string, make: () => SearchDocument): void;
  remove(url: string): void;
  /** The index's files, under `dir` of the output. */
  files(dir?: string): OutputFile[];
}

/** Analyses held by several URLs, by their words key, with how many hold each. */
export type SharedAnalyses = Map<string, { analysed: Analysed; users: number }>;

/**
 * `shared` may be given to several builders (one per docs version): a page that versions hold alike is
 * then analysed once for all their indexes.
 */
export function createIndexBuilder(shared: SharedAnalyses = new Map()): IndexBuilder {
  const docs = new Map<string, Analysed>();
  // An analysis is dropped with the last URL holding it, so a long dev session keeps only what its index holds.
  const wordsOf = new Map<string, string>();
  const release = (url: string): void => {
    const words = wordsOf.get(url);
    if (words === undefined) return;
    wordsOf.delete(url);
    const entry = shared.get(words);
    if (entry && (entry.users -= 1) === 0) shared.delete(words);
  };
  return {
    addShared(url, words, make) {
      release(url);
      let entry = shared.get(words);
      if (entry) entry.users += 1;
      else shared.set(words, (entry = { analysed: analyse(make()), users: 1 }));
      wordsOf.set(url, words);
      docs.set(url, { ...entry.analysed, url });
    },
    remove(url) {
      release(url);
      docs.delete(url);
    },
    files: (dir = INDEX_DIR) => indexFilesOf([...docs.values()], dir),
  };
}

function indexFilesOf(docs: readonly Analysed[], dir: string): OutputFile[] {
  let sections = 0;
  let words = 0;
  for (const doc of docs) for (const length of doc.lengths) ((sections += 1), (words += length));
  const average = sections > 0 ? words / sections : 1;
  // Per term: its postings, and the last document in them (postings give the difference).
  const postings = new Map<string, { flat: number[]; last: number }>();
  docs.forEach((doc, d) => {
    for (const [term, list] of doc.terms) {
      let found = postings.get(term);
      if (!found) postings.set(term, (found = { flat: [], last: 0 }));
      const { flat } = found;
      let delta = d - found.last;
      found.last = d;
      const title = list[0] ?? 0;
      if (title > 0) {
        flat.push(delta, TITLE_SECTION, title);
        delta = 0;
      }
      for (let i = 1; i < list.length; i += 4) {
        const section = list[i] ?? 0;
        const count = list[i + 1] ?? 0;
        const length = doc.lengths[section] ?? 0;
        const score = count === 0 ? 0 : (count * (K1 + 1)) / (count + K1 * (1 - B + (B * length) / average));
        const weight = Math.max(1, Math.round(10 * score)) + (list[i + 2] === 1 ? HEADING_WEIGHT : 0);
        flat.push(delta, section, packWeight(weight, list[i + 3] ?? 0));
        delta = 0;
      }
    }
  });

  // Each shard's JSON is written as it is cut: its entries' text is what it is cut by.
  const shardTexts: string[] = [];
  const firsts: string[] = [];
  let entries: string[] = [];
  let bytes = 0;
  const sorted = [...postings.keys()].sort();
  for (const term of sorted) {
    if (bytes > SHARD_BYTES) {
      shardTexts.push(`{${entries.join(',')}}`);
      entries = [];
      bytes = 0;
    }
    if (bytes === 0) firsts.push(term);
    const entry = `${JSON.stringify(term)}:[${(postings.get(term)?.flat ?? []).join(',')}]`;
    entries.push(entry);
    bytes += entry.length + 1;
  }
  if (bytes > 0 || shardTexts.length === 0) {
    shardTexts.push(`{${entries.join(',')}}`);
    if (firsts.length < shardTexts.length) firsts.push('');
  }

  const fragmentTexts: string[] = [];
  const starts: IndexMeta['fragments'] = [];
  let parts: string[] = [];
  let size = 0;
  const flush = (): void => {
    if (parts.length > 0) fragmentTexts.push(`[${parts.join(',')}]`);
    parts = [];
    size = 0;
  };
  docs.forEach((doc, d) => {
    let part: string[] = [];
    let first = 0;
    const close = (): void => {
      if (part.length > 0) parts.push(`[${d},${first},[${part.join(',')}]]`);
      part = [];
    };
    doc.sectionJson.forEach((json, s) => {
      if (size > 0 && size + json.length > FRAGMENT_BYTES) {
        close();
        flush();
      }
      if (size === 0) starts.push([d, s]);
      if (part.length === 0) first = s;
      part.push(json);
      size += json.length + 8;
    });
    close();
  });
  flush();

  const hash = createHash('sha256');
  for (const text of [...shardTexts, ...fragmentTexts]) hash.update(text).update('\0');
  const vocabulary = encodeVocabulary(sorted.filter(isVocabulary));
  hash.update(vocabulary);
  const id = hash.digest('hex').slice(0, 10);
  const api: IndexMeta['api'] = [];
  docs.forEach((doc, d) => {
    if (!doc.api) return;
    const last = api[api.length - 1];
    if (last && last[1] === d) last[1] = d + 1;
    else api.push([d, d + 1]);
  });
  const meta: IndexMeta = { id, docs: docs.length, urls: docs.map((doc) => doc.url), titles: docs.map((doc) => doc.title), shards: firsts, fragments: starts, titleWords: docs.map((doc) => doc.titleWords), api };
  const file = (name: string, text: string): OutputFile => ({ path: `${dir}/${name}`, contents: text });
  return [
    file(META_FILE, JSON.stringify(meta)),
    file(vocabularyFile(id), JSON.stringify(vocabulary)),
    ...shardTexts.map((text, i) => file(shardFile(id, i), text)),
    ...fragmentTexts.map((text, i) => file(fragmentFile(id, i), text)),
  ];
}
