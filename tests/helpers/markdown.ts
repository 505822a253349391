import { createDiagramRenderer } from '../../src/diagrams/renderer.ts';
import { createHighlighter } from '../../src/markdown/highlight.ts';
import { resolveFileLinks } from '../../src/markdown/plugins/remark-links.ts';
import { createMarkdownProcessor, processMarkdown } from '../../src/markdown/processor.ts';
import type { MarkdownResult } from '../../src/markdown/types.ts';

/** Renders a markdown snippet as the page /docs/guide/page at content/docs/guide/page.md. */
const highlighter = createHighlighter();
const diagrams = createDiagramRenderer();

export async function render(
  body: string,
  options: { files?: Record<string, string>; baseUrl?: string; route?: string; path?: string; readRoots?: string[] } = {},
): Promise<MarkdownResult> {
  const files = new Map(Object.entries(options.files ?? {}));
  const processor = createMarkdownProcessor({
    highlighter,
    diagrams,
    baseUrl: options.baseUrl ?? '/',
    readRoots: options.readRoots ?? ['/site/content'],
  });
  const result = await processMarkdown(processor, { body, path: options.path ?? '/site/content/docs/guide/page.md', route: options.route ?? '/docs/guide/page' });
  // As the build finishes each parse: links to other markdown files get their routes.
  return { ...result, ...resolveFileLinks(result, { routeOfFile: (file) => files.get(file), baseUrl: options.baseUrl ?? '/' }) };
}
