/**
 * The HTML of a description that is one line of text with, at most, simple
 * `code` spans: what the markdown processor gives for it, byte for byte,
 * without running the processor. Undefined for anything else, which then goes
 * through the processor.
 *
 * Most descriptions of an API are such lines ("The `name` of the destination."),
 * and the processor costs ~0.5 ms each on a cold build: ~100 ms for the 190
 * with code spans in the MAPS description. A test checks this function against
 * the processor on every description of that file and on edge cases.
 */
export function inlineMarkdownHtml(source: string): string | undefined {
  // Leading or trailing space is trimmed, and indentation makes code blocks: leave those to the parser.
  if (source.length === 0 || source !== source.trim()) return undefined;
  // Block syntax at the start: list items, ordered lists, headings, quotes, setext underlines, thematic breaks, tables.
  if (/^[-+*=\d#>|]/.test(source)) return undefined;
  const parts = source.split('`');
  // An unpaired backtick is literal text, and runs of backticks have their own rules.
  if (parts.length % 2 === 0) return undefined;
  let html = '<p>';
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i] ?? '';
    if (i % 2 === 0) {
      // Between two spans, nothing means a run of backticks (`a``b`), which pairs differently.
      if (part.length === 0 && i > 0 && i < parts.length - 1) return undefined;
      // Emphasis, links, raw HTML, escapes, character references, strikethrough, tables, line breaks and
      // the literal autolinks of GFM (URLs, www. and e-mail addresses).
      if (/[\\*_[\]<>&~|\n\r@]|www\.|[a-z]:\/\//i.test(part)) return undefined;
      html += part;
    } else {
      // `` (empty) is not a code span; a space at either end is stripped by its own rule.
      if (part.length === 0 || part.startsWith(' ') || part.endsWith(' ') || /[\n\r]/.test(part)) return undefined;
      html += `<code>${part.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;')}</code>`;
    }
  }
  return `${html}</p>`;
}
