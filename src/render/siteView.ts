import { UserError, UserErrors } from '../errors.ts';
import { hrefOf } from '../emit/paths.ts';
import type { ResolvedConfig } from '../config/resolve.ts';
import type { NavbarItem, LinkItem } from '../config/schema.ts';
import { flattenSidebar, type SidebarItem } from '../nav/sidebar.ts';
import type { NavItemView, NavLinkView, PageView, SiteView } from './viewModel.ts';

/** What the navbar needs of one docs version: its pages by id, its sidebar and its main page. */
export interface VersionNav {
  name: string;
  label: string;
  /** Where its pages are served: `/docs`, `/docs/next`, `/docs/4.3`. */
  routeBase: string;
  isLast: boolean;
  /** Docs page id → route. */
  docRoutes: ReadonlyMap<string, string>;
  /** Docs page id → its title (a `doc` navbar item without a label shows it). */
  docTitles?: ReadonlyMap<string, string>;
  /** Its main sidebar. */
  sidebar: SidebarItem[];
  /** All its sidebars by id (docSidebar items name one). */
  sidebars?: ReadonlyMap<string, SidebarItem[]>;
  /** Its main page: its docs index, else its sidebar's first page, else its route base. */
  mainDoc: string;
}

export interface NavContext {
  /** Every docs version built, current first. */
  versions: readonly VersionNav[];
  assets: SiteView['assets'];
}

/** A version's main page: the doc `index` when it has one, else the sidebar's first page, else its route base. */
export function mainDocOf(docRoutes: ReadonlyMap<string, string>, sidebar: readonly SidebarItem[], routeBase: string): string {
  return docRoutes.get('index') ?? flattenSidebar(sidebar)[0]?.href ?? `${routeBase}/`;
}

/**
 * Resolves the navbar and footer against the content: errors name the
 * offending entry and its path in the configuration, as the spec requires.
 */
