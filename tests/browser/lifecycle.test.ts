import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARRIVALS, arrive, type ArrivalRoutes } from '../helpers/arrival.ts';
import { hasChromium, openBuiltSite, watchErrors, type SiteUnderTest } from '../helpers/browser.ts';
import { FIXTURES, tempProject } from '../helpers/tempSite.ts';

const text = (words: string, times: number): string => `${words} `.repeat(times).trim();
const doc = (title: string, position: number, body: string): string => `---\ntitle: ${title}\nsidebar_position: ${position}\n---\n\n${body}\n`;

const INTRO = [
  // The first link of the content is where a test leaves this page to come back to it.
  'Read [Alpha one](/docs/alpha/one), the [reference](/docs/api/reference), [one of its schemas](/docs/api/reference#schema-Config),',
  'the [home page](/), a [plain page](/markdown-page) and [Beta four](/docs/beta/four).',
  '',
  '```yaml title="conf/app.yaml" {2}\nname: demo\nport: 8080\n```',
  '',
  '```mermaid\nflowchart LR\n  A --> B\n```',
  '',
  `## First section\n\n${text('Text of the first section.', 120)}`,
  '',
  `## Second section\n\n${text('Text of the second section.', 60)}\n\n### Sub heading\n\n${text('Text under the sub heading.', 60)}`,
  '',
  `## Last section\n\n${text('Text of the last section.', 10)}`,
].join('\n');

const ROUTES: ArrivalRoutes = { start: '/docs/start', hub: '/docs/intro' };

/**
 * Every interactive behaviour, tried as a reader meets it: on a page loaded
 * directly, and on the same page reached by client navigation (a sidebar
 * link, a link in the content, then back), which replaces the navbar and the
 * content the behaviours were first bound to.
 */
