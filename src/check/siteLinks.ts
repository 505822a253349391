import type { SiteAssets } from '../assets.ts';
import type { ParsedPage } from '../markdown/parsePages.ts';
import type { VersionBuild } from '../nav/versionBuilds.ts';
import type { LazyView } from '../render/pageViews.ts';
import type { RenderedComponentPage } from '../pages/render.ts';
import { componentLinkGraph } from './componentLinks.ts';
import { findBrokenLinks, type BrokenLink } from './links.ts';

/** The site's link graph (every page's links; every route's anchors; every file written) checked as one. */
export function findSiteBrokenLinks(site: {
  parsed: readonly ParsedPage[];
  views: readonly LazyView[];
  versions: readonly VersionBuild[];
  assets: SiteAssets;
  /** Page components, with where they live and the base URL their links carry. */
  components?: { rendered: readonly RenderedComponentPage[]; contentDir: string; baseUrl: string };
}): BrokenLink[] {
  const { parsed, views, assets } = site;
  const anchors = new Map<string, Set<string>>();
  for (const page of parsed) anchors.set(page.source.route, new Set(page.result.anchors));
  const components = site.components ? componentLinkGraph(site.components.rendered, site.components) : { pages: [], anchors: new Map<string, Set<string>>() };
  for (const [route, ids] of components.anchors) anchors.set(route, ids);
  for (const view of views) if (!anchors.has(view.route)) anchors.set(view.route, new Set());
  const files = new Set<string>([...assets.files.map((f) => `/${f.path}`), ...assets.copies.map((f) => `/${f.path}`), '/sitemap.xml']);
  for (const { reference, changes } of site.versions) {
    if (reference) anchors.set(reference.route, new Set(reference.anchors));
    if (reference) for (const f of reference.downloads) files.add(`/${f.path}`);
    if (changes) anchors.set(changes.route, new Set(changes.anchors));
  }
  return findBrokenLinks({
    pages: [...parsed.map((p) => ({ route: p.source.route, file: p.source.file, links: p.result.links })), ...components.pages],
    anchors,
    files,
    versionBases: site.versions.map((v) => v.version.routeBase),
  });
}
