import { HEADING_WEIGHT, TITLE_SECTION, TITLE_WHOLE, unpackWeight, WINDOWS } from './format.ts';
import { isStopWord, MIN_TERM, termsOf, wordsOf } from './text.ts';

/**
 * Ranking, shared by the dialog and the tests: a query's words each match
 * themselves, every indexed word they start (prefix matching while typing),
 * the other words of their stem and, for words of four letters or more, near
 * misspellings; title matches rank first, then heading matches, then the text
 * (BM25 per section, rare words weighing more, words near each other more).
 * See rank() for the rules, tests/unit/search/ranking.test.ts for them as
 * specifications, and tests/search/relevance.test.ts for the set of real
 * queries that holds them to account.
 *
 * Why not a library: MiniSearch, Orama and FlexSearch were run on the same
 * documents and the same relevance set (issue 28). The best, MiniSearch with
 * this tokeniser, function words left out, field boosts, prefix and fuzzy
 * search, put a right answer in the top 3 for 87.9 % of the queries (MRR
 * 0.81; FlexSearch 77 %, Orama 57 %), and each reads its whole index (137,
 * 220 and 981 KB gzip) where a query here may download 60 KB: an index per
 * shard would not share its statistics or its fuzzy search across shards.
 * What the rules below need (a guide titled with the query first, API records
 * kept from crowding out guides, nearness within sections) is not in any of
 * them. MiniSearch's weighting of prefix matches is taken (matchFactor).
 */

/**
 * The words searched for: folded, compounds whole, each at least two characters (a one-letter word
 * would match nearly everything), function words left out (they are not indexed).
 */
export function queryWordsOf(query: string): string[] {
  const words: string[] = [];
  for (const { term } of wordsOf(query)) if (term.length >= MIN_TERM && !isStopWord(term) && !words.includes(term)) words.push(term);
  // Matched words are kept as bits of a number.
  return words.slice(0, 24);
}

/** The postings of one indexed word that a query word matched. */
export interface Match {
  term: string;
  /** Flat triples, as in a shard. */
  postings: readonly number[];
  /**
   * How it relates to the query word: the word or a longer word it starts (`word`), a word of
   * the same stem (`stem`: `client` for `clients`), or a word it may be a misspelling of (`typo`).
   */
  kind: 'word' | 'stem' | 'typo';
  /** Edits from the query word, for a typo. */
  distance: number;
}

/** What the ranking needs to know of the index beyond the postings: its metadata. */
export interface IndexStats {
  docs: number;
  titleWords: readonly number[];
  api: readonly (readonly [number, number])[];
}

export interface SectionHit {
  section: number;
  score: number;
}

export interface DocumentHit {
  doc: number;
  score: number;
  /** The sections that matched, best first. */
  sections: SectionHit[];
}

// A word matched only as the start of a longer word counts for less than the word itself, and the
// more letters it lacks the less (MiniSearch's form: the factor times typed / (typed + 0.3 × missing)).
const PREFIX_FACTOR = 0.5;
// Another form of the same word (by its Porter stem) counts nearly as much as the word itself.
const STEM_FACTOR = 0.8;
// A misspelling's stand-ins count for less than any word typed as it is, by edits.
const FUZZY_FACTOR = [1, 0.35, 0.2];
// A title match outweighs any section's text: titles name what the page or call is about.
const TITLE_WEIGHT = 2 * HEADING_WEIGHT;
// A part of a title's word (`mqtt` in `MQTT-SN`) says less about the title than a whole one.
const TITLE_PART_FACTOR = 0.6;
// A page whose title is mostly the query is about it: this much more, times the share of the title matched.
const TITLE_COVERAGE_WEIGHT = 3 * HEADING_WEIGHT;
// Words found near each other in a section's text (in two neighbouring stretches of WINDOW_WORDS
// words or more) add this much each, times their weight: as much as a few more mentions...
const PROXIMITY_WEIGHT = 20;
// ...when they are at least this share of the query's words (and two): for two or three words, a
// title or heading holding them says more than a sentence that happens to.
const PROXIMITY_SHARE = 0.6;
// Other matching sections add a little, so a page about the words beats a page that mentions them once.
const REST_FACTOR = 0.25;
const REST_SECTIONS = 3;
// A document missing some of the query's words ranks lower by the square of the share (by weight) it holds.
const COVERAGE_POWER = 2;
// An API record's text (parameters, responses) is short, so BM25 rates each word in it highly, and the
// same words recur in many records: it counts for this share of a guide's text. Its title (summary,
// method and path, or schema name) counts in full.
const API_TEXT_FACTOR = 0.5;
// API records among the first results, unless the query names one: guides are not crowded out.
const API_TOP = 5;
const API_MAX = 3;

/**
 * How near each other a section holds the query's words: the most weight (`near`, each word's) that
 * two neighbouring stretches of its text hold, when they hold enough of the words (PROXIMITY_SHARE);
 * else 0.
 */
