import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/commands/build.ts';
import { silentReporter } from '../../src/util/task.ts';
import { hasChromium, launch, serveDir, watchErrors, type BrowserSession } from '../helpers/browser.ts';
import { RENDER_EVERYTHING, axeViolations, navbarProblems, overflowProblems, smallText, type Found } from '../helpers/pageChecks.ts';

const REPO = path.resolve(import.meta.dirname, '..', '..');
/** The widths the issue names: phones, a tablet, both sides of the 996 px breakpoint, a desktop. */
const WIDTHS = [320, 390, 768, 995, 996, 1440];
const MODES = ['light', 'dark'] as const;
/** Screenshots of every layout checked go here when set (MAPSDOCS_SCREENSHOTS=dir); a failing layout's always does. */
const SHOTS = process.env['MAPSDOCS_SCREENSHOTS'];

const report = (found: Found[]): string[] => found.map((f) => `${f.what} ${f.detail}`);

/**
 * The real documentation site, built from content/ and openapi/: its layout at
 * the widths readers use, and axe on every page, in both colour modes. One
 * browser and one page serve every check, so the whole site fits in CI.
 */
describe.skipIf(!hasChromium)('the documentation site in Chromium', () => {
  let out: string;
  let server: Server;
  let base: string;
  let session: BrowserSession;
  let page: Page;
  let routes: string[];

  beforeAll(async () => {
    out = mkdtempSync(path.join(tmpdir(), 'mapsdocs-site-'));
    const outcome = await build({ root: REPO, out, cache: false, reporter: silentReporter });
    expect(outcome.ok).toBe(true);
    const served = await serveDir(out);
    server = served.server;
    base = served.url.replace(/\/$/, '');
    session = await launch();
    page = await session.context.newPage();
    const sitemap = readFileSync(path.join(out, 'sitemap.xml'), 'utf8');
    routes = [...sitemap.matchAll(/<loc>[a-z]+:\/\/[^/<]+(\/[^<]*)<\/loc>/g)].map((m) => m[1] ?? '/');
  });
  afterAll(async () => {
    await session?.close();
    server?.close();
    if (out) rmSync(out, { recursive: true, force: true });
  });

  /** Opens `route` in `mode` on the shared page and waits for its diagrams. */
  async function load(route: string, mode: (typeof MODES)[number]): Promise<void> {
    await page.evaluate((m) => localStorage.setItem('theme', m), mode).catch(() => undefined);
    await page.goto(`${base}${route}`);
    if (!(await page.evaluate((m) => localStorage.getItem('theme') === m, mode))) {
      await page.evaluate((m) => localStorage.setItem('theme', m), mode);
      await page.reload();
    }
    await diagramsDrawn();
  }

  async function diagramsDrawn(): Promise<void> {
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLElement>('figure[data-diagram]')].every((f) => f.dataset['rendered']), null, { timeout: 30_000 });
  }

  async function screenshot(name: string): Promise<string> {
    const dir = SHOTS ?? path.join(tmpdir(), 'mapsdocs-layout');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${name.replace(/[^a-z0-9-]+/gi, '_')}.png`);
    await page.screenshot({ path: file });
    return file;
  }

  it('lays out the home page, a doc page and the reference at every width in both modes: navbar items apart and on one line, nothing wider than the screen', async () => {
    const failures: string[] = [];
    for (const route of ['/', '/docs/configuration/authentication', '/docs/api/reference']) {
      for (const mode of MODES) {
        await page.setViewportSize({ width: WIDTHS[0] ?? 320, height: 800 });
        await load(route, mode);
        await page.addStyleTag({ content: RENDER_EVERYTHING });
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          const found = [...report(await page.evaluate(navbarProblems)), ...report(await page.evaluate(overflowProblems))];
          // The search control: an icon named "Search" below 996 px, with its shortcut hint only on desktop.
          const search = await page.locator('nav.navbar .navbar-inner [data-search-open]').evaluate((b) => ({
            name: b.textContent?.replace(b.querySelector('kbd')?.textContent ?? '', '').trim(),
            hint: (b.querySelector('kbd')?.getClientRects().length ?? 0) > 0,
          }));
          if (search.name !== 'Search') found.push(`the search button is named "${search.name}"`);
          if (search.hint !== width > 996) found.push(`the search button ${search.hint ? 'shows' : 'hides'} its shortcut hint`);
          const name = `${route}-${width}-${mode}`;
          if (SHOTS || found.length > 0) {
            const file = await screenshot(name);
            if (found.length > 0) failures.push(`${name} (${file}): ${found.join('; ')}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('sets no text under 12 px on phones, and gives the code buttons targets of 24 px', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    const failures: string[] = [];
    for (const route of ['/', '/docs/configuration/authentication', '/docs/api/reference']) {
      await load(route, 'light');
      await page.addStyleTag({ content: RENDER_EVERYTHING });
      failures.push(...report(await page.evaluate(smallText, 12)).map((f) => `${route}: ${f}`));
    }
    // A code block's buttons are made as it comes into view.
    await page.locator('.op-samples').first().scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.op-samples .code-actions button').count()).toBeGreaterThan(1);
    const buttons = await page.locator('.op-samples .code-actions button').evaluateAll((all) => all.slice(0, 20).map((b) => b.getBoundingClientRect().toJSON() as DOMRect));
    expect(buttons.length).toBeGreaterThan(1);
    for (const box of buttons) {
      expect(box.width).toBeGreaterThanOrEqual(24);
      expect(box.height).toBeGreaterThanOrEqual(24);
    }
    expect(failures).toEqual([]);
  });

  it('reads without JavaScript at phone widths: content shown, nothing sideways, no control that needs scripts', async () => {
    const reader = await session.context.newPage();
    const cdp = await session.context.newCDPSession(reader);
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
    const failures: string[] = [];
    for (const width of [320, 390]) {
      await reader.setViewportSize({ width, height: 800 });
      for (const route of ['/', '/docs/intro', '/docs/configuration/authentication', '/docs/api/reference', '/no/such/page']) {
        await reader.goto(`${base}${route}`);
        expect(await reader.evaluate(() => document.documentElement.classList.contains('js')), 'scripts ran').toBe(false);
        const found = [...report(await reader.evaluate(overflowProblems)), ...report(await reader.evaluate(navbarProblems))];
        if (!(await reader.getByRole('heading', { level: 1 }).first().isVisible())) found.push('no visible heading');
        const text = await reader.locator('main').innerText();
        if (text.length < 40) found.push(`main holds only ${text.length} characters`);
        for (const control of ['[data-search-open]', '.navbar-toggle', '.announcement-close', '.code-actions', '.sidebar-hide', '.reference-filter']) {
          if (await reader.locator(control).first().isVisible().catch(() => false)) found.push(`${control} shows but does nothing without scripts`);
        }
        if (found.length > 0) failures.push(`${route} at ${width} px: ${found.join('; ')}`);
      }
    }
    expect(failures).toEqual([]);
    await reader.close();
  });

  it("keeps a section link's heading in view while the page's diagrams draw", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const errors = watchErrors(page);
    // The example: the last section of a page with diagrams above it.
    await page.goto(`${base}/docs/configuration/authentication#managing-users-over-rest`);
    await diagramsDrawn();
    await page.waitForTimeout(300);
    const navbar = await page.locator('nav.navbar').evaluate((n) => (n as HTMLElement).offsetHeight);
    const top = await page.locator('#managing-users-over-rest').evaluate((h) => h.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(navbar);
    expect(top).toBeLessThan(navbar + 40);
    expect(errors).toEqual([]);
    page.removeAllListeners('console');
    page.removeAllListeners('pageerror');
  });

  /** Client navigation to `route` (as a link would), waiting for the page view that ends it. */
  async function navigate(route: string): Promise<void> {
    await page.evaluate(
      (r) =>
        new Promise<void>((resolve) => {
          document.addEventListener('mapsdocs:pageview', () => resolve(), { once: true });
          const link = document.createElement('a');
          link.href = r;
          document.body.append(link);
          link.click();
          link.remove();
        }),
      route,
    );
    await diagramsDrawn();
  }

  it(
    'passes axe (WCAG 2.2 AA) on every page of the sitemap and the not-found page, in both colour modes',
    async () => {
      expect(routes.length).toBeGreaterThan(100);
      await page.setViewportSize({ width: 1280, height: 800 });
      const failures: string[] = [];
      const [first, ...rest] = [...routes, '/no/such/page'];
      await load(first ?? '/', 'light');
      // The reference's sections are laid out only near the viewport; axe's hit-testing of the others
      // reports the colours of whatever lies under their stale boxes. Readers see each one laid out.
      await page.addStyleTag({ content: RENDER_EVERYTHING });
      let mode = 'light';
      for (const route of [first ?? '/', ...rest]) {
        // One page, reached by client navigation (a full load of each would double the time; the server's
        // page is what is swapped in, and the head holding the style above stays).
        if (route !== first) await navigate(route);
        for (const v of await axeViolations(page)) failures.push(`${route} (${mode}) ${v}`);
        // The other colour mode on the same page: the switch recolours it, its diagrams included (drawn at
        // build time, their colours follow the mode's CSS). Only colours change, so the rules that judge
        // colours run again. The next page starts in this mode.
        await page.evaluate(() => document.querySelector<HTMLButtonElement>('[data-color-mode-toggle]')?.click());
        mode = mode === 'light' ? 'dark' : 'light';
        expect(await page.getAttribute('html', 'data-theme')).toBe(mode);
        await diagramsDrawn();
        for (const v of await axeViolations(page, { rules: ['color-contrast', 'link-in-text-block'] })) failures.push(`${route} (${mode}) ${v}`);
      }
      expect(failures).toEqual([]);
    },
    240_000,
  );

  it('passes axe on the open search dialog and the open mobile menu, in both colour modes', async () => {
    const failures: string[] = [];
    for (const mode of MODES) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await load('/docs/intro', mode);
      await page.keyboard.press('Control+k');
      const input = page.getByRole('combobox', { name: 'Search the documentation' });
      await input.fill('mqtt');
      await page.getByRole('option').first().waitFor();
      for (const v of await axeViolations(page)) failures.push(`search dialog (${mode}) ${v}`);
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 390, height: 800 });
      await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
      expect(await page.locator('#mobile-menu').isVisible()).toBe(true);
      for (const v of await axeViolations(page)) failures.push(`mobile menu (${mode}) ${v}`);
      await page.getByRole('button', { name: '← Back to main menu' }).click();
      for (const v of await axeViolations(page)) failures.push(`mobile menu, main menu (${mode}) ${v}`);
      await page.getByRole('button', { name: 'Close navigation bar' }).click();
    }
    expect(failures).toEqual([]);
  });
});