export function buildSiteView(config: ResolvedConfig, context: NavContext): SiteView {
  const { site } = config;
  const base = config.baseUrl.replace(/\/$/, '');
  const last = context.versions.find((v) => v.isLast) ?? context.versions[0];
  const errors: UserError[] = [];
  const link = (item: LinkItem): NavLinkView =>
    item.href !== undefined ? { label: item.label, href: item.href, external: true } : { label: item.label, href: `${base}${item.to ?? '/'}`, external: false };
  /** A link into the docs, leading into each version as `target` says (undefined: the version has no such page). */
  const docsLink = (label: string, target: (version: VersionNav) => string | undefined): NavLinkView | undefined => {
    const hrefs: Record<string, string> = {};
    for (const version of context.versions) {
      const route = target(version);
      if (route !== undefined) hrefs[version.name] = `${base}${route}`;
    }
    const href = last ? hrefs[last.name] : undefined;
    if (href === undefined) return undefined;
    // Where a version lacks the page, its link falls back to the last version's.
    for (const version of context.versions) hrefs[version.name] ??= href;
    return { label, href, external: false, ...(context.versions.length > 1 ? { versionHrefs: hrefs } : {}) };
  };

  const resolveItem = (item: NavbarItem, index: number): NavItemView | undefined => {
    const where = `navbar.items[${index}]`;
    switch (item.type) {
      case 'default':
        return { type: 'link', ...link(item) };
      case 'dropdown':
        return { type: 'dropdown', label: item.label, items: item.items.map(link), active: false, kind: 'links' };
      case 'search':
        return { type: 'search' };
      case 'html':
        return { type: 'html', value: item.value };
      case 'doc': {
        const resolved = docsLink(item.label ?? last?.docTitles?.get(item.docId) ?? item.docId, (version) => version.docRoutes.get(item.docId));
        if (!resolved) {
          errors.push(
            new UserError(`${where} (type "doc"): no docs page has the id "${item.docId}"`, {
              location: config.locate(['navbar', 'items', index, 'docId']),
              hint: docIdHint(config),
            }),
          );
          return undefined;
        }
        return { type: 'link', ...resolved };
      }
      case 'docSidebar': {
        const sidebarOf = (version: VersionNav): SidebarItem[] | undefined => version.sidebars?.get(item.sidebarId) ?? (item.sidebarId === site.docs.sidebarId ? version.sidebar : undefined);
        // No label: the sidebar's first page's label, as Docusaurus does.
        const label = item.label ?? (last ? flattenSidebar(sidebarOf(last) ?? [])[0]?.label : undefined) ?? item.sidebarId;
        const resolved = docsLink(label, (version) => flattenSidebar(sidebarOf(version) ?? [])[0]?.href);
        if (!resolved) {
          errors.push(
            new UserError(`${where} (type "docSidebar", label "${label}"): sidebar "${item.sidebarId}" has nothing to link to`, {
              location: config.locate(['navbar', 'items', index, 'sidebarId']),
              hint: `use one of the sidebars that have pages: ${[...(last?.sidebars ?? new Map([[site.docs.sidebarId, last?.sidebar ?? []]]))].filter(([, items]) => flattenSidebar(items).length > 0).map(([id]) => id).join(', ') || '(none: add pages under content/docs)'}`,
            }),
          );
          return undefined;
        }
        return { type: 'link', ...resolved };
      }
      case 'docsVersion': {
        const resolved = docsLink(item.label ?? last?.label ?? 'Docs', (version) => item.to ?? version.mainDoc);
        if (!resolved) return undefined;
        const labels = Object.fromEntries(context.versions.map((v) => [v.name, item.label ?? v.label]));
        return { type: 'link', ...resolved, ...(context.versions.length > 1 ? { versionLabels: labels } : {}) };
      }
      case 'docsVersionDropdown': {
        const known = context.versions.map((v) => v.name);
        const declared = config.versions.map((v) => v.name);
        const unknown = item.versions.filter((v) => !declared.includes(v));
        if (unknown.length > 0) {
          errors.push(
            new UserError(`${where} (type "docsVersionDropdown"): unknown docs version ${unknown.map((v) => `"${v}"`).join(', ')}`, {
              location: config.locate(['navbar', 'items', index, 'versions', item.versions.indexOf(unknown[0] ?? '')]),
              hint: `docs versions: ${declared.join(', ')}`,
            }),
          );
          return undefined;
        }
        // Versions left out by docs.onlyIncludeVersions are not built: they are left out here too.
        // The versions named, in the order named (as Docusaurus lists them); all of them by default.
        const versions =
          item.versions.length === 0 ? [...context.versions] : item.versions.flatMap((name) => context.versions.filter((v) => v.name === name && known.includes(v.name)));
        return {
          type: 'dropdown',
          label: last?.label ?? 'Versions',
          kind: 'versions',
          active: false,
          // Each version's entry opens its main doc; a docs page points each at the same page in that version.
          items: versions.map((v) => ({ label: v.label, href: `${base}${v.mainDoc}`, external: false, value: v.name })),
          ...(context.versions.length > 1 ? { versionLabels: Object.fromEntries(context.versions.map((v) => [v.name, v.label])) } : {}),
        };
      }
      case 'localeDropdown':
        // One locale: nothing to choose between (several are refused when the configuration is read).
        if (site.locale.locales.length < 2) return undefined;
        return {
          type: 'dropdown',
          label: localeLabel(site.locale.default),
          kind: 'locales',
          active: false,
          items: site.locale.locales.map((locale) => ({ label: localeLabel(locale), href: `${base}/`, external: false, value: locale })),
        };
    }
  };

  const left: NavItemView[] = [];
  const right: NavItemView[] = [];
  site.navbar.items.forEach((item, index) => {
    const view = resolveItem(item, index);
    if (view) (item.position === 'left' ? left : right).push(view);
  });
  if (errors.length > 0) throw new UserErrors(errors);

  const footerLinks = site.footer.links;
  const isColumns = (list: typeof footerLinks): list is { title: string; items: LinkItem[] }[] =>
    list.length > 0 && typeof list[0] === 'object' && list[0] !== null && 'items' in list[0];
  return {
    title: site.title,
    tagline: site.tagline,
    baseUrl: config.baseUrl,
    siteUrl: site.url.replace(/\/$/, ''),
    lang: site.locale.default,
    dir: site.locale.direction,
    navbar: {
      title: site.navbar.title ?? site.title,
      logo: site.navbar.logo ? { alt: site.navbar.logo.alt, src: assetHref(base, site.navbar.logo.src) } : undefined,
      hideOnScroll: site.navbar.hideOnScroll,
      left,
      right,
    },
    footer: {
      style: site.footer.style,
      columns: isColumns(footerLinks) ? footerLinks.map((c) => ({ title: c.title, items: c.items.map(link) })) : [],
      links: isColumns(footerLinks) ? [] : (footerLinks as LinkItem[]).map(link),
      logo: site.footer.logo
        ? { ...site.footer.logo, src: assetHref(base, site.footer.logo.src), href: site.footer.logo.href?.startsWith('/') ? `${base}${site.footer.logo.href}` : site.footer.logo.href }
        : undefined,
      copyright: site.footer.copyright,
    },
    announcement: site.announcementBar,
    colorMode: site.colorMode,
    docs: {
      hideable: site.docs.hideable,
      autoCollapseCategories: site.docs.autoCollapseCategories,
      versions: context.versions.map((v) => ({ name: v.name, label: v.label, routeBase: hrefOf(config.baseUrl, v.routeBase) })),
      lastVersion: last?.name ?? 'current',
      pluginId: 'default',
    },
    assets: context.assets,
  };
}

