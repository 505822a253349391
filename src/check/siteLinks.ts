import type { SiteAssets } from '../assets.ts';
import type { ParsedPage } from '../markdown/parsePages.ts';
import type { Reference } from '../openapi/reference.ts';
import type { LazyView } from '../render/pageViews.ts';
import { findBrokenLinks, type BrokenLink } from './links.ts';

/** The site's link graph (every page's links; every route's anchors; every file written) checked as one. */
export function findSiteBrokenLinks(site: { parsed: readonly ParsedPage[]; views: readonly LazyView[]; reference: Reference | undefined; assets: SiteAssets }): BrokenLink[] {
  const { parsed, views, reference, assets } = site;
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
}