describe.skipIf(!hasChromium)('behaviours on a fresh load and after client navigation', () => {
  const project = tempProject({
    files: {
      'content/site.yaml': [
        'title: Lifecycle fixture',
        'docs:',
        '  autoCollapseCategories: true',
        '  hideable: true',
        '  lastVersion: current',
        '  versions: { current: { label: "4.x" }, legacy: { label: "3.x" } }',
        'navbar:',
        '  hideOnScroll: true',
        '  items:',
        '    - { type: docSidebar, sidebarId: tutorialSidebar, label: Documentation, position: left }',
        '    - type: dropdown',
        '      label: Sections',
        '      position: left',
        '      items: [{ label: Alpha section, to: /docs/alpha/one }, { label: Beta section, to: /docs/beta/three }]',
        '    - { type: search }',
        '    - { type: docsVersionDropdown, position: right }',
        '    - { type: localeDropdown, position: right }',
        'locale: { default: en, locales: [en] }',
        'announcementBar: { id: news-1, content: Fresh news, isCloseable: true }',
      ].join('\n'),
      'content/docs/start.md': doc('Start here', 1, `Begin with the [introduction](/docs/intro).\n\n${text('A short page.', 20)}`),
      'content/docs/intro.md': doc('Introduction', 2, INTRO),
      'content/docs/alpha/_category_.json': '{ "label": "Alpha", "position": 3 }',
      'content/docs/alpha/one.md': doc('Alpha one', 1, `Back to the [introduction](/docs/intro).\n\n${text('Alpha.', 40)}`),
      'content/docs/alpha/two.md': doc('Alpha two', 2, text('Alpha two.', 40)),
      'content/docs/beta/_category_.json': '{ "label": "Beta", "position": 4 }',
      'content/docs/beta/three.md': doc('Beta three', 1, text('Beta three.', 40)),
      'content/docs/beta/four.md': doc('Beta four', 2, `Back to the [introduction](/docs/intro).\n\n${text('Beta four.', 40)}`),
      'content/pages/markdown-page.md': '---\ntitle: Markdown page\n---\n\nA page outside the docs. Back to the [introduction](/docs/intro).\n',
      // A second version, legacy (3.x), beside current (4.x), which is served at /docs.
      'content/versions.json': '["legacy"]',
      'content/versioned_docs/version-legacy/start.md': doc('Start here', 1, text('The legacy start.', 20)),
      'content/versioned_docs/version-legacy/intro.md': doc('Introduction', 2, `The legacy introduction, and a [plain page](/markdown-page).\n\n${text('Legacy.', 40)}`),
    },
  });
  let site: SiteUnderTest;

  beforeAll(async () => {
    site = await openBuiltSite(project, path.join(FIXTURES, 'openapi', 'small.yaml'));
    await site.session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.base });
  });
  afterAll(async () => {
    await site?.close();
  });

  describe.each(ARRIVALS)('arriving by %s', (arrival) => {
    /** A new tab with empty storage, at `route`. */
    async function open(
      route: string,
      options: { width?: number; height?: number; init?: () => void; before?: (page: Page) => void } = {},
    ): Promise<{ page: Page; errors: string[] }> {
      const page = await site.session.context.newPage();
      await page.setViewportSize({ width: options.width ?? 1280, height: options.height ?? 800 });
      await page.addInitScript(() => {
        if (sessionStorage.getItem('fresh-storage')) return;
        localStorage.clear();
        sessionStorage.setItem('fresh-storage', 'yes');
      });
      if (options.init) await page.addInitScript(options.init);
      const errors = watchErrors(page);
      options.before?.(page);
      await arrive(page, { base: site.base, route, arrival, routes: ROUTES });
      return { page, errors };
    }
    const navbarHidden = (page: Page): Promise<boolean> => page.locator('nav.navbar').evaluate((n) => n.classList.contains('navbar-hidden'));
    const toc = (page: Page) => page.getByRole('navigation', { name: 'On this page' });
    /** Follows a link by client navigation and waits for the new page's heading. */
    async function follow(page: Page, link: ReturnType<Page['locator']>, heading: string): Promise<void> {
      await link.click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(heading);
    }

    it('hides the navbar on scroll down, shows it on scroll up, and hides it on a section link', async () => {
      const { page, errors } = await open('/docs/intro', { height: 600 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => navbarHidden(page)).toBe(false);
      await page.mouse.move(640, 400);
      await page.mouse.wheel(0, 800);
      await expect.poll(() => navbarHidden(page)).toBe(true);
      await page.mouse.wheel(0, -200);
      await expect.poll(() => navbarHidden(page)).toBe(false);
      await toc(page).getByRole('link', { name: 'Second section' }).click();
      await expect.poll(() => navbarHidden(page)).toBe(true);
      const heading = await page.locator('#second-section').evaluate((h) => h.getBoundingClientRect().top);
      expect(heading).toBeGreaterThanOrEqual(0);
      expect(errors).toEqual([]);
      await page.close();
    });

    it('fires one page view for each change of path or hash', async () => {
      const { page, errors } = await open('/docs/intro');
      await page.evaluate(() => {
        const w = window as unknown as { views: string[] };
        w.views = [];
        document.addEventListener('mapsdocs:pageview', (e) => w.views.push(new URL((e as CustomEvent<{ url: string }>).detail.url).hash || (e as CustomEvent<{ path: string }>).detail.path));
      });
      const views = (): Promise<string[]> => page.evaluate(() => (window as unknown as { views: string[] }).views);
      await toc(page).getByRole('link', { name: 'First section' }).click();
      await toc(page).getByRole('link', { name: 'Sub heading' }).click();
      // The same section again changes nothing.
      await toc(page).getByRole('link', { name: 'Sub heading' }).click();
      await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Start here' }).click();
      await expect.poll(views).toEqual(['#first-section', '#sub-heading', '/docs/start']);
      await page.waitForTimeout(300);
      expect(await views()).toEqual(['#first-section', '#sub-heading', '/docs/start']);
      expect(errors).toEqual([]);
      await page.close();
    });

    it("keeps a section link's heading in place while the page above it changes, until the reader scrolls", async () => {
      const { page, errors } = await open('/docs/intro', { height: 600 });
      // As in browsers without CSS scroll anchoring (Safari), nothing else keeps the heading in place.
      await page.evaluate(() => document.documentElement.style.setProperty('overflow-anchor', 'none'));
      await toc(page).getByRole('link', { name: 'Second section' }).click();
      const top = (): Promise<number> => page.locator('#second-section').evaluate((h) => Math.round(h.getBoundingClientRect().top));
      const navbarHeight = await page.locator('nav.navbar').evaluate((n) => (n as HTMLElement).offsetHeight);
      const landed = await top();
      // Where the jump puts it: clear of the navbar's place, whether the navbar shows or not.
      expect(landed).toBeGreaterThanOrEqual(navbarHeight);
      expect(landed).toBeLessThan(navbarHeight + 40);
      // The diagram above draws 80 px shorter than its source took, as the diagrams did.
      const resize = (by: number): Promise<void> =>
        page.evaluate((delta) => {
          const figure = document.querySelector<HTMLElement>('figure.diagram');
          if (!figure) throw new Error('no diagram');
          figure.style.overflow = 'hidden';
          figure.style.height = `${figure.offsetHeight + delta}px`;
        }, by);
      await resize(-80);
      await page.waitForTimeout(100);
      expect(await top()).toBe(landed);
      await resize(200);
      await page.waitForTimeout(100);
      expect(await top()).toBe(landed);
      // The reader scrolls: from then on the page stays where they put it.
      await page.mouse.move(640, 400);
      await page.mouse.wheel(0, 150);
      await expect.poll(top).toBeLessThan(landed - 100);
      const scrolled = await page.evaluate(() => window.scrollY);
      await resize(-150);
      await page.waitForTimeout(100);
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
      expect(errors).toEqual([]);
      await page.close();
    });

    it('switches the colour mode, remembers it, and labels the switch of every later page with it', async () => {
      const { page, errors } = await open('/docs/intro');
      const label = (mode: string): string => `Switch between dark and light mode (currently ${mode} mode)`;
      expect(await page.getAttribute('html', 'data-theme')).toBe('light');
      await page.getByRole('button', { name: label('light') }).first().click();
      expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
      await follow(page, page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Start here' }), 'Start here');
      expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
      // The navbar's switch and the mobile menu's, both new with this page.
      expect(await page.locator('[data-color-mode-toggle]').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')))).toEqual([label('dark'), label('dark')]);
      await page.getByRole('button', { name: label('dark') }).first().click();
      expect(await page.getAttribute('html', 'data-theme')).toBe('light');
      await page.reload();
      expect(await page.getAttribute('html', 'data-theme')).toBe('light');
      expect(errors).toEqual([]);
      await page.close();
    });

    it('closes the announcement bar for good, and shows it again for a new announcement', async () => {
      const { page, errors } = await open('/docs/intro');
      const bar = page.getByRole('region', { name: 'Announcement' });
      expect(await bar.isVisible()).toBe(true);
      await bar.getByRole('button', { name: 'Close' }).click();
      expect(await bar.isVisible()).toBe(false);
      await follow(page, page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Start here' }), 'Start here');
      expect(await page.getByRole('region', { name: 'Announcement' }).isVisible()).toBe(false);
      await page.reload();
      expect(await page.getByRole('region', { name: 'Announcement' }).isVisible()).toBe(false);
      await page.evaluate(() => localStorage.setItem('announcement.id', 'older'));
      await page.reload();
      expect(await page.getByRole('region', { name: 'Announcement' }).isVisible()).toBe(true);
      expect(errors).toEqual([]);
      await page.close();
    });

    it('opens a sidebar category closing its open sibling, and keeps a hidden sidebar hidden on the next pages', async () => {
      const { page, errors } = await open('/docs/intro');
      const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
      const category = (name: string) => sidebar.locator('details', { has: page.locator('summary', { hasText: name }) });
      const isOpen = (name: string): Promise<boolean> => category(name).evaluate((d) => (d as HTMLDetailsElement).open);
      await category('Alpha').locator('summary').click({ position: { x: 250, y: 10 } });
      await expect.poll(() => isOpen('Alpha')).toBe(true);
      await category('Beta').locator('summary').click({ position: { x: 250, y: 10 } });
      await expect.poll(() => isOpen('Beta')).toBe(true);
      expect(await isOpen('Alpha')).toBe(false);

      await page.getByRole('button', { name: 'Collapse sidebar' }).click();
      expect(await sidebar.isVisible()).toBe(false);
      await follow(page, page.locator('main .markdown').getByRole('link', { name: 'Alpha one' }), 'Alpha one');
      expect(await page.getByRole('navigation', { name: 'Docs sidebar' }).isVisible()).toBe(false);
      await page.goBack();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe('Introduction');
      expect(await page.getByRole('navigation', { name: 'Docs sidebar' }).isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Expand sidebar' }).click();
      expect(await page.getByRole('navigation', { name: 'Docs sidebar' }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Collapse sidebar' }).isVisible()).toBe(true);
      expect(errors).toEqual([]);
      await page.close();
    });

    it('highlights the table of contents entry of the heading in view', async () => {
      const { page } = await open('/docs/intro', { height: 400 });
      await page.evaluate(() => document.getElementById('sub-heading')?.scrollIntoView({ block: 'start' }));
      await expect.poll(() => page.locator('.toc-link.active').getAttribute('href')).toBe('#sub-heading');
      await page.close();
    });

    it('copies code with a confirmation, and wraps its lines', async () => {
      const { page, errors } = await open('/docs/intro');
      const block = page.locator('.code-block').first();
      await block.hover();
      await block.getByRole('button', { name: 'Copy code to clipboard' }).click();
      await expect.poll(() => block.getByRole('button', { name: 'Copied' }).count()).toBe(1);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('name: demo\nport: 8080');
      const wrap = block.getByRole('button', { name: 'Toggle word wrap' });
      await wrap.click();
      expect(await wrap.getAttribute('aria-pressed')).toBe('true');
      expect(await block.evaluate((b) => b.classList.contains('wrap'))).toBe(true);
      // One button, one set of handlers: a second click turns it off again.
      await wrap.click();
      expect(await wrap.getAttribute('aria-pressed')).toBe('false');
      expect(errors).toEqual([]);
      await page.close();
    });

    it('opens the mobile menu below 996 px, keeps focus in it, and closes it on Escape, on a link and on back', async () => {
      const { page, errors } = await open('/docs/intro', { width: 600 });
      const toggle = page.getByRole('button', { name: 'Toggle navigation bar' });
      const menu = page.locator('#mobile-menu');
      expect(await page.getByRole('navigation', { name: 'Docs sidebar', exact: true }).isVisible()).toBe(false);
      await toggle.click();
      expect(await page.evaluate(() => document.documentElement.classList.contains('menu-open'))).toBe(true);
      expect(await page.getByRole('button', { name: '← Back to main menu' }).isVisible()).toBe(true);
      const inMenu = (): Promise<boolean> => page.evaluate(() => document.getElementById('mobile-menu')?.contains(document.activeElement) ?? false);
      expect(await inMenu()).toBe(true);
      for (let i = 0; i < 24; i += 1) {
        await page.keyboard.press(i % 3 === 0 ? 'Shift+Tab' : 'Tab');
        expect(await inMenu(), `focus left the menu after ${i + 1} presses`).toBe(true);
      }
      await page.keyboard.press('Escape');
      expect(await menu.isHidden()).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Toggle navigation bar');

      await toggle.click();
      await menu.getByRole('button', { name: '← Back to main menu' }).click();
      await menu.getByText('Sections').click();
      await menu.getByRole('link', { name: 'Alpha section' }).click();
      await expect.poll(() => page.evaluate(() => location.pathname)).toBe('/docs/alpha/one');
      expect(await page.locator('#mobile-menu').isHidden()).toBe(true);
      await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
      expect(await page.locator('#mobile-menu').isVisible()).toBe(true);
      await page.goBack();
      await expect.poll(() => page.locator('#mobile-menu').isHidden()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.classList.contains('menu-open'))).toBe(false);
      expect(await page.locator('.mobile-backdrop').count()).toBe(0);
      // Back at desktop width the menu is gone.
      await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect.poll(() => page.evaluate(() => document.getElementById('mobile-menu')?.hidden)).toBe(true);
      expect(errors).toEqual([]);
      await page.close();
    });

    it('opens search from its button and with Ctrl+K, an icon named "Search" on phones', async () => {
      const { page, errors } = await open('/docs/intro', { width: 390 });
      const button = page.getByRole('button', { name: 'Search', exact: true });
      expect(await button.isVisible()).toBe(true);
      expect(await button.locator('.search-button-key').isVisible()).toBe(false);
      await button.click();
      const input = page.getByRole('combobox', { name: 'Search the documentation' });
      await input.waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => input.isVisible()).toBe(false);
      await page.keyboard.press('Control+k');
      await input.waitFor();
      expect(errors).toEqual([]);
      await page.close();
    });

    it('remembers the docs version picked, and leads the navbar into it from pages outside the docs', async () => {
      const { page, errors } = await open('/docs/intro');
      const dropdown = page.locator('nav.navbar .navbar-inner .navbar-dropdown[data-kind="versions"]');
      // The navbar shows the current version, named for assistive technology by the spec's label; the mobile menu
      // introduces the list by that label. One locale: the language dropdown has nothing to offer and is not shown.
      expect(await dropdown.locator('summary').textContent()).toBe('Versions: 4.x');
      expect(await page.locator('nav.navbar .navbar-dropdown[data-kind="locales"]').count()).toBe(0);
      expect(await page.locator('#mobile-menu .navbar-dropdown summary').allTextContents()).toEqual(['Sections', 'Versions']);
      await dropdown.locator('summary').click();
      await dropdown.getByRole('link', { name: '3.x' }).click();
      await expect.poll(() => page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('legacy');
      // The dropdown leads to the same page in the version picked, whose pages name their own version.
      await expect.poll(() => page.evaluate(() => location.pathname)).toBe('/docs/legacy/intro');
      await expect.poll(() => page.locator('nav.navbar .navbar-inner .navbar-dropdown[data-kind="versions"] summary').textContent()).toBe('Versions: 3.x');
      await expect.poll(() => page.locator('.version-banner').textContent()).toContain('no longer actively maintained');
      // A page outside the docs shows the preferred version, and its navbar's docs link leads into it.
      await follow(page, page.locator('main .markdown').getByRole('link', { name: 'plain page' }), 'Markdown page');
      await expect.poll(() => page.locator('nav.navbar .navbar-inner .navbar-dropdown[data-kind="versions"] [data-current-label]').textContent()).toBe('3.x');
      await expect.poll(() => page.locator('nav.navbar .navbar-inner .navbar-left a', { hasText: 'Documentation' }).getAttribute('href')).toBe('/docs/legacy/start');
      // The banner's way to the latest version makes that one preferred, as in Docusaurus: back outside
      // the docs, the navbar leads into it, not into the version the reader left.
      await follow(page, page.locator('nav.navbar .navbar-inner .navbar-left a', { hasText: 'Documentation' }), 'Start here');
      await page.locator('.version-banner').getByRole('link', { name: 'latest version' }).click();
      await expect.poll(() => page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('current');
      await expect.poll(() => page.evaluate(() => location.pathname.startsWith('/docs/legacy/'))).toBe(false);
      await page.goBack();
      await page.goBack();
      await expect.poll(() => page.evaluate(() => location.pathname)).toBe('/markdown-page');
      await expect.poll(() => page.locator('nav.navbar .navbar-inner .navbar-dropdown[data-kind="versions"] [data-current-label]').textContent()).toBe('4.x');
      await expect.poll(() => page.locator('nav.navbar .navbar-inner .navbar-left a', { hasText: 'Documentation' }).getAttribute('href')).not.toMatch(/^\/docs\/legacy\//);
      expect(errors).toEqual([]);
      await page.close();
    });

    it('draws diagrams', async () => {
      const { page } = await open('/docs/intro');
      await page.waitForSelector('figure.diagram[data-rendered="true"] svg', { timeout: 20_000 });
      await page.close();
    });

    it('filters the API reference menu, toggles it on narrow screens, and keeps the hash on the operation read', async () => {
      const { page, errors } = await open('/docs/api/reference');
      const filter = page.getByLabel('Filter operations');
      await filter.fill('post');
      expect(await page.locator('#reference-menu li[data-filter]:visible').count()).toBe(1);
      await filter.fill('');
      expect(await page.locator('#reference-menu li[data-filter]:visible').count()).toBe(3);
      await page.evaluate(() => document.querySelector('#operation-getHealth')?.scrollIntoView());
      await expect.poll(() => page.evaluate(() => location.hash), { timeout: 3000 }).toBe('#operation-getHealth');
      await page.evaluate(() => document.querySelector('#operation-createThing')?.scrollIntoView());
      await expect.poll(() => page.evaluate(() => location.hash), { timeout: 3000 }).toBe('#operation-createThing');
      await page.setViewportSize({ width: 700, height: 800 });
      expect(await page.locator('#reference-menu').isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Menu' }).click();
      expect(await page.locator('#reference-menu').isVisible()).toBe(true);
      await page.locator('#reference-menu').getByRole('link', { name: /List things/ }).click();
      await expect.poll(() => page.locator('#reference-menu').isVisible()).toBe(false);
      const navbarBottom = await page.locator('nav.navbar').evaluate((n) => Math.max(0, n.getBoundingClientRect().bottom));
      const top = await page.locator('#operation-listThings').evaluate((n) => n.getBoundingClientRect().top);
      expect(top).toBeGreaterThanOrEqual(navbarBottom - 1);
      expect(errors).toEqual([]);
      await page.close();
    });

    it('opens a linked schema, lets one variant open at a time, and copies a request sample', async () => {
      const { page, errors } = await open('/docs/api/reference#schema-Config');
      const section = page.locator('details.component-schema', { has: page.locator('#schema-Config') });
      expect(await section.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
      // In view (the page ends soon after it, so it may sit lower than the top).
      const box = await page.locator('#schema-Config').evaluate((n) => n.getBoundingClientRect().toJSON() as DOMRect);
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.bottom).toBeLessThanOrEqual(800);
      const variants = section.locator(':scope > .schema-variants > details.variant');
      expect(await variants.count()).toBeGreaterThanOrEqual(2);
      expect(await variants.nth(0).evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
      await variants.nth(1).locator('summary').click();
      await expect.poll(() => variants.nth(1).evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
      expect(await variants.nth(0).evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);

      const sample = page.locator('section[data-anchor="operation-createThing"] .code-block.sample[data-lang="bash"]').first();
      await sample.scrollIntoViewIfNeeded();
      await sample.getByRole('button', { name: 'Copy code to clipboard' }).click();
      await expect.poll(() => sample.getByRole('button', { name: 'Copied' }).count()).toBe(1);
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toMatch(/^curl .*POST/s);
      expect(copied).toContain('http://localhost:8080/api/v1/things');
      expect(errors).toEqual([]);
      await page.close();
    });

    it('prefetches the pages of links in view and of hovered links, but not on a data-saver connection', async () => {
      for (const saveData of [false, true]) {
        const urls: string[] = [];
        const { page } = await open('/docs/beta/four', {
          init: saveData ? () => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }) : undefined,
          before: (p) => p.on('request', (r) => urls.push(new URL(r.url()).pathname)),
        });
        // None of these pages is visited on the way. Beta three shows only here (its category is closed on the
        // pages before); Alpha one is hovered in the navbar; Alpha two is never in view.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForTimeout(400);
        await page.locator('nav.navbar details.navbar-dropdown summary', { hasText: 'Sections' }).first().click();
        await page.locator('nav.navbar details.navbar-dropdown[open]').getByRole('link', { name: 'Alpha section' }).hover();
        await page.waitForTimeout(400);
        const expected = saveData ? [] : ['/docs/alpha/one', '/docs/beta/three'];
        expect(urls.filter((u) => ['/docs/alpha/one', '/docs/beta/three', '/docs/alpha/two'].includes(u)).sort(), `save-data ${saveData}`).toEqual(expected);
        await page.close();
      }
    });

    it('shows the crash page when a behaviour fails, and Try again restores the page', async () => {
      const breakObservers = (): void => {
        const w = window as unknown as { brokenObservers: boolean; IntersectionObserver: typeof IntersectionObserver };
        const Original = w.IntersectionObserver;
        w.IntersectionObserver = function (this: unknown, ...args: ConstructorParameters<typeof IntersectionObserver>) {
          if (w.brokenObservers) throw new Error('observers are broken');
          return new Original(...args);
        } as unknown as typeof IntersectionObserver;
      };
      const { page } = await open('/docs/intro', { init: breakObservers });
      // The next setup fails: on this page's next navigation (or the load itself, for a fresh load).
      await page.evaluate(() => ((window as unknown as { brokenObservers: boolean }).brokenObservers = true));
      await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Start here' }).click();
      await expect.poll(() => page.title()).toBe('Page Error');
      expect(await page.getByRole('heading', { name: 'This page crashed.' }).count()).toBe(1);
      await page.evaluate(() => ((window as unknown as { brokenObservers: boolean }).brokenObservers = false));
      await page.getByRole('button', { name: 'Try again' }).click();
      expect(await page.title()).toBe('Start here | Lifecycle fixture');
      expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toBe('Start here');
      // Behaviours work again.
      await page.getByRole('button', { name: /Switch between dark and light mode/ }).first().click();
      expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
      await page.close();
    });
  });
});
