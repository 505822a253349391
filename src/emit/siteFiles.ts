import type { SiteAssets } from '../assets.ts';
import type { BuildContext } from '../context.ts';
import type { ParsedPage } from '../markdown/parsePages.ts';
import type { Reference } from '../openapi/reference.ts';
import type { LazyView } from '../render/pageViews.ts';
import type { CopiedFile, OutputFile } from './atomic.ts';
import { buildSitemap } from './sitemap.ts';

/** The sitemap of the site's routes; dev makes it again only when the routes or the configuration change. */
export async function sitemapOf(context: Pick<BuildContext, 'config' | 'rendered'>, views: readonly LazyView[]): Promise<string> {
  const { config } = context;
  const routes = views.filter((v) => !v.notFound).map((v) => v.route);
  const memo = context.rendered;
  const key = memo ? JSON.stringify([routes, config.site, config.baseUrl]) : '';
  if (memo?.sitemap?.key === key) return memo.sitemap.xml;
  const xml = await buildSitemap({ routes, site: config.site, baseUrl: config.baseUrl });
  if (memo) memo.sitemap = { key, xml };
  return xml;
}

/** Where a build lists its routes that end in .html (for `serve`). */
export const HTML_ROUTES_FILE = '.mapsdocs/html-routes.json';

/** Every output file but the pages: assets, the sitemap and the description's downloads; and the files copied as they are (static files, images). */
export function siteFilesOf(site: { assets: SiteAssets; sitemap: string; references: readonly Reference[]; parsed: readonly ParsedPage[] }): { files: OutputFile[]; copies: CopiedFile[] } {
  const { assets } = site;
  const files: OutputFile[] = [...assets.files, { path: 'sitemap.xml', contents: site.sitemap }];
  for (const reference of site.references) files.push(...reference.downloads);
  // Routes that end in .html themselves (a slug such as /legacy.html): `serve` answers them as they are
  // instead of redirecting to the route without .html. A dot file: hosts do not publish it.
  const htmlRoutes = site.parsed.map((p) => p.source.route).filter((route) => route.endsWith('.html')).sort();
  if (htmlRoutes.length > 0) files.push({ path: HTML_ROUTES_FILE, contents: `${JSON.stringify(htmlRoutes)}\n` });
  const copies: CopiedFile[] = [...assets.copies];
  const seenImages = new Set<string>();
  for (const page of site.parsed) {
    for (const image of page.result.images) {
      if (seenImages.has(image.output)) continue;
      seenImages.add(image.output);
      copies.push({ path: image.output, from: image.file });
    }
  }
  return { files, copies };
}
