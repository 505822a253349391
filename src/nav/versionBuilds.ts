import path from 'node:path';
import type { ResolvedConfig } from '../config/resolve.ts';
import type { DocsVersion } from '../config/versions.ts';
import { UserError, UserErrors, type SourceLocation } from '../errors.ts';
import type { Category } from '../load/categories.ts';
import { frontMatterKeyAt } from '../load/frontMatter.ts';
import type { ParsedPage } from '../markdown/parsePages.ts';
import type { ApiChanges } from '../openapi/changes.ts';
import type { Reference } from '../openapi/reference.ts';
import { mainDocOf, type VersionNav } from '../render/siteView.ts';
import { buildDocsSidebar } from './docsNavigation.ts';
import type { SidebarItem } from './sidebar.ts';

/** One docs version as the later stages see it: its pages, reference, change log and navigation. */
export interface VersionBuild {
  version: DocsVersion;
  /** Its parsed docs pages. */
  docs: ParsedPage[];
  reference: Reference | undefined;
  /** What changed in its REST API since the previous version with a description. */
  changes: ApiChanges | undefined;
  /** Its sidebars by id (one, generated, without a sidebars file). */
  sidebars: Map<string, SidebarItem[]>;
  /** The main one: docs.sidebarId's, else the first. */
  sidebar: SidebarItem[];
  /** The sidebar each docs page shows (by route): its `displayed_sidebar`, else the first that lists it; none for the others. */
  sidebarOfRoute: Map<string, string>;
  nav: VersionNav;
}

/** The sidebar entries of a version's API pages: its reference, then its change log. */
export function apiPagesOf(referenceRoute: string | undefined, changesRoute: string | undefined): { route: string; label: string; position: number }[] {
  return [
    ...(referenceRoute !== undefined ? [{ route: referenceRoute, label: 'API reference', position: 100 }] : []),
    ...(changesRoute !== undefined ? [{ route: changesRoute, label: 'REST API changes', position: 101 }] : []),
  ];
}

/** Every version's navigation, from its parsed pages, categories, reference and change log. */
export function versionBuildsOf(options: {
  versions: readonly DocsVersion[];
  parsed: readonly ParsedPage[];
  categories: ReadonlyMap<string, ReadonlyMap<string, Category>>;
  references: ReadonlyMap<string, Reference>;
  changes: ReadonlyMap<string, ApiChanges>;
  /** Sidebar entries of API pages not built (yet): dev's page rendered alone still lists the reference. */
  apiRoutes?: ReadonlyMap<string, string>;
  sidebarId: string;
  /** Where site.yaml sets docs.sidebarId, when it does: then a sidebars file must define that sidebar. */
  sidebarIdSetAt?: SourceLocation | undefined;
  /** docs.sidebarCollapsible: false opens every category for good. */
  sidebarCollapsible?: boolean;
}): VersionBuild[] {
  const errors: UserError[] = [];
  const builds = options.versions.map((version): VersionBuild => {
    const docs = options.parsed.filter((p) => p.source.kind === 'doc' && p.source.version === version.name);
    const reference = options.references.get(version.name);
    const changes = options.changes.get(version.name);
    const apiPages = apiPagesOf(reference?.route ?? options.apiRoutes?.get(version.name), changes?.route);
    const built = buildDocsSidebar({
      parsed: docs,
      categories: options.categories.get(version.name) ?? new Map(),
      routeBase: version.routeBase,
      apiPages,
      sidebarsFile: version.sidebarsFile,
      sidebarId: options.sidebarId,
    });
    const sidebars = new Map([...built].map(([id, items]) => [id, options.sidebarCollapsible === false ? expanded(items) : items] as const));
    if (version.sidebarsFile !== undefined && options.sidebarIdSetAt !== undefined && sidebars.size > 0 && !sidebars.has(options.sidebarId)) {
      errors.push(
        new UserError(`docs.sidebarId: ${path.basename(version.sidebarsFile)} has no sidebar "${options.sidebarId}"`, {
          location: options.sidebarIdSetAt,
          hint: `name one of its sidebars (${[...sidebars.keys()].join(', ')}), or remove docs.sidebarId to make the first one the main sidebar`,
        }),
      );
    }
    const sidebar = sidebars.get(options.sidebarId) ?? [...sidebars.values()][0] ?? [];
    const sidebarOfRoute = new Map<string, string>();
    for (const [id, items] of sidebars) for (const route of routesIn(items)) if (!sidebarOfRoute.has(route)) sidebarOfRoute.set(route, id);
    for (const page of docs) {
      const chosen = page.source.frontMatter.displayed_sidebar;
      if (chosen === null) sidebarOfRoute.delete(page.source.route);
      else if (chosen !== undefined) {
        if (!sidebars.has(chosen)) {
          errors.push(
            new UserError(`displayed_sidebar: no sidebar "${chosen}"`, {
              location: { file: page.source.file, ...frontMatterKeyAt(page.source.file, 'displayed_sidebar') },
              hint: sidebars.size > 0 ? `sidebars of this version: ${[...sidebars.keys()].join(', ')}` : 'this version declares no sidebar: remove displayed_sidebar, or declare the sidebar in its sidebars file',
            }),
          );
        } else sidebarOfRoute.set(page.source.route, chosen);
      }
    }
    const docRoutes = new Map(docs.map((p) => [p.source.id, p.source.route]));
    return {
      version,
      docs,
      reference,
      changes,
      sidebars,
      sidebar,
      sidebarOfRoute,
      nav: { name: version.name, label: version.label, routeBase: version.routeBase, isLast: version.isLast, docRoutes, docTitles: new Map(docs.map((p) => [p.source.id, p.title])), sidebar, sidebars, mainDoc: mainDocOf(docRoutes, sidebar, version.routeBase) },
    };
  });
  if (errors.length > 0) throw new UserErrors(errors);
  return builds;
}

/** Every route a sidebar leads to, its categories' pages included. */
function routesIn(items: readonly SidebarItem[]): string[] {
  return items.flatMap((item) => (item.type === 'link' ? [item.href] : [...(item.href !== undefined ? [item.href] : []), ...routesIn(item.items)]));
}


/** Every category open and not collapsible (docs.sidebarCollapsible: false). */
function expanded(items: readonly SidebarItem[]): SidebarItem[] {
  return items.map((item) => (item.type === 'category' ? { ...item, collapsed: false, collapsible: false, items: expanded(item.items) } : item));
}

/** Where site.yaml sets docs.sidebarId, or undefined when it is left to its default. */
export function sidebarIdSetAt(config: Pick<ResolvedConfig, 'locate' | 'isSet'>): SourceLocation | undefined {
  return config.isSet(['docs', 'sidebarId']) ? config.locate(['docs', 'sidebarId']) : undefined;
}
