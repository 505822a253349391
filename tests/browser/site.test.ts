import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openBuiltSite, watchErrors, type BrowserSession, type SiteUnderTest } from '../helpers/browser.ts';
import { FIXTURES, tempProject } from '../helpers/tempSite.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function axe(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run(document, {
      resultTypes: ['violations'],
    });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  return violations;
}

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

  it('starts in light mode, toggles to dark, remembers it under "theme", and forgets it when removed', async () => {
    const { page, errors } = await open('/docs/intro');
    const toggle = page.getByRole('button', { name: 'Switch between dark and light mode (currently light mode)' }).first();
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await toggle.click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await expect.poll(() => page.getByRole('button', { name: 'Switch between dark and light mode (currently dark mode)' }).count()).toBeGreaterThan(0);
    await page.reload();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await page.evaluate(() => localStorage.removeItem('theme'));
    await page.reload();
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the crash fallback for an unexpected saved colour mode, and recovers with Try again', async () => {
    const { page } = await open('/docs/intro');
    await page.evaluate(() => localStorage.setItem('theme', 'purple'));
    await page.reload();
    await expect.poll(() => page.title()).toBe('Page Error');
    expect(await page.getByRole('heading', { name: 'This page crashed.' }).count()).toBe(1);
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.getByRole('button', { name: 'Try again' }).click();
    expect(await page.title()).toBe('Introduction | MAPS Messaging');
    await page.close();
  });

  it('closes the announcement bar, remembers it, and shows it again for a new id', async () => {
    const { page } = await open('/docs/intro');
    const bar = page.getByRole('region', { name: 'Announcement' });
    expect(await bar.isVisible()).toBe(true);
    await bar.getByRole('button', { name: 'Close' }).click();
    expect(await bar.isVisible()).toBe(false);
    await page.reload();
    expect(await page.getByRole('region', { name: 'Announcement' }).isVisible()).toBe(false);
    await page.evaluate(() => localStorage.setItem('announcement.id', 'older'));
    await page.reload();
    expect(await page.getByRole('region', { name: 'Announcement' }).isVisible()).toBe(true);
    await page.close();
  });

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

  it('opens the mobile menu below 996 px, locks scrolling, and closes it', async () => {
    const { page } = await open('/docs/intro', { width: 600 });
    const toggle = page.getByRole('button', { name: 'Toggle navigation bar' });
    expect(await toggle.isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Docs sidebar' }).isVisible()).toBe(false);
    await toggle.click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('menu-open'))).toBe(true);
    const close = page.getByRole('button', { name: 'Close navigation bar' });
    expect(await close.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: '← Back to main menu' }).isVisible()).toBe(true);
    expect(await axe(page)).toEqual([]);
    await close.click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('menu-open'))).toBe(false);
    // The open menu passes axe in dark mode too.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await axe(page), 'mobile menu (dark)').toEqual([]);
    await page.getByRole('button', { name: 'Close navigation bar' }).click();
    await page.evaluate(() => localStorage.removeItem('theme'));
    await toggle.click();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => page.evaluate(() => document.getElementById('mobile-menu')?.hidden)).toBe(true);
    await page.close();
  });

  it('copies code with a confirmation', async () => {
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const { page } = await open('/docs/intro');
    await page.locator('.code-block').first().hover();
    await page.getByRole('button', { name: 'Copy code to clipboard' }).first().click();
    await expect.poll(() => page.getByRole('button', { name: 'Copied' }).count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('name: demo\nport: 8080');
    await page.close();
  });

  it('draws mermaid diagrams in the browser', async () => {
    const { page } = await open('/docs/intro');
    await page.waitForSelector('figure.diagram[data-rendered="true"] svg', { timeout: 20_000 });
    await page.close();
  });

  it('filters the API reference menu and toggles it on narrow screens', async () => {
    const { page, errors } = await open('/docs/api/reference');
    const filter = page.getByLabel('Filter operations');
    await filter.fill('post');
    expect(await page.locator('#reference-menu li[data-filter]:visible').count()).toBe(1);
    await filter.fill('');
    expect(await page.locator('#reference-menu li[data-filter]:visible').count()).toBe(3);
    await page.setViewportSize({ width: 700, height: 800 });
    const toggle = page.getByRole('button', { name: 'Menu' });
    expect(await page.locator('#reference-menu').isVisible()).toBe(false);
    await toggle.click();
    expect(await page.locator('#reference-menu').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('passes axe on the home, docs, reference and not-found pages in both colour modes', async () => {
    for (const theme of ['light', 'dark']) {
      for (const route of ['/', '/docs/intro', '/docs/api/reference', '/no/such/page']) {
        const page = await session.context.newPage();
        await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
        await page.goto(`${base}${route}`);
        await page.waitForLoadState('networkidle');
        expect(await axe(page), `${route} (${theme})`).toEqual([]);
        await page.close();
      }
    }
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
    expect(await axe(page)).toEqual([]);
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

  it('hides the navbar on scroll down and shows it on scroll up', async () => {
    const { page } = await open('/docs/intro');
    await page.setViewportSize({ width: 1280, height: 300 });
    await page.mouse.wheel(0, 300);
    await expect.poll(() => page.locator('nav.navbar.navbar-hidden').count()).toBe(1);
    await page.mouse.wheel(0, -100);
    await expect.poll(() => page.locator('nav.navbar.navbar-hidden').count()).toBe(0);
    await page.close();
  });

  it('highlights the table of contents entry of the heading in view', async () => {
    const { page } = await open('/docs/intro');
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.locator('#sub-heading').scrollIntoViewIfNeeded();
    await page.evaluate(() => document.getElementById('sub-heading')?.scrollIntoView({ block: 'start' }));
    await expect.poll(() => page.locator('.toc-link.active').getAttribute('href')).toBe('#sub-heading');
    await page.close();
  });

  it('suggests the right base address when the site is served under another one', async () => {
    const { page } = await open('/');
    expect(await page.locator('.base-url-banner').isVisible()).toBe(false);
    // The same home page, served under /elsewhere/.
    const html = await (await fetch(`${base}/`)).text();
    await page.route('**/elsewhere/', (route) => route.fulfill({ contentType: 'text/html', body: html }));
    await page.goto(`${base}/elsewhere/`);
    await expect.poll(() => page.locator('.base-url-banner').isVisible()).toBe(true);
    expect(await page.locator('.base-url-banner').textContent()).toContain('baseUrl: "/elsewhere/"');
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
});
