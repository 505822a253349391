import type { VFile } from 'vfile';
import type { FileLinkRef, Heading, ImageRef, LinkRef } from './types.ts';

/** Per-file data the plugins read and fill; lives on the vfile, never in module state. */
export interface PageFileData {
  /** Absolute path of the markdown file. */
  path: string;
  /** The page's route, e.g. `/docs/intro`. */
  route: string;
  /** Where the page's docs version is served, when it is not /docs (`/docs/4.3`): site links into /docs stay in the version. */
  docsBase: string | undefined;
  source: string;
  headings: Heading[];
  links: LinkRef[];
  fileLinks: FileLinkRef[];
  images: ImageRef[];
  anchors: string[];
  h1: string | undefined;
  /** The HTML of the content's title heading (inline markup kept), when the page starts with one. */
  h1Html?: string | undefined;
  /** The page has a diagram left for the browser to draw (one the build could not): it loads the diagram script. */
  hasMermaid: boolean;
  /** Cache keys of the page's diagrams (remark-diagrams.ts). */
  diagrams: string[];
}

export function pageData(file: VFile): PageFileData {
  const data = file.data as { page?: PageFileData };
  if (!data.page) throw new Error('markdown plugins need file.data.page; use processMarkdown()');
  return data.page;
}
