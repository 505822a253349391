import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openBuiltSite, watchErrors, type SiteUnderTest } from '../helpers/browser.ts';
import { FIXTURES, tempProject } from '../helpers/tempSite.ts';

const page = (title: string, position: number, body = ''): string =>
  `---\ntitle: ${title}\nsidebar_position: ${position}\n---\n\nA paragraph about ${title}.\n\n## First section\n\n${'Text of the first section. '.repeat(40)}\n\n## Second section\n\n${'Text of the second section. '.repeat(40)}\n${body}`;

/** Behaviours of issues 8 and 9 on a site with two sidebar categories and a version dropdown. */
describe.skipIf(!hasChromium)('client behaviours in Chromium', () => {
  const project = tempProject({
    files: {
      'content/site.yaml': [
        'docs:',
        '  autoCollapseCategories: true',
        '  hideable: true',
        '  versions: { current: { label: "4.x" } }',
        'navbar:',
        '  items:',
        '    - { type: docSidebar, sidebarId: tutorialSidebar, label: Documentation, position: left }',
        '    - { type: docsVersionDropdown, position: right }',
        '    - type: dropdown',
        '      label: Sections',
        '      position: left',
        '      items: [{ label: Alpha section, to: /docs/alpha/one }, { label: Beta section, to: /docs/beta/three }]',
        'announcementBar: { id: news-1, content: Fresh news, isCloseable: true }',
      ].join('\n'),
      'content/docs/intro.md': page('Introduction', 1, '\n```yaml\nname: demo\n```\n'),
      'content/docs/alpha/_category_.json': '{ "label": "Alpha", "position": 2 }',
      'content/docs/alpha/one.md': page('Alpha one', 1),
      'content/docs/alpha/two.md': page('Alpha two', 2),
      'content/docs/beta/_category_.json': '{ "label": "Beta", "position": 3 }',
      'content/docs/beta/three.md': page('Beta three', 1),
      'content/docs/beta/four.md': page('Beta four', 2),
    },
  });
  let site: SiteUnderTest;

  beforeAll(async () => {
    site = await openBuiltSite(project, path.join(FIXTURES, 'openapi', 'small.yaml'));
  });
  afterAll(async () => {
    await site?.close();
  });

  async function open(route: string, init?: () => void): Promise<{ page: Page; errors: string[] }> {
    const p = await site.session.context.newPage();
    if (init) await p.addInitScript(init);
    const errors = watchErrors(p);
    await p.goto(`${site.base}${route}`);
    await p.waitForLoadState('networkidle');
    return { page: p, errors };
  }

  it('never paints a dismissed announcement bar, not even before the scripts run', async () => {
    const { page: p } = await open('/docs/intro', () => {
      localStorage.setItem('announcement.dismiss', 'true');
      localStorage.setItem('announcement.id', 'news-1');
      const w = window as unknown as { markedAtParse?: string | null; displayAtFirstFrame?: string };
      // When the parser inserts the bar, the head script must already have marked the page...
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[aria-label="Announcement"]')) return;
        w.markedAtParse = document.documentElement.getAttribute('data-announcement-dismissed');
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
      // ...so that the first frame (stylesheets block it until loaded) already hides it.
      const frame = (): void => {
        const bar = document.querySelector('[aria-label="Announcement"]');
        if (bar) w.displayAtFirstFrame = getComputedStyle(bar).display;
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    expect(await p.evaluate(() => (window as unknown as { markedAtParse?: string | null }).markedAtParse)).toBe('true');
    expect(await p.evaluate(() => (window as unknown as { displayAtFirstFrame?: string }).displayAtFirstFrame)).toBe('none');
    expect(await p.getByRole('region', { name: 'Announcement' }).isVisible()).toBe(false);
    await p.close();
  });

  it('has no layout shift on docs pages and the API reference (CLS 0) and no console error on any page', async () => {
    const sitemap = await (await fetch(`${site.base}/sitemap.xml`)).text();
    const routes = [...sitemap.matchAll(/<loc>[^<]*?(\/[^<]*)<\/loc>/g)].map((m) => new URL(m[1] ?? '/', 'http://x').pathname);
    expect(routes.length).toBeGreaterThanOrEqual(7);
    for (const route of [...routes, '/no/such/page']) {
      const { page: p, errors } = await open(route, () => {
        (window as unknown as { cls: number }).cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) (window as unknown as { cls: number }).cls += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const failed: string[] = [];
      p.on('response', (r) => {
        if (r.status() >= 400) failed.push(r.url());
      });
      await p.reload();
      await p.waitForLoadState('networkidle');
      await p.waitForTimeout(300);
      // The not-found page itself answers 404, as it must; nothing else may fail.
      const expected = route === '/no/such/page' ? [`${site.base}${route}`] : [];
      expect(failed, `failed requests on ${route}`).toEqual(expected);
      if (route === '/no/such/page') errors.splice(0, errors.length, ...errors.filter((e) => !e.includes('404 (Not Found)')));
      if (route.startsWith('/docs/')) {
        expect(await p.evaluate(() => (window as unknown as { cls: number }).cls), `CLS of ${route}`).toBe(0);
      }
      expect(errors, `console errors on ${route}`).toEqual([]);
      await p.close();
    }
  });

  /** Serves /docs/intro in parts, each after a pause, as a slow network would, and returns the page's CLS. */
  async function clsOfStalledStream(html: string, stalls: number[]): Promise<number> {
    expect(stalls.every((at) => at > 0)).toBe(true);
    const server = createServer((request, response) => {
      if (request.url === '/docs/intro') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        const cuts = [0, ...stalls, html.length];
        cuts.slice(1).forEach((end, i) => setTimeout(() => response.write(html.slice(cuts[i], end)), 400 * i));
        setTimeout(() => response.end(), 400 * stalls.length + 1);
        return;
      }
      void fetch(`${site.base}${request.url ?? '/'}`).then(async (upstream) => {
        response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream' });
        response.end(Buffer.from(await upstream.arrayBuffer()));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const p = await site.session.context.newPage();
    await p.addInitScript(() => {
      const w = window as unknown as { cls: number };
      w.cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) w.cls += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await p.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/docs/intro`);
    await p.waitForLoadState('networkidle');
    await p.waitForTimeout(200);
    const cls = await p.evaluate(() => (window as unknown as { cls: number }).cls);
    await p.close();
    server.close();
    return cls;
  }

  it('paints a docs page only once its layout is parsed: a stalled stream moves nothing (CLS 0)', async () => {
    // A slow network or a busy CPU lets a browser paint a page while its HTML still streams in. Stalls inside
    // a navbar dropdown before its <summary> (a bare <details> paints as "Details") and before the table of contents.
    const html = readFileSync(path.join(project.root, 'dist', 'docs', 'intro.html'), 'utf8');
    const beforeSummary = html.indexOf('<summary', html.indexOf('class="navbar-dropdown"'));
    const beforeToc = html.indexOf('<div class="toc-container">');
    expect(await clsOfStalledStream(html, [beforeSummary, beforeToc])).toBe(0);
    // Browsers without <link rel="expect"> paint the article before its table of contents: its column is reserved.
    const withoutExpect = html.replace(/<link rel="expect"[^>]*>/, '');
    expect(withoutExpect).not.toBe(html);
    expect(await clsOfStalledStream(withoutExpect, [withoutExpect.indexOf('<div class="toc-container">')])).toBe(0);
  });

  it('opens a mobile dropdown only where its route is active', async () => {
    for (const [route, open] of [
      ['/docs/alpha/one', true],
      ['/docs/intro', false],
    ] as const) {
      const p = await site.session.context.newPage();
      await p.setViewportSize({ width: 600, height: 800 });
      await p.goto(`${site.base}${route}`);
      const dropdown = p.locator('#mobile-menu details.navbar-dropdown', { hasText: 'Sections' });
      expect(await dropdown.evaluate((d) => (d as HTMLDetailsElement).open), route).toBe(open);
      await p.close();
    }
  });

});
