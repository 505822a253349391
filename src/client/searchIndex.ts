import { stemmer } from 'stemmer';
import { editsAllowed, fuzzyCandidates } from '../search/fuzzy.ts';
import {
  countBefore,
  decodeVocabulary,
  fragmentFile,
  fragmentFor,
  INDEX_DIR,
  META_FILE,
  shardFile,
  shardsFor,
  isVocabulary,
  vocabularyFile,
  type FragmentPart,
  type FragmentSection,
  type IndexMeta,
  type Shard,
} from '../search/format.ts';
import { excerptOf, queryWordsOf, rank, type Match } from '../search/query.ts';

/**
 * The search index as the dialog reads it (src/search/format.ts): its small
 * metadata when search opens, then only the shards of the words typed and the
 * fragments of the results shown, each fetched once; the vocabulary when a word
 * is misspelt.
 */

export interface SearchResult {
  url: string;
  title: string;
  /** The best-matching sections, best first, as many as asked for (none: the result is listed by its title alone). */
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
  /**
   * The best `limit` documents for a query, each with up to `sections` of its best sections (none
   * by default: what is listed at once, while typing), or undefined when it holds no word to search
   * (only one-letter or function words).
   */
  search(query: string, limit: number, sections?: number): Promise<SearchOutcome | undefined>;
}

/** A query word shorter than this looks for the words it starts in its own shard only. */
const SHORT_PREFIX = 4;

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

/**
 * The index in the folder `index` of the site under `base` (a version's, on a site with several:
 * format.ts's indexDirOf), read with `load` (the network by default; the relevance test reads a build's files).
 */
export async function openSearchIndex(base: string, load: LoadFile = fetchText, index: string = INDEX_DIR): Promise<SearchIndex> {
  const dir = `${base}${index}/`;
  const json = async <T>(url: string, fresh = false): Promise<T> => JSON.parse(await load(url, fresh)) as T;
  // The other files' names change with the index; this one does not, so it is checked with the host each time.
  const meta = await json<IndexMeta>(`${dir}${META_FILE}`, true);
  // The whole vocabulary is needed only for a word that matches nothing as typed: loaded then, once.
  let vocabulary: Promise<string[]> | undefined;
  const wholeVocabulary = (): Promise<string[]> => {
    vocabulary ??= json<string>(`${dir}${vocabularyFile(meta.id)}`).then(decodeVocabulary);
    vocabulary.catch(() => (vocabulary = undefined));
    return vocabulary;
  };
  const shards = new Map<number, Promise<{ words: string[]; shard: Shard }>>();
  const fragments = new Map<number, Promise<FragmentPart[]>>();
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
  /** The sections asked for of a document: only the fragment files holding them are loaded. */
  const sectionsOf = async (doc: number, wanted: readonly number[]): Promise<Map<number, FragmentSection>> => {
    const files = [...new Set(wanted.map((section) => fragmentFor(meta.fragments, doc, section)))];
    const loaded = await Promise.all(files.map((file) => once(fragments, file, () => json<FragmentPart[]>(`${dir}${fragmentFile(meta.id, file)}`))));
    const sections = new Map<number, FragmentSection>();
    for (const parts of loaded) {
      for (const [d, first, list] of parts) if (d === doc) list.forEach((section, i) => sections.set(first + i, section));
    }
    return sections;
  };
  const shardOf = (term: string): number => shardsFor(meta.shards, term)[0];

  /**
   * What a query word matches: itself and every indexed word it starts, the other words of its
   * stem (`client` for `clients`, `listen` for `listeners`), and the words it may be a misspelling
   * of. Those are looked up in the shards the word itself needs; only when it matches nothing as
   * typed are other shards fetched for them. What is found depends on the index alone (how its
   * words are cut into shards included), never on what an earlier query happened to load.
   */
  const matchesOf = async (word: string): Promise<{ matches: Match[]; typo: boolean }> => {
    const stem = stemmer(word);
    // The stem's words, when the stem is a shorter start of the word, are next to it in the index.
    const from = stem.length >= 3 && stem.length < word.length && word.startsWith(stem) ? stem : word;
    const [first] = shardsFor(meta.shards, from);
    // A start of fewer than SHORT_PREFIX letters, mostly a word still being typed, is looked for in its
    // own shard only: "st" would otherwise load every shard of words starting with it.
    const last = word.length < SHORT_PREFIX ? shardsFor(meta.shards, word)[0] : shardsFor(meta.shards, word)[1];
    const loaded = await Promise.all(Array.from({ length: last - first + 1 }, (_, i) => shard(first + i)));
    const matches: Match[] = [];
    const nearby: string[] = [];
    for (const { words, shard: postings } of loaded) {
      for (const term of words) if (isVocabulary(term)) nearby.push(term);
      // Words are sorted: start at the first one not before the stem.
      for (let i = countBefore(words, (w) => w < from); i < words.length && (words[i] ?? '').startsWith(from); i += 1) {
        const term = words[i] ?? '';
        if (term.startsWith(word)) matches.push({ term, postings: postings[term] ?? [], kind: 'word', distance: 0 });
        else if (stemmer(term) === stem) matches.push({ term, postings: postings[term] ?? [], kind: 'stem', distance: 0 });
      }
    }
    const typo = matches.length === 0;
    const matched = new Set(matches.map((m) => m.term));
    // Misspellings: among the words of the shards loaded, or of the whole vocabulary when nothing matched.
    const candidates = fuzzyCandidates(word, typo && editsAllowed(word) > 0 ? await wholeVocabulary() : nearby).filter(({ term }) => !matched.has(term));
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
    async search(query, limit, sections = 0) {
      const words = queryWordsOf(query);
      if (words.length === 0) return undefined;
      const looked = await Promise.all(words.map(matchesOf));
      const hits = rank(
        words,
        looked.map((l) => l.matches),
        meta,
        query.split(/\s+/).some(namesApi),
      ).slice(0, limit);
      // A title-only match shows the document's opening.
      const shown = hits.map((hit) => (hit.sections.length > 0 ? hit.sections.slice(0, sections).map((s) => s.section) : [0].slice(0, sections)));
      const held = await Promise.all(hits.map((hit, i) => ((shown[i] ?? []).length > 0 ? sectionsOf(hit.doc, shown[i] ?? []) : new Map<number, FragmentSection>())));
      // Misspelt words are marked in excerpts as the words they stand for.
      const marked = words.flatMap((word, w) => (looked[w]?.typo ? (looked[w]?.matches.map((m) => m.term) ?? []) : [word]));
      const results: SearchResult[] = hits.map((hit, i) => {
        const url = meta.urls[hit.doc] ?? '';
        const page = url.replace(/#.*$/, '');
        return {
          url,
          title: meta.titles[hit.doc] ?? '',
          sections: (shown[i] ?? []).flatMap((index) => {
            const section = held[i]?.get(index);
            if (!section) return [];
            const [anchor, heading, text] = section;
            return [{ url: anchor ? `${page}#${anchor}` : url, heading, excerpt: excerptOf(text, marked) }];
          }),
        };
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
