import { describe, expect, it } from 'vitest';
import { UserErrors } from '../../../src/errors.ts';
import { categorySchema, type Category } from '../../../src/load/categories.ts';
import { breadcrumbIndex, buildSidebar, flattenSidebar, type SidebarCategory, type SidebarDoc, type SidebarItem } from '../../../src/nav/sidebar.ts';
import { buildToc } from '../../../src/nav/toc.ts';

const doc = (id: string, label: string, position?: number): SidebarDoc => {
  const dir = id.includes('/') ? id.slice(0, id.lastIndexOf('/')) : '';
  const isIndex = id.endsWith('/index');
  return { id, dir, route: isIndex ? `/docs/${dir}/` : `/docs/${id}`, label, position, isIndex };
};
const category = (dir: string, meta: Record<string, unknown>): [string, Category] => [dir, { dir, meta: categorySchema.parse(meta), file: undefined }];

/** The categories leading to a route, outermost first, found by searching the sidebar: what breadcrumbIndex must give for every route. */
function breadcrumbsOf(items: readonly SidebarItem[], route: string): SidebarCategory[] {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.href === route) return [item];
    const inner = breadcrumbsOf(item.items, route);
    if (inner.length > 0 || item.items.some((child) => child.type === 'link' && child.href === route)) return [item, ...inner];
  }
  return [];
}

describe('sidebar', () => {
  const docs = [
    doc('zeta', 'Zeta'),
    doc('intro', 'Intro', 1),
    doc('security/overview', 'Security overview', 1),
    doc('security/impl/ldap', 'LDAP', 2),
    doc('security/impl/apache', 'Apache', 1),
    doc('protocols/nats/index', 'NATS'),
    doc('protocols/amqp', 'AMQP', 1),
  ];
  const categories = new Map([
    category('security', { label: 'Security', position: 2 }),
    category('security/impl', { label: 'Identity providers', position: 5 }),
    category('protocols', { label: 'Protocols', position: 3 }),
  ]);
  const sidebar = buildSidebar(docs, categories);

  it('orders by position, then by name, with unpositioned items last', () => {
    expect(sidebar.map((item) => item.label)).toEqual(['Intro', 'Security', 'Protocols', 'Zeta']);
  });

  it('nests folders as categories labelled by their _category_ file', () => {
    const security = sidebar[1];
    expect(security).toMatchObject({ type: 'category', label: 'Security', collapsed: true });
    expect(security?.type === 'category' && security.items.map((i) => i.label)).toEqual(['Security overview', 'Identity providers']);
  });

  it('turns a folder holding only an index page into a link', () => {
    const protocols = sidebar[2];
    expect(protocols?.type === 'category' && protocols.items).toEqual([
      { type: 'link', label: 'AMQP', href: '/docs/protocols/amqp' },
      { type: 'link', label: 'NATS', href: '/docs/protocols/nats/' },
    ]);
  });

  it('gives the reading order for previous/next and the breadcrumbs of a page', () => {
    expect(flattenSidebar(sidebar).map((l) => l.href)).toEqual([
      '/docs/intro',
      '/docs/security/overview',
      '/docs/security/impl/apache',
      '/docs/security/impl/ldap',
      '/docs/protocols/amqp',
      '/docs/protocols/nats/',
      '/docs/zeta',
    ]);
    expect(breadcrumbsOf(sidebar, '/docs/security/impl/ldap').map((c) => c.label)).toEqual(['Security', 'Identity providers']);
  });

  it('indexes the breadcrumbs of every route in one walk, as breadcrumbsOf finds them one by one', () => {
    const index = breadcrumbIndex(sidebar);
    const routes = new Set<string>();
    const collect = (items: readonly SidebarItem[]): void => {
      for (const item of items) {
        if (item.href !== undefined) routes.add(item.href);
        if (item.type === 'category') collect(item.items);
      }
    };
    collect(sidebar);
    expect(routes.size).toBeGreaterThan(5);
    for (const route of routes) expect(index.get(route) ?? [], route).toEqual(breadcrumbsOf(sidebar, route));
  });

  it('is deterministic whatever the input order', () => {
    expect(buildSidebar([...docs].reverse(), categories)).toEqual(sidebar);
  });
});

describe('table of contents', () => {
  const headings = [
    { depth: 2, text: 'A', id: 'a', line: 1 },
    { depth: 3, text: 'A.1', id: 'a1', line: 2 },
    { depth: 4, text: 'A.1.x', id: 'a1x', line: 3 },
    { depth: 2, text: 'B', id: 'b', line: 4 },
  ];

  it('nests levels 2 to 3 by default', () => {
    expect(buildToc(headings, 2, 3)).toEqual([
      { id: 'a', text: 'A', depth: 2, children: [{ id: 'a1', text: 'A.1', depth: 3, children: [] }] },
      { id: 'b', text: 'B', depth: 2, children: [] },
    ]);
  });

  it('follows a per-page override', () => {
    expect(buildToc(headings, 2, 2).map((e) => e.id)).toEqual(['a', 'b']);
    expect(buildToc(headings, 3, 4)).toEqual([{ id: 'a1', text: 'A.1', depth: 3, children: [{ id: 'a1x', text: 'A.1.x', depth: 4, children: [] }] }]);
  });
});

describe('category files', () => {
  const docs = [doc('guide/start', 'Start', 1), doc('guide/more', 'More', 2)];

  it('link the category to the page named by link.id, and give its entry the className', () => {
    const [guide] = buildSidebar(docs, new Map([category('guide', { label: 'Guide', className: 'sidebar-highlight', link: { type: 'doc', id: 'guide/more' } })]));
    expect(guide).toMatchObject({ type: 'category', href: '/docs/guide/more', className: 'sidebar-highlight' });
  });

  it('refuse a link.id that names no page, at the id in the file', () => {
    const source = '{\n  "label": "Guide",\n  "link": { "type": "doc", "id": "guide/nope" }\n}\n';
    const categories = new Map([['guide', { dir: 'guide', meta: categorySchema.parse(JSON.parse(source)), file: '/site/content/docs/guide/_category_.json', source } satisfies Category]]);
    expect(() => buildSidebar(docs, categories)).toThrow(UserErrors);
    try {
      buildSidebar(docs, categories);
    } catch (error) {
      const [first] = (error as UserErrors).errors;
      expect(first?.message).toBe('link.id: no docs page has the id "guide/nope"');
      expect(first?.location).toEqual({ file: '/site/content/docs/guide/_category_.json', line: 3, column: 35 });
      expect(first?.hint).toMatch(/guide\/start, guide\/more/);
    }
  });

  it.each([
    [{ label: 'Guide', colour: 'red' }, /Unrecognized key/],
    [{ link: { type: 'generated-index', title: 'All' } }, /generated-index pages are not built/],
    [{ className: 'a"><script>' }, /must be CSS class names/],
  ])('refuse %j rather than ignore it', (meta, message) => {
    expect(() => categorySchema.parse(meta)).toThrow(message);
  });
});
