import type { SiteAssets } from '../assets.ts';
import type { ResolvedConfig } from '../config/resolve.ts';
import { hrefOf, outputFileOf } from '../emit/paths.ts';
import type { SourcePage } from '../load/pages.ts';
import type { ParsedPage } from '../markdown/parsePages.ts';
import { docsNavigation, type DocsNavigation } from '../nav/docsNavigation.ts';
import type { SidebarItem } from '../nav/sidebar.ts';
import { buildToc } from '../nav/toc.ts';
import type { Reference } from '../openapi/reference.ts';
import type { RenderMemo } from './memo.ts';
import type { Renderers } from './renderers.ts';
import type { PageView } from './viewModel.ts';

export const NOT_FOUND_ROUTE = '/404';

export function bylineOf(fm: SourcePage['frontMatter']): { date: string | undefined; authors: string[] } {
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
