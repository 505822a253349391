/** What the markdown stage learns about one page, besides its HTML. */
export interface Heading {
  depth: number;
  text: string;
  id: string;
  line: number;
}

/** A link to another markdown file, whose route is filled in once every page is known. */
export interface FileLinkRef {
  /** Absolute path of the file linked to. */
  file: string;
  /** Whether the file exists (a link to a missing file and to a file that is not a page are reported differently). */
  exists: boolean;
  raw: string;
  hash: string | undefined;
  /** `?…` as written, or ''. */
  query: string;
  line: number;
  column: number;
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
  /** A warning that `--strict` makes an error. */
  strict?: true | undefined;
  /** Said once per build, however many pages give it (the page it names is the first). */
  once?: true | undefined;
}

export interface ImageRef {
  /** Absolute path of the image file. */
  file: string;
  /** The output path (under the site root) with its content hash. */
  output: string;
}

export interface MarkdownResult {
  html: string;
  /**
   * Names `html` by what it is made from: the parse's cache key (the page's text, route and options)
   * and the routes its links to other files resolved to. Set once a parse is finished (parsePages.ts);
   * a page's reuse key (renderPages.ts) hashes it instead of the HTML itself, which it stands for as
   * a cache entry stands for its parse.
   */
  htmlKey?: string | undefined;
  /** The text of the first `#` heading, when the page has one. */
  h1: string | undefined;
  /** The content's leading `#` heading, as HTML (inline markup kept): the page's `<h1>` when present. */
  h1Html?: string | undefined;
  headings: Heading[];
  links: LinkRef[];
  /** Links to other markdown files, in the HTML as placeholders until {@link resolveFileLinks} fills them in. */
  fileLinks?: FileLinkRef[];
  /** Every id in the page's content (headings, footnotes, explicit ids). */
  anchors: string[];
  diagnostics: Diagnostic[];
  /** A diagram is left for the browser to draw (remark-diagrams.ts): the page loads the diagram script. */
  hasMermaid: boolean;
  images: ImageRef[];
  /** Cache keys of the page's diagrams: a build that reuses the page keeps them in the cache, for when the page changes. */
  diagrams?: string[] | undefined;
}
