import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { assetsFingerprint, collectAssets, type SiteAssets } from './assets.ts';
import { engineVersion } from './engine.ts';
import { emptyCache, hashOf, loadCache, saveCache, type BuildCache } from './cache.ts';
import { findBrokenLinks, type BrokenLink } from './check/links.ts';
import type { ResolvedConfig } from './config/resolve.ts';
import { writeFilesInto, writeSiteAtomically, type CopiedFile, type OutputFile } from './emit/atomic.ts';
import { hrefOf, outputFileOf } from './emit/paths.ts';
import { buildSitemap } from './emit/sitemap.ts';
import { UserError, UserErrors, userErrorsOf } from './errors.ts';
import type { Category } from './load/categories.ts';
import { loadContent, type LoadedContent, type SourcePage } from './load/pages.ts';
import { createHighlighter, type Highlighter } from './markdown/highlight.ts';
import { startRemoteHighlighter } from './markdown/remoteHighlighter.ts';
import { createMarkdownPool, MIN_PAGES_FOR_WORKERS } from './markdown/pool.ts';
import { createMarkdownProcessor, processMarkdown, type MarkdownProcessor } from './markdown/processor.ts';
import type { MarkdownResult } from './markdown/types.ts';
import { breadcrumbIndex, buildSidebar, flattenSidebar, type SidebarCategory, type SidebarDoc, type SidebarItem, type SidebarLink } from './nav/sidebar.ts';
import type { SidebarRenderer } from './render/sidebarHtml.ts';
import { buildToc } from './nav/toc.ts';
import { loadDescription } from './openapi/document.ts';
import { loadDescriptionOffThread, type DescriptionLoad } from './openapi/loadOffThread.ts';
import { buildReference, partsOf, type Reference, type ReferenceParts } from './openapi/reference.ts';
import type { SearchRecord } from './openapi/searchRecords.ts';
import { descriptionSources } from './openapi/sources.ts';
import { renderers as builtInRenderers, type Renderers } from './render/renderers.ts';
import { createSearchIndexer, loadSearchIndex, recordUrl, searchJobOf } from './search/index.ts';
import { startSearchJobOffThread } from './search/offThread.ts';
import type { SearchEntry } from './search/liveIndex.ts';
import { buildSiteView } from './render/siteView.ts';
import type { PageView, SiteView } from './render/viewModel.ts';
import { mapConcurrent } from './util/mapConcurrent.ts';
import { task, type Reporter, type Timing } from './util/task.ts';

/** A page after the markdown stage. */
export interface ParsedPage {
  source: SourcePage;
  result: MarkdownResult;
  title: string;
}

/** State of one build (or one dev session): never module globals. */
export interface BuildContext {
  config: ResolvedConfig;
  reporter: Reporter;
  timings: Timing[];
  cache: BuildCache;
  highlighter: Highlighter;
  engine: string;
  usedPages: Set<string>;
  /** Parse on worker threads when there is enough to parse. */
  workers: boolean;
  /** The React templates: the engine's own, or (dev) a copy compiled after a template changed. */
  renderers: Renderers;
  /** Identifies `renderers`, for caches of rendered output. */
  renderersKey: string;
  /**
   * Pages rendered by the previous build of this session, by route, with the
   * inputs they were rendered from: dev re-renders only the pages whose inputs
   * changed. Absent in one-off builds, which render every page once anyway.
   */
  rendered?: RenderMemo;
  /** Source pages of the previous build of a dev session, reused while their file is unchanged. */
  sources?: Map<string, SourcePage>;
  /** Categories of the previous build of a dev session, reused while their file is unchanged. */
  categories?: Map<string, Category>;
  /** The API description's markdown texts, rendered: kept by dev between rebuilds, as most survive an edit. */
  descriptionHtml: Map<string, string>;
  /** Awaited before each page is parsed: dev holds a long build here while it answers a waiting reader. */
  gate?: () => Promise<void>;
}

/**
 * Pages parsed at once on this thread: enough to keep parsing while the highlighting worker loads its
 * first grammars. In dev's first build (which pauses for readers) fewer, so that a page a reader asks
 * for waits behind less work.
 */
const PAGES_IN_FLIGHT = 32;
const PAGES_IN_FLIGHT_WITH_READERS = 8;

/** A context for the next rebuild of a dev session: same caches and loaded grammars, fresh timings and config. */
export function nextBuildContext(previous: BuildContext, config: ResolvedConfig): BuildContext {
  return { ...previous, config, timings: [], usedPages: new Set() };
}

/** The API description a build renders, and the key its reference is cached under. */
interface ReferenceSource {
  file: string;
  key: string;
  /** The description, being loaded on a worker since the build started. */
  prefetched?: DescriptionLoad | undefined;
  /** Its model and search records, made once for the search feed and the page. */
  parts: ReferenceParts;
}

