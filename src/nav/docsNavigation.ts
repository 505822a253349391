import { isDeepStrictEqual } from 'node:util';
import type { Category } from '../load/categories.ts';
import type { ParsedPage } from '../markdown/parsePages.ts';
import type { RenderMemo } from '../render/memo.ts';
import type { Renderers } from '../render/renderers.ts';
import type { SidebarRenderer } from '../render/sidebarHtml.ts';
import { readSidebarsFile, sidebarsFromFile } from './sidebarsFile.ts';
import { breadcrumbIndex, buildSidebar, flattenSidebar, type SidebarCategory, type SidebarDoc, type SidebarItem, type SidebarLink } from './sidebar.ts';

function sidebarDocs(parsed: readonly ParsedPage[]): SidebarDoc[] {
  return parsed
    .filter((p) => p.source.kind === 'doc' && p.source.frontMatter.displayed_sidebar !== null)
    .map((p) => ({
      id: p.source.id,
      dir: p.source.dir,
      route: p.source.route,
      label: p.source.frontMatter.sidebar_label ?? p.title,
      position: p.source.frontMatter.sidebar_position,
      isIndex: p.source.id === 'index' ? false : p.source.id.endsWith('/index') || p.source.id === 'index',
    }));
}

/**
 * A version's docs sidebars, by id: those of its sidebars file when it has
 * one, else one generated from its folders. The API reference (and the REST change log) are pages of the
 * folder that holds their route.
 */
export function buildDocsSidebar(options: {
  parsed: readonly ParsedPage[];
  categories: ReadonlyMap<string, Category>;
  /** Where the version's docs are served: `/docs`, `/docs/4.3`. */
  routeBase: string;
  apiPages: readonly { route: string; label: string; position: number }[];
  sidebarsFile?: string | undefined;
  sidebarId: string;
}): Map<string, SidebarItem[]> {
  const docs = sidebarDocs(options.parsed);
  for (const page of options.apiPages) {
    const inner = page.route.startsWith(`${options.routeBase}/`) ? page.route.slice(options.routeBase.length + 1) : page.route.replace(/^\//, '');
    const dir = inner.includes('/') ? inner.slice(0, inner.lastIndexOf('/')) : '';
    docs.push({ id: inner, dir, route: page.route, label: page.label, position: page.position, isIndex: false });
  }
  if (options.sidebarsFile) return sidebarsFromFile({ sidebars: readSidebarsFile(options.sidebarsFile), docs, categories: options.categories });
  // No sidebars file: one sidebar, generated from the folders, under the configured id.
  return new Map([[options.sidebarId, buildSidebar(docs, options.categories)]]);
}

/** Shared by every docs page of a build: the sidebar, its reading order and its pre-rendered parts. */
export interface DocsNavigation {
  sidebar: SidebarItem[];
  order: SidebarLink[];
  position: Map<string, number>;
  renderer: SidebarRenderer;
  breadcrumbs: Map<string, SidebarCategory[]>;
}

export function docsNavigation(options: { version: string; sidebar: SidebarItem[]; baseUrl: string; renderers: Renderers; renderersKey: string; memo: RenderMemo | undefined }): DocsNavigation {
  const { version, sidebar, baseUrl, renderers, renderersKey, memo } = options;
  const order = flattenSidebar(sidebar);
  // In dev, an unchanged sidebar keeps its renderer, whose pages' sidebars are already rendered.
  const previous = memo?.sidebars.get(version);
  const renderer =
    previous && previous.baseUrl === baseUrl && previous.renderersKey === renderersKey && isDeepStrictEqual(previous.items, sidebar)
      ? previous.renderer
      : renderers.createSidebarRenderer(sidebar, baseUrl);
  if (memo) memo.sidebars.set(version, { items: sidebar, baseUrl, renderersKey, renderer });
  const position = new Map<string, number>();
  order.forEach((link, i) => {
    if (!position.has(link.href)) position.set(link.href, i);
  });
  return { sidebar, order, position, renderer, breadcrumbs: breadcrumbIndex(sidebar) };
}
