/**
 * Typo tolerance: the indexed words a misspelt query word may stand for.
 * Edits are counted as optimal string alignment (Levenshtein's insertions,
 * deletions and substitutions, plus a swap of two neighbouring letters as one
 * edit: `debain` is one edit from `debian`), the commonest typing slip.
 */

/** How many edits a word may hold: none under 4 letters, 1 from 4, 2 from 8; none in a word with digits (a port, a version, an id). */
export function editsAllowed(word: string): number {
  if (/\d/.test(word)) return 0;
  return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
}

/**
 * The edit distance between two words if it is at most `max`, else undefined. Rows of the
 * dynamic programme past which no alignment stays within `max` stop it early.
 */
export function distanceWithin(a: string, b: string, max: number): number | undefined {
  if (Math.abs(a.length - b.length) > max) return undefined;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (before[j - 2] ?? 0) + 1);
      current.push(d);
      if (d < best) best = d;
    }
    if (best > max) return undefined;
    before = previous;
    previous = current;
  }
  const distance = previous[b.length] ?? max + 1;
  return distance <= max ? distance : undefined;
}

/** The words of a vocabulary within the edits `word` allows, nearest first; words it starts are left to prefix matching. */
export function fuzzyCandidates(word: string, vocabulary: readonly string[]): { term: string; distance: number }[] {
  const max = editsAllowed(word);
  if (max === 0) return [];
  const found: { term: string; distance: number }[] = [];
  for (const term of vocabulary) {
    if (term.startsWith(word)) continue;
    const distance = distanceWithin(word, term, max);
    if (distance !== undefined && distance > 0) found.push({ term, distance });
  }
  return found.sort((a, b) => a.distance - b.distance || (a.term < b.term ? -1 : 1));
}