function nearness(stretches: readonly number[], near: readonly number[], words: number): number {
  let best = 0;
  const need = Math.max(2, Math.ceil(words * PROXIMITY_SHARE));
  for (let b = 0; b < WINDOWS; b += 1) {
    const pair = (1 << b) | (1 << (b + 1));
    let count = 0;
    let weight = 0;
    stretches.forEach((bits, w) => {
      // No bits: a short section, whose words are all near each other.
      if (near[w] !== undefined && near[w] > 0 && (bits === 0 || bits & pair)) {
        count += 1;
        weight += near[w] ?? 0;
      }
    });
    if (count >= need && weight > best) best = weight;
  }
  return best;
}

/** How much a match counts for the query word `word`, from 1 for the word itself down. */
export function matchFactor(word: string, { term, kind, distance }: Pick<Match, 'term' | 'kind' | 'distance'>): number {
  if (kind === 'typo') return FUZZY_FACTOR[distance] ?? 0;
  if (kind === 'stem') return STEM_FACTOR;
  if (term === word) return 1;
  return (PREFIX_FACTOR * word.length) / (word.length + 0.3 * (term.length - word.length));
}

/** BM25's inverse document frequency. */
const idfOf = (df: number, docs: number): number => Math.log(1 + (docs - df + 0.5) / (df + 0.5));

/** The documents of a postings list. */
function eachDocument(postings: readonly number[], visit: (doc: number) => void): void {
  let doc = 0;
  for (let i = 0; i < postings.length; i += 3) {
    const delta = postings[i] ?? 0;
    doc += delta;
    if (delta !== 0 || i === 0) visit(doc);
  }
}

interface Found {
  /** Per query word: its best title score, and whether it is a whole word of the title as typed. */
  title: number[];
  titleWhole: boolean[];
  /** Per section: each query word's best score there, and the stretches of its text holding it. */
  sections: Map<number, { scores: number[]; stretches: number[]; near: number[] }>;
  /** Query words matched anywhere, a bit each. */
  words: number;
}

/**
 * Ranks documents for a query: `matches[i]` holds what the query's word `i` matched (itself,
 * longer words it starts, words of its stem, and words it may be a misspelling of).
 *
 * - Each word weighs by its rarity as typed (the documents of the word itself, or of all its
 *   expansions when it has none), never by that of a longer or misspelt stand-in, which counts
 *   for less by matchFactor.
 * - A document's score is its title matches, its best section and a share of the next few; a
 *   section's is the sum of the words it holds, so the words found together weigh most, plus a
 *   bonus when most of them are near each other in its text (nearness).
 * - A document missing some words is not dropped but weighs less, by the share it holds.
 * - A title mostly made of the query's words adds a bonus for that share; a guide whose title
 *   is the query comes first.
 * - An API record's text counts for API_TEXT_FACTOR, and at most API_MAX operations and schemas
 *   are among the first API_TOP, unless the query names one (`namesApi`: a path, an identifier).
 */
