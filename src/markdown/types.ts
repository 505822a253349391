/** What the markdown stage learns about one page, besides its HTML. */
export interface Heading {
  depth: number;
  text: string;
  id: string;
  line: number;
}

export interface LinkRef {
  /** The href as written by the author. */
  raw: string;
  /** The site path it points to (base URL removed), or undefined for outside links. */
  path: string | undefined;
  /** The fragment without `#`, if any. */
  hash: string | undefined;
  line: number;
  column: number;
}

export interface Diagnostic {
  severity: 'error' | 'warning';
  message: string;
  hint?: string | undefined;
  line: number;
  column: number;
}

export interface ImageRef {
  /** Absolute path of the image file. */
  file: string;
  /** The output path (under the site root) with its content hash. */
  output: string;
}

export interface MarkdownResult {
  html: string;
  /** The text of the first `#` heading, when the page has one. */
  h1: string | undefined;
  headings: Heading[];
  links: LinkRef[];
  /** Every id in the page's content (headings, footnotes, explicit ids). */
  anchors: string[];
  diagnostics: Diagnostic[];
  hasMermaid: boolean;
  images: ImageRef[];
}
