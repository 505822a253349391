import type { Processor } from 'unified';

/** A micromark syntax extension, as far as this plugin reads it: constructs by character code, per content type. */
type Construct = { name?: string };
export type SyntaxExtension = Record<string, Record<string, Construct | Construct[] | number[] | undefined> | undefined>;

/**
 * Constructs of GFM and of the directives that a page can only use if a marker occurs in it, and the
 * test for that marker. Each is tried at many places of every page (micromark asks the autolink
 * literals at the start of every word, footnote calls at every `[` and `]`, tables at every paragraph's
 * second line), so a page without the marker is parsed without them: the tree is the same, since
 * none of them can match without its marker. The tests are loose on purpose (a marker inside code
 * still counts): a page keeps a construct it does not need rather than lose one it does.
 */
export const OPTIONAL_SYNTAX: readonly { names: readonly string[]; used: (document: string) => boolean }[] = [
  // `a@b.c`: micromark looks for the local part at every word before it looks for the `@`.
  { names: ['emailAutolink'], used: (document) => document.includes('@') },
  // `www.` and `http://`/`https://`, in any case (micromark compares the letters case-insensitively).
  { names: ['wwwAutolink'], used: (document) => /www\./i.test(document) },
  { names: ['protocolAutolink'], used: (document) => /https?:\/\//i.test(document) },
  // Every row of a table has a `|` (a table without one is a paragraph and a thematic break).
  { names: ['table'], used: (document) => document.includes('|') },
  { names: ['strikethrough'], used: (document) => document.includes('~') },
  // A footnote call and a definition both start `[^`.
  { names: ['gfmFootnoteDefinition', 'gfmFootnoteCall', 'gfmPotentialFootnoteCall'], used: (document) => document.includes('[^') },
  // `[ ]`, `[x]`, `[X]` (the space may be any whitespace, a line ending included).
  { names: ['tasklistCheck'], used: (document) => /\[[\sxX]\]/.test(document) },
  // `:::name` containers and `::name` leaves (named so by remark-block-directives).
  { names: ['directiveContainer', 'directiveLeaf'], used: (document) => document.includes('::') },
];

/** The extensions with every construct of the given names taken out (from every content type), and how many were. */
export function withoutConstructs(extensions: readonly SyntaxExtension[], names: ReadonlySet<string>): { extensions: SyntaxExtension[]; removed: number } {
  let removed = 0;
  const result = extensions.map((extension) => {
    const copy: SyntaxExtension = {};
    for (const [contentType, table] of Object.entries(extension)) {
      if (!table) continue;
      const kept: Record<string, Construct[] | number[]> = {};
      for (const [code, value] of Object.entries(table)) {
        const entries = value === undefined ? [] : Array.isArray(value) ? value : [value];
        // Lists of character codes (attentionMarkers) are not constructs: kept as they are.
        if (entries.every((entry) => typeof entry === 'number')) {
          kept[code] = entries as number[];
          continue;
        }
        const others = (entries as Construct[]).filter((construct) => !(construct.name !== undefined && names.has(construct.name)));
        removed += entries.length - others.length;
        if (others.length > 0) kept[code] = others;
      }
      copy[contentType] = kept;
    }
    return copy;
  });
  return { extensions: result, removed };
}

/**
 * Parses each page with only the optional constructs whose markers it contains (see OPTIONAL_SYNTAX).
 * E-mail autolinks alone were ~0.2 s of a cold build of the site; tables, footnotes, the other
 * autolink literals and directives add their share on pages that have none. Use after every plugin
 * that adds syntax (remark-gfm, remark-block-directives). A construct no longer found by its name
 * (a library renamed it) is simply always on.
 */
export default function remarkSyntaxWhereUsed(this: Processor): void {
  const data = this.data() as { micromarkExtensions?: SyntaxExtension[] };
  const parse = this.parser;
  const all = data.micromarkExtensions;
  if (!parse || !all) return;
  // One list of extensions per combination of constructs left out, made when first needed.
  const byUnused = new Map<number, SyntaxExtension[]>();
  this.parser = (document, file) => {
    let unused = 0;
    OPTIONAL_SYNTAX.forEach((syntax, bit) => {
      if (!syntax.used(document)) unused |= 1 << bit;
    });
    if (unused === 0) return parse(document, file);
    let extensions = byUnused.get(unused);
    if (!extensions) {
      const names = new Set(OPTIONAL_SYNTAX.filter((_, bit) => unused & (1 << bit)).flatMap((syntax) => syntax.names));
      extensions = withoutConstructs(all, names).extensions;
      byUnused.set(unused, extensions);
    }
    // remark-parse reads the extensions when it parses: for this page, the list without the unused constructs.
    data.micromarkExtensions = extensions;
    try {
      return parse(document, file);
    } finally {
      data.micromarkExtensions = all;
    }
  };
}