/**
 * Keyed by content, not modification time, so the cache survives a fresh checkout. Read once per build:
 * it hashes the whole description, with every file its `$ref`s name.
 */
function referenceKey(context: BuildContext, file: string): string {
  const { config } = context;
  const sources = descriptionSources(file).map((s) => `${s.file}\0${s.text ?? '\0missing'}`);
  return hashOf(context.engine, context.renderersKey, ...sources, config.baseUrl, config.site.openapi.route);
}

/**
 * Starts loading the API description on a worker when the reference will have to be built, so it
 * loads while pages parse on this thread. Only for the first reference a process builds: after that
 * (dev), this thread's parser and validator are warm and load it faster than a new worker starts.
 */
function prefetchDescription(context: BuildContext, source: ReferenceSource, pageCount: number): DescriptionLoad | undefined {
  // dev's first build leaves the other core to the page a reader is waiting for.
  if (!context.workers || context.gate || context.descriptionHtml.size > 0) return undefined;
  // With markdown workers on every core, this thread waits during that phase: one more worker only competes with them.
  if (pageCount >= MIN_PAGES_FOR_WORKERS) return undefined;
  if (context.cache.reference?.key === source.key) return undefined;
  return loadDescriptionOffThread(source.file);
}

async function referenceFor(context: BuildContext, source: ReferenceSource | undefined): Promise<Reference | undefined> {
  if (!source) return undefined;
  const { config } = context;
  if (context.cache.reference?.key === source.key) return context.cache.reference.value;
  const value = await buildReference({
    file: source.file,
    route: config.site.openapi.route,
    baseUrl: config.baseUrl,
    render: context.renderers.renderReference,
    markdownCache: context.descriptionHtml,
    parts: source.parts,
    ...(source.prefetched ? { loaded: source.prefetched.result, parsed: source.prefetched.parsed } : {}),
  });
  context.cache.reference = { key: source.key, value };
  return value;
}

export interface BuiltSite {
  /** Every route with its output file and HTML; `reused` when a dev rebuild kept the previous HTML. */
  pages: { route: string; file: string; html: string; reused: boolean }[];
  /** How many pages were rendered (the others were reused unchanged). */
  rendered: number;
  files: OutputFile[];
  copies: CopiedFile[];
  broken: BrokenLink[];
  parsed: ParsedPage[];
  sidebar: SidebarItem[];
  reference: Reference | undefined;
}

export const NOT_FOUND_ROUTE = '/404';

export function createBuildContext(config: ResolvedConfig, reporter: Reporter): BuildContext {
  const engine = engineVersion();
  const cache = config.cache ? loadCache(config.cacheDir, engine) : emptyCache();
  return {
    config,
    reporter,
    timings: [],
    cache,
    highlighter: createHighlighter(cache.code, process.env['MAPSDOCS_WORKERS'] === '0' ? undefined : startRemoteHighlighter),
    engine,
    usedPages: new Set(),
    workers: process.env['MAPSDOCS_WORKERS'] !== '0',
    renderers: builtInRenderers,
    renderersKey: 'built-in',
    descriptionHtml: new Map(),
  };
}

function pageCacheKey(context: BuildContext, page: SourcePage, routeMap: string): string {
  return hashOf(context.engine, page.relFile, page.route, page.hash, context.config.baseUrl, routeMap);
}

/**
 * Markdown → HTML for each page, with cached results reused; all content
 * errors are collected. `onParsed` sees each page as soon as it and every page
 * before it are parsed, in page order (the search index is fed this way, and
 * its output depends on the order). `onLastStarted` is called once every page
 * is under way, from when this thread has little left to do but wait: at once
 * when workers parse, else when the last page has started.
 */
