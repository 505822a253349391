import type { DocsVersion } from '../config/versions.ts';
import type { Category } from '../load/categories.ts';
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
  sidebar: SidebarItem[];
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
  /** docs.sidebarCollapsible: false opens every category for good. */
  sidebarCollapsible?: boolean;
}): VersionBuild[] {
  return options.versions.map((version) => {
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
    const sidebar = options.sidebarCollapsible === false ? expanded(built) : built;
    const docRoutes = new Map(docs.map((p) => [p.source.id, p.source.route]));
    return {
      version,
      docs,
      reference,
      changes,
      sidebar,
      nav: { name: version.name, label: version.label, routeBase: version.routeBase, isLast: version.isLast, docRoutes, docTitles: new Map(docs.map((p) => [p.source.id, p.title])), sidebar, mainDoc: mainDocOf(docRoutes, sidebar, version.routeBase) },
    };
  });
}

/** Every category open and not collapsible (docs.sidebarCollapsible: false). */
function expanded(items: readonly SidebarItem[]): SidebarItem[] {
  return items.map((item) => (item.type === 'category' ? { ...item, collapsed: false, collapsible: false, items: expanded(item.items) } : item));
}
