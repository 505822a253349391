import path from 'node:path';
import type { SiteAssets } from './assets.ts';
import type { BrokenLink } from './check/links.ts';
import { findSiteBrokenLinks } from './check/siteLinks.ts';
import type { BuildContext } from './context.ts';
import type { CopiedFile, OutputFile } from './emit/atomic.ts';
import { checkOutputCollisions } from './emit/collisions.ts';
import { siteFilesOf, sitemapOf } from './emit/siteFiles.ts';
import { docsTreeOf } from './config/versions.ts';
import { categoriesByFolder, loadContent, type LoadedContent } from './load/pages.ts';
import { parsePages, type ParsedPage } from './markdown/parsePages.ts';
import { sidebarIdSetAt, versionBuildsOf, type VersionBuild } from './nav/versionBuilds.ts';
import type { SidebarItem } from './nav/sidebar.ts';
import type { Reference } from './openapi/reference.ts';
import { changeLogSearchRecords } from './openapi/searchRecords.ts';
import { compileComponentPages, pageSiteOf, renderComponentPages } from './pages/componentPages.ts';
import { changeLogsOf, prefetchDescription, referenceFor, referenceSourcesOf, type ReferenceSource } from './openapi/referenceSource.ts';
import { buildPageViews, type LazyView } from './render/pageViews.ts';
import { renderPages, siteAssets, siteViewOf } from './render/renderPages.ts';
import { withoutSearch } from './render/siteView.ts';
import type { SiteView } from './render/viewModel.ts';
import { startSearchFeed, type SearchFeed } from './search/feed.ts';
import { task } from './util/task.ts';

/**
 * The build pipeline, top-down: load → markdown (feeding search) → openapi →
 * assets → pages (components) → navigation → links → sitemap. Each stage lives in the folder of
 * its name and takes the build's context explicitly; pages are rendered and
 * written afterwards, one at a time (`emitSite`, or `buildInMemory` here).
 */

/** Everything of a build but the pages' HTML, which is rendered on demand. */
export interface PreparedSite {
  parsed: ParsedPage[];
  /** Every docs version built: its pages, reference, change log and sidebar. */
  versions: VersionBuild[];
  /** The last version's sidebar and reference (the ones at /docs). */
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
  search?: Pick<SearchFeed, 'indexes' | 'writeInto' | 'close'> | undefined;
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
  /** Every docs version built, with its reference and change log. */
  versions: VersionBuild[];
}

/** Runs every stage but rendering; the search index is fed on the way when asked for. */
export async function prepareSite(context: BuildContext, options: { search?: boolean } = {}): Promise<PreparedSite> {
  const { config, timings } = context;
  // A docs version is one more tree of pages and one more description through the same stages.
  const trees = config.versions.map(docsTreeOf);
  const content = await task(timings, 'load', () =>
    loadContent(config.contentDir, { includeDrafts: false, trees, previous: context.sources, previousCategories: context.categories }),
  );
  if (context.sources) context.sources = new Map(content.pages.map((page) => [page.relFile, page]));
  if (context.categories) context.categories = categoriesByFolder(content, trees);
  const sources = referenceSourcesOf(context);
  // One description loads on a worker while pages parse: the one served at /docs, else the first.
  const first = sources.find((s) => s.version.isLast) ?? sources[0];
  if (first) first.prefetched = prefetchDescription(context, first, content.pages.length);
  const search = options.search ? await startSearchFeed(context, content.pages, sources) : undefined;
  try {
    return await prepareParsed(context, content, search, sources, options.search !== false);
  } catch (error) {
    for (const source of sources) source.prefetched?.cancel();
    await search?.close();
    throw error;
  }
}

async function prepareParsed(context: BuildContext, content: LoadedContent, search: SearchFeed | undefined, sources: readonly ReferenceSource[], searchable: boolean): Promise<PreparedSite> {
  const { config, timings } = context;
  // The references do not depend on the pages. They are built while the last pages wait for their code to
  // be highlighted on the helper thread (this one is idle then), rather than after them; not in dev's
  // first build, where they would hold up a page a reader is waiting for.
  let referencesBuild: Promise<{ value: Map<string, Reference>; ms: number }> | undefined;
  const startReferences = (): Promise<{ value: Map<string, Reference>; ms: number }> => {
    referencesBuild ??= (async () => {
      const start = performance.now();
      const value = new Map<string, Reference>();
      for (const source of sources) {
        const reference = await referenceFor(context, source);
        if (reference) value.set(source.version.name, reference);
      }
      return { value, ms: performance.now() - start };
    })();
    // Their error is reported after the pages' (awaited below), as when they were built after them.
    referencesBuild.catch(() => undefined);
    return referencesBuild;
  };
  // A macrotask later: what the last page started runs first, up to its wait for the helper.
  const early = context.gate || sources.length === 0 ? undefined : () => void setImmediate(startReferences);
  const parsed = await task(timings, 'markdown', () => parsePages(context, content.pages, { onParsed: search?.page, onLastStarted: early }));
  // The index has every entry it will get, unless change logs are to come (two descriptions or more): its
  // worker makes it on the other core while this thread goes on. A failure shows when the index is written.
  const logsToCome = sources.length > 1;
  if (!logsToCome) search?.finish().catch(() => undefined);
  const built = await startReferences();
  const references = built.value;
  const changes = await changeLogsOf(context, sources, references);
  if (logsToCome && search) {
    for (const log of changes.values()) await search.records?.(log.to.name, log.route, changeLogSearchRecords(log));
    search.finish().catch(() => undefined);
  }
  timings.push({ label: 'openapi', ms: built.ms });
  const assets = await task(timings, 'assets', () => siteAssets(context));
  const compiled = await task(timings, 'pages', () => compileComponentPages(context, content.components, assets));
  const { versions, site, views, components } = await task(timings, 'navigation', async () => {
    const versions = versionBuildsOf({ versions: config.versions, parsed, categories: content.categories, references, changes, sidebarId: config.site.docs.sidebarId, sidebarIdSetAt: sidebarIdSetAt(config), sidebarCollapsible: config.site.docs.sidebarCollapsible });
    // A site built without its search index shows no search button (nor answers its shortcuts).
    const withSearch = siteViewOf(
      config,
      versions.map((v) => v.nav),
      assets,
    );
    const site = searchable ? withSearch : withoutSearch(withSearch);
    const pages = parsed.filter((p) => p.source.kind === 'page');
    const components = await renderComponentPages({ compiled, contentDir: config.contentDir, components: content.components, site: pageSiteOf(config, versions) });
    return { versions, site, components, views: buildPageViews({ config, versions, pages, components, assets, renderers: context.renderers, renderersKey: context.renderersKey, memo: context.rendered }) };
  });
  const broken = await task(timings, 'links', () => findSiteBrokenLinks({ parsed, views, versions, assets, components: { rendered: components, contentDir: config.contentDir, baseUrl: config.baseUrl } }));
  const sitemap = await task(timings, 'sitemap', () => sitemapOf(context, views));
  const { files, copies } = siteFilesOf({ assets, sitemap, references: [...references.values()], parsed });
  files.push(...compiled.client.files);
  checkOutputCollisions({ views, files, copies, staticDir: path.join(config.contentDir, 'static') });
  const last = versions.find((v) => v.version.isLast) ?? versions[0];
  return { parsed, versions, sidebar: last?.sidebar ?? [], reference: last?.reference, site, views, assets, broken, files, copies, search };
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
    versions: prepared.versions,
  };
}
