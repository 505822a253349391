import { isDeepStrictEqual } from 'node:util';
import type { LoadedContent } from '../load/pages.ts';
import type { ParsedPage } from '../markdown/parsePages.ts';
import type { RenderMemo } from '../render/memo.ts';
import type { Renderers } from '../render/renderers.ts';
import type { SidebarRenderer } from '../render/sidebarHtml.ts';
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

/** The docs sidebar, with the API reference as a page of the folder that holds its route. */
export function buildDocsSidebar(parsed: readonly ParsedPage[], content: LoadedContent, referenceRoute: string | undefined): SidebarItem[] {
  const docs = sidebarDocs(parsed);
  if (referenceRoute !== undefined) {
    const route = referenceRoute;
    const inner = route.replace(/^\/docs\//, '');
    const dir = inner.includes('/') ? inner.slice(0, inner.lastIndexOf('/')) : '';
    docs.push({ id: inner, dir, route, label: 'API reference', position: 100, isIndex: false });
  }
  return buildSidebar(docs, content.categories);
}

/** Shared by every docs page of a build: the sidebar, its reading order and its pre-rendered parts. */
export interface DocsNavigation {
  sidebar: SidebarItem[];
  order: SidebarLink[];
  position: Map<string, number>;
  renderer: SidebarRenderer;
  breadcrumbs: Map<string, SidebarCategory[]>;
}

export function docsNavigation(sidebar: SidebarItem[], baseUrl: string, renderers: Renderers, renderersKey: string, memo: RenderMemo | undefined): DocsNavigation {
  const order = flattenSidebar(sidebar);
  // In dev, an unchanged sidebar keeps its renderer, whose pages' sidebars are already rendered.
  const previous = memo?.sidebar;
  const renderer =
    previous && previous.baseUrl === baseUrl && previous.renderersKey === renderersKey && isDeepStrictEqual(previous.items, sidebar)
      ? previous.renderer
      : renderers.createSidebarRenderer(sidebar, baseUrl);
  if (memo) memo.sidebar = { items: sidebar, baseUrl, renderersKey, renderer };
  const position = new Map<string, number>();
  order.forEach((link, i) => {
    if (!position.has(link.href)) position.set(link.href, i);
  });
  return { sidebar, order, position, renderer, breadcrumbs: breadcrumbIndex(sidebar) };
}
