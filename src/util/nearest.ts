/** Edits between two short words: insertions, deletions, substitutions, and swaps of neighbours ("bsah" is one from "bash"). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      row[j] = Math.min((up[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (up[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j] ?? 0, ((d[i - 2] as number[])[j - 2] ?? 0) + 1);
    }
  }
  return (d[a.length] as number[])[b.length] ?? 0;
}

/** The candidate nearest to a misspelt name (ties to the first in sort order), or undefined when none is within a third of its length. */
export function nearestName(word: string, candidates: Iterable<string>): string | undefined {
  let best: { name: string; edits: number } | undefined;
  for (const name of candidates) {
    const edits = editDistance(word, name);
    if (edits < (best?.edits ?? Number.POSITIVE_INFINITY) || (edits === best?.edits && name < best.name)) best = { name, edits };
  }
  return best && best.edits <= Math.max(1, Math.floor(word.length / 3)) ? best.name : undefined;
}
