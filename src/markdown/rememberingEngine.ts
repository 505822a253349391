import type { PatternScanner, RegexEngine, RegexEngineString } from 'shiki/core';

/**
 * Answers remembered before they are all forgotten at once. The 724 blocks of the generated 104-page
 * corpus ask ~51,000 distinct questions, which take ~17 MiB of heap kept this way: this bounds what a
 * larger site keeps to about twice that.
 */
export const MAX_REMEMBERED = 100_000;

type Match = ReturnType<PatternScanner['findNextMatchSync']>;

/**
 * An answer as `[pattern index, start, end, start, end, …]`, or null for no match: the engine's own
 * objects (one per capture group, up to twenty in a JavaScript grammar's patterns) took twice the memory.
 */
type Kept = number[] | null;

function keep(match: Match): Kept {
  if (match === null) return null;
  const kept = [match.index];
  for (const capture of match.captureIndices) kept.push(capture.start, capture.end);
  return kept;
}

function answer(kept: Kept): Match {
  if (kept === null) return null;
  const captureIndices = [];
  for (let i = 1; i < kept.length; i += 2) {
    const start = kept[i] as number;
    const end = kept[i + 1] as number;
    captureIndices.push({ start, end, length: end - start });
  }
  return { index: kept[0] as number, captureIndices };
}

/** A line as the tokenizer sees it; the engine's own string is made only if a search is not remembered. */
interface LazyString extends RegexEngineString {
  inner: RegexEngineString | undefined;
}

/**
 * A regex engine that remembers every scanner's answers. A search's answer depends only on the scanner
 * (its patterns), the line, where the search starts and the options, and shiki asks each question more
 * than once: it tokenizes a block once per theme (light and dark: the same searches twice), and a line
 * that recurs in the same grammar state (an import, a closing brace, `set -euo pipefail`) asks the same
 * questions in every block. On the generated corpus three searches in four are answered from memory;
 * the tokens, and so the HTML, are the engine's own.
 */
export function rememberingEngine(engine: RegexEngine, limit = MAX_REMEMBERED): RegexEngine {
  let remembered = 0;
  // Forgetting is lazy: each scanner clears its answers when it next sees that the generation moved on.
  let generation = 0;
  return {
    createString(content: string): LazyString {
      return {
        content,
        inner: undefined,
        dispose() {
          this.inner?.dispose?.();
        },
      };
    },
    createScanner(patterns) {
      const scanner = engine.createScanner(patterns);
      // Answers by line, then by start position and options (start × 16 + options: options are under 16).
      let answers = new Map<string, Map<number, Kept>>();
      let count = 0;
      let seen = generation;
      return {
        findNextMatchSync(string, start, options) {
          if (seen !== generation) {
            answers = new Map();
            count = 0;
            seen = generation;
          }
          const content = typeof string === 'string' ? string : string.content;
          let byStart = answers.get(content);
          if (byStart === undefined) {
            byStart = new Map();
            answers.set(content, byStart);
          }
          const key = start * 16 + options;
          const known = byStart.get(key);
          if (known !== undefined) return answer(known);
          const lazy = string as LazyString | string;
          const target = typeof lazy === 'string' ? lazy : (lazy.inner ??= engine.createString(content));
          const match = scanner.findNextMatchSync(target, start, options);
          byStart.set(key, keep(match));
          count += 1;
          remembered += 1;
          if (remembered > limit) {
            generation += 1;
            remembered = 0;
          }
          return match;
        },
        dispose() {
          // A scanner is disposed when its grammar is, or when a rule's end pattern changes with the text it refers back to.
          if (seen === generation) remembered -= count;
          scanner.dispose?.();
        },
      };
    },
  };
}
