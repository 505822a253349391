import type { SiteConfig } from '../config/schema.ts';
import type { LandingConfig } from '../config/landing.ts';
import type { TocEntry } from '../nav/toc.ts';

/** Everything the templates show, computed before rendering: templates fetch nothing. */
export interface NavLinkView {
  label: string;
  href: string;
  external: boolean;
  active?: boolean;
  /** What the link stands for in a versions or locales dropdown (the version's name), for the client to remember. */
  value?: string;
  /**
   * For links into the docs (docSidebar, docsVersion, doc items): where the link leads in each version,
   * by version name. A page picks its own version's; a page outside the docs, the last version's, and
   * the client the reader's preferred version's.
   */
  versionHrefs?: Record<string, string>;
  /** The label in each version, where it names the version (docsVersion items). */
  versionLabels?: Record<string, string>;
}

export type NavItemView =
  | ({ type: 'link' } & NavLinkView)
  | { type: 'dropdown'; label: string; items: NavLinkView[]; active: boolean; kind: 'links' | 'versions' | 'locales'; versionLabels?: Record<string, string> }
  | { type: 'search' }
  | { type: 'html'; value: string };

export interface SiteView {
  title: string;
  tagline: string;
  baseUrl: string;
  siteUrl: string;
  lang: string;
  dir: 'ltr' | 'rtl';
  navbar: {
    title: string;
    logo: { alt: string; src: string } | undefined;
    hideOnScroll: boolean;
    left: NavItemView[];
    right: NavItemView[];
  };
  footer: {
    style: 'dark' | 'light';
    columns: { title: string; items: NavLinkView[] }[];
    links: NavLinkView[];
    logo: { alt: string; src: string; href?: string | undefined } | undefined;
    copyright: string;
  };
  announcement: SiteConfig['announcementBar'];
  colorMode: SiteConfig['colorMode'];
  docs: {
    hideable: boolean;
    autoCollapseCategories: boolean;
    /** The versions built, current first, with the name of the last (the one at /docs). */
    versions: { name: string; label: string; routeBase: string }[];
    lastVersion: string;
    pluginId: string;
  };
  assets: { css: string[]; js: string[] };
}

export interface DocView {
  kind: 'doc';
  html: string;
  /** Names `html` by what it was made from (MarkdownResult.htmlKey): a page's reuse key hashes this, not the HTML. */
  htmlKey?: string | undefined;
  /** The content's title heading as HTML, when it starts with one: the page's `<h1>`. */
  titleHtml?: string | undefined;
  /** The sidebar's list, pre-rendered; undefined on pages without a sidebar. */
  sidebarHtml: string | undefined;
  breadcrumbs: { label: string; href: string | undefined }[];
  toc: TocEntry[];
  previous: { label: string; href: string } | undefined;
  next: { label: string; href: string } | undefined;
  date: string | undefined;
  authors: string[];
  /** Where the page's source can be edited (docs.editUrl), for an "Edit this page" link. */
  editUrl?: string | undefined;
}

/** Which docs version a page belongs to, on a site with several: for the dropdown, the badge and the banner. */
export interface PageVersionView {
  name: string;
  label: string;
  /** The same page in each version built (or, where it does not exist, that version's main doc), for the dropdown. */
  alternates: { name: string; label: string; href: string }[];
  /** Over pages of a version other than the last. */
  banner: { kind: 'unreleased' | 'unmaintained'; latest: { name: string; label: string; href: string } } | undefined;
}

export interface ContentPageView {
  kind: 'page';
  /** As DocView.htmlKey. */
  htmlKey?: string | undefined;
  html: string;
  titleHtml?: string | undefined;
  toc: TocEntry[];
}

export interface LandingView {
  kind: 'landing';
  landing: LandingConfig;
}

/** A page component of content/pages, rendered (src/pages): its markup goes inside the site's layout. */
export interface ComponentView {
  kind: 'component';
  html: string;
  /** Whether its `<Head>` gave a title; without one, the document is titled as the landing page is. */
  titled: boolean;
}

export interface NotFoundView {
  kind: 'notFound';
  /** Where to start again: only pages this site has (the introduction, the docs index), then the home page. */
  suggestions: { label: string; href: string }[];
}

export interface ApiReferenceView {
  kind: 'apiReference';
  /** Server-rendered reference body (menu and content). */
  html: string;
  /** As DocView.htmlKey: the reference's cache key. */
  htmlKey?: string | undefined;
}

export type BodyView = DocView | ContentPageView | LandingView | ComponentView | NotFoundView | ApiReferenceView;

export interface PageView {
  route: string;
  title: string;
  description: string | undefined;
  keywords: string[];
  hasMermaid: boolean;
  /** Extra scripts for this page only (the API reference islands). */
  pageScripts: string[];
  /** Docs pages (and each version's reference) of a site with several versions. */
  version?: PageVersionView | undefined;
  body: BodyView;
}