export function rank(words: readonly string[], matches: readonly (readonly Match[])[], stats: IndexStats, namesApi = false): DocumentHit[] {
  const found = new Map<number, Found>();
  const entry = (doc: number): Found => {
    let f = found.get(doc);
    if (!f) found.set(doc, (f = { title: new Array<number>(words.length).fill(0), titleWhole: new Array<boolean>(words.length).fill(false), sections: new Map(), words: 0 }));
    return f;
  };
  const weights = words.map((word, w) => {
    const list = matches[w] ?? [];
    const exact = list.find((m) => m.term === word);
    let df = 0;
    if (exact) eachDocument(exact.postings, () => (df += 1));
    else {
      const union = new Set<number>();
      for (const m of list) eachDocument(m.postings, (d) => union.add(d));
      df = union.size;
    }
    return idfOf(df, stats.docs);
  });
  words.forEach((word, w) => {
    const idf = weights[w] ?? 0;
    for (const match of matches[w] ?? []) {
      const { postings } = match;
      const factor = matchFactor(word, match);
      let doc = 0;
      for (let i = 0; i < postings.length; i += 3) {
        doc += postings[i] ?? 0;
        const section = postings[i + 1] ?? 0;
        const weight = postings[i + 2] ?? 0;
        const f = entry(doc);
        f.words |= 1 << w;
        if (section === TITLE_SECTION) {
          const whole = weight === TITLE_WHOLE;
          f.title[w] = Math.max(f.title[w] ?? 0, TITLE_WEIGHT * idf * factor * (whole ? 1 : TITLE_PART_FACTOR));
          if (whole && factor === 1) f.titleWhole[w] = true;
          continue;
        }
        let held = f.sections.get(section);
        if (!held) {
          const none = (): number[] => new Array<number>(words.length).fill(0);
          f.sections.set(section, (held = { scores: none(), stretches: none(), near: none() }));
        }
        const { weight: score, stretches } = unpackWeight(weight);
        held.scores[w] = Math.max(held.scores[w] ?? 0, score * idf * factor);
        held.stretches[w] = (held.stretches[w] ?? 0) | stretches;
        held.near[w] = Math.max(held.near[w] ?? 0, idf * factor);
      }
    }
  });
  const total = weights.reduce((n, x) => n + x, 0);
  const api = (doc: number): boolean => stats.api.some(([first, end]) => doc >= first && doc < end);
  const sum = (scores: readonly number[]): number => scores.reduce((n, s) => n + s, 0);
  const hits: (DocumentHit & { api: boolean })[] = [];
  for (const [doc, f] of found) {
    const isApi = api(doc);
    const sections: SectionHit[] = [];
    for (const [section, held] of f.sections) {
      const score = sum(held.scores) + PROXIMITY_WEIGHT * nearness(held.stretches, held.near, words.length);
      sections.push({ section, score: score * (isApi && !namesApi ? API_TEXT_FACTOR : 1) });
    }
    sections.sort((a, b) => b.score - a.score || a.section - b.section);
    const rest = sections.slice(1, 1 + REST_SECTIONS).reduce((n, s) => n + s.score, 0);
    let held = 0;
    words.forEach((_, w) => {
      if (f.words & (1 << w)) held += weights[w] ?? 0;
    });
    const coverage = total > 0 ? held / total : 1;
    // The share of the title's words that are words of the query, typed whole.
    const titleWords = stats.titleWords[doc] ?? 0;
    const wholeInTitle = f.titleWhole.filter(Boolean).length;
    const titleShare = titleWords > 0 ? Math.min(1, wholeInTitle / titleWords) : 0;
    let score = sum(f.title) + (sections[0]?.score ?? 0) + REST_FACTOR * rest + TITLE_COVERAGE_WEIGHT * titleShare * (total / Math.max(1, words.length));
    score *= coverage ** COVERAGE_POWER;
    // A guide titled exactly with the query's words leads.
    if (!isApi && titleShare === 1 && wholeInTitle === words.length) score += 1e6;
    hits.push({ doc, score, sections, api: isApi });
  }
  hits.sort((a, b) => b.score - a.score || a.doc - b.doc);
  const ordered = namesApi ? hits : spreadApi(hits);
  return ordered.map(({ doc, score, sections }) => ({ doc, score, sections }));
}

/** The hits with at most API_MAX API records among the first API_TOP: the others wait below them, in order. */
function spreadApi<T extends { api: boolean }>(hits: readonly T[]): T[] {
  const top: T[] = [];
  const waiting: T[] = [];
  let apiCount = 0;
  let i = 0;
  for (; i < hits.length && top.length < API_TOP; i += 1) {
    const hit = hits[i] as T;
    if (hit.api && apiCount >= API_MAX) waiting.push(hit);
    else {
      top.push(hit);
      if (hit.api) apiCount += 1;
    }
  }
  return [...top, ...waiting, ...hits.slice(i)];
}

/** Text as HTML: what results show is escaped, whatever the pages held. */
export function escape(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Whether a word of the text is one the query asked for (it, or a part of it, starts with a query word). */
function matches(term: string, words: readonly string[]): boolean {
  return termsOf(term).some((t) => words.some((w) => t.startsWith(w)));
}

/**
 * An excerpt of about `length` words of a section's text, around where the query's words are
 * densest, with them marked: escaped HTML whose only markup is `<mark>`.
 */
export function excerptOf(text: string, words: readonly string[], length = 24): string {
  const tokens = wordsOf(text);
  if (tokens.length === 0) return escape(text.slice(0, 200));
  const hit = tokens.map((t) => matches(t.term, words));
  // Hits before each token, to count those of any window at once.
  const before = [0];
  hit.forEach((h, i) => before.push((before[i] ?? 0) + (h ? 1 : 0)));
  // The window with the most hits among those opening a few words before a hit; the first if tied.
  let best = 0;
  let bestCount = 0;
  hit.forEach((h, i) => {
    if (!h) return;
    const start = Math.max(0, i - 4);
    const count = (before[Math.min(tokens.length, start + length)] ?? 0) - (before[start] ?? 0);
    if (count > bestCount) {
      bestCount = count;
      best = start;
    }
  });
  const end = Math.min(tokens.length, best + length) - 1;
  const from = best === 0 ? 0 : (tokens[best]?.start ?? 0);
  const to = end === tokens.length - 1 ? text.length : (tokens[end]?.end ?? text.length);
  let html = best > 0 ? '… ' : '';
  let at = from;
  for (let i = best; i <= end; i += 1) {
    const token = tokens[i];
    if (!token || !hit[i]) continue;
    html += `${escape(text.slice(at, token.start))}<mark>${escape(text.slice(token.start, token.end))}</mark>`;
    at = token.end;
  }
  html += escape(text.slice(at, to));
  return end < tokens.length - 1 ? `${html} …` : html;
}
