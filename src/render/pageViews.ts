import path from 'node:path';
import { UserError } from '../errors.ts';
import type { SiteAssets } from '../assets.ts';
import type { ResolvedConfig } from '../config/resolve.ts';
import { hrefOf, outputFileOf } from '../emit/paths.ts';
import type { SourcePage } from '../load/pages.ts';
import type { ParsedPage } from '../markdown/parsePages.ts';
import { docsNavigation, type DocsNavigation } from '../nav/docsNavigation.ts';
import { buildToc } from '../nav/toc.ts';
import type { VersionBuild } from '../nav/versionBuilds.ts';
import type { ApiChanges } from '../openapi/changes.ts';
import type { RenderedComponentPage } from '../pages/render.ts';
import type { RenderMemo } from './memo.ts';
import type { Renderers } from './renderers.ts';
import type { PageVersionView, PageView } from './viewModel.ts';

export const NOT_FOUND_ROUTE = '/404';

export function bylineOf(fm: SourcePage['frontMatter']): { date: string | undefined; authors: string[] } {
  return {
    date: fm.date instanceof Date ? fm.date.toISOString().slice(0, 10) : fm.date,
    authors: fm.authors === undefined ? [] : Array.isArray(fm.authors) ? fm.authors : [fm.authors],
  };
}

/** The navigation of a page without a sidebar: nothing before or after it, no breadcrumbs. */
const NO_NAVIGATION: DocsNavigation = {
  sidebar: [],
  order: [],
  position: new Map(),
  breadcrumbs: new Map(),
  renderer: { listHtml: () => '', keyOf: () => '' }, // never asked: hasSidebar is false
};

/** With `sidebar: 'key'`, the view names its sidebar by the key of its list rather than rendering it (see LazyView.keyView). */
function docView(page: ParsedPage, sidebarNav: DocsNavigation | undefined, config: ResolvedConfig, sidebar: 'html' | 'key' = 'html'): PageView {
  const { source, result } = page;
  const fm = source.frontMatter;
  const base = config.baseUrl.replace(/\/$/, '');
  // A page no sidebar lists (or with displayed_sidebar: null) shows none.
  const hasSidebar = sidebarNav !== undefined;
  const nav = sidebarNav ?? NO_NAVIGATION;
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
  const editUrl = editUrlOf(config, source.file);
  return {
    route: source.route,
    title: page.title,
    description: fm.description,
    keywords: fm.keywords ?? [],
    hasMermaid: result.hasMermaid,
    pageScripts: [],
    body: {
      kind: 'doc',
      // The key names the HTML by htmlKey: not read for it (a parse from the cache decodes it when first read).
      html: sidebar === 'key' && result.htmlKey !== undefined ? '' : result.html,
      htmlKey: result.htmlKey,
      ...(result.h1Html !== undefined ? { titleHtml: result.h1Html } : {}),
      sidebarHtml: !hasSidebar ? undefined : sidebar === 'key' ? nav.renderer.keyOf(source.route) : nav.renderer.listHtml(source.route),
      breadcrumbs: [...crumbs, { label: page.title, href: undefined }],
      toc,
      previous: previous ? { label: previous.label, href: `${base}${previous.href}` } : undefined,
      next: next ? { label: next.label, href: `${base}${next.href}` } : undefined,
      date,
      authors,
      ...(editUrl !== undefined ? { editUrl } : {}),
    },
  };
}

/**
 * Where a docs page's source is edited, from docs.editUrl as Docusaurus reads
 * it: `{path}` in it stands for the file's path in the project
 * (`content/docs/intro.md`); without it, that path is appended.
 */
export function editUrlOf(config: ResolvedConfig, file: string): string | undefined {
  const template = config.site.docs.editUrl;
  if (template === undefined) return undefined;
  const rel = path.relative(config.root, file).split(path.sep).map(encodeURIComponent).join('/');
  return template.includes('{path}') ? template.replace('{path}', rel) : `${template.replace(/\/$/, '')}/${rel}`;
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
      htmlKey: page.result.htmlKey,
      ...(page.result.h1Html !== undefined ? { titleHtml: page.result.h1Html } : {}),
      toc: fm.hide_table_of_contents ? [] : buildToc(page.result.headings, config.site.toc.minHeadingLevel, config.site.toc.maxHeadingLevel),
    },
  };
}