export async function parsePages(
  context: BuildContext,
  pages: readonly SourcePage[],
  onParsed?: (page: SourcePage, result: MarkdownResult) => Promise<void>,
  onLastStarted?: () => void,
): Promise<ParsedPage[]> {
  const byFile = new Map(pages.map((p) => [p.file, p.route]));
  const routeMap = hashOf(...[...byFile].map(([file, route]) => `${file}=${route}`));
  const keys = pages.map((page) => pageCacheKey(context, page, routeMap));
  const misses = pages.filter((_, i) => !context.cache.pages.has(keys[i] ?? ''));
  // Many pages to parse: spread them over worker threads; few: parse here, where grammars may already be loaded.
  const pool =
    misses.length >= MIN_PAGES_FOR_WORKERS && context.workers
      ? createMarkdownPool({
          init: { baseUrl: context.config.baseUrl, readRoots: [context.config.contentDir], routes: [...byFile], code: [...context.highlighter.cache] },
          codeCache: context.highlighter.cache,
        })
      : undefined;
  if (pool || pages.length === 0) onLastStarted?.();
  let processor: MarkdownProcessor | undefined;
  const parseOne = (page: SourcePage): Promise<MarkdownResult> => {
    const input = { body: page.body, path: page.file, route: page.route };
    if (pool) return pool.process(input);
    processor ??= createMarkdownProcessor({
      highlighter: context.highlighter,
      baseUrl: context.config.baseUrl,
      readRoots: [context.config.contentDir],
      routeOfFile: (file) => byFile.get(file),
    });
    return processMarkdown(processor, input);
  };
  const ready = new Map<number, MarkdownResult>();
  let nextToFeed = 0;
  let feeding: Promise<void> = Promise.resolve();
  const feed = (index: number, result: MarkdownResult): void => {
    if (!onParsed) return;
    ready.set(index, result);
    for (let next = ready.get(nextToFeed); next !== undefined; next = ready.get(nextToFeed)) {
      const page = pages[nextToFeed];
      const parsedResult = next;
      ready.delete(nextToFeed);
      nextToFeed += 1;
      if (page) feeding = feeding.then(() => onParsed(page, parsedResult));
    }
  };
  let results: MarkdownResult[];
  try {
    results = await mapConcurrent(
      pages,
      pool ? pages.length : context.gate ? PAGES_IN_FLIGHT_WITH_READERS : PAGES_IN_FLIGHT,
      async (page, i) => {
        if (i === pages.length - 1 && !pool) onLastStarted?.();
        const key = keys[i] ?? '';
        context.usedPages.add(key);
        const hit = context.cache.pages.get(key);
        if (hit) {
          feed(i, hit);
          return hit;
        }
        try {
          const result = await parseOne(page);
          if (!result.diagnostics.some((d) => d.severity === 'error')) context.cache.pages.set(key, result);
          feed(i, result);
          return result;
        } catch (error) {
          // The limits checked before parsing should make this unreachable; should a page still exhaust
          // the stack, it is named, rather than the build ending in a stack dump.
          if (error instanceof RangeError || /Maximum call stack size exceeded/.test(String(error))) {
            throw new UserError('the page is nested too deeply to be rendered', { location: { file: page.file, line: 1, column: 1 }, hint: 'simplify its nesting (lists, quotes, emphasis or links inside each other)' });
          }
          if (userErrorsOf(error).length > 0) throw error;
          throw new Error(`while parsing ${page.relFile}`, { cause: error });
        }
      },
      context.gate,
    );
    await feeding;
  } finally {
    await pool?.close();
  }
  if (pool) {
    // Code highlighted by workers counts as used, so the cache keeps it.
    for (const key of context.highlighter.cache.keys()) context.highlighter.used.add(key);
  }
  const errors: UserError[] = [];
  const parsed: ParsedPage[] = [];
  pages.forEach((page, i) => {
    const result = results[i];
    if (!result) return;
    for (const diagnostic of result.diagnostics) {
      const location = { file: page.file, line: diagnostic.line, column: diagnostic.column };
      if (diagnostic.severity === 'error') errors.push(new UserError(diagnostic.message, { location, hint: diagnostic.hint }));
      else context.reporter.warn(`${path.relative(context.config.root, page.file)}:${diagnostic.line}:${diagnostic.column}: warning: ${diagnostic.message}`);
    }
    const title = page.frontMatter.title ?? result.h1;
    if (title === undefined) {
      errors.push(
        new UserError('the page has no title', {
          location: { file: page.file, line: 1, column: 1 },
          hint: 'add `title:` to the front matter or start the page with a "# Title" heading',
        }),
      );
      return;
    }
    parsed.push({ source: page, result, title });
  });
  if (errors.length > 0) throw new UserErrors(errors);
  return parsed;
}

function sidebarDocs(parsed: readonly ParsedPage[]): SidebarDoc[] {
  return parsed
    .filter((p) => p.source.kind === 'doc' && p.source.frontMatter.displayed_sidebar !== null)
    .map((p) => ({
      id: p.source.id,
      dir: p.source.dir,
      route: p.source.route,
      label: p.source.frontMatter.sidebar_label ?? p.title,
      position: p.source.frontMatter.sidebar_position,
      isIndex: p.source.id === 'index' ? false : p.source.id.endsWith('/index') || p.source.id === 'index',
    }));
}

