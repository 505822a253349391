import { stemmer } from 'stemmer';
import { fuzzyCandidates } from '../search/fuzzy.ts';
import {
  countBefore,
  decodeVocabulary,
  fragmentFile,
  fragmentFor,
  INDEX_DIR,
  META_FILE,
  shardFile,
  shardsFor,
  vocabularyFile,
  type FragmentDocument,
  type IndexMeta,
  type Shard,
} from '../search/format.ts';
import { excerptOf, queryWordsOf, rank, type Match } from '../search/query.ts';

/**
 * The search index as the dialog reads it (src/search/format.ts): its small
 * metadata and vocabulary when search opens, then only the shards of the words
 * typed and the fragments of the results shown, each fetched once.
 */

export interface SearchResult {
  url: string;
  title: string;
  /** The best-matching sections, best first: at least one. */
  sections: { url: string; heading: string; excerpt: string }[];
}

export interface SearchOutcome {
  results: SearchResult[];
  /**
   * The query with each word that matched nothing as typed replaced by the nearest indexed
   * word, when there is one: the results then come from those words ("did you mean").
   */
  suggestion?: string;
}

export interface SearchIndex {
  /** The best `limit` documents for a query, or undefined when it holds no word long enough to search. */
  search(query: string, limit: number): Promise<SearchOutcome | undefined>;
}

/** Sections listed under one result. */
const SECTIONS = 4;

/** Reads one file of the index; `fresh` asks the host to check a file whose name does not change. */
export type LoadFile = (url: string, fresh: boolean) => Promise<string>;

const fetchText: LoadFile = async (url, fresh) => {
  const response = await fetch(url, fresh ? { cache: 'no-cache' } : undefined);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
};

/**
 * Whether a query word names an API operation, path, schema or field, so that API records may
 * fill the first results: a path (`/api/v1/…`), or an identifier written as one
 * (`subscriptionDepth`, `PublishRequestDTO`, `client_id`).
 */
function namesApi(typed: string): boolean {
  return /\/|_|\p{Ll}\p{Lu}|\p{Lu}{2,}\p{Ll}|\p{Lu}{3,}$/u.test(typed) && /\p{L}{4,}/u.test(typed);
}