/** A page's view, made when it is rendered so that a large site is never held in memory whole. */
export interface LazyView {
  route: string;
  /** A not-found page: served for unknown paths, never listed in the sitemap. */
  notFound?: true;
  /** The file the view is made from (a markdown page, a page component); absent for generated pages (the reference, the change log, not-found pages). */
  from?: Pick<SourcePage, 'file' | 'relFile'>;
  make: () => PageView;
  /**
   * The view with what is costly to render named rather than rendered (a docs page's sidebar): as
   * much a function of the page's inputs as `make`, and cheaper. A build keys the page by it to take
   * it from the last output unchanged.
   */
  keyView?: () => PageView;
}

/** Where a page leads in each version: the same page there (found by `find`), else that version's main doc. */
function versionViewOf(versions: readonly VersionBuild[], own: VersionBuild, base: string, find: (version: VersionBuild) => string | undefined): PageVersionView | undefined {
  if (versions.length < 2) return undefined;
  const target = (version: VersionBuild): string => `${base}${find(version) ?? version.nav.mainDoc}`;
  const last = versions.find((v) => v.version.isLast);
  const { banner } = own.version;
  return {
    name: own.version.name,
    label: own.version.label,
    alternates: versions.map((v) => ({ name: v.version.name, label: v.version.label, href: target(v) })),
    // The last version has none unless site.yaml gives it one; then, as in Docusaurus, it shows and links to the page itself.
    banner: banner === 'none' || !last ? undefined : { kind: banner, latest: { name: last.version.name, label: last.version.label, href: target(last) } },
  };
}

/** Every page's view: each version's docs, reference, change log and not-found page; content pages, the landing page and the not-found page. */
export function buildPageViews(options: {
  config: ResolvedConfig;
  versions: readonly VersionBuild[];
  /** The pages of content/pages. */
  pages: readonly ParsedPage[];
  /** The page components of content/pages, rendered. */
  components?: readonly RenderedComponentPage[];
  assets: SiteAssets;
  renderers: Renderers;
  renderersKey?: string;
  memo?: RenderMemo;
}): LazyView[] {
  const { config, versions, pages } = options;
  const base = config.baseUrl.replace(/\/$/, '');
  const fixed = (view: PageView, notFound?: true): LazyView => ({ route: view.route, ...(notFound ? { notFound } : {}), make: () => view });
  const views: LazyView[] = [];
  const last = versions.find((v) => v.version.isLast) ?? versions[0];
  for (const build of versions) {
    // One navigation per sidebar, made when a page first shows it.
    const navs = new Map<string, DocsNavigation>();
    const navOf = (route: string): DocsNavigation | undefined => {
      const id = build.sidebarOfRoute.get(route);
      const sidebar = id === undefined ? undefined : build.sidebars.get(id);
      if (id === undefined || sidebar === undefined) return undefined;
      let nav = navs.get(id);
      if (!nav) {
        // The memo's key: the version's name for its main sidebar (as with one sidebar), with the id for others.
        const key = sidebar === build.sidebar ? build.version.name : `${build.version.name}\0${id}`;
        nav = docsNavigation({ version: key, sidebar, baseUrl: config.baseUrl, renderers: options.renderers, renderersKey: options.renderersKey ?? '', memo: options.memo });
        navs.set(id, nav);
      }
      return nav;
    };
    for (const page of build.docs) {
      const version = (): PageVersionView | undefined => versionViewOf(versions, build, base, (v) => v.nav.docRoutes.get(page.source.id));
      views.push({
        route: page.source.route,
        from: page.source,
        make: () => ({ ...docView(page, navOf(page.source.route), config), version: version() }),
        keyView: () => ({ ...docView(page, navOf(page.source.route), config, 'key'), version: version() }),
      });
    }
    const { reference, changes } = build;
    if (reference) {
      const script = options.assets.features['api-reference'];
      const version = versionViewOf(versions, build, base, (v) => v.reference?.route);
      const { htmlKey } = reference;
      const view = (html: string): PageView => ({
        route: reference.route,
        title: reference.title,
        description: reference.description,
        keywords: ['REST API', 'OpenAPI'],
        hasMermaid: false,
        pageScripts: script ? [script] : [],
        version,
        body: { kind: 'apiReference', html, htmlKey },
      });
      // Its HTML (2 MB) is read to render the page, not to key it when its key names it.
      views.push({ route: reference.route, make: () => view(reference.html), ...(htmlKey !== undefined ? { keyView: () => view('') } : {}) });
    }
    if (changes) views.push(fixed({ ...changesView(changes, navOf(changes.route), config), version: versionViewOf(versions, build, base, (v) => v.changes?.route) }));
    // On a site with several versions each has a not-found page of its own, which hosts serve for unknown paths
    // under it (the last version's, at /docs/404, for those under /docs that no other version's base holds).
    // It belongs to its version, as Docusaurus takes the version from the URL: the dropdown, the navbar's docs
    // links and search are that version's (no banner: there is no page to compare).
    if (versions.length > 1) {
      const version = versionViewOf(versions, build, base, () => undefined);
      views.push(fixed({ ...notFoundView(config, build, `${build.version.routeBase}/404`), ...(version ? { version: { ...version, banner: undefined } } : {}) }, true));
    }
  }
  for (const page of pages) views.push({ route: page.source.route, from: page.source, make: () => contentPageView(page, config) });
  const components = options.components ?? [];
  for (const page of components) views.push({ ...fixed(componentPageView(page, config)), from: { file: path.join(config.contentDir, page.relFile), relFile: page.relFile } });
  const home = pages.find((p) => p.source.route === '/')?.source.relFile ?? components.find((c) => c.route === '/')?.relFile;
  // landing.yaml describes the home page only when no page is the home page: both at once, one would be dropped unseen.
  if (home !== undefined && config.landingFile !== undefined) {
    throw new UserError(`${home} and landing.yaml both make the home page /`, {
      location: { file: config.landingFile },
      hint: `delete content/landing.yaml (the home page is ${home}), or give ${home} another route`,
    });
  }
  if (home === undefined) {
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
  views.push(fixed(notFoundView(config, last, NOT_FOUND_ROUTE), true));
  return views;
}

function componentPageView(page: RenderedComponentPage, config: ResolvedConfig): PageView {
  return {
    route: page.route,
    title: page.head.title ?? config.site.title,
    description: page.head.description,
    keywords: page.head.keywords ?? [],
    hasMermaid: false,
    pageScripts: [],
    body: { kind: 'component', html: page.html, titled: page.head.title !== undefined },
  };
}

/** The not-found page: where to start again in a version (the last, for the site's own). */
function notFoundView(config: ResolvedConfig, build: VersionBuild | undefined, route: string): PageView {
  return {
    route,
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
        const found = build?.nav.docRoutes.get(id);
        return found !== undefined ? [{ label, href: hrefOf(config.baseUrl, found) }] : [];
      }),
    },
  };
}

