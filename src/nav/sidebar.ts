import { UserError, UserErrors } from '../errors.ts';
import { positionOf } from '../util/sourcePosition.ts';
import type { Category } from '../load/categories.ts';

/** A docs page as the sidebar sees it. */
export interface SidebarDoc {
  id: string;
  dir: string;
  route: string;
  label: string;
  position: number | undefined;
  /** Folder index pages (`x/index.md`) become their category's link. */
  isIndex: boolean;
}

export interface SidebarLink {
  type: 'link';
  label: string;
  href: string;
  /** An outside address from a sidebars file: shown, but never a step of the reading order. */
  external?: true;
}

export interface SidebarCategory {
  type: 'category';
  label: string;
  /** The folder under docs/. */
  dir: string;
  href: string | undefined;
  collapsed: boolean;
  collapsible: boolean;
  /** From the category file's className: classes of its sidebar entry. */
  className?: string;
  items: SidebarItem[];
}

export type SidebarItem = SidebarLink | SidebarCategory;

interface Sortable {
  position: number | undefined;
  name: string;
  item: SidebarItem;
}

function compare(a: Sortable, b: Sortable): number {
  const pa = a.position ?? Number.POSITIVE_INFINITY;
  const pb = b.position ?? Number.POSITIVE_INFINITY;
  if (pa !== pb) return pa < pb ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

function titleCase(name: string): string {
  return name.replace(/[-_]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

/**
 * Builds the sidebar from the folder tree: folders are categories (labelled
 * and ordered by `_category_` files), pages are links ordered by
 * `sidebar_position` then name. Pure and deterministic.
 */
export function buildSidebar(docs: readonly SidebarDoc[], categories: ReadonlyMap<string, Category>): SidebarItem[] {
  const errors: UserError[] = [];
  const children = new Map<string, Sortable[]>();
  const add = (dir: string, entry: Sortable): void => {
    const list = children.get(dir);
    if (list) list.push(entry);
    else children.set(dir, [entry]);
  };
  const indexOf = new Map<string, SidebarDoc>();
  for (const doc of docs) {
    if (doc.isIndex && doc.dir !== '') {
      indexOf.set(doc.dir, doc);
      continue;
    }
    add(doc.dir, {
      position: doc.position,
      name: doc.id,
      item: { type: 'link', label: doc.label, href: doc.route },
    });
  }
  // Every folder that holds a page (directly or below) is a category.
  const dirs = new Set<string>();
  for (const doc of docs) {
    const parts = doc.dir ? doc.dir.split('/') : [];
    for (let i = 1; i <= parts.length; i += 1) dirs.add(parts.slice(0, i).join('/'));
  }
  const categoryItems = new Map<string, SidebarCategory>();
  for (const dir of dirs) {
    const meta = categories.get(dir)?.meta;
    const index = indexOf.get(dir);
    const name = dir.slice(dir.lastIndexOf('/') + 1);
    let href = index?.route;
    if (meta?.link) {
      const linkId = meta.link.id;
      const linked = docs.find((d) => d.id === linkId);
      if (linked) href = linked.route;
      else errors.push(missingLink(categories.get(dir), linkId, docs));
    }
    const item: SidebarCategory = {
      type: 'category',
      label: meta?.label ?? index?.label ?? titleCase(name),
      dir,
      href,
      collapsed: meta?.collapsed ?? true,
      collapsible: meta?.collapsible ?? true,
      ...(meta?.className === undefined ? {} : { className: meta.className }),
      items: [],
    };
    categoryItems.set(dir, item);
    const parent = dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/')) : '';
    add(parent, { position: meta?.position ?? index?.position, name: dir, item });
  }
  for (const [dir, item] of categoryItems) {
    item.items = (children.get(dir) ?? []).sort(compare).map((entry) => entry.item);
  }
  if (errors.length > 0) throw new UserErrors(errors);
  const root = (children.get('') ?? []).sort(compare).map((entry) => entry.item);
  return root.flatMap((item) => collapseEmpty(item));
}

/** A category linked to a page that is not there: an error at the id in its file. */
function missingLink(category: Category | undefined, id: string, docs: readonly SidebarDoc[]): UserError {
  return new UserError(`link.id: no docs page has the id "${id}"`, {
    location: { file: category?.file ?? '', ...positionOf(category?.source ?? '', id) },
    hint: `link the category to one of its pages by id (its path under the docs folder without .md), e.g. ${docs.filter((doc) => doc.dir === category?.dir).map((doc) => doc.id).slice(0, 3).join(', ') || 'intro'}`,
  });
}

/** A category with no pages of its own but a link is shown as that link; an empty one is dropped. */
function collapseEmpty(item: SidebarItem): SidebarItem[] {
  if (item.type === 'link') return [item];
  item.items = item.items.flatMap((child) => collapseEmpty(child));
  if (item.items.length > 0) return [item];
  if (item.href !== undefined) return [{ type: 'link', label: item.label, href: item.href }];
  return [];
}

/** The reading order of the sidebar: every link of the site and category link, depth first. */
export function flattenSidebar(items: readonly SidebarItem[]): SidebarLink[] {
  const out: SidebarLink[] = [];
  for (const item of items) {
    if (item.type === 'link') {
      if (!item.external) out.push(item);
    } else {
      if (item.href !== undefined) out.push({ type: 'link', label: item.label, href: item.href });
      out.push(...flattenSidebar(item.items));
    }
  }
  return out;
}

/**
 * The breadcrumbs of every route (the categories leading to it, outermost
 * first) in one walk. Searching the sidebar for each page instead made
 * rendering 10,000 pages quadratic; that search stays in the tests, which
 * check this index against it.
 */
export function breadcrumbIndex(items: readonly SidebarItem[]): Map<string, SidebarCategory[]> {
  const index = new Map<string, SidebarCategory[]>();
  const claim = (route: string | undefined, trail: SidebarCategory[]): void => {
    if (route !== undefined && !index.has(route)) index.set(route, trail);
  };
  const walk = (level: readonly SidebarItem[], ancestors: SidebarCategory[]): void => {
    for (const item of level) {
      if (item.type !== 'category') continue;
      const trail = [...ancestors, item];
      // Which category a route falls under: its own page first, then pages in its sub-categories, then its direct pages.
      claim(item.href, trail);
      walk(item.items, trail);
      for (const child of item.items) if (child.type === 'link') claim(child.href, trail);
    }
  };
  walk(items, []);
  return index;
}
