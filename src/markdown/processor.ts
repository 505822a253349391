import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Processor } from 'unified';
import { VFile } from 'vfile';
import type { PageFileData } from './context.ts';
import type { DiagramRenderer } from '../diagrams/renderer.ts';
import type { Highlighter } from './highlight.ts';
import remarkAdmonitions, { normaliseAdmonitionSyntax } from './plugins/remark-admonitions.ts';
import remarkBlockDirectives from './plugins/remark-block-directives.ts';
import { limitDiagnostics } from './limits.ts';
import remarkCode from './plugins/remark-code.ts';
import remarkDiagrams from './plugins/remark-diagrams.ts';
import remarkDepthLimit from './plugins/remark-depth-limit.ts';
import remarkHeadingIds from './plugins/remark-heading-ids.ts';
import remarkLinks, { type LinkOptions } from './plugins/remark-links.ts';
import remarkRestoreDirectives from './plugins/remark-restore-directives.ts';
import remarkSyntaxWhereUsed from './plugins/remark-syntax-where-used.ts';
import remarkTabs from './plugins/remark-tabs.ts';
import rehypeCollect from './plugins/rehype-collect.ts';
import rehypeIslands from './plugins/rehype-islands.ts';
import { diagnosticsOf } from './plugins/report.ts';
import type { MarkdownResult } from './types.ts';

export interface ProcessorOptions extends LinkOptions {
  highlighter: Highlighter;
  diagrams: DiagramRenderer;
}

export type MarkdownProcessor = Processor<any, any, any, any, string>; // eslint-disable-line @typescript-eslint/no-explicit-any -- unified's generic chain types do not survive a factory's return type

/**
 * The markdown chain, built once per build. Order matters: the depth limit
 * comes first, as every later step recurses through the tree; directives are parsed before admonitions are shaped; stray text
 * directives are restored before heading ids read heading text; tabs take their
 * blocks before admonitions look at the rest; links are resolved before code is
 * highlighted (code never holds links); diagrams are drawn before other fences
 * are highlighted; ids and text are collected from the final HTML tree, before
 * islands (tabs) turn their part of it into markup.
 */
export function createMarkdownProcessor(options: ProcessorOptions): MarkdownProcessor {
  return unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkBlockDirectives)
    .use(remarkDepthLimit)
    .use(remarkSyntaxWhereUsed)
    .use(remarkRestoreDirectives)
    .use(remarkTabs)
    .use(remarkAdmonitions)
    .use(remarkHeadingIds)
    .use(remarkLinks, { baseUrl: options.baseUrl, readRoots: options.readRoots, versionBases: options.versionBases })
    .use(remarkDiagrams, { diagrams: options.diagrams })
    .use(remarkCode, { highlighter: options.highlighter })
    .use(remarkRehype, { allowDangerousHtml: true, footnoteLabelTagName: 'h2', footnoteLabelProperties: { className: ['footnotes-title'] } })
    .use(rehypeCollect)
    .use(rehypeIslands)
    .use(rehypeStringify, { allowDangerousHtml: true }) as unknown as MarkdownProcessor;
}

export interface MarkdownInput {
  /** Markdown with the front matter lines blanked (so line numbers match the file). */
  body: string;
  path: string;
  route: string;
  /** Where the page's docs version is served, when it is not /docs. */
  docsBase?: string | undefined;
}

export async function processMarkdown(processor: MarkdownProcessor, input: MarkdownInput): Promise<MarkdownResult> {
  const source = normaliseAdmonitionSyntax(input.body);
  const page: PageFileData = {
    path: input.path,
    route: input.route,
    docsBase: input.docsBase,
    source,
    headings: [],
    links: [],
    fileLinks: [],
    images: [],
    anchors: [],
    h1: undefined,
    hasMermaid: false,
    diagrams: [],
  };
  // A page past the limits is not parsed at all: parsing it is what takes unbounded time.
  const limits = limitDiagnostics(source);
  if (limits.some((d) => d.severity === 'error')) {
    return { html: '', h1: undefined, headings: [], links: [], anchors: [], diagnostics: limits, hasMermaid: false, images: [] };
  }
  const file = new VFile({ path: input.path, value: source, data: { page, diagnostics: limits } });
  const html = String(await processor.process(file));
  return {
    html,
    h1: page.h1,
    ...(page.h1Html !== undefined ? { h1Html: page.h1Html } : {}),
    headings: page.headings,
    links: page.links,
    ...(page.fileLinks.length > 0 ? { fileLinks: page.fileLinks } : {}),
    anchors: page.anchors,
    diagnostics: diagnosticsOf(file),
    hasMermaid: page.hasMermaid,
    images: page.images,
    ...(page.diagrams.length > 0 ? { diagrams: page.diagrams } : {}),
  };
}
