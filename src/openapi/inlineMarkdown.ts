/**
 * The HTML of a description made of paragraphs of text with, at most,
 * simple `code` spans: what the markdown processor gives for it, byte for
 * byte, without running the processor. Undefined for anything else, which then
 * goes through the processor.
 *
 * Most descriptions of an API are such paragraphs ("The `name` of the
 * destination.", or a few lines of a YAML block scalar), and the processor
 * costs ~0.5–3 ms each on a cold build: ~120 ms for the MAPS description. A
 * test checks this function against the processor on every description of
 * that file and on edge cases.
 */
export function inlineMarkdownHtml(source: string): string | undefined {
  // A YAML block scalar ends with a line break, which the last paragraph drops.
  const text = source.replace(/\n+$/, '');
  if (text.length === 0 || text.includes('\r')) return undefined;
  // Paragraphs are separated by blank lines (a line of spaces is blank too: leave that to the processor).
  const paragraphs: string[] = [];
  for (const paragraph of text.split(/\n\n+/)) {
    const html = paragraphHtml(paragraph);
    if (html === undefined) return undefined;
    paragraphs.push(html);
  }
  return paragraphs.join('\n');
}

function paragraphHtml(text: string): string | undefined {
  // Leading or trailing space is trimmed, and indentation makes code blocks: leave those to the parser.
  if (text.length === 0 || text !== text.trim()) return undefined;
  // Lines of one paragraph (blank lines were split out) keep their breaks, unless a line is indented or ends
  // in spaces (both trimmed; two spaces make a hard break), or starts a block that may interrupt a paragraph:
  // list items, headings, quotes, setext underlines, thematic breaks, tables, fences.
  for (const line of text.split('\n')) {
    if (line !== line.trim() || /^(?:[-+*=#>|]|\d{1,9}[.)](?:\s|$)|```)/.test(line)) return undefined;
  }
  const parts = text.split('`');
  // An unpaired backtick is literal text, and runs of backticks have their own rules.
  if (parts.length % 2 === 0) return undefined;
  let html = '<p>';
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i] ?? '';
    if (i % 2 === 0) {
      // Between two spans, nothing means a run of backticks (`a``b`), which pairs differently.
      if (part.length === 0 && i > 0 && i < parts.length - 1) return undefined;
      // Emphasis, links, raw HTML, escapes, character references, strikethrough, tables and the literal
      // autolinks of GFM (URLs, www. and e-mail addresses).
      if (/[\\*_[\]<>&~|@]|www\.|[a-z]:\/\//i.test(part)) return undefined;
      html += part;
    } else {
      // `` (empty) is not a code span; a space at either end is stripped by its own rule, and a line break
      // inside one becomes a space.
      if (part.length === 0 || part.startsWith(' ') || part.endsWith(' ') || part.includes('\n')) return undefined;
      html += `<code>${part.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;')}</code>`;
    }
  }
  return `${html}</p>`;
}
