import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openBuiltSite, watchErrors, type BrowserSession, type SiteUnderTest } from '../helpers/browser.ts';
import { axeViolations } from '../helpers/pageChecks.ts';
import { FIXTURES, tempProject } from '../helpers/tempSite.ts';

describe.skipIf(!hasChromium)('the site in Chromium', () => {
  const project = tempProject({
    fixture: 'basic',
    files: {
      'content/site.yaml': [
        'navbar:',
        '  hideOnScroll: true',
        '  items:',
        '    - { type: docSidebar, sidebarId: tutorialSidebar, label: Documentation, position: left }',
        '    - { type: search }',
        '    - { type: default, label: GitHub, href: "https://github.com/Maps-Messaging/mapsmessaging_server" }',
        'announcementBar: { id: first, content: Hello readers, isCloseable: true }',
        'footer:',
        '  links:',
        '    - title: Docs',
        '      items: [{ label: Intro, to: /docs/intro }]',
        '  copyright: Copyright © 2025',
      ].join('\n'),
    },
  });
  let site: SiteUnderTest;
  let session: BrowserSession;
  let base: string;

  beforeAll(async () => {
    site = await openBuiltSite(project, path.join(FIXTURES, 'openapi', 'small.yaml'));
    ({ session, base } = site);
  });
  afterAll(async () => {
    await site?.close();
  });

  async function open(route: string, options: { width?: number } = {}): Promise<{ page: Page; errors: string[] }> {
    const page = await session.context.newPage();
    await page.setViewportSize({ width: options.width ?? 1280, height: 800 });
    const errors = watchErrors(page);
    await page.goto(`${base}${route}`);
    await page.waitForLoadState('networkidle');
    return { page, errors };
  }

  it('navigates between pages without a full reload and fires a page view each time', async () => {
    const { page, errors } = await open('/docs/intro');
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
      (window as unknown as { views: string[] }).views = [];
      document.addEventListener('mapsdocs:pageview', (e) => (window as unknown as { views: string[] }).views.push((e as CustomEvent<{ path: string }>).detail.path));
    });
    await page.locator('nav.sidebar details summary').first().click();
    await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Setup' }).click();
    await page.waitForURL('**/docs/guide/setup');
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toBe('Set up the thing');
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    await page.goBack();
    await page.waitForURL('**/docs/intro');
    await expect.poll(() => page.evaluate(() => (window as unknown as { views: string[] }).views)).toEqual(['/docs/guide/setup', '/docs/intro']);
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toBe('Introduction');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('searches with Ctrl+K: results as you type, arrows and Enter go to the heading, Escape returns focus', async () => {
    const { page, errors } = await open('/docs/intro');
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    expect(requests.filter((u) => u.includes('/search-index/'))).toEqual([]);
    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox', { name: 'Search the documentation' });
    await input.waitFor();
    await input.fill('install');
    // Results are listed by title at once, and with their sections once typing pauses (issue 28).
    await page.locator('[role="option"] .search-result-section').first().waitFor();
    const first = page.getByRole('option').first();
    expect(await first.textContent()).toContain('Install it');
    expect(await axeViolations(page)).toEqual([]);
    await input.press('Enter');
    await page.waitForURL('**/docs/guide/setup#install-it');
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toBe('Set up the thing');
    const button = page.locator('[data-search-open]');
    await button.click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.evaluate(() => (document.activeElement?.hasAttribute('data-search-open') ? 'the search button' : document.activeElement?.outerHTML.slice(0, 100))))
      .toBe('the search button');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a spinner after 200 ms while search loads, and the error with Retry when it fails', async () => {
    const page = await session.context.newPage();
    let fail = true;
    await page.route('**/search-index/meta.json', async (route) => {
      // A long stall, so that a busy machine's polling cannot miss the spinner's window (200 ms until the failure).
      await new Promise((r) => setTimeout(r, 1500));
      if (fail) await route.fulfill({ status: 500, body: 'down' });
      else await route.continue();
    });
    await page.goto(`${base}/docs/intro`);
    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox', { name: 'Search the documentation' });
    await input.fill('install');
    await expect.poll(() => page.locator('.search-status .spinner').count()).toBe(1);
    const retry = page.getByRole('button', { name: 'Retry' });
    await retry.waitFor();
    expect(await page.locator('.search-status').textContent()).toContain('Search could not be loaded');
    fail = false;
    await retry.click();
    await page.getByRole('option').first().waitFor();
    await page.close();
  });

  it('restores the scroll position on back and forward', async () => {
    const { page } = await open('/docs/intro', { width: 1280 });
    await page.setViewportSize({ width: 1280, height: 300 });
    await page.evaluate(() => window.scrollTo(0, 400));
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(100);
    // A script click: Playwright's own click would scroll the link into view first.
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('a.pager-next')?.click());
    await page.waitForURL('**/docs/guide/setup');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.waitForURL('**/docs/intro');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
    await page.close();
  });

  it('shows the progress bar when a page takes longer than 200 ms to load, and not before', async () => {
    const page = await session.context.newPage();
    // Slow from the start, so that a prefetch cannot have fetched the page already.
    // Long enough that a prefetch started at page load is still running well after the click.
    await page.route('**/docs/guide/setup', async (route) => {
      await new Promise((r) => setTimeout(r, 2000));
      await route.continue();
    });
    await page.goto(`${base}/docs/intro`);
    // Timed in the page (a busy machine delays the test's own polling, not the page's clock).
    await page.evaluate(() => {
      const w = window as unknown as { clickedAt: number; shownAt?: number };
      new MutationObserver(() => {
        if (w.shownAt === undefined && document.querySelector('.progress-bar.active')) w.shownAt = performance.now();
      }).observe(document.body, { subtree: true, attributes: true, childList: true });
      w.clickedAt = performance.now();
      document.querySelector<HTMLAnchorElement>('a.pager-next')?.click();
    });
    await expect.poll(() => page.locator('.progress-bar.active').count(), { timeout: 1500 }).toBe(1);
    const delay = await page.evaluate(() => {
      const w = window as unknown as { clickedAt: number; shownAt: number };
      return w.shownAt - w.clickedAt;
    });
    expect(delay).toBeGreaterThanOrEqual(195);
    expect(delay).toBeLessThan(1000);
    await page.waitForURL('**/docs/guide/setup');
    await expect.poll(() => page.locator('.progress-bar.active').count()).toBe(0);
    await page.close();
  });

  it('serves the not-found page with status 404 and normalises .html endings', async () => {
    const page = await session.context.newPage();
    const missing = await page.goto(`${base}/no/such/page`);
    expect(missing?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page Not Found');
    await page.goto(`${base}/docs/intro.html`);
    expect(new URL(page.url()).pathname).toBe('/docs/intro');
    await page.close();
  });

  it('warns on the home page, with its own styles, when the site is served where it was not built for', async () => {
    // Where it was built for: no banner.
    const { page } = await open('/');
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.close();

    // Built for /maps/ and served at the root: every stylesheet and script is looked for under /maps/ and fails.
    const misplaced = await openBuiltSite(tempProject({ fixture: 'basic', files: { 'content/site.yaml': 'baseUrl: /maps/\n' } }));
    try {
      const home = await misplaced.session.context.newPage();
      await home.setViewportSize({ width: 390, height: 800 });
      const failed: string[] = [];
      home.on('response', (r) => {
        if (r.status() === 404) failed.push(new URL(r.url()).pathname);
      });
      // A stylesheet answered with the HTML not-found page is refused outright (nosniff): a failed request, not a response.
      home.on('requestfailed', (r) => failed.push(new URL(r.url()).pathname));
      await home.goto(`${misplaced.base}/`);
      await home.waitForLoadState('networkidle');
      expect(failed.some((p) => p.startsWith('/maps/assets/css/'))).toBe(true);
      expect(failed.some((p) => p.startsWith('/maps/assets/js/'))).toBe(true);
      const banner = home.getByRole('alert');
      expect(await banner.isVisible()).toBe(true);
      expect(await banner.textContent()).toContain('configured for the base address "/maps/" but is served at "/"');
      expect(await banner.textContent()).toContain('baseUrl: "/"');
      // Its own colours, readable without the stylesheet: dark text on amber, at least 4.5:1.
      const colours = await banner.evaluate((b) => [getComputedStyle(b).color, getComputedStyle(b).backgroundColor]);
      expect(colours).toEqual(['rgb(74, 47, 0)', 'rgb(255, 244, 214)']);
      expect(await home.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await home.close();
    } finally {
      await misplaced.close();
    }
  });
});
