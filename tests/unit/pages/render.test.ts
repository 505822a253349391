import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteConfigSchema } from '../../../src/config/schema.ts';
import { formatUserError, userErrorsOf } from '../../../src/errors.ts';
import type { PageSite } from '../../../src/pages/api.ts';
import { compilePages, type CompiledPages } from '../../../src/pages/compile.ts';
import { formatComponentStack, renderComponentPage } from '../../../src/pages/render.ts';
import { tempProject } from '../../helpers/tempSite.ts';

const FILES: Record<string, string> = {
  'content/pages/hello.tsx': [
    "import { Head, useBaseUrl, usePage, type PageProps } from 'mapsdocs/page';",
    'function Crumb() { const { route } = usePage(); return <span>{route}</span>; }',
    'export default function Hello({ site }: PageProps) {',
    '  return (<>',
    '    <Head title="First" description="Said once" />',
    '    <Head title="Hello" keywords={["a", "b"]} />',
    '    <h1>{site.title}</h1><Crumb /><a href={useBaseUrl("/docs/intro")}>intro</a> <a href={useBaseUrl("https://example.com/")}>out</a>',
    '    <ul>{site.sidebar.map((item) => <li key={item.label}>{item.label}</li>)}</ul>',
    '  </>);',
    '}',
  ].join('\n'),
  'content/pages/none.tsx': 'export function NotTheDefault() { return <p>x</p>; }',
  'content/pages/badlinks.tsx': [
    "import { useBaseUrl } from 'mapsdocs/page';",
    'export function Link({ to }: { to: string }) { return <a href={useBaseUrl(to)}>{to}</a>; }',
    'export default function Links() { return <nav><Link to={(globalThis as { to?: string }).to ?? "/"} /></nav>; }',
  ].join('\n'),
  'content/pages/boom.tsx': [
    "function Boom(): never { throw new Error('kaboom'); }",
    'function Card({ children }: { children: React.ReactNode }) { return <section>{children}</section>; }',
    'export default function BoomPage() { return <main><Card><Boom /></Card></main>; }',
  ].join('\n'),
  'content/pages/loadfail.tsx': "const size = (globalThis as { window?: { innerWidth: number } }).window!.innerWidth;\nexport default function L() { return <p>{size}</p>; }",
  'content/pages/memo.tsx': "import { memo } from 'react';\nexport default memo(function Memo() { return <p>memo</p>; });",
  'content/pages/islands.tsx': [
    "import Counter from './_c.tsx';",
    "import Noisy from './_noisy.tsx';",
    'export default function I() { return <><Counter start={1} /><Counter start={2}><b>child</b></Counter></>; }',
    'export function Bad() { return <Noisy onClick={() => undefined} />; }',
  ].join('\n'),
  'content/pages/badisland.tsx': "import Noisy from './_noisy.tsx';\nexport default function B() { return <div><Noisy onClick={() => undefined} /></div>; }",
  'content/pages/_c.tsx': "'use client';\nimport type { ReactNode } from 'react';\nexport default function Counter({ start, children }: { start: number; children?: ReactNode }) { return <button>{start}{children}</button>; }",
  'content/pages/_noisy.tsx': "'use client';\nexport default function Noisy(_: { onClick: () => void }) { return <button>noisy</button>; }",
  'content/pages/nodefaultisland.tsx': "import Named from './_named.tsx';\nexport default function N() { return <Named />; }",
  'content/pages/nested.tsx': "import Wrap from './_wrap.tsx';\nexport default function Nested() { return <Wrap />; }",
  'content/pages/_wrap.tsx': "'use client';\nimport Counter from './_c.tsx';\nexport default function Wrap() { return <div><Counter start={3} /></div>; }",
  'content/pages/_named.tsx': "'use client';\nexport function Named() { return <p>named</p>; }\nexport default undefined;",
};

const site: PageSite = {
  title: 'Fixture',
  tagline: 'Tag',
  url: 'https://example.com',
  baseUrl: '/maps/',
  config: siteConfigSchema.parse({}),
  sidebar: [
    { type: 'link', label: 'Intro', href: '/docs/intro' },
    { type: 'category', label: 'Guide', dir: 'guide', href: undefined, collapsed: true, collapsible: true, items: [] },
  ],
  versions: [],
};