/** The docs sidebar, with the API reference as a page of the folder that holds its route. */
export function buildDocsSidebar(parsed: readonly ParsedPage[], content: LoadedContent, referenceRoute: string | undefined): SidebarItem[] {
  const docs = sidebarDocs(parsed);
  if (referenceRoute !== undefined) {
    const route = referenceRoute;
    const inner = route.replace(/^\/docs\//, '');
    const dir = inner.includes('/') ? inner.slice(0, inner.lastIndexOf('/')) : '';
    docs.push({ id: inner, dir, route, label: 'API reference', position: 100, isIndex: false });
  }
  return buildSidebar(docs, content.categories);
}

/** Shared by every docs page of a build: the sidebar, its reading order and its pre-rendered parts. */
interface DocsNavigation {
  sidebar: SidebarItem[];
  order: SidebarLink[];
  position: Map<string, number>;
  renderer: SidebarRenderer;
  breadcrumbs: Map<string, SidebarCategory[]>;
}

function docsNavigation(sidebar: SidebarItem[], baseUrl: string, renderers: Renderers, renderersKey: string, memo: RenderMemo | undefined): DocsNavigation {
  const order = flattenSidebar(sidebar);
  // In dev, an unchanged sidebar keeps its renderer, whose pages' sidebars are already rendered.
  const previous = memo?.sidebar;
  const renderer =
    previous && previous.baseUrl === baseUrl && previous.renderersKey === renderersKey && isDeepStrictEqual(previous.items, sidebar)
      ? previous.renderer
      : renderers.createSidebarRenderer(sidebar, baseUrl);
  if (memo) memo.sidebar = { items: sidebar, baseUrl, renderersKey, renderer };
  const position = new Map<string, number>();
  order.forEach((link, i) => {
    if (!position.has(link.href)) position.set(link.href, i);
  });
  return { sidebar, order, position, renderer, breadcrumbs: breadcrumbIndex(sidebar) };
}

function bylineOf(fm: SourcePage['frontMatter']): { date: string | undefined; authors: string[] } {
  return {
    date: fm.date instanceof Date ? fm.date.toISOString().slice(0, 10) : fm.date,
    authors: fm.authors === undefined ? [] : Array.isArray(fm.authors) ? fm.authors : [fm.authors],
  };
}

function docView(page: ParsedPage, nav: DocsNavigation, config: ResolvedConfig): PageView {
  const { source, result } = page;
  const fm = source.frontMatter;
  const base = config.baseUrl.replace(/\/$/, '');
  const hasSidebar = fm.displayed_sidebar !== null;
  const { order } = nav;
  const index = hasSidebar ? (nav.position.get(source.route) ?? -1) : -1;
  const previous = index > 0 ? order[index - 1] : undefined;
  const next = index >= 0 ? order[index + 1] : undefined;
  const toc = fm.hide_table_of_contents
    ? []
    : buildToc(result.headings, fm.toc_min_heading_level ?? config.site.toc.minHeadingLevel, fm.toc_max_heading_level ?? config.site.toc.maxHeadingLevel);
  const crumbs = hasSidebar
    ? (nav.breadcrumbs.get(source.route) ?? []).map((c) => ({ label: c.label, href: c.href !== undefined ? `${base}${c.href}` : undefined }))
    : [];
  const { date, authors } = bylineOf(fm);
  return {
    route: source.route,
    title: page.title,
    description: fm.description,
    keywords: fm.keywords ?? [],
    hasMermaid: result.hasMermaid,
    pageScripts: [],
    body: {
      kind: 'doc',
      html: result.html,
      sidebarHtml: hasSidebar ? nav.renderer.listHtml(source.route) : undefined,
      breadcrumbs: [...crumbs, { label: page.title, href: undefined }],
      toc,
      previous: previous ? { label: previous.label, href: `${base}${previous.href}` } : undefined,
      next: next ? { label: next.label, href: `${base}${next.href}` } : undefined,
      date,
      authors,
    },
  };
}

function contentPageView(page: ParsedPage, config: ResolvedConfig): PageView {
  const fm = page.source.frontMatter;
  return {
    route: page.source.route,
    title: page.title,
    description: fm.description,
    keywords: fm.keywords ?? [],
    hasMermaid: page.result.hasMermaid,
    pageScripts: [],
    body: {
      kind: 'page',
      html: page.result.html,
      toc: fm.hide_table_of_contents ? [] : buildToc(page.result.headings, config.site.toc.minHeadingLevel, config.site.toc.maxHeadingLevel),
    },
  };
}

/** A page's view, made when it is rendered so that a large site is never held in memory whole. */
export interface LazyView {
  route: string;
  make: () => PageView;
}

/** Every page's view: docs, content pages, the landing page, the API reference and the not-found page. */
export function buildPageViews(options: {
  config: ResolvedConfig;
  parsed: readonly ParsedPage[];
  sidebar: SidebarItem[];
  reference: Reference | undefined;
  assets: SiteAssets;
  renderers: Renderers;
  renderersKey?: string;
  memo?: RenderMemo;
}): LazyView[] {
  const { config, parsed, sidebar, reference } = options;
  const nav = docsNavigation(sidebar, config.baseUrl, options.renderers, options.renderersKey ?? '', options.memo);
  const views: LazyView[] = parsed.map((page) => ({
    route: page.source.route,
    make: () => (page.source.kind === 'doc' ? docView(page, nav, config) : contentPageView(page, config)),
  }));
  const fixed = (view: PageView): LazyView => ({ route: view.route, make: () => view });
  if (!parsed.some((p) => p.source.route === '/')) {
    views.push(
      fixed({
        route: '/',
        title: config.site.title,
        description: config.landing.hero.lead || config.site.tagline,
        keywords: [],
        hasMermaid: false,
        pageScripts: [],
        body: { kind: 'landing', landing: config.landing },
      }),
    );
  }
  if (reference) {
    const script = options.assets.features['api-reference'];
    views.push(
      fixed({
        route: reference.route,
        title: reference.title,
        description: reference.description,
        keywords: ['REST API', 'OpenAPI'],
        hasMermaid: false,
        pageScripts: script ? [script] : [],
        body: { kind: 'apiReference', html: reference.html },
      }),
    );
  }
  views.push(
    fixed({
      route: NOT_FOUND_ROUTE,
      title: 'Page Not Found',
      description: undefined,
      keywords: [],
      hasMermaid: false,
      pageScripts: [],
      body: {
        kind: 'notFound',
        suggestions: [
          { id: 'intro', label: 'introduction' },
          { id: 'index', label: 'configuration index' },
        ].flatMap(({ id, label }) => {
          const page = parsed.find((p) => p.source.kind === 'doc' && p.source.id === id);
          return page ? [{ label, href: hrefOf(config.baseUrl, page.source.route) }] : [];
        }),
      },
    }),
  );
  return views;
}

export function outputPathOf(route: string): string {
  return route === NOT_FOUND_ROUTE ? '404.html' : outputFileOf(route);
}

/** Everything of a build but the pages' HTML, which is rendered on demand. */
export interface PreparedSite {
  parsed: ParsedPage[];
  sidebar: SidebarItem[];
  reference: Reference | undefined;
  site: SiteView;
  views: LazyView[];
  assets: SiteAssets;
  broken: BrokenLink[];
  /** Output files other than pages: assets, sitemap, the OpenAPI downloads. */
  files: OutputFile[];
  copies: CopiedFile[];
  /** The search index being assembled (builds asked for one): how to write it into the output, and to stop it. */
  search?: Pick<SearchFeed, 'writeInto' | 'close'> | undefined;
}

/**
 * The search index of a build, fed while pages are parsed (the reference's
 * records first): a worker thread indexes them while this thread parses, then
 * makes the index and writes its files alongside the pages. A build whose
 * inputs match the last indexed one reuses its index.
 */
interface SearchFeed {
  page?: (page: SourcePage, result: MarkdownResult) => Promise<void>;
  /** No more entries: the worker makes the index. */
  finish: () => Promise<void>;
  /** Writes the index files into the output's temporary folder once assembled. */
  writeInto: (dir: string) => Promise<void>;
  close: () => Promise<void>;
}

/** What search indexes of a page, under its URL: its article rendered alone. */
function searchDocumentOf(context: BuildContext, page: SourcePage, result: MarkdownResult): [url: string, html: string] | undefined {
  const title = page.frontMatter.title ?? result.h1;
  // Untitled pages fail the build; the not-found route is never a search result.
  if (title === undefined || page.route === NOT_FOUND_ROUTE) return undefined;
  const html = context.renderers.renderSearchDocument({ kind: page.kind, title, html: result.html, ...(page.kind === 'doc' ? bylineOf(page.frontMatter) : {}) });
  return [hrefOf(context.config.baseUrl, page.route), html];
}

/** The reference's records, each under its URL: its anchor on the reference's page. */
function searchRecordsByUrl(context: BuildContext, records: readonly SearchRecord[]): [url: string, record: SearchRecord][] {
  const page = hrefOf(context.config.baseUrl, context.config.site.openapi.route);
  return records.map((record) => [recordUrl(page, record), record]);
}

/** Everything search holds for a built site, by URL, in the order a build indexes it: the reference's records, then the pages. */
export function searchEntriesOf(context: BuildContext, site: Pick<BuiltSite, 'parsed' | 'reference'>): Map<string, SearchEntry> {
  const entries = new Map<string, SearchEntry>();
  for (const [url, { title, content }] of searchRecordsByUrl(context, site.reference?.searchRecords ?? [])) entries.set(url, { kind: 'record', title, content });
  for (const page of site.parsed) {
    const document = searchDocumentOf(context, page.source, page.result);
    if (document) entries.set(document[0], { kind: 'page', html: document[1] });
  }
  return entries;
}

/**
 * The reference's search records as soon as the description is loaded, without waiting for the
 * reference's page: they go to the index ahead of the pages, so its final assembly can start
 * as soon as the last page is parsed. A rejection is the description's error, which the build
 * reports where it builds the reference.
 */
function earlySearchRecords(context: BuildContext, source: ReferenceSource | undefined): Promise<readonly SearchRecord[]> | undefined {
  if (!source) return undefined;
  const cached = context.cache.reference;
  if (cached?.key === source.key) return Promise.resolve(cached.value.searchRecords);
  // No worker loads it: load it here now rather than after the pages, which would hold the index back.
  if (!source.prefetched) {
    const result = loadDescription(source.file);
    result.catch(() => undefined);
    source.prefetched = { parsed: result, result, cancel: () => undefined };
  }
  return source.prefetched.result.then((loaded) => partsOf(loaded.document, source.parts).searchRecords);
}

async function startSearchFeed(context: BuildContext, pages: readonly SourcePage[], source: ReferenceSource | undefined): Promise<SearchFeed> {
  const { config } = context;
  const key = hashOf(
    context.engine,
    context.renderersKey,
    JSON.stringify(config.site),
    config.baseUrl,
    source?.key ?? '',
    ...pages.map((p) => `${p.route}\0${p.hash}`),
  );
  const cached = config.cache ? loadSearchIndex(config.cacheDir, key) : undefined;
  if (cached) return { finish: async () => undefined, writeInto: async (dir) => writeFilesInto(dir, cached), close: async () => undefined };
  const job = startSearchJobOffThread() ?? searchJobOf(createSearchIndexer());
  const records = earlySearchRecords(context, source);
  // The description's fault is reported where the reference is built; a build that fails first must not see it as unhandled.
  records?.catch(() => undefined);
  // Records first, whenever they are ready: the index numbers its documents in the order it is fed.
  let recordsSent: Promise<void> | undefined;
  const sendRecords = (): Promise<void> =>
    (recordsSent ??= (async () => {
      const list = records ? await records.catch(() => []) : [];
      for (const [url, { title, content }] of searchRecordsByUrl(context, list)) await job.addRecord(url, title, content);
    })());
  return {
    async page(page, result) {
      await sendRecords();
      const document = searchDocumentOf(context, page, result);
      if (document) await job.add(...document);
    },
    async finish() {
      await sendRecords();
      job.finish(config.cache ? { dir: config.cacheDir, key } : undefined);
    },
    writeInto: (dir) => job.writeInto(dir),
    close: () => job.close(),
  };
}

/** The theme's CSS and client scripts; dev collects them again only when their files change. */
function siteAssets(context: BuildContext): SiteAssets {
  const { config, rendered: memo } = context;
  if (!memo) return collectAssets({ baseUrl: config.baseUrl, contentDir: config.contentDir });
  const key = `${config.baseUrl}\n${assetsFingerprint({ contentDir: config.contentDir })}`;
  if (memo.assets?.key !== key) memo.assets = { key, value: collectAssets({ baseUrl: config.baseUrl, contentDir: config.contentDir }) };
  return memo.assets.value;
}

/** What every page of the site shares: navbar, footer, sidebars and assets. */
function siteViewOf(config: ResolvedConfig, parsed: readonly ParsedPage[], sidebar: SidebarItem[], assets: SiteAssets): SiteView {
  return buildSiteView(config, {
    docRoutes: new Map(parsed.filter((p) => p.source.kind === 'doc').map((p) => [p.source.id, p.source.route])),
    sidebars: new Map([[config.site.docs.sidebarId, sidebar]]),
    assets: { css: assets.css, js: assets.js },
  });
}

/** Runs load → markdown → openapi → navigation → link check; pages are rendered later, one at a time. */
export async function prepareSite(context: BuildContext, options: { search?: boolean } = {}): Promise<PreparedSite> {
  const { config, timings } = context;
  const content = await task(timings, 'load', () =>
    loadContent(config.contentDir, { includeDrafts: false, previous: context.sources, previousCategories: context.categories }),
  );
  if (context.sources) context.sources = new Map(content.pages.map((page) => [page.relFile, page]));
  if (context.categories) context.categories = content.categories;
  const source: ReferenceSource | undefined = config.openapiFile ? { file: config.openapiFile, key: referenceKey(context, config.openapiFile), parts: new WeakMap() } : undefined;
  if (source) source.prefetched = prefetchDescription(context, source, content.pages.length);
  const search = options.search ? await startSearchFeed(context, content.pages, source) : undefined;
  try {
    return await prepareParsed(context, content, search, source);
  } catch (error) {
    source?.prefetched?.cancel();
    await search?.close();
    throw error;
  }
}

async function prepareParsed(context: BuildContext, content: LoadedContent, search: SearchFeed | undefined, source: ReferenceSource | undefined): Promise<PreparedSite> {
  const { config, timings } = context;
  // The reference does not depend on the pages. It is built while the last pages wait for their code to
  // be highlighted on the helper thread (this one is idle then), rather than after them; not in dev's
  // first build, where it would hold up a page a reader is waiting for.
  let referenceBuild: Promise<{ value: Reference | undefined; ms: number }> | undefined;
  const startReference = (): Promise<{ value: Reference | undefined; ms: number }> => {
    referenceBuild ??= (async () => {
      const start = performance.now();
      return { value: await referenceFor(context, source), ms: performance.now() - start };
    })();
    // Its error is reported after the pages' (awaited below), as when it was built after them.
    referenceBuild.catch(() => undefined);
    return referenceBuild;
  };
  // A macrotask later: what the last page started runs first, up to its wait for the helper.
  const early = context.gate || !source ? undefined : () => void setImmediate(startReference);
  const parsed = await task(timings, 'markdown', () => parsePages(context, content.pages, search?.page, early));
  // The index has every entry it will get: its worker makes it on the other core while this thread goes on.
  // A failure shows when the index is written.
  search?.finish().catch(() => undefined);
  const built = await startReference();
  const reference = built.value;
  timings.push({ label: 'openapi', ms: built.ms });
  const assets = await task(timings, 'assets', () => siteAssets(context));
  const { sidebar, site, views } = await task(timings, 'navigation', () => {
    const sidebar = buildDocsSidebar(parsed, content, reference?.route);
    const site = siteViewOf(config, parsed, sidebar, assets);
    return { sidebar, site, views: buildPageViews({ config, parsed, sidebar, reference, assets, renderers: context.renderers, renderersKey: context.renderersKey, memo: context.rendered }) };
  });
  const broken = await task(timings, 'links', () => {
    const anchors = new Map<string, Set<string>>();
    for (const page of parsed) anchors.set(page.source.route, new Set(page.result.anchors));
    for (const view of views) if (!anchors.has(view.route)) anchors.set(view.route, new Set());
    if (reference) anchors.set(reference.route, new Set(reference.anchors));
    const files = new Set<string>([...assets.files.map((f) => `/${f.path}`), ...assets.copies.map((f) => `/${f.path}`), '/sitemap.xml']);
    if (reference) for (const f of reference.downloads) files.add(`/${f.path}`);
    return findBrokenLinks({
      pages: parsed.map((p) => ({ route: p.source.route, file: p.source.file, links: p.result.links })),
      anchors,
      files,
    });
  });
  const sitemap = await task(timings, 'sitemap', async () => {
    const routes = views.filter((v) => v.route !== NOT_FOUND_ROUTE).map((v) => v.route);
    const memo = context.rendered;
    const key = memo ? JSON.stringify([routes, config.site, config.baseUrl]) : '';
    if (memo?.sitemap?.key === key) return memo.sitemap.xml;
    const xml = await buildSitemap({ routes, site: config.site, baseUrl: config.baseUrl });
    if (memo) memo.sitemap = { key, xml };
    return xml;
  });
  const files: OutputFile[] = [...assets.files, { path: 'sitemap.xml', contents: sitemap }];
  if (reference) files.push(...reference.downloads);
  const copies: CopiedFile[] = [...assets.copies];
  const seenImages = new Set<string>();
  for (const page of parsed) {
    for (const image of page.result.images) {
      if (seenImages.has(image.output)) continue;
      seenImages.add(image.output);
      copies.push({ path: image.output, from: image.file });
    }
  }
  return { parsed, sidebar, reference, site, views, assets, broken, files, copies, search };
}

/** What dev remembers of its last render: the site view and templates it used, and each page's view and HTML. */
export interface RenderMemo {
  site?: { view: SiteView; renderersKey: string };
  sidebar?: { items: SidebarItem[]; baseUrl: string; renderersKey: string; renderer: SidebarRenderer };
  assets?: { key: string; value: SiteAssets };
  sitemap?: { key: string; xml: string };
  pages: Map<string, { view: PageView; html: string }>;
}

export function createRenderMemo(): RenderMemo {
  return { pages: new Map() };
}

/**
 * Renders the pages one by one, as output files. With a memo of the previous
 * build (dev), a page whose view and site inputs are as before keeps its HTML.
 * Views are compared structurally rather than hashed: an unchanged page's body
 * is the very string of the last build (parsed pages come from the cache), so
 * comparing it is a pointer check, where hashing read every page in full.
 */
export function* renderPages(
  prepared: PreparedSite,
  context: Pick<BuildContext, 'renderers' | 'renderersKey' | 'rendered'>,
): Generator<OutputFile & { route: string; reused: boolean }> {
  const { renderers, rendered: memo } = context;
  const sameSite = memo?.site !== undefined && memo.site.renderersKey === context.renderersKey && isDeepStrictEqual(memo.site.view, prepared.site);
  if (memo) memo.site = { view: prepared.site, renderersKey: context.renderersKey };
  const live = new Set<string>();
  for (const view of prepared.views) {
    const page = withMermaid(view.make(), prepared.assets);
    const file = outputPathOf(view.route);
    if (!memo) {
      yield { route: view.route, path: file, contents: renderers.renderPage(prepared.site, page), reused: false };
      continue;
    }
    live.add(view.route);
    const previous = memo.pages.get(view.route);
    const reused = sameSite && previous !== undefined && isDeepStrictEqual(previous.view, page);
    const html = reused ? previous.html : renderers.renderPage(prepared.site, page);
    memo.pages.set(view.route, { view: page, html });
    yield { route: view.route, path: file, contents: html, reused };
  }
  if (memo) for (const route of [...memo.pages.keys()]) if (!live.has(route)) memo.pages.delete(route);
}

/** A page's title before it is parsed: its front matter's, else its first level-1 heading. */
function titleBeforeParsing(page: SourcePage): string | undefined {
  return page.frontMatter.title ?? /^# +(.+?)#*\s*$/m.exec(page.body)?.[1]?.trim();
}

/**
 * One docs or content page rendered alone, before the rest of the site is
 * parsed: what dev serves a reader who asks for a page while its first build
 * runs. The other pages appear in the sidebar under the titles their front
 * matter gives; links are not checked. The landing page needs no markdown.
 * Undefined for other routes that are not a markdown page (the reference,
 * unknown routes) or when the page cannot be built: the caller then waits
 * for the whole build.
 */
export async function renderPageAlone(context: BuildContext, route: string): Promise<{ html: string; files: OutputFile[] } | undefined> {
  const { config } = context;
  // Its code blocks go ahead of the build's: the reader is waiting for this page.
  const local: BuildContext = { ...context, highlighter: context.highlighter.urgent(), timings: [], usedPages: new Set(), sources: undefined, categories: undefined, gate: undefined, rendered: undefined };
  const content = await loadContent(config.contentDir, { includeDrafts: false, previous: context.sources, previousCategories: context.categories });
  const page = content.pages.find((p) => p.route === route);
  // The landing page is made from configuration alone; any other route needs its markdown page.
  if (!page && route !== '/') return undefined;
  const parsedPage = page ? (await parsePages(local, [page]))[0] : undefined;
  if (page && !parsedPage) return undefined;
  const parsed = content.pages.flatMap((p): ParsedPage[] => {
    if (p === page && parsedPage) return [parsedPage];
    const title = titleBeforeParsing(p);
    if (title === undefined) return [];
    return [{ source: p, title, result: { html: '', h1: undefined, headings: [], links: [], anchors: [], diagnostics: [], hasMermaid: false, images: [] } }];
  });
  const referenceRoute = config.openapiFile ? config.site.openapi.route : undefined;
  const sidebar = buildDocsSidebar(parsed, content, referenceRoute);
  const assets = siteAssets(context);
  const site = siteViewOf(config, parsed, sidebar, assets);
  const view = buildPageViews({ config, parsed: parsedPage ? [parsedPage] : [], sidebar, reference: undefined, assets, renderers: context.renderers }).find((v) => v.route === route);
  return view ? { html: context.renderers.renderPage(site, withMermaid(view.make(), assets)), files: assets.files } : undefined;
}

/** The whole site in memory (dev server, check, tests). */
export async function buildInMemory(context: BuildContext): Promise<BuiltSite> {
  const prepared = await prepareSite(context);
  const pages = await task(context.timings, 'render', () =>
    [...renderPages(prepared, context)].map((p) => ({ route: p.route, file: p.path, html: String(p.contents), reused: p.reused })),
  );
  return {
    pages,
    rendered: pages.filter((p) => !p.reused).length,
    files: [...pages.map((p) => ({ path: p.file, contents: p.html })), ...prepared.files],
    copies: prepared.copies,
    broken: prepared.broken,
    parsed: prepared.parsed,
    sidebar: prepared.sidebar,
    reference: prepared.reference,
  };
}

/** Pages with a diagram load the diagram renderer; the others never download it. */
function withMermaid(view: PageView, assets: SiteAssets): PageView {
  const script = assets.features['mermaid'];
  if (!view.hasMermaid || !script) return view;
  return { ...view, pageScripts: [...view.pageScripts, script] };
}

export function persistCache(context: BuildContext): void {
  if (!context.config.cache) return;
  saveCache(context.config.cacheDir, context.engine, context.cache, { code: context.highlighter.used, pages: context.usedPages });
}

/**
 * Renders and writes every page straight into the staging folder, adds the search index, then swaps it
 * into place. Gives the number of pages and how long the build then waited for the search index, which
 * is assembled after the last page is parsed and written alongside the pages.
 */
export async function emitSite(context: BuildContext, prepared: PreparedSite): Promise<{ pages: number; searchWaitMs: number }> {
  let count = 0;
  let written = 0;
  let indexed = 0;
  function* all(): Generator<OutputFile> {
    for (const page of renderPages(prepared, context)) {
      count += 1;
      yield page;
    }
    yield* prepared.files;
    written = performance.now();
  }
  try {
    const search = prepared.search;
    const alongside = search ? (staging: string) => search.writeInto(staging).then(() => void (indexed = performance.now())) : undefined;
    await writeSiteAtomically(context.config.outDir, all(), prepared.copies, alongside);
  } finally {
    await prepared.search?.close();
  }
  return { pages: count, searchWaitMs: Math.max(0, indexed - written) };
}
