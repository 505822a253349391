import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openBuiltSite, watchErrors, type SiteUnderTest } from '../helpers/browser.ts';
import { versionedSite } from '../helpers/versionedSite.ts';

/**
 * Search on a versioned site (2.0 at /docs, current at /docs/next, 1.0 at
 * /docs/1.0): results come from the version being read, or from the reader's
 * preferred version outside the docs, and the dialog says which; another
 * version's pages and API operations never mix in.
 */
describe.skipIf(!hasChromium)('search on a versioned site, in Chromium', () => {
  let site: SiteUnderTest;
  beforeAll(async () => {
    site = await openBuiltSite(versionedSite());
  }, 60_000);
  afterAll(() => site.close());

  const search = async (route: string, term: string, stored?: string): Promise<{ hrefs: string[]; status: string; errors: string[] }> => {
    const page = await site.session.context.newPage();
    if (stored) await page.addInitScript((v) => localStorage.setItem('docs-preferred-version-default', v), stored);
    const errors = watchErrors(page);
    await page.goto(`${site.base}${route}`);
    await page.keyboard.press('/');
    const input = page.getByRole('combobox', { name: 'Search the documentation' });
    await input.fill(term);
    await expect.poll(() => page.locator('.search-dialog [role="status"]').textContent()).toMatch(/result|No /);
    const hrefs = await page.getByRole('option').evaluateAll((options) => options.map((o) => new URL((o as HTMLAnchorElement).href).pathname + new URL((o as HTMLAnchorElement).href).hash));
    const status = (await page.locator('.search-dialog [role="status"]').textContent()) ?? '';
    await page.close();
    return { hrefs, status, errors };
  };

  it('lists the pages of the version being read, and says which version', async () => {
    const old = await search('/docs/1.0/intro', 'introduction');
    expect(old.hrefs.length).toBeGreaterThan(0);
    expect(old.hrefs.every((href) => href.startsWith('/docs/1.0/'))).toBe(true);
    expect(old.status).toMatch(/in version 1\.0$/);
    const next = await search('/docs/next/guide/setup', 'introduction');
    expect(next.hrefs.every((href) => href.startsWith('/docs/next/'))).toBe(true);
    expect(next.status).toMatch(/in version Next$/);
    const last = await search('/docs/only-in-2', 'introduction');
    expect(last.hrefs.length).toBeGreaterThan(0);
    expect(last.hrefs.every((href) => href.startsWith('/docs/') && !href.startsWith('/docs/next/') && !href.startsWith('/docs/1.0/'))).toBe(true);
    // (1.0's page links to a page it does not have, which is prefetched and 404s: its errors are not counted.)
    for (const run of [next, last]) expect(run.errors).toEqual([]);
  });

  it('finds an API operation only in the versions whose description has it', async () => {
    const next = await search('/docs/next/intro', 'health');
    expect(next.hrefs).toContain('/docs/next/api/reference#operation-getHealth');
    const last = await search('/docs/intro', 'health');
    expect(last.hrefs.some((href) => href.includes('getHealth'))).toBe(false);
  });

  it('searches the preferred version from pages outside the docs', async () => {
    const preferred = await search('/markdown-page', 'introduction', 'current');
    expect(preferred.hrefs.filter((href) => href.startsWith('/docs/')).every((href) => href.startsWith('/docs/next/'))).toBe(true);
    expect(preferred.status).toMatch(/in version Next$/);
    const fallback = await search('/markdown-page', 'introduction', 'nonsense');
    expect(fallback.status).toMatch(/in version 2\.0$/);
  });

  it('treats a version\'s not-found page as that version, whatever the reader prefers', async () => {
    const page = await site.session.context.newPage();
    await page.addInitScript(() => localStorage.setItem('docs-preferred-version-default', '1.0'));
    const response = await page.goto(`${site.base}/docs/next/nope`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.locator('.navbar-dropdown[data-kind="versions"] [data-current-label]').first().textContent()).toBe('Next');
    expect(await page.getByRole('link', { name: 'Documentation' }).first().getAttribute('href')).toBe('/docs/next/intro');
    await page.close();
    const searched = await search('/docs/next/nope', 'introduction', '1.0');
    expect(searched.status).toMatch(/in version Next$/);
  });

  it('finds the REST change log and its changes', async () => {
    const found = await search('/docs/next/intro', 'legacy');
    expect(found.hrefs.some((href) => href.startsWith('/docs/next/api/changes#'))).toBe(true);
  });

  it("downloads only the index of the version searched, and the other version's after a client-side navigation to it", async () => {
    const page = await site.session.context.newPage();
    const errors = watchErrors(page);
    const fetched: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/search-index/')) fetched.push(pathname);
    });
    const find = async (term: string): Promise<string[]> => {
      await page.keyboard.press('/');
      const input = page.getByRole('combobox', { name: 'Search the documentation' });
      // The dialog keeps its last query: cleared first, so that the results polled for are this query's.
      await input.fill('');
      await expect.poll(() => page.getByRole('option').count()).toBe(0);
      await input.fill(term);
      await expect.poll(() => page.locator('.search-dialog [role="status"]').textContent()).toMatch(/result|No /);
      const hrefs = await page.getByRole('option').evaluateAll((options) => options.map((o) => new URL((o as HTMLAnchorElement).href).pathname));
      await page.keyboard.press('Escape');
      return hrefs;
    };
    await page.goto(`${site.base}/docs/1.0/intro`);
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    const old = await find('introduction');
    expect(old.length).toBeGreaterThan(0);
    expect(old.every((href) => href.startsWith('/docs/1.0/'))).toBe(true);
    expect(fetched.length).toBeGreaterThan(0);
    expect(fetched.every((file) => file.startsWith('/search-index/1.0/')), fetched.join('\n')).toBe(true);
    // The version dropdown leads to the same page in Next, without a reload.
    const dropdown = page.locator('nav.navbar .navbar-inner .navbar-dropdown[data-kind="versions"]');
    await dropdown.locator('summary').click();
    await dropdown.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL('**/docs/next/intro');
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    // (1.0's page links to a page it does not have, which is prefetched and 404s: counted from here.)
    errors.length = 0;
    fetched.length = 0;
    const next = await find('introduction');
    expect(next.length).toBeGreaterThan(0);
    expect(next.every((href) => href.startsWith('/docs/next/'))).toBe(true);
    expect(fetched.length).toBeGreaterThan(0);
    expect(fetched.every((file) => file.startsWith('/search-index/current/')), fetched.join('\n')).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("keeps what is typed at once after the shortcut, while the dialog's code loads", async () => {
    const page = await site.session.context.newPage();
    await page.goto(`${site.base}/docs/next/intro`);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('introduction');
    const input = page.getByRole('combobox', { name: 'Search the documentation' });
    await expect.poll(() => input.inputValue()).toBe('introduction');
    await expect.poll(() => page.locator('.search-dialog [role="status"]').textContent()).toMatch(/in version Next$/);
    await page.close();
  });

  it('names the version a search ran in, when its sections arrive after the reader went to another version', async () => {
    const page = await site.session.context.newPage();
    // 1.0's sections (loaded once typing pauses) arrive late: after the reader has gone on to Next.
    let delayed = 0;
    await page.route(/\/search-index\/1\.0\/f\d+\.[^/]*\.json/, async (route) => {
      delayed += 1;
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto(`${site.base}/docs/1.0/intro`);
    await page.keyboard.press('/');
    await page.getByRole('combobox', { name: 'Search the documentation' }).fill('introduction');
    const status = page.locator('.search-dialog [role="status"]');
    await expect.poll(() => status.textContent()).toMatch(/in version 1\.0$/);
    await expect.poll(() => delayed).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    const dropdown = page.locator('nav.navbar .navbar-inner .navbar-dropdown[data-kind="versions"]');
    await dropdown.locator('summary').click();
    await dropdown.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL('**/docs/next/intro');
    // The sections have come in and are listed: still 1.0's results, and said to be.
    await expect.poll(() => page.locator('.search-dialog .search-result-excerpt').count(), { timeout: 5000 }).toBeGreaterThan(0);
    const hrefs = await page.locator('.search-dialog [role="option"]').evaluateAll((options) => options.map((o) => new URL((o as HTMLAnchorElement).href).pathname));
    expect(hrefs.every((href) => href.startsWith('/docs/1.0/')), hrefs.join('\n')).toBe(true);
    expect(await status.textContent()).toMatch(/in version 1\.0$/);
    await page.close();
  });

  it("searches the version read when the dialog opens again on another version's page, without typing", async () => {
    const page = await site.session.context.newPage();
    await page.goto(`${site.base}/docs/1.0/intro`);
    await page.keyboard.press('/');
    const input = page.getByRole('combobox', { name: 'Search the documentation' });
    await input.fill('introduction');
    const status = page.locator('.search-dialog [role="status"]');
    await expect.poll(() => status.textContent()).toMatch(/in version 1\.0$/);
    await page.keyboard.press('Escape');
    const dropdown = page.locator('nav.navbar .navbar-inner .navbar-dropdown[data-kind="versions"]');
    await dropdown.locator('summary').click();
    await dropdown.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL('**/docs/next/intro');
    // The dialog opens with the last query, now run on Next's index.
    await page.keyboard.press('/');
    await expect.poll(() => status.textContent()).toMatch(/in version Next$/);
    const hrefs = await page.getByRole('option').evaluateAll((options) => options.map((o) => new URL((o as HTMLAnchorElement).href).pathname));
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.every((href) => href.startsWith('/docs/next/')), hrefs.join('\n')).toBe(true);
    await page.close();
  });

  it('keeps its field and its Close button inside it from 320 px up, and says which version found nothing', async () => {
    for (const width of [320, 360, 412, 995]) {
      const page = await site.session.context.newPage();
      await page.setViewportSize({ width, height: 700 });
      await page.goto(`${site.base}/docs/1.0/intro`);
      await page.keyboard.press('/');
      const dialog = await page.locator('.search-dialog').boundingBox();
      const close = await page.getByRole('button', { name: 'Close' }).boundingBox();
      const input = await page.getByRole('combobox', { name: 'Search the documentation' }).boundingBox();
      expect(dialog && close && input, `width ${width}`).toBeTruthy();
      if (!dialog || !close || !input) continue;
      expect(close.x + close.width, `width ${width}`).toBeLessThanOrEqual(dialog.x + dialog.width);
      expect(input.x + input.width, `width ${width}`).toBeLessThanOrEqual(close.x);
      expect(close.height, `width ${width}`).toBeGreaterThanOrEqual(24);
      await page.getByRole('combobox', { name: 'Search the documentation' }).fill('zzqqxx');
      await expect.poll(() => page.locator('.search-dialog [role="status"]').textContent()).toBe('No results for “zzqqxx” in version 1.0');
      await page.close();
    }
  });
});

describe.skipIf(!hasChromium)('search in a page left open while the site is built again, in Chromium', () => {
  it('opens the new index when the old one is gone, rather than failing until the page is reloaded', async () => {
    const project = versionedSite();
    const site = await openBuiltSite({ root: project.root, cleanup: () => undefined });
    try {
      const page = await site.session.context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${site.base}/docs/next/intro`);
      await page.keyboard.press('/');
      const input = page.getByRole('combobox', { name: 'Search the documentation' });
      const status = page.locator('.search-dialog [role="status"]');
      await input.fill('introduction');
      await expect.poll(() => status.textContent()).toMatch(/result/);
      // Built again with a new word: every file of Next's index gets a new name, the old ones are gone.
      const { writeFileSync, readFileSync } = await import('node:fs');
      const { default: path } = await import('node:path');
      const intro = path.join(project.content, 'docs', 'intro.md');
      writeFileSync(intro, `${readFileSync(intro, 'utf8')}\nA paragraph about zanzibarite, a word the first build did not index.\n`);
      const { build } = await import('../../src/commands/build.ts');
      const { silentReporter } = await import('../../src/util/task.ts');
      await build({ root: project.root, reporter: silentReporter });
      await input.fill('zanzibarite');
      await expect.poll(() => status.textContent()).toMatch(/1 result in version Next$/);
      expect(await page.getByRole('option').first().getAttribute('href')).toMatch(/\/docs\/next\/intro/);
      expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
      await page.close();
    } finally {
      await site.close();
      project.cleanup();
    }
  }, 60_000);
});
