import type { BuildContext } from '../context.ts';
import type { OutputFile } from '../emit/atomic.ts';
import { docsTreeOf } from '../config/versions.ts';
import { loadContent, type SourcePage } from '../load/pages.ts';
import { parsePages, type ParsedPage } from '../markdown/parsePages.ts';
import { sidebarIdSetAt, versionBuildsOf } from '../nav/versionBuilds.ts';
import { referenceRouteOf } from '../openapi/referenceSource.ts';
import { buildPageViews } from './pageViews.ts';
import { siteAssets, siteViewOf, withPageScripts } from './renderPages.ts';

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
  const local: BuildContext = { ...context, highlighter: context.highlighter.urgent(), timings: [], usedPages: new Set(), contentWarnings: [], sources: undefined, categories: undefined, gate: undefined, rendered: undefined };
  const trees = config.versions.map(docsTreeOf);
  const content = await loadContent(config.contentDir, { includeDrafts: false, trees, previous: context.sources, previousCategories: context.categories });
  const page = content.pages.find((p) => p.route === route);
  // The landing page is made from configuration alone; any other route needs its markdown page. A page
  // component is compiled with the others, in the build.
  if ((!page && route !== '/') || content.components.some((c) => c.route === route)) return undefined;
  const parsedPage = page ? (await parsePages(local, [page], { site: content.pages }))[0] : undefined;
  if (page && !parsedPage) return undefined;
  const parsed = content.pages.flatMap((p): ParsedPage[] => {
    if (p === page && parsedPage) return [parsedPage];
    const title = titleBeforeParsing(p);
    if (title === undefined) return [];
    return [{ source: p, title, result: { html: '', h1: undefined, headings: [], links: [], anchors: [], diagnostics: [], hasMermaid: false, images: [] } }];
  });
  const apiRoutes = new Map(config.versions.flatMap((v) => (v.openapiFile ? [[v.name, referenceRouteOf(config, v)] as const] : [])));
  const versions = versionBuildsOf({ versions: config.versions, parsed, categories: content.categories, references: new Map(), changes: new Map(), apiRoutes, sidebarId: config.site.docs.sidebarId, sidebarIdSetAt: sidebarIdSetAt(config), sidebarCollapsible: config.site.docs.sidebarCollapsible });
  const assets = siteAssets(context);
  const site = siteViewOf(
    config,
    versions.map((v) => v.nav),
    assets,
  );
  const view = buildPageViews({ config, versions, pages: parsed.filter((p) => p.source.kind === 'page'), assets, renderers: context.renderers }).find((v) => v.route === route);
  return view ? { html: context.renderers.renderPage(site, withPageScripts(view.make(), assets)), files: assets.files } : undefined;
}
