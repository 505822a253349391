import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openBuiltSite, watchErrors, type SiteUnderTest } from '../helpers/browser.ts';
import { tempProject } from '../helpers/tempSite.ts';

/**
 * Islands in Chromium, on the islands fixture: page components with islands
 * of the site ('use client' files) and docs pages with tabs. An island
 * hydrates where it was server-rendered; a mismatch and a crash stay with
 * their island; tabs remember the reader's choice through client navigation,
 * and work without JavaScript.
 */
describe.skipIf(!hasChromium)('islands in the browser', () => {
  let site: SiteUnderTest;

  beforeAll(async () => {
    site = await openBuiltSite(tempProject({ fixture: 'islands' }));
  });
  afterAll(async () => {
    await site?.close();
  });

  const open = async (route: string): Promise<{ page: Page; errors: string[]; scripts: string[] }> => {
    const page = await site.session.context.newPage();
    const errors = watchErrors(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${site.base}${route}`);
    await page.waitForLoadState('networkidle');
    return { page, errors, scripts };
  };
  const hydrated = (page: Page, selector: string): Promise<unknown> =>
    // React marks the DOM nodes it owns; the island's root is hydrated once its first element carries the mark.
    page.waitForFunction((s) => {
      const element = document.querySelector(s);
      return element !== null && Object.keys(element).some((key) => key.startsWith('__react'));
    }, selector);

  it('hydrates an island with state: a click changes it, and nothing is logged', async () => {
    const { page, errors, scripts } = await open('/counter');
    const button = page.locator('.counter button');
    // Server-rendered: the count shows before any script runs.
    expect(await button.textContent()).toBe('2 clicks');
    await hydrated(page, '.counter');
    await button.click();
    await button.click();
    expect(await button.textContent()).toBe('4 clicks');
    // The page's markup given as its child is there, as the server rendered it.
    expect(await page.locator('.counter .slot-child strong').textContent()).toBe('page');
    expect(errors).toEqual([]);
    // The runtime, React's chunk and the island's module, all modules (loaded after the page is parsed).
    expect(scripts.some((s) => /\/assets\/js\/islands\.[0-9a-f]+\.js$/.test(s))).toBe(true);
    expect(scripts.some((s) => /\/assets\/js\/site\/Counter-\w+\.js$/.test(s))).toBe(true);
    expect(await page.locator('script[src*="/islands."]').getAttribute('type')).toBe('module');
    await page.close();
  });

  it('loads no island code on a page without islands', async () => {
    const { page, scripts } = await open('/docs/plain');
    expect(scripts.filter((s) => /islands\.|react\.|\/site\//.test(s))).toEqual([]);
    // The main bundle and its chunks only: React's chunk is the runtime's.
    const main = scripts.filter((s) => /\/main\.[0-9a-f]+\.js$/.test(s));
    expect(main).toHaveLength(1);
    await page.close();
  });

  it('logs a hydration mismatch to the console, and shows what the browser rendered', async () => {
    const { page, errors } = await open('/mismatch');
    await page.waitForFunction(() => document.querySelector('.mismatch')?.textContent === 'Rendered in the browser.');
    await expect.poll(() => errors.join('\n')).toContain('island');
    expect(errors.join('\n')).toMatch(/\[mapsdocs\] island "\/assets\/js\/site\/Mismatch-\w+\.js": recoverable error during hydration/);
    await page.close();
  });

  it("shows the crash fallback in a crashed island's place alone, and 'Try again' renders it again", async () => {
    const { page } = await open('/crash');
    const fallback = page.locator('.crashing [role="alert"]');
    await fallback.waitFor();
    expect(await fallback.locator('.crash-title').textContent()).toBe('This page crashed.');
    expect(await fallback.locator('.crash-details').textContent()).toContain('The island broke.');
    // The rest of the page is as it was: its title, its heading, and the other island, which works.
    expect(await page.title()).toBe('Crash | MAPS Messaging');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Crash');
    await hydrated(page, '.working .counter');
    await page.locator('.working .counter button').click();
    expect(await page.locator('.working .counter button').textContent()).toBe('1 clicks');
    // Try again renders the island again: this time it does not throw.
    await page.evaluate(() => ((window as Window & { letCrashyLive?: boolean }).letCrashyLive = true));
    await fallback.getByRole('button', { name: 'Try again' }).click();
    await page.locator('.crashing .crashy').waitFor();
    expect(await page.locator('.crashing [role="alert"]').count()).toBe(0);
    await page.close();
  });

  const shownPanel = (page: Page, block = 0): Promise<string | null> => page.locator('.tabs').nth(block).locator('.tabs-panel:visible').first().getAttribute('data-value');

  it('keeps the chosen tab across client navigations, and ignores a stored tab a block does not offer', async () => {
    const { page, errors } = await open('/docs/intro');
    await hydrated(page, '.tabs');
    expect(await shownPanel(page)).toBe('linux');
    await page.locator('.tabs label', { hasText: 'Windows' }).click();
    expect(await shownPanel(page)).toBe('windows');
    // Client navigation keeps the page's window: a mark left on it tells a full load apart.
    await page.evaluate(() => ((window as Window & { stayed?: boolean }).stayed = true));
    await page.locator('main a', { hasText: 'client page' }).click();
    await page.waitForURL(/\/docs\/clients$/);
    await hydrated(page, '.tabs');
    expect(await shownPanel(page)).toBe('windows');
    // A block without a group keeps its own default, marked in its markdown.
    expect(await shownPanel(page, 1)).toBe('python');
    await page.getByRole('link', { name: 'install', exact: true }).click();
    await page.waitForURL(/\/docs\/intro$/);
    await hydrated(page, '.tabs');
    expect(await shownPanel(page)).toBe('windows');
    expect(await page.evaluate(() => (window as Window & { stayed?: boolean }).stayed)).toBe(true);

    // Docker, which the clients page does not offer: it shows its default there, and the choice is kept.
    await page.locator('.tabs label', { hasText: 'Docker' }).click();
    await page.locator('main a', { hasText: 'client page' }).click();
    await page.waitForURL(/\/docs\/clients$/);
    await hydrated(page, '.tabs');
    expect(await shownPanel(page)).toBe('linux');
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.tab.os'))).toBe('docker');
    // The islands there were hydrated again after the navigation: a choice works, and is stored.
    await page.locator('.tabs label', { hasText: 'Windows' }).click();
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.tab.os'))).toBe('windows');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps and stores a tab chosen before React arrived, over the stored one', async () => {
    const page = await site.session.context.newPage();
    await page.addInitScript(() => localStorage.setItem('docusaurus.tab.os', 'docker'));
    // The island runtime (which loads React) held back until the reader has clicked.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/js\/islands\.[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // Module scripts hold back DOMContentLoaded: the page is read and clicked as soon as it shows.
    await page.goto(`${site.base}/docs/intro`, { waitUntil: 'commit' });
    await page.locator('.tabs label', { hasText: 'Windows' }).click();
    expect(await shownPanel(page)).toBe('windows');
    expect(await page.evaluate(() => Object.keys(document.querySelector('.tabs') ?? {}).some((key) => key.startsWith('__react')))).toBe(false);
    release();
    await hydrated(page, '.tabs');
    expect(await shownPanel(page)).toBe('windows');
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.tab.os'))).toBe('windows');
    await page.close();
  });

  it('unmounts an island when a client navigation leaves its page, and hydrates it again on the way back', async () => {
    const { page, errors } = await open('/counter');
    await hydrated(page, '.counter');
    type Marked = Window & { mountedCounters?: number; stayed?: boolean };
    expect(await page.evaluate(() => (window as Marked).mountedCounters)).toBe(1);
    await page.locator('.counter button').click();
    await page.evaluate(() => ((window as Marked).stayed = true));
    await page.locator('main a', { hasText: 'A page without islands' }).click();
    await page.waitForURL(/\/docs\/plain$/);
    // The same window (a client navigation), and the island's root unmounted: its effect was cleaned up.
    expect(await page.evaluate(() => (window as Marked).stayed)).toBe(true);
    await expect.poll(() => page.evaluate(() => (window as Marked).mountedCounters)).toBe(0);
    await page.goBack();
    await page.waitForURL(/\/counter$/);
    // The page as served, hydrated anew: its count starts again.
    await hydrated(page, '.counter');
    expect(await page.locator('.counter button').textContent()).toBe('2 clicks');
    await page.locator('.counter button').click();
    expect(await page.locator('.counter button').textContent()).toBe('3 clicks');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('switches tabs without JavaScript', async () => {
    const page = await site.session.context.newPage();
    const cdp = await site.session.context.newCDPSession(page);
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
    await page.goto(`${site.base}/docs/intro`);
    expect(await shownPanel(page)).toBe('linux');
    await page.locator('.tabs label', { hasText: 'Docker' }).click();
    expect(await shownPanel(page)).toBe('docker');
    expect(await page.locator('.tabs-panel:visible').count()).toBe(1);
    // Nothing ran: no island was hydrated.
    expect(await page.evaluate(() => Object.keys(document.querySelector('.tabs') ?? {}).some((key) => key.startsWith('__react')))).toBe(false);
    await page.close();
  });
});
