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
        '  versions: [{ name: current, label: "4.x", path: /docs }]',
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

  it('expands a sidebar category and collapses its open sibling; hides and shows the sidebar', async () => {
    const { page: p, errors } = await open('/docs/alpha/one');
    const sidebar = p.getByRole('navigation', { name: 'Docs sidebar' });
    const alpha = sidebar.locator('details', { has: p.locator('summary', { hasText: 'Alpha' }) });
    const beta = sidebar.locator('details', { has: p.locator('summary', { hasText: 'Beta' }) });
    expect(await alpha.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await beta.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await beta.locator('summary').click({ position: { x: 250, y: 10 } });
    await expect.poll(() => beta.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await expect.poll(() => alpha.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);

    const hide = p.getByRole('button', { name: 'Collapse sidebar' });
    await hide.click();
    expect(await sidebar.isVisible()).toBe(false);
    await p.getByRole('button', { name: 'Expand sidebar' }).click();
    expect(await sidebar.isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await p.close();
  });

  it('remembers the chosen docs version by name', async () => {
    const { page: p } = await open('/docs/intro');
    const dropdown = p.locator('.navbar-dropdown[data-kind="versions"]').first();
    await dropdown.locator('summary').click();
    await dropdown.getByRole('link', { name: '4.x' }).click();
    await p.waitForLoadState('networkidle');
    expect(await p.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('current');
    await p.close();
  });

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

  it('prefetches the pages of visible and hovered links, but not on a data-saver connection', async () => {
    const requested = async (saveData: boolean): Promise<string[]> => {
      const p = await site.session.context.newPage();
      if (saveData) await p.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }));
      const urls: string[] = [];
      p.on('request', (r) => urls.push(new URL(r.url()).pathname));
      await p.goto(`${site.base}/docs/beta/four`);
      await p.waitForLoadState('networkidle');
      await p.waitForTimeout(400);
      // A link outside the observed areas (a navbar dropdown's) is loaded ahead when hovered.
      await p.locator('nav.navbar details.navbar-dropdown summary', { hasText: 'Sections' }).first().click();
      await p.locator('nav.navbar details.navbar-dropdown[open]').getByRole('link', { name: 'Alpha section' }).hover();
      await p.waitForTimeout(400);
      await p.close();
      return urls;
    };
    const normal = await requested(false);
    // Beta three is in view (sidebar and previous link); Alpha's pages sit in a collapsed category, out of view.
    expect(normal).toContain('/docs/beta/three');
    expect(normal).not.toContain('/docs/alpha/two');
    expect(normal).toContain('/docs/alpha/one');
    const saving = await requested(true);
    expect(saving.filter((u) => u.startsWith('/docs/alpha') || u === '/docs/beta/three')).toEqual([]);
  });

  it('keeps keyboard focus inside the open mobile menu, returns it on Escape, and closes the menu on back', async () => {
    const p = await site.session.context.newPage();
    await p.setViewportSize({ width: 600, height: 800 });
    await p.goto(`${site.base}/docs/intro`);
    await p.waitForLoadState('networkidle');
    const toggle = p.getByRole('button', { name: 'Toggle navigation bar' });
    await toggle.click();
    const inMenu = (): Promise<boolean> => p.evaluate(() => document.getElementById('mobile-menu')?.contains(document.activeElement) ?? false);
    expect(await inMenu()).toBe(true);
    const trail: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      await p.keyboard.press(i % 3 === 0 ? 'Shift+Tab' : 'Tab');
      const where = await p.evaluate(() => document.activeElement?.outerHTML.slice(0, 80));
      trail.push(`${i % 3 === 0 ? 'S-Tab' : 'Tab'} → ${where}`);
      expect(await inMenu(), `focus left the menu after ${i + 1} presses: ${trail.slice(-4).join('\n')}`).toBe(true);
    }
    await p.keyboard.press('Escape');
    expect(await p.locator('#mobile-menu').isHidden()).toBe(true);
    expect(await p.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Toggle navigation bar');

    // Navigate with the menu, open it again, and go back: the menu closes.
    await toggle.click();
    await p.locator('#mobile-menu').getByRole('button', { name: '← Back to main menu' }).click();
    await p.locator('#mobile-menu').getByText('Sections').click();
    await p.locator('#mobile-menu').getByRole('link', { name: 'Alpha section' }).click();
    await expect.poll(() => p.evaluate(() => location.pathname)).toBe('/docs/alpha/one');
    await toggle.click();
    expect(await p.locator('#mobile-menu').isVisible()).toBe(true);
    await p.goBack();
    await expect.poll(() => p.locator('#mobile-menu').isHidden()).toBe(true);
    expect(await p.evaluate(() => document.documentElement.classList.contains('menu-open'))).toBe(false);
    await p.close();
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

  it('keeps a deep-linked operation clear of the sticky navbar and follows the hash as you scroll', async () => {
    const { page: p } = await open('/docs/api/reference#operation-listThings');
    const navbarBottom = await p.locator('nav.navbar').evaluate((n) => n.getBoundingClientRect().bottom);
    const { top } = await p.locator('#operation-listThings').evaluate((n) => ({
      top: n.getBoundingClientRect().top,
    }));
    expect(top).toBeGreaterThanOrEqual(navbarBottom - 1);
    expect(top).toBeLessThan(navbarBottom + 80);
    await p.evaluate(() => document.querySelector('#operation-getHealth')?.scrollIntoView());
    await expect.poll(() => p.evaluate(() => location.hash), { timeout: 3000 }).toBe('#operation-getHealth');
    await p.close();
  });

  it('opens a deep-linked schema, selects a variant closing the other, and copies a request sample', async () => {
    await site.session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.base });
    const { page: p, errors } = await open('/docs/api/reference#schema-Config');
    const section = p.locator('details.component-schema', { has: p.locator('#schema-Config') });
    expect(await section.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    const group = section.locator(':scope > .schema-variants');
    const variants = group.locator(':scope > details.variant');
    expect(await variants.count()).toBeGreaterThanOrEqual(2);
    expect(await variants.nth(0).evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await variants.nth(1).locator('summary').click();
    await expect.poll(() => variants.nth(1).evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await variants.nth(0).evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);

    const sample = p.locator('section[data-anchor="operation-createThing"] .code-block.sample[data-lang="bash"]').first();
    await sample.scrollIntoViewIfNeeded();
    await sample.hover();
    await sample.getByRole('button', { name: 'Copy code to clipboard' }).click();
    await expect.poll(() => sample.getByRole('button', { name: 'Copied' }).count()).toBe(1);
    const copied = await p.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^curl .*POST/s);
    expect(copied).toContain('http://localhost:8080/api/v1/things');
    expect(errors).toEqual([]);
    await p.close();
  });
});
