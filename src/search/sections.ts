/**
 * What search keeps of a rendered page: its title and its text cut into
 * sections at each heading that has an anchor, so that a result leads to the
 * heading it falls under.
 */

export interface SearchSection {
  /** The heading's id; empty for the text before the first heading. */
  anchor: string;
  heading: string;
  text: string;
}

export interface SearchDocument {
  url: string;
  title: string;
  sections: SearchSection[];
  /** An API operation or schema, rather than a page of the guides. */
  api?: boolean;
}

// Elements whose text is not prose: scripts, styles, and controls (a copy button's label). Of SVGs, icons
// are left out; a diagram's labels (src/diagrams/) are text to find.
const SKIPPED = new Set(['script', 'style', 'template', 'button', 'svg', 'noscript']);
const DIAGRAM = /\sclass="diagram-svg-image"/;
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
// Elements that end a run of text: their neighbours' words must not run together.
const BREAKS = new Set(['p', 'div', 'li', 'td', 'th', 'tr', 'pre', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'dt', 'dd', 'figcaption', 'summary', 'section', 'header', 'table', 'ul', 'ol', 'hr', 'text']);
const HEADING = /^h[2-6]$/;
const INLINE = /<\/?(?:span|a|code|strong|em|b|i|u|s|sup|sub|kbd|mark|abbr|small|del|ins|q|cite|var|samp|time)\b[^>]*>/g;
const TOKEN = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|([^<]+)/g;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decode(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const squeeze = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * The article of a search document (templates/Article.tsx's SearchDocument): its `<h1>` is the
 * title, each `<h2>`–`<h6>` with an id starts a section, and elements marked `data-search-ignore`
 * are left out. The markup is the engine's own, well formed, so a tokenizer suffices.
 */
export function parseSearchDocument(url: string, html: string): SearchDocument {
  return parseSearchSource(url, searchSourceOf(html));
}

/**
 * What of a search document its sections are read from: its body without inline elements, which
 * carry no structure (highlighted code has hundreds of spans a page: dropped first, in one pass, they
 * leave the parser a fraction of the tags). Links go with them, so a page whose links alone differ
 * (the same page in two docs versions) has the same source.
 */
export function searchSourceOf(html: string): string {
  const body = html.indexOf('<body');
  return (body >= 0 ? html.slice(body) : html).replace(INLINE, '');
}

/** The document under `url` whose source (searchSourceOf) is `source`. */
export function parseSearchSource(url: string, source: string): SearchDocument {
  const sections: SearchSection[] = [];
  let current: SearchSection = { anchor: '', heading: '', text: '' };
  let title = '';
  let titleText: string[] | undefined;
  let headingText: string[] | undefined;
  let parts: string[] = [];
  const stack: string[] = [];
  // The depth of the open element whose content is left out, if any.
  let ignoredAt = -1;
  const close = (): void => {
    current.text = squeeze(parts.join(''));
    if (current.text !== '' || current.anchor !== '') sections.push(current);
    parts = [];
  };
  for (const match of source.matchAll(TOKEN)) {
    const [, slash, rawName, attributes, text] = match;
    if (text !== undefined) {
      if (ignoredAt >= 0) continue;
      const decoded = decode(text);
      (titleText ?? headingText ?? parts).push(decoded);
      continue;
    }
    if (rawName === undefined) continue;
    const name = rawName.toLowerCase();
    if (slash) {
      // Close up to the matching element (a tolerant pop).
      const at = stack.lastIndexOf(name);
      if (at < 0) continue;
      stack.length = at;
      if (ignoredAt > stack.length) ignoredAt = -1;
      if (name === 'h1' && titleText) {
        title = squeeze(titleText.join(''));
        titleText = undefined;
      } else if (HEADING.test(name) && headingText) {
        current.heading = squeeze(headingText.join(''));
        headingText = undefined;
      }
      if (BREAKS.has(name)) (titleText ?? headingText ?? parts).push(' ');
      continue;
    }
    const selfClosing = VOID.has(name) || attributes?.trimEnd().endsWith('/') === true;
    if (BREAKS.has(name)) (titleText ?? headingText ?? parts).push(' ');
    if (selfClosing) continue;
    stack.push(name);
    if (ignoredAt >= 0) continue;
    if ((SKIPPED.has(name) && !(name === 'svg' && DIAGRAM.test(attributes ?? ''))) || /\sdata-search-ignore\b/.test(attributes ?? '')) {
      ignoredAt = stack.length;
      continue;
    }
    if (name === 'h1' && title === '') titleText = [];
    else if (HEADING.test(name)) {
      const id = /\sid="([^"]*)"/.exec(attributes ?? '')?.[1];
      if (id !== undefined && id !== '') {
        close();
        current = { anchor: decode(id), heading: '', text: '' };
        headingText = [];
      }
    }
  }
  close();
  return { url, title, sections };
}
