import type { SidebarItem } from '../src/nav/sidebar.ts';

function containsRoute(item: SidebarItem, route: string): boolean {
  if (item.type === 'link') return item.href === route;
  return item.href === route || item.items.some((child) => containsRoute(child, route));
}

function Items({ items, route, level, baseUrl }: { items: SidebarItem[]; route: string; level: number; baseUrl: string }) {
  return (
    <ul className={`sidebar-list sidebar-level-${level}`}>
      {items.map((item) => {
        const href = (path: string) => `${baseUrl.replace(/\/$/, '')}${path}`;
        if (item.type === 'link') {
          const active = item.href === route;
          return (
            <li key={item.href} className="sidebar-item">
              <a className={active ? 'sidebar-link active' : 'sidebar-link'} href={href(item.href)} aria-current={active ? 'page' : undefined}>
                {item.label}
              </a>
            </li>
          );
        }
        const open = containsRoute(item, route) || !item.collapsed || !item.collapsible;
        const active = item.href === route;
        return (
          <li key={item.dir} className="sidebar-item sidebar-category">
            <details open={open ? true : undefined} data-collapsible={item.collapsible ? 'true' : 'false'}>
              <summary className="sidebar-category-label">
                {item.href !== undefined ? (
                  <a className={active ? 'sidebar-link active' : 'sidebar-link'} href={href(item.href)} aria-current={active ? 'page' : undefined}>
                    {item.label}
                  </a>
                ) : (
                  <span className="sidebar-link">{item.label}</span>
                )}
              </summary>
              <Items items={item.items} route={route} level={level + 1} baseUrl={baseUrl} />
            </details>
          </li>
        );
      })}
    </ul>
  );
}

export function Sidebar({ items, route, baseUrl, hideable }: { items: SidebarItem[]; route: string; baseUrl: string; hideable: boolean }) {
  return (
    <aside className="sidebar-container">
      <nav aria-label="Docs sidebar" className="sidebar">
        <Items items={items} route={route} level={1} baseUrl={baseUrl} />
      </nav>
      {hideable ? (
        <button type="button" className="sidebar-hide" data-sidebar-hide hidden aria-label="Collapse sidebar" title="Collapse sidebar">
          «
        </button>
      ) : null}
    </aside>
  );
}
