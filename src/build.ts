import type { SiteAssets } from './assets.ts';
import type { BrokenLink } from './check/links.ts';
import { findSiteBrokenLinks } from './check/siteLinks.ts';
import type { BuildContext } from './context.ts';
import type { CopiedFile, OutputFile } from './emit/atomic.ts';
import { siteFilesOf, sitemapOf } from './emit/siteFiles.ts';
import { loadContent, type LoadedContent } from './load/pages.ts';
import { parsePages, type ParsedPage } from './markdown/parsePages.ts';
import { buildDocsSidebar } from './nav/docsNavigation.ts';
import type { SidebarItem } from './nav/sidebar.ts';
import type { Reference } from './openapi/reference.ts';
import { prefetchDescription, referenceFor, referenceKey, type ReferenceSource } from './openapi/referenceSource.ts';
import { buildPageViews, type LazyView } from './render/pageViews.ts';
import { renderPages, siteAssets, siteViewOf } from './render/renderPages.ts';
import type { SiteView } from './render/viewModel.ts';
import { startSearchFeed, type SearchFeed } from './search/feed.ts';
import { task } from './util/task.ts';

/**
 * The build pipeline, top-down: load → markdown (feeding search) → openapi →
 * assets → navigation → links → sitemap. Each stage lives in the folder of
 * its name and takes the build's context explicitly; pages are rendered and
 * written afterwards, one at a time (`emitSite`, or `buildInMemory` here).
 */

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

/** A site built in memory: what dev serves, check checks and tests read. */
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

/** Runs every stage but rendering; the search index is fed on the way when asked for. */
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
  const broken = await task(timings, 'links', () => findSiteBrokenLinks({ parsed, views, reference, assets }));
  const sitemap = await task(timings, 'sitemap', () => sitemapOf(context, views));
  const { files, copies } = siteFilesOf({ assets, sitemap, reference, parsed });
  return { parsed, sidebar, reference, site, views, assets, broken, files, copies, search };
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
