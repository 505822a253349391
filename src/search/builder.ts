import { createHash } from 'node:crypto';
import type { OutputFile } from '../emit/atomic.ts';
import { fragmentFile, HEADING_WEIGHT, INDEX_DIR, META_FILE, shardFile, TITLE_SECTION, type FragmentDocument, type IndexMeta, type Shard } from './format.ts';
import type { SearchDocument } from './sections.ts';
import { termsOf, wordsOf } from './text.ts';

/** What one document contributes, worked out once when it is added: dev re-adds only what changed. */
interface Analysed {
  fragment: FragmentDocument;
  /** Section lengths in words, for BM25's length normalisation. */
  lengths: number[];
  /** For each term: whether the title holds it, and per section [section, count in the text, in the heading]. */
  terms: Map<string, { title: boolean; sections: [section: number, count: number, heading: boolean][] }>;
}

function analyse(doc: SearchDocument): Analysed {
  const terms: Analysed['terms'] = new Map();
  const entry = (term: string): { title: boolean; sections: [number, number, boolean][] } => {
    let found = terms.get(term);
    if (!found) terms.set(term, (found = { title: false, sections: [] }));
    return found;
  };
  // The section's own slot, added on its first word.
  const slot = (term: string, section: number): [number, number, boolean] => {
    const list = entry(term).sections;
    let last = list[list.length - 1];
    if (last?.[0] !== section) list.push((last = [section, 0, false]));
    return last;
  };
  for (const { term } of wordsOf(doc.title)) for (const t of termsOf(term)) entry(t).title = true;
  const lengths = doc.sections.map((section, i) => {
    for (const { term } of wordsOf(section.heading)) for (const t of termsOf(term)) slot(t, i)[2] = true;
    const words = wordsOf(section.text);
    for (const { term } of words) for (const t of termsOf(term)) slot(t, i)[1] += 1;
    return words.length;
  });
  return { fragment: [doc.url, doc.title, doc.sections.map((s) => [s.anchor, s.heading, s.text])], lengths, terms };
}

// BM25's usual constants: how fast repeated words stop counting, and how much a long section is discounted.
const K1 = 1.2;
const B = 0.75;

/** About this much JSON per shard (~6 KB once compressed): a query loads one or two per word. */
const SHARD_BYTES = 20_000;
/** Documents share a fragment file up to this much JSON: the API's many short records go a few to a file. */
const FRAGMENT_BYTES = 6_000;

/**
 * The search index being built: documents in, index files out. A document
 * added again under the same URL replaces the old one in place.
 */
export interface IndexBuilder {
  add(doc: SearchDocument): void;
  remove(url: string): void;
  readonly size: number;
  files(): OutputFile[];
}

export function createIndexBuilder(): IndexBuilder {
  const docs = new Map<string, Analysed>();
  return {
    add: (doc) => void docs.set(doc.url, analyse(doc)),
    remove: (url) => void docs.delete(url),
    get size() {
      return docs.size;
    },
    files: () => indexFilesOf([...docs.values()]),
  };
}

function indexFilesOf(docs: readonly Analysed[]): OutputFile[] {
  let sections = 0;
  let words = 0;
  for (const doc of docs) for (const length of doc.lengths) ((sections += 1), (words += length));
  const average = sections > 0 ? words / sections : 1;
  const postings = new Map<string, number[]>();
  const previous = new Map<string, number>();
  docs.forEach((doc, d) => {
    for (const [term, { title, sections: list }] of doc.terms) {
      let flat = postings.get(term);
      if (!flat) postings.set(term, (flat = []));
      const delta = d - (previous.get(term) ?? 0);
      previous.set(term, d);
      let first = true;
      const push = (section: number, weight: number): void => {
        flat.push(first ? delta : 0, section, weight);
        first = false;
      };
      if (title) push(TITLE_SECTION, 1);
      for (const [section, count, heading] of list) {
        const length = doc.lengths[section] ?? 0;
        const score = count === 0 ? 0 : (count * (K1 + 1)) / (count + K1 * (1 - B + (B * length) / average));
        push(section, Math.max(1, Math.round(10 * score)) + (heading ? HEADING_WEIGHT : 0));
      }
    }
  });

  const shards: Shard[] = [];
  const firsts: string[] = [];
  let shard: Shard = {};
  let bytes = 0;
  for (const term of [...postings.keys()].sort()) {
    const list = postings.get(term) ?? [];
    if (bytes > SHARD_BYTES) {
      shards.push(shard);
      shard = {};
      bytes = 0;
    }
    if (bytes === 0) firsts.push(term);
    shard[term] = list;
    bytes += term.length + 4 + list.length * 3;
  }
  if (bytes > 0 || shards.length === 0) {
    shards.push(shard);
    if (firsts.length < shards.length) firsts.push('');
  }

  const fragments: FragmentDocument[][] = [];
  const starts: number[] = [];
  let group: FragmentDocument[] = [];
  let size = 0;
  docs.forEach(({ fragment }, d) => {
    const length = JSON.stringify(fragment).length;
    if (group.length > 0 && size + length > FRAGMENT_BYTES) {
      fragments.push(group);
      group = [];
      size = 0;
    }
    if (group.length === 0) starts.push(d);
    group.push(fragment);
    size += length;
  });
  if (group.length > 0) fragments.push(group);

  const shardTexts = shards.map((s) => JSON.stringify(s));
  const fragmentTexts = fragments.map((f) => JSON.stringify(f));
  const hash = createHash('sha256');
  for (const text of [...shardTexts, ...fragmentTexts]) hash.update(text).update('\0');
  const id = hash.digest('hex').slice(0, 10);
  const meta: IndexMeta = { id, docs: docs.length, shards: firsts, fragments: starts };
  const file = (name: string, text: string): OutputFile => ({ path: `${INDEX_DIR}/${name}`, contents: text });
  return [
    file(META_FILE, JSON.stringify(meta)),
    ...shardTexts.map((text, i) => file(shardFile(id, i), text)),
    ...fragmentTexts.map((text, i) => file(fragmentFile(id, i), text)),
  ];
}
