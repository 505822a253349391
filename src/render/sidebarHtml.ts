import { createHash } from 'node:crypto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SidebarEntry } from '../../templates/Sidebar.tsx';
import { flattenSidebar, type SidebarItem } from '../nav/sidebar.ts';

/** Above this many links, categories away from the current page collapse to a link, keeping pages small. */
export const COMPACT_SIDEBAR_LINKS = 400;

export interface SidebarRenderer {
  /** The sidebar's list items for a page: only the branch holding the page differs between pages. */
  listHtml(route: string): string;
  /**
   * What `listHtml(route)` is made from, as a string that differs whenever it would (the sidebar, the
   * base URL, the route): a build tells a page unchanged since the last one without rendering its sidebar.
   */
  keyOf(route: string): string;
}

/**
 * Renders each top-level entry once in its "not here" state and reuses it on
 * every page, re-rendering only the entry that holds the current route. With
 * 105 pages this halves render time; with 10,000 it is what makes it linear.
 */
export function createSidebarRenderer(items: readonly SidebarItem[], baseUrl: string): SidebarRenderer {
  const compact = flattenSidebar(items).length > COMPACT_SIDEBAR_LINKS;
  // Which top-level entries hold each route, found once: asking each entry on every page was quadratic.
  const holders = new Map<string, Set<number>>();
  const collect = (item: SidebarItem, index: number): void => {
    const add = (route: string | undefined): void => {
      if (route === undefined) return;
      const set = holders.get(route) ?? new Set<number>();
      set.add(index);
      holders.set(route, set);
    };
    add(item.href);
    if (item.type === 'category') for (const child of item.items) collect(child, index);
  };
  items.forEach((item, index) => collect(item, index));
  const idle = new Map<number, string>();
  // Kept by dev while the sidebar is unchanged, so a page's sidebar is rendered once per session.
  const byRoute = new Map<string, string>();
  const render = (item: SidebarItem, route: string): string =>
    renderToStaticMarkup(createElement(SidebarEntry, { item, route, level: 1, baseUrl, compact }));
  let identity: string | undefined;
  return {
    keyOf(route) {
      identity ??= createHash('sha1').update(JSON.stringify({ items, baseUrl, compact })).digest('base64url');
      return `sidebar ${identity} ${route}`;
    },
    listHtml(route) {
      const known = byRoute.get(route);
      if (known !== undefined) return known;
      const html = items
        .map((item, index) => {
          if (holders.get(route)?.has(index)) return render(item, route);
          let html = idle.get(index);
          if (html === undefined) {
            html = render(item, '');
            idle.set(index, html);
          }
          return html;
        })
        .join('');
      // Beyond the compact threshold, a one-off build of a huge site must not hold every page's sidebar.
      if (!compact) byRoute.set(route, html);
      return html;
    },
  };
}
