import { HEADING_WEIGHT, TITLE_SECTION } from './format.ts';
import { MIN_TERM, termsOf, wordsOf } from './text.ts';

/**
 * Ranking, shared by the dialog and the tests: a query's words each match
 * every indexed word they start (prefix matching while typing), a document
 * must hold all of them, and title matches rank first, then heading matches,
 * then the text (BM25 per section, with rare words weighing more).
 */

/** The words searched for: folded, compounds whole, each at least two characters (a one-letter word would match nearly everything). */
export function queryWordsOf(query: string): string[] {
  const words: string[] = [];
  for (const { term } of wordsOf(query)) if (term.length >= MIN_TERM && !words.includes(term)) words.push(term);
  // Matched words are kept as bits of a number.
  return words.slice(0, 24);
}

/** The postings of one indexed word that a query word matched. */
export interface Match {
  term: string;
  /** Flat triples, as in a shard. */
  postings: readonly number[];
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

// A word matched only as the start of a longer word counts for less than the word itself.
const PREFIX_FACTOR = 0.6;
// A title match outweighs any section's text: titles name what the page or call is about.
const TITLE_WEIGHT = 2 * HEADING_WEIGHT;
// Other matching sections add a little, so a page about the words beats a page that mentions them once.
const REST_FACTOR = 0.25;
const REST_SECTIONS = 3;

/**
 * Ranks documents for a query: `matches[i]` holds what the query's word `i` matched. A
 * document must match every word; its score is its title matches, plus its best section,
 * plus a share of the next few.
 */
export function rank(words: readonly string[], matches: readonly (readonly Match[])[], docs: number): DocumentHit[] {
  // Per document: the words it matched (a bit each) and, per section (the title as -1), each word's best score.
  const found = new Map<number, { words: number; sections: Map<number, number[]> }>();
  words.forEach((word, w) => {
    for (const { term, postings } of matches[w] ?? []) {
      const factor = term === word ? 1 : PREFIX_FACTOR;
      // Document frequency, for the inverse-document-frequency weight (BM25's form).
      let df = 0;
      for (let i = 0; i < postings.length; i += 3) if (postings[i] !== 0 || i === 0) df += 1;
      const idf = Math.log(1 + (docs - df + 0.5) / (df + 0.5));
      let doc = 0;
      for (let i = 0; i < postings.length; i += 3) {
        doc += postings[i] ?? 0;
        const section = postings[i + 1] ?? 0;
        const weight = (postings[i + 2] ?? 0) * idf * factor;
        let entry = found.get(doc);
        if (!entry) found.set(doc, (entry = { words: 0, sections: new Map() }));
        entry.words |= 1 << w;
        if (section === TITLE_SECTION) {
          const titleScores = entry.sections.get(TITLE_SECTION) ?? new Array<number>(words.length).fill(0);
          titleScores[w] = Math.max(titleScores[w] ?? 0, TITLE_WEIGHT * idf * factor);
          entry.sections.set(TITLE_SECTION, titleScores);
          continue;
        }
        const scores = entry.sections.get(section) ?? new Array<number>(words.length).fill(0);
        scores[w] = Math.max(scores[w] ?? 0, weight);
        entry.sections.set(section, scores);
      }
    }
  });
  const all = (1 << words.length) - 1;
  const hits: DocumentHit[] = [];
  for (const [doc, entry] of found) {
    if (entry.words !== all) continue;
    const sum = (scores: number[]): number => scores.reduce((n, s) => n + s, 0);
    const title = sum(entry.sections.get(TITLE_SECTION) ?? []);
    const sections: SectionHit[] = [];
    for (const [section, scores] of entry.sections) if (section !== TITLE_SECTION) sections.push({ section, score: sum(scores) });
    sections.sort((a, b) => b.score - a.score || a.section - b.section);
    const rest = sections.slice(1, 1 + REST_SECTIONS).reduce((n, s) => n + s.score, 0);
    hits.push({ doc, score: title + (sections[0]?.score ?? 0) + REST_FACTOR * rest, sections });
  }
  return hits.sort((a, b) => b.score - a.score || a.doc - b.doc);
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
