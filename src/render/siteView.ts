import { UserError, UserErrors } from '../errors.ts';
import { hrefOf } from '../emit/paths.ts';
import type { ResolvedConfig } from '../config/resolve.ts';
import type { NavbarItem, LinkItem } from '../config/schema.ts';
import { flattenSidebar, type SidebarItem } from '../nav/sidebar.ts';
import type { NavItemView, NavLinkView, SiteView } from './viewModel.ts';

export interface NavContext {
  /** Docs page id → route. */
  docRoutes: ReadonlyMap<string, string>;
  sidebars: ReadonlyMap<string, SidebarItem[]>;
  assets: SiteView['assets'];
}

/**
 * Resolves the navbar and footer against the content: errors name the
 * offending entry and its path in the configuration, as the spec requires.
 */
export function buildSiteView(config: ResolvedConfig, context: NavContext): SiteView {
  const { site } = config;
  const base = config.baseUrl.replace(/\/$/, '');
  // The docs' main page: the docs index when there is one, else the sidebar's first page.
  const mainDoc =
    context.docRoutes.get('index') ?? flattenSidebar(context.sidebars.get(site.docs.sidebarId) ?? [])[0]?.href ?? `${site.docs.versions[0]?.path ?? '/docs'}/`;
  const file = config.configFile ?? 'content/site.yaml';
  const errors: UserError[] = [];
  const link = (item: LinkItem): NavLinkView =>
    item.href !== undefined ? { label: item.label, href: item.href, external: true } : { label: item.label, href: `${base}${item.to ?? '/'}`, external: false };

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
        const route = context.docRoutes.get(item.docId);
        if (route === undefined) {
          errors.push(
            new UserError(`${where} (type "doc"): no docs page has the id "${item.docId}"`, {
              location: { file },
              hint: 'a doc id is the path under content/docs without ".md", e.g. "intro" or "security/overview"',
            }),
          );
          return undefined;
        }
        return { type: 'link', label: item.label ?? item.docId, href: `${base}${route}`, external: false };
      }
      case 'docSidebar': {
        const first = flattenSidebar(context.sidebars.get(item.sidebarId) ?? [])[0];
        if (!first) {
          errors.push(
            new UserError(`${where} (type "docSidebar", label "${item.label}"): sidebar "${item.sidebarId}" has nothing to link to`, {
              location: { file },
              hint: `use one of the sidebars that have pages: ${[...context.sidebars].filter(([, items]) => items.length > 0).map(([id]) => id).join(', ') || '(none: add pages under content/docs)'}`,
            }),
          );
          return undefined;
        }
        return { type: 'link', label: item.label, href: `${base}${first.href}`, external: false };
      }
      case 'docsVersion': {
        const version = site.docs.versions[0];
        return { type: 'link', label: item.label ?? version?.label ?? 'Docs', href: `${base}${item.to ?? mainDoc}`, external: false };
      }
      case 'docsVersionDropdown': {
        const known = site.docs.versions.map((v) => v.name);
        const unknown = item.versions.filter((v) => !known.includes(v));
        if (unknown.length > 0) {
          errors.push(
            new UserError(`${where} (type "docsVersionDropdown"): unknown docs version ${unknown.map((v) => `"${v}"`).join(', ')}`, {
              location: { file },
              hint: `declared versions (docs.versions): ${known.join(', ')}`,
            }),
          );
          return undefined;
        }
        const versions = site.docs.versions.filter((v) => item.versions.length === 0 || item.versions.includes(v.name));
        return {
          type: 'dropdown',
          label: versions[0]?.label ?? 'Versions',
          kind: 'versions',
          active: false,
          // One version is built today: each version's entry opens its main doc.
          items: versions.map((v) => ({ label: v.label, href: `${base}${mainDoc}`, external: false, value: v.name })),
        };
      }
      case 'localeDropdown':
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
      logo: site.footer.logo ? { ...site.footer.logo, src: assetHref(base, site.footer.logo.src) } : undefined,
      copyright: site.footer.copyright,
    },
    announcement: site.announcementBar,
    colorMode: site.colorMode,
    docs: {
      hideable: site.docs.hideable,
      autoCollapseCategories: site.docs.autoCollapseCategories,
      versions: site.docs.versions,
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

/** Marks the navbar links that lead to the current route (or a page below it). */
export function withActiveLinks(site: SiteView, route: string): SiteView {
  const full = hrefOf(site.baseUrl, route);
  const isActive = (href: string): boolean => href === full || (href.endsWith('/') && href.length > 1 && full.startsWith(href));
  const mark = (items: NavItemView[]): NavItemView[] =>
    items.map((item) => {
      if (item.type === 'link') return { ...item, active: !item.external && isActive(item.href) };
      if (item.type === 'dropdown') {
        const links = item.items.map((l) => ({ ...l, active: !l.external && isActive(l.href) }));
        return { ...item, items: links, active: links.some((l) => l.active) };
      }
      return item;
    });
  return { ...site, navbar: { ...site.navbar, left: mark(site.navbar.left), right: mark(site.navbar.right) } };
}