/** The REST change log: a docs page of its version, with the sidebar, breadcrumbs and a table of contents of its sections. */
function changesView(changes: ApiChanges, sidebarNav: DocsNavigation | undefined, config: ResolvedConfig): PageView {
  const nav = sidebarNav ?? NO_NAVIGATION;
  const base = config.baseUrl.replace(/\/$/, '');
  const index = nav.position.get(changes.route) ?? -1;
  const previous = index > 0 ? nav.order[index - 1] : undefined;
  const next = index >= 0 ? nav.order[index + 1] : undefined;
  const sections = [
    ...(['added', 'removed', 'changed'] as const).flatMap((change) => {
      const count = changes.changes.operations.filter((o) => o.change === change).length;
      return count > 0 ? [{ depth: 2, text: `Operations ${change} (${count})`, id: `operations-${change}`, children: [] }] : [];
    }),
    ...(['added', 'removed', 'changed'] as const).flatMap((change) => {
      const count = changes.changes.schemas.filter((o) => o.change === change).length;
      return count > 0 ? [{ depth: 2, text: `Schemas ${change} (${count})`, id: `schemas-${change}`, children: [] }] : [];
    }),
  ];
  return {
    route: changes.route,
    title: changes.title,
    description: changes.description,
    keywords: ['REST API', 'changelog', 'breaking changes'],
    hasMermaid: false,
    pageScripts: [],
    body: {
      kind: 'doc',
      html: changes.html,
      sidebarHtml: sidebarNav ? nav.renderer.listHtml(changes.route) : undefined,
      breadcrumbs: [...(nav.breadcrumbs.get(changes.route) ?? []).map((c) => ({ label: c.label, href: c.href !== undefined ? `${base}${c.href}` : undefined })), { label: changes.title, href: undefined }],
      toc: sections,
      previous: previous ? { label: previous.label, href: `${base}${previous.href}` } : undefined,
      next: next ? { label: next.label, href: `${base}${next.href}` } : undefined,
      date: undefined,
      authors: [],
    },
  };
}

export function outputPathOf(route: string): string {
  return route === NOT_FOUND_ROUTE ? '404.html' : outputFileOf(route);
}
