import { isDeepStrictEqual } from 'node:util';
import { assetsFingerprint, collectAssets, type SiteAssets } from '../assets.ts';
import type { ResolvedConfig } from '../config/resolve.ts';
import type { BuildContext } from '../context.ts';
import type { OutputFile } from '../emit/atomic.ts';
import type { PageReuse } from '../emit/pageReuse.ts';
import { hashOf } from '../cache.ts';
import type { PreparedSite } from '../build.ts';
import { ISLAND_TAG } from '../islands/markup.ts';
import { outputPathOf } from './pageViews.ts';
import { buildSiteView, type VersionNav } from './siteView.ts';
import type { PageView, SiteView } from './viewModel.ts';

/** The theme's CSS and client scripts; dev collects them again only when their files change. */
export function siteAssets(context: BuildContext): SiteAssets {
  const { config, rendered: memo } = context;
  if (!memo) return collectAssets({ baseUrl: config.baseUrl, contentDir: config.contentDir });
  const key = `${config.baseUrl}\n${assetsFingerprint({ contentDir: config.contentDir })}`;
  if (memo.assets?.key !== key) memo.assets = { key, value: collectAssets({ baseUrl: config.baseUrl, contentDir: config.contentDir }) };
  return memo.assets.value;
}

/** What every page of the site shares: navbar (resolved in every version), footer and assets. */
export function siteViewOf(config: ResolvedConfig, versions: readonly VersionNav[], assets: SiteAssets): SiteView {
  return buildSiteView(config, { versions, assets: { css: assets.css, js: assets.js } });
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
  context: Pick<BuildContext, 'renderers' | 'renderersKey' | 'rendered' | 'engine'>,
  reuse?: PageReuse,
): Generator<OutputFile & { route: string; reused: boolean }> {
  const { renderers, rendered: memo } = context;
  const sameSite = memo?.site !== undefined && memo.site.renderersKey === context.renderersKey && isDeepStrictEqual(memo.site.view, prepared.site);
  if (memo) memo.site = { view: prepared.site, renderersKey: context.renderersKey };
  // A one-off build keys each page by everything it is rendered from, to take unchanged pages from the last output.
  const siteKey = reuse ? hashOf(context.engine, context.renderersKey, JSON.stringify(prepared.site)) : '';
  const live = new Set<string>();
  for (const view of prepared.views) {
    const file = outputPathOf(view.route);
    if (!memo) {
      const keyed = reuse ? withPageScripts((view.keyView ?? view.make)(), prepared.assets) : undefined;
      const kept = keyed ? reuse?.kept(file, pageKeyOf(siteKey, keyed)) : undefined;
      if (kept !== undefined) {
        yield { route: view.route, path: file, contents: '', linkFrom: kept, reused: true };
        continue;
      }
      const page = keyed && !view.keyView ? keyed : withPageScripts(view.make(), prepared.assets);
      yield { route: view.route, path: file, contents: renderers.renderPage(prepared.site, page), reused: false };
      continue;
    }
    const page = withPageScripts(view.make(), prepared.assets);
    live.add(view.route);
    const previous = memo.pages.get(view.route);
    const reused = sameSite && previous !== undefined && isDeepStrictEqual(previous.view, page);
    const html = reused ? previous.html : ((sameSite && previous ? withNewSidebar(previous, page) : undefined) ?? renderers.renderPage(prepared.site, page));
    memo.pages.set(view.route, { view: page, html });
    yield { route: view.route, path: file, contents: html, reused };
  }
  if (memo) for (const route of [...memo.pages.keys()]) if (!live.has(route)) memo.pages.delete(route);
}

/**
 * A page whose view changed in its sidebar alone (a page was added, removed or
 * renamed elsewhere in the docs: every page of the sidebar changes so) keeps
 * its last HTML with the sidebar's list swapped in, instead of being rendered
 * again: adding a page in dev then costs string copies, not ~100 renders.
 * Undefined when anything else changed, or the old list is not found once.
 */
/**
 * The key of a page's view: its body's HTML, most of a page, is hashed as it is rather than escaped
 * into the view's JSON first (which took a build of three docs versions 100 ms). Unambiguous: the
 * JSON holds no NUL, which ends it.
 */
export function pageKeyOf(siteKey: string, view: PageView): string {
  const { body } = view;
  if (!('html' in body)) return hashOf(siteKey, JSON.stringify(view));
  // Named by what it was made from (its parse), the HTML need not be read to key the page.
  if ('htmlKey' in body && body.htmlKey !== undefined) return hashOf(siteKey, JSON.stringify({ ...view, body: { ...body, html: '' } }));
  return hashOf(siteKey, JSON.stringify({ ...view, body: { ...body, html: '' } }), body.html);
}

function withNewSidebar(previous: { view: PageView; html: string }, page: PageView): string | undefined {
  const before = previous.view.body;
  const after = page.body;
  if (before.kind !== 'doc' || after.kind !== 'doc' || before.sidebarHtml === undefined || after.sidebarHtml === undefined) return undefined;
  if (!isDeepStrictEqual({ ...previous.view, body: { ...before, sidebarHtml: '' } }, { ...page, body: { ...after, sidebarHtml: '' } })) return undefined;
  const at = previous.html.indexOf(before.sidebarHtml);
  if (at === -1 || previous.html.indexOf(before.sidebarHtml, at + 1) !== -1) return undefined;
  return previous.html.slice(0, at) + after.sidebarHtml + previous.html.slice(at + before.sidebarHtml.length);
}

/** The scripts a page needs beyond the main bundle: the diagram renderer, the island runtime. */
export function withPageScripts(view: PageView, assets: SiteAssets): PageView {
  return withIslands(withMermaid(view, assets), assets);
}

/** Pages with an island load the island runtime and React; the others never download them. */
export function withIslands(view: PageView, assets: SiteAssets): PageView {
  const script = assets.features['islands'];
  const body = view.body;
  if (!script || !('html' in body) || !body.html.includes(`<${ISLAND_TAG} `)) return view;
  return { ...view, pageScripts: [...view.pageScripts, script] };
}

/** Pages with a diagram load the diagram renderer; the others never download it. */
export function withMermaid(view: PageView, assets: SiteAssets): PageView {
  const script = assets.features['mermaid'];
  if (!view.hasMermaid || !script) return view;
  return { ...view, pageScripts: [...view.pageScripts, script] };
}
