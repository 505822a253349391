import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openBuiltSite, type BrowserSession, type SiteUnderTest } from '../helpers/browser.ts';
import { tempProject } from '../helpers/tempSite.ts';

const REPO = path.resolve(import.meta.dirname, '..', '..');
const OPENAPI = path.join(REPO, 'openapi', 'maps-messaging-api.yaml');

describe.skipIf(!hasChromium)('search over the docs and the real API reference', () => {
  const project = tempProject({ fixture: 'basic', files: { 'content/site.yaml': 'navbar:\n  items:\n    - { type: search }\n' } });
  let site: SiteUnderTest;
  let session: BrowserSession;
  let base: string;

  beforeAll(async () => {
    site = await openBuiltSite(project, OPENAPI);
    ({ session, base } = site);
  });
  afterAll(async () => {
    await site?.close();
  });

  async function search(page: Page, term: string): Promise<string[]> {
    const input = page.getByRole('combobox', { name: 'Search the documentation' });
    await input.fill('');
    await expect.poll(() => page.getByRole('option').count()).toBe(0);
    await input.fill(term);
    await page.getByRole('option').first().waitFor();
    return page.getByRole('option').evaluateAll((options) => options.map((o) => (o as HTMLAnchorElement).href));
  }

  it('waits for a second character before searching, so one letter downloads no index shard', async () => {
    const page = await session.context.newPage();
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (/\/search-index\/s\d+\./.test(request.url())) chunks.push(request.url());
    });
    await page.goto(`${base}/docs/intro`);
    await page.keyboard.press('/');
    const input = page.getByRole('combobox', { name: 'Search the documentation' });
    await input.fill('p');
    await expect.poll(() => page.locator('.search-dialog [role="status"]').textContent()).toBe('Type one more character to search');
    await page.waitForLoadState('networkidle');
    expect(chunks).toEqual([]);
    expect(await page.getByRole('option').count()).toBe(0);
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    await input.fill('pu');
    await page.getByRole('option').first().waitFor();
    expect(chunks.length).toBeGreaterThan(0);
    await page.close();
  });

  it('finds API calls by name and parameter, and answers the first query fast with a small download', async () => {
    const page = await session.context.newPage();
    await page.goto(`${base}/docs/intro`);
    await page.waitForLoadState('networkidle');
    // Everything fetched from here on is for search: the dialog's code, the index's metadata, shards and fragments.
    // A real host compresses them on the wire; the local server sends them as built, so they are counted gzipped.
    let searchBytes = 0;
    page.on('response', async (response) => {
      const body = await response.body().catch(() => Buffer.alloc(0));
      searchBytes += gzipSync(body).length;
    });
    await page.keyboard.press('/');
    const input = page.getByRole('combobox', { name: 'Search the documentation' });
    await input.waitFor();
    // Warm page: the engine has loaded when the dialog opened; time one query from typing to results.
    await page.waitForLoadState('networkidle');
    // Measured in the page, from the input event to the first result in the list; the median of three queries.
    const timeQuery = async (term: string): Promise<number> => {
      await input.fill('');
      await expect.poll(() => page.getByRole('option').count()).toBe(0);
      await page.evaluate(() => {
        const list = document.getElementById('search-results');
        const field = document.getElementById('search-input');
        const w = window as unknown as { t0?: number; t1?: number };
        w.t0 = undefined;
        w.t1 = undefined;
        field?.addEventListener('input', () => (w.t0 ??= performance.now()), { once: true });
        if (list) {
          const observer = new MutationObserver(() => {
            if (list.childElementCount > 0) {
              w.t1 ??= performance.now();
              observer.disconnect();
            }
          });
          observer.observe(list, { childList: true });
        }
      });
      await input.fill(term);
      await page.getByRole('option').first().waitFor();
      return page.evaluate(() => {
        const w = window as unknown as { t0: number; t1: number };
        return w.t1 - w.t0;
      });
    };
    const times = [await timeQuery('broker'), await timeQuery('schema'), await timeQuery('publish')];
    const elapsed = [...times].sort((a, b) => a - b)[1] ?? Number.POSITIVE_INFINITY;
    const publish = await page.getByRole('option').evaluateAll((options) => options.map((o) => (o as HTMLAnchorElement).href));
    expect(publish, JSON.stringify(publish)).toContainEqual(expect.stringMatching(/\/docs\/api\/reference#operation-publishMessage$/));
    expect(await search(page, 'sortBy')).toContainEqual(expect.stringMatching(/#operation-listDestinations$/));
    // The 20 ms typing debounce included. Issue 28's budgets are 100 ms for a cold dialog's first
    // results and 50 ms for later keys; `npm run bench` measures them typed key by key. Here, with
    // other tests sharing the machine, a query on a warm dialog must answer within the first.
    expect(elapsed).toBeLessThan(100);
    // Four queries, each pasted whole (no prefix loaded on the way): within issue 28's 60 KB per query.
    expect(searchBytes).toBeLessThan(4 * 60 * 1024);
    await page.close();
  });
});

describe.skipIf(!hasChromium || !existsSync(path.join(REPO, 'content', 'docs')))('search over the real documentation', () => {
  // The site's own content, built as CI builds it (copied: a build follows no link out of its project).
  const root = mkdtempSync(path.join(tmpdir(), 'mapsdocs-search-'));
  cpSync(path.join(REPO, 'content'), path.join(root, 'content'), { recursive: true });
  let site: SiteUnderTest;

  beforeAll(async () => {
    site = await openBuiltSite({ root, cleanup: () => rmSync(root, { recursive: true, force: true }) }, OPENAPI);
  });
  afterAll(async () => {
    await site?.close();
  });

  /** The options listed for a term once its results show their sections (after the pause in typing). */
  async function results(term: string): Promise<string[]> {
    const page = await site.session.context.newPage();
    await page.goto(`${site.base}/docs/intro`);
    await page.keyboard.press('/');
    const input = page.getByRole('combobox', { name: 'Search the documentation' });
    await input.fill(term);
    await page.locator('[role="option"] .search-result-excerpt').first().waitFor();
    const hrefs = await page.getByRole('option').evaluateAll((options) => options.map((o) => new URL((o as HTMLAnchorElement).href).pathname + new URL((o as HTMLAnchorElement).href).hash));
    await page.close();
    return hrefs;
  }

  it('finds the MQTT-SN section on predefined topics first', async () => {
    const found = await results('mqtt-sn predefined topics');
    expect(found[0], found.join('\n')).toMatch(/^\/docs\/protocols\/mqtt-sn\/mqtt-sn-\d-\d#predefined-topics/);
  });

  it('finds the publish call of the API and the pages about publishing', async () => {
    const found = await results('publish');
    expect(found, found.join('\n')).toContainEqual(expect.stringMatching(/^\/docs\/api\/reference#operation-publishMessage$/));
    expect(found.filter((href) => !href.startsWith('/docs/api/reference')).length).toBeGreaterThan(0);
  });

  it('lists results by title as keys are typed, and Enter before the pause still goes to the best section', async () => {
    const page = await site.session.context.newPage();
    // The page's clock moves only when told: the pause in typing never comes by itself.
    await page.clock.install();
    await page.goto(`${site.base}/docs/intro`);
    await page.keyboard.press('/');
    const input = page.getByRole('combobox', { name: 'Search the documentation' });
    await input.fill('mqtt-sn predefined topics');
    // Past the typing debounce, short of the pause.
    await page.clock.runFor(50);
    await page.getByRole('option').first().waitFor();
    expect(await page.locator('[role="option"] .search-result-excerpt').count()).toBe(0);
    await input.press('Enter');
    await page.waitForURL(/\/docs\/protocols\/mqtt-sn\/mqtt-sn-\d-\d#predefined-topics/);
    await page.close();
  });

  it('never leaves aria-activedescendant pointing at an option that is gone', async () => {
    const page = await site.session.context.newPage();
    await page.goto(`${site.base}/docs/intro`);
    await page.keyboard.press('/');
    const input = page.getByRole('combobox', { name: 'Search the documentation' });
    const active = async (): Promise<string | null> => input.getAttribute('aria-activedescendant');
    const exists = (id: string): Promise<boolean> => page.evaluate((i) => document.getElementById(i) !== null, id);
    await input.fill('mqtt-sn');
    await page.getByRole('option').first().waitFor();
    const first = await active();
    expect(first).not.toBeNull();
    expect(await exists(first ?? '')).toBe(true);
    await input.fill('zzqqxx');
    await expect.poll(() => page.locator('.search-dialog [role="status"]').textContent()).toBe('No results for “zzqqxx”');
    expect(await active()).toBeNull();
    await input.fill('mqtt-sn');
    await page.getByRole('option').first().waitFor();
    await input.fill('m');
    await expect.poll(() => page.locator('.search-dialog [role="status"]').textContent()).toBe('Type one more character to search');
    expect(await active()).toBeNull();
    await page.close();
  });

  it('answers a misspelling with what was meant, and a button to search for it', async () => {
    const page = await site.session.context.newPage();
    await page.goto(`${site.base}/docs/intro`);
    await page.keyboard.press('/');
    const input = page.getByRole('combobox', { name: 'Search the documentation' });
    await input.fill('mqqt');
    const suggestion = page.getByRole('button', { name: 'mqtt', exact: true });
    await suggestion.waitFor();
    expect(await page.locator('.search-dialog [role="status"]').textContent()).toMatch(/^No exact match for “mqqt”\. Did you mean mqtt\? \d+ results? for it\.$/);
    const hrefs = await page.getByRole('option').evaluateAll((options) => options.map((o) => new URL((o as HTMLAnchorElement).href).pathname));
    expect(hrefs.slice(0, 3)).toContainEqual(expect.stringMatching(/^\/docs\/protocols\/mqtt\/mqtt-/));
    await suggestion.click();
    expect(await input.inputValue()).toBe('mqtt');
    await expect.poll(() => page.locator('.search-dialog [role="status"]').textContent()).toMatch(/^\d+ results?$/);
    await page.close();
  });

  it('passes axe on the open dialog in every state (empty, results, no results, did you mean, loading, error), in both colour modes', async () => {
    const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    for (const theme of ['light', 'dark']) {
      const page = await site.session.context.newPage();
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      // Shards answer when let go: the loading state lasts as long as the test needs it.
      let hold = false;
      let fail = false;
      const held: (() => void)[] = [];
      await page.route(/\/search-index\/s\d+\./, async (route) => {
        if (fail) return route.abort();
        if (hold) await new Promise<void>((release) => held.push(release));
        return route.continue();
      });
      await page.goto(`${site.base}/docs/intro`);
      await page.waitForLoadState('networkidle');
      await page.addScriptTag({ content: axeSource });
      const audit = async (state: string): Promise<void> => {
        const violations = await page.evaluate(async () => {
          const axe = (window as unknown as { axe: { run: (c: Element, o: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
          const dialog = document.querySelector('dialog.search-dialog');
          if (!dialog) return ['no dialog'];
          const result = await axe.run(dialog, { resultTypes: ['violations'] });
          return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
        });
        expect(violations, `${state} (${theme})`).toEqual([]);
      };
      const input = page.getByRole('combobox', { name: 'Search the documentation' });
      const status = page.locator('.search-dialog [role="status"]');
      await page.keyboard.press('/');
      await input.waitFor();
      await audit('empty');
      await input.fill('publish message');
      await page.locator('[role="option"] .search-result-excerpt').first().waitFor();
      await audit('results');
      await input.fill('zzqqxx');
      await expect.poll(() => status.textContent()).toBe('No results for “zzqqxx”');
      await audit('no results');
      await input.fill('kubrenetes');
      await page.getByRole('button', { name: 'kubernetes', exact: true }).waitFor();
      await audit('did you mean');
      hold = true;
      await input.fill('broker keystore');
      await page.locator('.search-dialog .spinner').waitFor();
      await audit('loading');
      hold = false;
      for (const release of held.splice(0)) release();
      await page.getByRole('option').first().waitFor();
      fail = true;
      await input.fill('jetstream');
      await page.getByRole('button', { name: 'Retry' }).waitFor();
      await audit('error');
      expect(await input.getAttribute('aria-activedescendant')).toBeNull();
      await page.close();
    }
  });

  it('finds the destinations call by its sortBy parameter', async () => {
    const found = await results("sortBy");
    expect(found, found.join("\n")).toContainEqual(expect.stringMatching(/^\/docs\/api\/reference#operation-listDestinations$/));
  });
});
