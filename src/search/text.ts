/**
 * How search cuts text into words, shared by the indexer (at build time) and
 * the dialog (for queries and excerpts), so both see the same words.
 *
 * A word is a run of letters and digits, possibly joined by `-`, `_`, `.` or
 * `/`: identifiers such as `mqtt-sn`, `client_id`, `NetworkManager.yaml` and
 * `/api/v1/destinations` are words as written, and so is each of their parts.
 * Case and diacritics are folded: `Säure` and `saure` are the same word.
 */

export interface Word {
  /** The folded word. */
  term: string;
  /** Where it stands in the original text. */
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}]+(?:[-_./][\p{L}\p{N}]+)*/gu;
const JOINER = /[-_./]/;
const MARKS = /\p{M}+/gu;
const ASCII = /^[\x00-\x7f]*$/;

/** Lower case, without diacritics (NFKD, then the combining marks dropped). */
export function fold(text: string): string {
  // Most text is ASCII, which has nothing to decompose: the indexer folds whole sections.
  return ASCII.test(text) ? text.toLowerCase() : text.normalize('NFKD').replace(MARKS, '').toLowerCase();
}

/** Words shorter than this are not indexed, nor searched for: they match nearly everything. */
export const MIN_TERM = 2;

/**
 * English function words, neither indexed nor searched for: they are in nearly every section, so
 * they told no document from another, yet their postings were the largest part of what a question
 * ("how to change the log level") downloaded. Words that carry meaning in this domain stay
 * (`not`, `no`, `all`, `off`, `use`). A compound keeps them (`in-transit`, `on-disk`).
 */
const STOP_WORDS = new Set(
  'a an and are as at be been but by can could do does did for from had has have how i if in into is it its may me my of on or our shall should so than that the their them then there these they this those to was we were what when where which while who whom why will with would you your'.split(
    ' ',
  ),
);

export function isStopWord(term: string): boolean {
  return STOP_WORDS.has(term);
}

/** The words of a text as written (compounds whole), in order, with their places. */
export function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  for (const match of text.matchAll(WORD)) {
    const start = match.index;
    words.push({ term: fold(match[0]), start, end: start + match[0].length });
  }
  return words;
}

/** The folded words of a text, compounds whole: what the indexer counts (it needs no places, and folds once per text). */
export function termsIn(text: string): string[] {
  return fold(text).match(WORD) ?? [];
}

/** The terms a word is indexed under: itself, and each part of a compound. */
export function termsOf(term: string): string[] {
  const terms: string[] = [];
  eachTermOf(term, (t) => terms.push(t));
  return terms;
}

/** Whether a word is a compound (`mqtt-sn`, `client_id`): it is indexed under its parts too. */
export function isCompound(term: string): boolean {
  return JOINER.test(term);
}

/** termsOf without an array for each word: the indexer visits some 100,000 words for this site. */
export function eachTermOf(term: string, visit: (term: string) => void): void {
  if (!JOINER.test(term)) {
    if (term.length >= MIN_TERM && !STOP_WORDS.has(term)) visit(term);
    return;
  }
  visit(term);
  const parts = term.split(JOINER);
  parts.forEach((part, i) => {
    if (part.length >= MIN_TERM && part !== term && parts.indexOf(part) === i && !STOP_WORDS.has(part)) visit(part);
  });
}
