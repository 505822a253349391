import type { Diagnostic } from './types.ts';

/**
 * Bounds on what one page may ask of the markdown parser. A page is untrusted
 * input: micromark's time grows faster than the page for deeply nested
 * containers (1,000 nested list items: 26 s) and for long runs of unclosed
 * emphasis (3,000 openers in a paragraph: 4 s), and the steps after it recurse
 * once per level, so 1,000 levels overflow the stack. These limits are far
 * past what documentation writes (the site nests at most 4 levels) and are
 * checked before parsing, in one pass over the lines, so a page that passes
 * them parses within a second or two and one that fails is reported at once.
 */
export const PAGE_LIMITS = {
  /** Nested lists and block quotes, counted from markers and indentation. */
  nesting: 64,
  /** Nesting of the parsed tree, inline elements included (emphasis in links in emphasis …). */
  treeDepth: 100,
  /**
   * Emphasis delimiters (`*`, `_`, `~`) of one paragraph, squared and summed over
   * the page: resolving them grows at least quadratically in a paragraph. 1,000
   * nested pairs (2,000 delimiters, a cost of 4,000,000) take ~0.5 s, 2,000 pairs
   * 4.5 s; the limit allows ~1.5 s. A paragraph of prose has a few dozen.
   */
  delimiterCost: 6_000_000,
  /**
   * Brackets (`[`, which open links and images) of one paragraph, squared and
   * summed: nested image labels are resolved quadratically too, and dearer
   * (1,000 nested `![` take ~0.8 s, 2,000 3.8 s). The site's busiest page has 46.
   */
  bracketCost: 1_500_000,
  /** Table cell separators (`|`) on a page: GFM tables cost ~40 µs a cell (the site's largest page has 352). */
  tableCells: 30_000,
  /** A page larger than this is reported (as a warning): it is slow to parse and to read. */
  warnBytes: 1024 * 1024,
  /** A page larger than this is refused: it would take tens of seconds and gigabytes to build. */
  maxBytes: 4 * 1024 * 1024,
} as const;

const FENCE = /^(`{3,}|~{3,})/;
/** Block-quote and list markers at the start of a line, however many. */
const CONTAINER_MARKERS = /^(?:[ \t]*(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))[ \t]?)+/;

function indentWidth(line: string): number {
  let width = 0;
  for (const char of line) {
    if (char === ' ') width += 1;
    else if (char === '\t') width += 4 - (width % 4);
    else break;
  }
  return width;
}

/**
 * What exceeds {@link PAGE_LIMITS} in a page's markdown, as diagnostics with
 * the line: errors for what would not parse in bounded time, a warning for
 * size. Fenced code is skipped (its text is not parsed as markdown).
 */
export function limitDiagnostics(source: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  if (source.length > PAGE_LIMITS.maxBytes) {
    return [
      {
        severity: 'error',
        message: `the page is ${(source.length / 1024 / 1024).toFixed(1)} MB, more than the ${PAGE_LIMITS.maxBytes / 1024 / 1024} MB a page may be`,
        hint: 'split it into several pages',
        line: 1,
        column: 1,
      },
    ];
  }
  if (source.length > PAGE_LIMITS.warnBytes) {
    diagnostics.push({
      severity: 'warning',
      message: `the page is ${(source.length / 1024 / 1024).toFixed(1)} MB: pages over ${PAGE_LIMITS.warnBytes / 1024 / 1024} MB are slow to build and to read`,
      hint: 'split it into several pages',
      line: 1,
      column: 1,
    });
  }
  const lines = source.split('\n');
  let fence: string | undefined;
  let paragraphStart = 0;
  let delimiters = 0;
  let brackets = 0;
  let pipes = 0;
  let cost = 0;
  let bracketCost = 0;
  let worst: { line: number; delimiters: number } | undefined;
  let worstBrackets: { line: number; brackets: number } | undefined;
  const endParagraph = (): void => {
    cost += delimiters * delimiters;
    bracketCost += brackets * brackets;
    if (delimiters > 0 && (worst === undefined || delimiters > worst.delimiters)) worst = { line: paragraphStart + 1, delimiters };
    if (brackets > 0 && (worstBrackets === undefined || brackets > worstBrackets.brackets)) worstBrackets = { line: paragraphStart + 1, brackets };
    delimiters = 0;
    brackets = 0;
  };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    const markers = CONTAINER_MARKERS.exec(line)?.[0] ?? '';
    const rest = line.slice(markers.length).trimStart();
    if (fence !== undefined) {
      if (rest.startsWith(fence)) fence = undefined;
      continue;
    }
    const opening = FENCE.exec(rest)?.[1];
    if (opening !== undefined) {
      endParagraph();
      fence = opening;
      continue;
    }
    if (rest.length === 0) {
      endParagraph();
      paragraphStart = i + 1;
      continue;
    }
    const depth = (markers.match(/>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)/g)?.length ?? 0) + Math.floor(indentWidth(line) / 2);
    if (depth > PAGE_LIMITS.nesting) {
      diagnostics.push({
        severity: 'error',
        message: `lists or quotes are nested about ${depth} levels deep here, more than the ${PAGE_LIMITS.nesting} a page may nest`,
        hint: 'flatten the structure: split deep lists into sections or tables',
        line: i + 1,
        column: 1,
      });
      return diagnostics;
    }
    // Code spans hold no emphasis or links: leave them out of the counts.
    const prose = rest.includes('`') ? rest.replace(/`[^`]*`/g, '') : rest;
    // One pass over the characters (three regex replacements made three copies of every line: ~0.1 s of a cold build).
    for (let k = 0; k < prose.length; k += 1) {
      const code = prose.charCodeAt(k);
      if (code === 42 || code === 95 || code === 126) delimiters += 1; // * _ ~
      else if (code === 91) brackets += 1; // [
      else if (code === 124) pipes += 1; // |
    }
  }
  endParagraph();
  if (bracketCost > PAGE_LIMITS.bracketCost && worstBrackets) {
    diagnostics.push({
      severity: 'error',
      message: `too many brackets ([) for links and images: the paragraph here has ${worstBrackets.brackets}, and the page more than markdown can resolve in reasonable time`,
      hint: 'escape literal brackets (\\[) or put such text in a code block',
      line: worstBrackets.line,
      column: 1,
    });
  }
  if (pipes > PAGE_LIMITS.tableCells) {
    diagnostics.push({
      severity: 'error',
      message: `the page's tables have ${pipes} cell separators (|), more than the ${PAGE_LIMITS.tableCells.toLocaleString('en')} a page may have`,
      hint: 'split the tables over several pages, or publish such data as a file to download',
      line: 1,
      column: 1,
    });
  }
  if (cost > PAGE_LIMITS.delimiterCost && worst) {
    diagnostics.push({
      severity: 'error',
      message: `too many emphasis markers (*, _, ~): the paragraph here has ${worst.delimiters}, and the page more than markdown can resolve in reasonable time`,
      hint: 'escape literal asterisks and underscores (\\*, \\_) or put such text in a code block',
      line: worst.line,
      column: 1,
    });
  }
  return diagnostics;
}