describe('page components rendered', () => {
  const project = tempProject({ files: FILES });
  let compiled: CompiledPages;
  beforeAll(async () => {
    const pages = Object.keys(FILES).filter((f) => !path.basename(f).startsWith('_')).map((f) => f.slice('content/'.length));
    compiled = await compilePages({ contentDir: project.content, pages, baseUrl: '/maps/', reactUrl: '/maps/assets/js/react.x.js' });
  });
  afterAll(() => project.cleanup());

  const render = (name: string, route = `/${name}`) => renderComponentPage({ compiled, contentDir: project.content, relFile: `pages/${name}.tsx`, props: { route, site } });
  const failure = async (name: string): Promise<string> => {
    try {
      await render(name);
    } catch (error) {
      const found = userErrorsOf(error);
      if (found.length === 0) throw error;
      return found.map((e) => formatUserError(e).replaceAll(`${project.root}/`, '')).join('\n');
    }
    throw new Error(`${name} rendered`);
  };

  it('renders with the page props, usePage() below it, links under the base URL, and what <Head> said last', async () => {
    const page = await render('hello');
    expect(page.html).toBe('<h1>Fixture</h1><span>/hello</span><a href="/maps/docs/intro">intro</a> <a href="https://example.com/">out</a><ul><li>Intro</li><li>Guide</li></ul>');
    expect(page.head).toEqual({ title: 'Hello', description: 'Said once', keywords: ['a', 'b'] });
  });

  it('takes a component made by memo() as the default export', async () => {
    expect((await render('memo')).html).toBe('<p>memo</p>');
  });

  it('refuses a page without a default export, naming the file', async () => {
    expect(await failure('none')).toBe(
      'content/pages/none.tsx: error: the page has no default export\n  hint: export the page component as the default export: export default function MyPage() {…}',
    );
  });

  it('reports a component that throws with the component stack, not a stack trace', async () => {
    expect(await failure('boom')).toBe(
      [
        'content/pages/boom.tsx: error: the page component threw while it was rendered: kaboom',
        '  component stack:',
        '    in Boom',
        '    in section',
        '    in Card',
        '    in main',
        '    in BoomPage',
        '  hint: a page component is rendered at build time, in Node: code that needs the browser (window, document) belongs in an effect or in an island',
      ].join('\n'),
    );
  });

  it('takes a path without its leading slash, and http, https and mailto addresses as they are', async () => {
    const links = globalThis as { to?: string };
    try {
      for (const [to, href] of [['docs/intro', '/maps/docs/intro'], ['/', '/maps/'], ['HTTPS://example.com/a', 'HTTPS://example.com/a'], ['mailto:docs@example.com', 'mailto:docs@example.com']]) {
        links.to = to;
        expect((await render('badlinks')).html, to).toContain(`<a href="${href}">`);
      }
    } finally {
      delete links.to;
    }
  });

  it('refuses a link useBaseUrl cannot make a path of the site or an http, https or mailto address, as landing.yaml was refused', async () => {
    const links = globalThis as { to?: string };
    try {
      for (const to of ['//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'data:text/html,x', 'https://example.com/\\x', '/docs/\u0000x']) {
        links.to = to;
        expect(await failure('badlinks'), to).toBe(
          [
            `content/pages/badlinks.tsx: error: the page component threw while it was rendered: useBaseUrl(${JSON.stringify(to)}): a link must be a path of the site starting with a single "/" (e.g. /docs/intro), or an http, https or mailto address`,
            '  component stack:',
            '    in Link',
            '    in nav',
            '    in Links',
            '  hint: a page component is rendered at build time, in Node: code that needs the browser (window, document) belongs in an effect or in an island',
          ].join('\n'),
        );
      }
    } finally {
      delete links.to;
    }
  });

  it('reports a module that throws when it is loaded', async () => {
    expect(await failure('loadfail')).toMatch(/^content\/pages\/loadfail\.tsx: error: the module threw when it was loaded: Cannot read properties of undefined \(reading 'innerWidth'\)\n {2}hint: /);
  });

  it('renders islands with ids unique on the page, and refuses props that are not JSON', async () => {
    const page = await render('islands');
    expect([...page.html.matchAll(/data-island-id="([^"]+)"/g)].map((m) => m[1])).toEqual(['i0-', 'i1-']);
    expect(page.html).toContain('data-island="/maps/assets/js/site/_c-');
    expect(page.html).toContain('<button>2<mapsdocs-slot data-slot="0"><b>child</b></mapsdocs-slot></button>');
    expect(await failure('badisland')).toMatch(
      /^content\/pages\/badisland\.tsx: error: the page component threw while it was rendered: the island Noisy \(pages\/_noisy\.tsx\) takes JSON props only: props\.onClick is a function\n {2}component stack:\n {4}in Noisy\n {4}in div\n {4}in B\n/,
    );
  });

  it('refuses an island rendered by another island, saying so', async () => {
    expect(await failure('nested')).toMatch(/the island Counter \(pages\/_c\.tsx\) is rendered by another island: an island cannot render an island; render both from the page component/);
  });

  it("refuses a 'use client' file whose default export is not a component, naming it", async () => {
    expect(await failure('nodefaultisland')).toBe(
      "content/pages/_named.tsx: error: pages/_named.tsx is marked 'use client' but its default export is not a component\n  hint: export the island's component as the file's default export: export default function Counter() {…}",
    );
  });

  it('reads a component stack as names', () => {
    expect(formatComponentStack('\n    at Boom (file:///x.js:1:2)\n    at section (<anonymous>)\n    at Page (<anonymous>)')).toBe('    in Boom\n    in section\n    in Page');
  });
});