/** The index under `base`, read with `load` (the network by default; the relevance test reads a build's files). */
export async function openSearchIndex(base: string, load: LoadFile = fetchText): Promise<SearchIndex> {
  const dir = `${base}${INDEX_DIR}/`;
  const json = async <T>(url: string, fresh = false): Promise<T> => JSON.parse(await load(url, fresh)) as T;
  // The other files' names change with the index; this one does not, so it is checked with the host each time.
  const meta = await json<IndexMeta>(`${dir}${META_FILE}`, true);
  const vocabulary = decodeVocabulary(await load(`${dir}${vocabularyFile(meta.id)}`, false));
  const shards = new Map<number, Promise<{ words: string[]; shard: Shard }>>();
  const fragments = new Map<number, Promise<FragmentDocument[]>>();
  const once = <T>(cache: Map<number, Promise<T>>, index: number, read: () => Promise<T>): Promise<T> => {
    let found = cache.get(index);
    if (!found) {
      found = read();
      cache.set(index, found);
      // A failed fetch is forgotten, so the next query tries again.
      found.catch(() => cache.delete(index));
    }
    return found;
  };
  const shard = (index: number) =>
    once(shards, index, async () => {
      const loaded = await json<Shard>(`${dir}${shardFile(meta.id, index)}`);
      return { words: Object.keys(loaded).sort(), shard: loaded };
    });
  const fragment = (doc: number): Promise<FragmentDocument | undefined> => {
    const file = fragmentFor(meta.fragments, doc);
    return once(fragments, file, () => json<FragmentDocument[]>(`${dir}${fragmentFile(meta.id, file)}`)).then((docs) => docs[doc - (meta.fragments[file] ?? 0)]);
  };
  /** The shards of the words from `from` to those starting with `to`. */
  const range = (from: string, to: string): Promise<{ words: string[]; shard: Shard }[]> => {
    const first = shardsFor(meta.shards, from)[0];
    const last = shardsFor(meta.shards, to)[1];
    return Promise.all(Array.from({ length: last - first + 1 }, (_, i) => shard(first + i)));
  };
  const shardOf = (term: string): number => shardsFor(meta.shards, term)[0];

  /**
   * What a query word matches: itself and every indexed word it starts, the other words of its
   * stem (`client` for `clients`, `listen` for `listeners`), and the words it may be a misspelling
   * of. Those are looked up in the shards the word itself needs; only when it matches nothing as
   * typed are other shards fetched for them (what is found never depends on what an earlier query
   * happened to load).
   */
  const matchesOf = async (word: string): Promise<{ matches: Match[]; typo: boolean }> => {
    const stem = stemmer(word);
    // The stem's words, when the stem is a shorter start of the word, are next to it in the index.
    const from = stem.length >= 3 && stem.length < word.length && word.startsWith(stem) ? stem : word;
    const [first] = shardsFor(meta.shards, from);
    const [, last] = shardsFor(meta.shards, word);
    const loaded = await range(from, word);
    const matches: Match[] = [];
    for (const { words, shard: postings } of loaded) {
      // Words are sorted: start at the first one not before the stem.
      for (let i = countBefore(words, (w) => w < from); i < words.length && (words[i] ?? '').startsWith(from); i += 1) {
        const term = words[i] ?? '';
        if (term.startsWith(word)) matches.push({ term, postings: postings[term] ?? [], kind: 'word', distance: 0 });
        else if (stemmer(term) === stem) matches.push({ term, postings: postings[term] ?? [], kind: 'stem', distance: 0 });
      }
    }
    const typo = matches.length === 0;
    const matched = new Set(matches.map((m) => m.term));
    const candidates = fuzzyCandidates(word, vocabulary).filter(({ term }) => !matched.has(term) && (typo || (shardOf(term) >= first && shardOf(term) <= last)));
    const found = await Promise.all(
      candidates.map(async ({ term, distance }): Promise<Match> => ({ term, distance, kind: 'typo', postings: (await shard(shardOf(term))).shard[term] ?? [] })),
    );
    for (const match of found) if (match.postings.length > 0) matches.push(match);
    return { matches, typo };
  };

  /** How many documents a list of postings holds: of two stand-ins as near, the commoner word is suggested. */
  const documentCount = (postings: readonly number[]): number => {
    let count = 0;
    for (let i = 0; i < postings.length; i += 3) if (postings[i] !== 0 || i === 0) count += 1;
    return count;
  };

  return {
    async search(query, limit) {
      const words = queryWordsOf(query);
      if (words.length === 0) return undefined;
      const looked = await Promise.all(words.map(matchesOf));
      const hits = rank(
        words,
        looked.map((l) => l.matches),
        meta,
        query.split(/\s+/).some(namesApi),
      ).slice(0, limit);
      const docs = await Promise.all(hits.map((hit) => fragment(hit.doc)));
      // Misspelt words are marked in excerpts as the words they stand for.
      const marked = words.flatMap((word, w) => (looked[w]?.typo ? (looked[w]?.matches.map((m) => m.term) ?? []) : [word]));
      const results: SearchResult[] = [];
      hits.forEach((hit, i) => {
        const doc = docs[i];
        if (!doc) return;
        const [url, title, sections] = doc;
        const page = url.replace(/#.*$/, '');
        // A title-only match shows the document's opening.
        const shown = hit.sections.length > 0 ? hit.sections.slice(0, SECTIONS).map((s) => s.section) : [0];
        results.push({
          url,
          title,
          sections: shown.flatMap((index) => {
            const section = sections[index];
            if (!section) return [];
            const [anchor, heading, text] = section;
            return [{ url: anchor ? `${page}#${anchor}` : url, heading, excerpt: excerptOf(text, marked) }];
          }),
        });
      });
      // The nearest stand-in of each misspelt word: fewest edits, then the most documents.
      let suggestion: string | undefined;
      if (looked.some((l) => l.typo && l.matches.length > 0)) {
        suggestion = words
          .map((word, w) => {
            const l = looked[w];
            if (!l?.typo || l.matches.length === 0) return word;
            const best = [...l.matches].sort((a, b) => a.distance - b.distance || documentCount(b.postings) - documentCount(a.postings))[0];
            return best?.term ?? word;
          })
          .join(' ');
      }
      return suggestion === undefined ? { results } : { results, suggestion };
    },
  };
}
