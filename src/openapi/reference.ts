import path from 'node:path';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { stringify } from 'yaml';
import type { ApiReferenceProps } from '../../templates/api/ApiReference.tsx';
import type { OutputFile } from '../emit/atomic.ts';
import { renderers } from '../render/renderers.ts';
import { loadDescription, type LoadedDescription, type OpenApiDocument } from './document.ts';
import { limitDiagnostics } from '../markdown/limits.ts';
import { inlineMarkdownHtml } from './inlineMarkdown.ts';

/** Text as HTML text: nothing in it is markup. */
function escapeText(text: string): string {
  return text.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;').replace(/>/g, '&#x3E;');
}
import { buildReferenceModel, type ReferenceModel } from './model.ts';
import { searchRecordsOf, type SearchRecord } from './searchRecords.ts';

/** The rendered API reference: its HTML body, its anchors for the link checker, and the downloadable description. */
export interface Reference {
  route: string;
  title: string;
  description: string;
  html: string;
  /** Names `html` by what it was made from: the key the reference is cached under (set by referenceFor), when it is. */
  htmlKey?: string | undefined;
  anchors: string[];
  /** Operation summaries and schema names by anchor, for search and tests. */
  operations: { anchor: string; method: string; path: string; summary: string; id: string }[];
  /** What search indexes for the page: a record per operation and schema, found under its anchor. */
  searchRecords: SearchRecord[];
  downloads: OutputFile[];
}

export interface ReferenceOptions {
  file: string;
  route: string;
  baseUrl: string;
  /** The template renderer: the engine's own, or the one dev compiled after a template change. */
  render?: (props: ApiReferenceProps) => string;
  /** Markdown of descriptions already rendered, by source text; filled as the reference is built. */
  markdownCache?: Map<string, string>;
  /** The description, already being loaded (on a worker) when the build started. */
  loaded?: Promise<LoadedDescription>;
  /** The same description as soon as it is parsed, before it is validated: the page is built from it meanwhile. */
  parsed?: Promise<LoadedDescription>;
  /** What was made of a description already (a build's search feed makes it first), by its document. */
  parts?: ReferenceParts;
}

/** The model of a description and its search records, made once per description object whoever asks first. */
export type ReferenceParts = WeakMap<OpenApiDocument, { model: ReferenceModel; searchRecords: SearchRecord[] }>;

export function partsOf(document: OpenApiDocument, parts: ReferenceParts = new WeakMap()): { model: ReferenceModel; searchRecords: SearchRecord[] } {
  let made = parts.get(document);
  if (!made) {
    const model = buildReferenceModel(document);
    made = { model, searchRecords: searchRecordsOf(model) };
    parts.set(document, made);
  }
  return made;
}

/**
 * What the description's markdown may become: GitHub's rules (no script, no
 * event handlers, no styles), with links and images only to the addresses the
 * site allows everywhere: http, https and mailto, relative and fragment.
 */
const DESCRIPTION_HTML: SanitizeSchema = {
  ...defaultSchema,
  protocols: { ...defaultSchema.protocols, href: ['http', 'https', 'mailto'], src: ['http', 'https'], cite: ['http', 'https'], longDesc: ['http', 'https'] },
};

/**
 * The markdown chain of the description's texts: CommonMark with GFM. The
 * description is not the site's own text (it comes with the API, and a pull
 * request can change it): raw HTML in it is dropped, and what the markdown
 * makes is sanitised, so a `javascript:` or `data:` link is never clickable.
 */
export function createDescriptionProcessor(): { processSync(source: string): unknown } {
  return unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSanitize, DESCRIPTION_HTML).use(rehypeStringify);
}

export async function buildReference(options: ReferenceOptions): Promise<Reference> {
  const loaded = options.loaded ?? loadDescription(options.file);
  const { document, text } = await (options.parsed ?? loaded);
  let reference: Reference;
  try {
    reference = referenceOf(options, document, text);
  } catch (error) {
    // An invalid description may break the model: the validator's message then says why.
    await loaded;
    throw error;
  }
  // Built while the description was being validated: used only once it is valid.
  await loaded;
  return reference;
}

function referenceOf(options: ReferenceOptions, document: LoadedDescription['document'], text: string): Reference {
  const render = options.render ?? renderers.renderReference;
  const { model, searchRecords } = partsOf(document, options.parts);
  const processor = createDescriptionProcessor();
  const cache = options.markdownCache ?? new Map<string, string>();
  const md = (source: string): string => {
    let html = cache.get(source);
    if (html === undefined) {
      // The description's markdown is held to a page's limits; past them it is shown as the text it is.
      html = inlineMarkdownHtml(source) ?? (limitDiagnostics(source).some((d) => d.severity === 'error') ? `<p>${escapeText(source)}</p>` : String(processor.processSync(source)));
      cache.set(source, html);
    }
    return html;
  };
  const stem = path.basename(options.file).replace(/\.(ya?ml|json)$/i, '');
  const isJson = /\.json$/i.test(options.file);
  // Next to the page: /docs/api/reference → docs/api/<name>.yaml and .json.
  const dir = options.route.replace(/^\//, '').replace(/\/[^/]*$/, '');
  const yamlPath = `${dir}/${stem}.yaml`;
  const jsonPath = `${dir}/${stem}.json`;
  const downloads: OutputFile[] = [
    { path: yamlPath, contents: isJson ? stringify(document) : text },
    { path: jsonPath, contents: isJson ? text : `${JSON.stringify(document, null, 2)}\n` },
  ];
  const html = render({
    model,
    document,
    md,
    downloads: [
      { label: 'YAML', href: `${options.baseUrl}${yamlPath}` },
      { label: 'JSON', href: `${options.baseUrl}${jsonPath}` },
    ],
  });
  const anchors = ['schemas', 'responses', ...model.tags.map((t) => t.anchor), ...model.operations.map((o) => o.anchor), ...model.schemas.map((s) => s.anchor), ...model.sharedResponses.map((r) => r.anchor)];
  return {
    route: options.route,
    title: `${model.title} reference`,
    description: `Every call of the ${model.title} ${model.version}: parameters, bodies, responses and schemas.`,
    html,
    anchors,
    operations: model.operations.map((o) => ({ anchor: o.anchor, method: o.method, path: o.path, summary: o.summary, id: o.id })),
    searchRecords,
    downloads,
  };
}
