import { countBefore, fragmentFile, fragmentFor, INDEX_DIR, META_FILE, shardFile, shardsFor, type FragmentDocument, type IndexMeta, type Shard } from '../search/format.ts';
import { excerptOf, queryWordsOf, rank, type Match } from '../search/query.ts';

/**
 * The search index as the dialog reads it (src/search/format.ts): its small
 * metadata when search opens, then only the shards of the words typed and the
 * fragments of the results shown, each fetched once.
 */

export interface SearchResult {
  url: string;
  title: string;
  /** The best-matching sections, best first: at least one. */
  sections: { url: string; heading: string; excerpt: string }[];
}

export interface SearchIndex {
  /** The best `limit` documents for a query, or undefined when it holds no word long enough to search. */
  search(query: string, limit: number): Promise<SearchResult[] | undefined>;
}

/** Sections listed under one result. */
const SECTIONS = 4;

async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

export async function openSearchIndex(base: string): Promise<SearchIndex> {
  const dir = `${base}${INDEX_DIR}/`;
  // The other files' names change with the index; this one does not, so it is checked with the host each time.
  const meta = await fetchJson<IndexMeta>(`${dir}${META_FILE}`, { cache: 'no-cache' });
  const shards = new Map<number, Promise<{ words: string[]; shard: Shard }>>();
  const fragments = new Map<number, Promise<FragmentDocument[]>>();
  const once = <T>(cache: Map<number, Promise<T>>, index: number, load: () => Promise<T>): Promise<T> => {
    let found = cache.get(index);
    if (!found) {
      found = load();
      cache.set(index, found);
      // A failed fetch is forgotten, so the next query tries again.
      found.catch(() => cache.delete(index));
    }
    return found;
  };
  const shard = (index: number) =>
    once(shards, index, async () => {
      const loaded = await fetchJson<Shard>(`${dir}${shardFile(meta.id, index)}`);
      return { words: Object.keys(loaded).sort(), shard: loaded };
    });
  const fragment = (doc: number): Promise<FragmentDocument | undefined> => {
    const file = fragmentFor(meta.fragments, doc);
    return once(fragments, file, () => fetchJson<FragmentDocument[]>(`${dir}${fragmentFile(meta.id, file)}`)).then((docs) => docs[doc - (meta.fragments[file] ?? 0)]);
  };

  /** Every indexed word starting with `word`, with its postings. */
  const matchesOf = async (word: string): Promise<Match[]> => {
    const [first, last] = shardsFor(meta.shards, word);
    const loaded = await Promise.all(Array.from({ length: last - first + 1 }, (_, i) => shard(first + i)));
    const found: Match[] = [];
    for (const { words, shard: postings } of loaded) {
      // Words are sorted: start at the first one not before the prefix.
      for (let i = countBefore(words, (w) => w < word); i < words.length && (words[i] ?? '').startsWith(word); i += 1) {
        const term = words[i] ?? '';
        found.push({ term, postings: postings[term] ?? [] });
      }
    }
    return found;
  };

  return {
    async search(query, limit) {
      const words = queryWordsOf(query);
      if (words.length === 0) return undefined;
      const matches = await Promise.all(words.map(matchesOf));
      const hits = rank(words, matches, meta.docs).slice(0, limit);
      const docs = await Promise.all(hits.map((hit) => fragment(hit.doc)));
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
            return [{ url: anchor ? `${page}#${anchor}` : url, heading, excerpt: excerptOf(text, words) }];
          }),
        });
      });
      return results;
    },
  };
}