/** A locale as its readers name it ("English", "Français"), as Docusaurus labels its locale dropdown. */
function localeLabel(locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale);
    return name ? name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) : locale;
  } catch {
    return locale;
  }
}

function assetHref(base: string, src: string): string {
  return /^[a-z]+:|^\/\//i.test(src) ? src : `${base}/${src.replace(/^\//, '')}`;
}

/**
 * The navbar as one page shows it: links into the docs lead into the page's
 * own version (the last version's on pages outside the docs, where the
 * client then applies the reader's preferred version, from the per-version
 * targets left on the links); the version dropdown names the page's version
 * and leads to the same page in each other one.
 */
export function forPageVersion(site: SiteView, page: PageView): SiteView {
  const version = page.version?.name ?? site.docs.lastVersion;
  const inDocs = page.version !== undefined;
  const alternates = new Map(page.version?.alternates.map((a) => [a.name, a.href]));
  const adapt = (link: NavLinkView): NavLinkView => {
    if (!link.versionHrefs) return link;
    const { versionHrefs, versionLabels, ...rest } = link;
    return {
      ...rest,
      href: versionHrefs[version] ?? link.href,
      label: versionLabels?.[version] ?? link.label,
      ...(inDocs ? {} : { versionHrefs, ...(versionLabels ? { versionLabels } : {}) }),
    };
  };
  const map = (items: NavItemView[]): NavItemView[] =>
    items.map((item) => {
      if (item.type === 'link') return { type: 'link', ...adapt(item) };
      if (item.type === 'dropdown' && item.kind === 'versions') {
        const { versionLabels, ...rest } = item;
        return {
          ...rest,
          label: versionLabels?.[version] ?? item.label,
          items: item.items.map((l) => ({ ...l, href: (l.value !== undefined ? alternates.get(l.value) : undefined) ?? l.href, active: inDocs && l.value === version })),
        };
      }
      return item;
    });
  return { ...site, navbar: { ...site.navbar, left: map(site.navbar.left), right: map(site.navbar.right) } };
}

/** The site without its navbar's search button: for a build without the search index, where it could only fail. */
export function withoutSearch(site: SiteView): SiteView {
  const keep = (items: NavItemView[]): NavItemView[] => items.filter((item) => item.type !== 'search');
  return { ...site, navbar: { ...site.navbar, left: keep(site.navbar.left), right: keep(site.navbar.right) } };
}

/** Marks the navbar links that lead to the current route (or a page below it). */
export function withActiveLinks(site: SiteView, route: string): SiteView {
  const full = hrefOf(site.baseUrl, route);
  const isActive = (href: string): boolean => href === full || (href.endsWith('/') && href.length > 1 && full.startsWith(href));
  const mark = (items: NavItemView[]): NavItemView[] =>
    items.map((item) => {
      if (item.type === 'link') return { ...item, active: !item.external && isActive(item.href) };
      // The versions dropdown's entry is the page's version (forPageVersion), not the one whose link is a
      // prefix of the route: the last version's main doc, /docs/, would be one for every version.
      if (item.type === 'dropdown' && item.kind === 'versions') return { ...item, active: item.items.some((l) => l.active === true) };
      if (item.type === 'dropdown') {
        const links = item.items.map((l) => ({ ...l, active: !l.external && isActive(l.href) }));
        return { ...item, items: links, active: links.some((l) => l.active) };
      }
      return item;
    });
  return { ...site, navbar: { ...site.navbar, left: mark(site.navbar.left), right: mark(site.navbar.right) } };
}

/** Where a navbar doc item's id is looked up: the docs of the version served at /docs. */
function docIdHint(config: ResolvedConfig): string {
  const last = config.versions.find((version) => version.isLast);
  const folder = `content/${last?.docsDir ?? 'docs'}`;
  const which = config.versions.length > 1 && last ? `the page must exist in the version served at /docs (${last.label}); ` : '';
  return `${which}a doc id is the path under ${folder} without ".md", e.g. "intro" or "security/overview"`;
}
