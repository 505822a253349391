import type { SidebarItem } from '../src/nav/sidebar.ts';
import { ExternalIcon } from './icons.tsx';

export function containsRoute(item: SidebarItem, route: string): boolean {
  if (item.type === 'link') return item.href === route;
  return item.href === route || item.items.some((child) => containsRoute(child, route));
}

export function firstHref(item: SidebarItem): string | undefined {
  if (item.type === 'link') return item.external ? undefined : item.href;
  return item.href ?? item.items.map(firstHref).find((h) => h !== undefined);
}

function classes(base: string, extra: string | undefined): string {
  return extra === undefined ? base : `${base} ${extra}`;
}

export interface SidebarEntryProps {
  item: SidebarItem;
  route: string;
  level: number;
  baseUrl: string;
  /** Large sidebars render categories away from the current page as a link to their first page. */
  compact: boolean;
}

/** One entry of the sidebar (a link, or a category with its items), as an <li>. */
export function SidebarEntry({ item, route, level, baseUrl, compact }: SidebarEntryProps) {
        const href = (path: string) => `${baseUrl.replace(/\/$/, '')}${path}`;
        if (item.type === 'link' && item.external) {
          return (
            <li className="sidebar-item">
              <a className="sidebar-link" href={item.href} target="_blank" rel="noopener noreferrer">
                {item.label}
                <ExternalIcon />
              </a>
            </li>
          );
        }
        if (item.type === 'link') {
          const active = item.href === route;
          return (
            <li className="sidebar-item">
              <a className={active ? 'sidebar-link active' : 'sidebar-link'} href={href(item.href)} aria-current={active ? 'page' : undefined}>
                {item.label}
              </a>
            </li>
          );
        }
        const open = containsRoute(item, route) || !item.collapsed || !item.collapsible;
        const active = item.href === route;
        const first = firstHref(item);
        if (compact && !open && first !== undefined) {
          return (
            <li className={classes('sidebar-item sidebar-category', item.className)}>
              <a className="sidebar-link sidebar-category-link" href={href(first)}>
                {item.label}
              </a>
            </li>
          );
        }
        const children = (
          <ul className={`sidebar-list sidebar-level-${level + 1}`}>
            {item.items.map((child, index) => (
              <SidebarEntry key={index} item={child} route={route} level={level + 1} baseUrl={baseUrl} compact={compact} />
            ))}
          </ul>
        );
        if (!item.collapsible) {
          // Not collapsible (Docusaurus `collapsible: false`): always open, with no toggle to close it.
          return (
            <li key={item.dir} className={classes('sidebar-item sidebar-category sidebar-category-fixed', item.className)}>
              {item.href !== undefined ? (
                <a className={active ? 'sidebar-link active' : 'sidebar-link'} href={href(item.href)} aria-current={active ? 'page' : undefined}>
                  {item.label}
                </a>
              ) : (
                <span className="sidebar-category-label sidebar-link">{item.label}</span>
              )}
              {children}
            </li>
          );
        }
        if (item.href !== undefined) {
          // A category with a page of its own: the link sits beside the toggle, not inside it (a link in a
          // <summary> is an interactive control inside another).
          return (
            <li key={item.dir} className={classes('sidebar-item sidebar-category sidebar-category-linked', item.className)}>
              <a className={active ? 'sidebar-link active' : 'sidebar-link'} href={href(item.href)} aria-current={active ? 'page' : undefined}>
                {item.label}
              </a>
              <details open={open ? true : undefined}>
                <summary className="sidebar-category-label sidebar-category-toggle" aria-label={`Toggle the category ${item.label}`} title={`Toggle the category ${item.label}`} />
                {children}
              </details>
            </li>
          );
        }
        return (
          <li key={item.dir} className={classes('sidebar-item sidebar-category', item.className)}>
            <details open={open ? true : undefined}>
              <summary className="sidebar-category-label">
                <span className="sidebar-link">{item.label}</span>
              </summary>
              {children}
            </details>
          </li>
        );
}

/** The sidebar frame; its list arrives pre-rendered (src/render/sidebarHtml.ts) because most of it is shared by every page. */
export function Sidebar({ listHtml, hideable }: { listHtml: string; hideable: boolean }) {
  return (
    <aside className="sidebar-container">
      <nav aria-label="Docs sidebar" className="sidebar">
        <ul className="sidebar-list sidebar-level-1" dangerouslySetInnerHTML={{ __html: listHtml }} />
      </nav>
      {hideable ? (
        <button type="button" className="sidebar-hide" data-sidebar-hide hidden aria-label="Collapse sidebar" title="Collapse sidebar">
          «
        </button>
      ) : null}
    </aside>
  );
}
