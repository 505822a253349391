import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openBuiltSite, watchErrors, type SiteUnderTest } from '../helpers/browser.ts';
import { REPO } from '../helpers/cli.ts';
import { tempProject } from '../helpers/tempSite.ts';

/**
 * Issue 27 in Chromium, on the MAPS description: the reference's size and
 * what its first paint waits for, sections that cost nothing until opened,
 * diagrams in both colour modes, and what is loaded ahead while idle.
 */
describe.skipIf(!hasChromium)('first paint and prefetching', () => {
  const project = tempProject({
    fixture: 'basic',
    files: {
      'content/docs/flows.md': '---\ntitle: Flows\n---\n\nA diagram.\n\n```mermaid\nflowchart LR\n  P["Sensor gateway"] -->|MQTT-SN| B(Edge broker)\n```\n',
      'content/docs/mixed.md': '---\ntitle: Mixed\n---\n\n```mermaid\nflowchart LR\n  A[Drawn at build time] --> B[Too]\n```\n\n```mermaid\npie title Left to the browser\n  "Yes" : 3\n  "No" : 1\n```\n',
      'content/docs/wide.md': '---\ntitle: Wide\n---\n\n```mermaid\nflowchart LR\n  A[Parking and bin sensors] --> B[LoRaWAN gateways] --> C[Street-light controllers] --> D[Air-quality station] --> E[Edge broker] --> F[Core broker]\n```\n',
      'content/pages/markdown-page.md': '# Start\n\nSee [the reference](/docs/api/reference), [the intro](/docs/intro) and [the flows](/docs/flows).\n',
    },
  });
  let site: SiteUnderTest;
  beforeAll(async () => {
    site = await openBuiltSite(project, path.join(REPO, 'openapi', 'maps-messaging-api.yaml'));
  });
  afterAll(async () => {
    await site?.close();
  });

  async function open(route: string, options: { javaScript?: boolean; theme?: string; width?: number } = {}): Promise<{ page: Page; errors: string[]; requested: string[] }> {
    const context = options.javaScript === false ? await site.session.context.browser()?.newContext({ javaScriptEnabled: false }) : undefined;
    const page = await (context ?? site.session.context).newPage();
    await page.setViewportSize({ width: options.width ?? 412, height: 823 });
    if (options.theme) await page.addInitScript((theme) => localStorage.setItem('theme', theme), options.theme);
    const errors = watchErrors(page);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${site.base}${route}`);
    await page.waitForLoadState('networkidle');
    return { page, errors, requested };
  }

  it('keeps the reference of the MAPS description under 20,000 elements once its scripts ran, and paints after its first section', async () => {
    const { page, errors } = await open('/docs/api/reference');
    expect(errors).toEqual([]);
    const count = await page.evaluate(() => document.querySelectorAll('*').length);
    expect(count).toBeGreaterThan(5_000);
    expect(count).toBeLessThan(20_000);
    const hint = await page.evaluate(() => {
      const link = document.querySelector('link[rel="expect"][blocking="render"]');
      const target = document.getElementById(link?.getAttribute('href')?.slice(1) ?? '');
      return { href: link?.getAttribute('href'), inMain: target?.closest('main') !== null, beforeOperations: target ? target.compareDocumentPosition(document.querySelector('section.operation') as Node) === Node.DOCUMENT_POSITION_FOLLOWING : false };
    });
    // It waits for the navbar, the menu and the reference's first section: not for the operations that follow.
    expect(hint).toEqual({ href: '#reference-intro', inMain: true, beforeOperations: true });
    await page.close();
  });

  it('keeps the reference of the MAPS description under 20,000 elements with JavaScript off, every collapsed section in the page', async () => {
    const { page } = await open('/docs/api/reference', { javaScript: false });
    const count = await page.evaluate(() => document.querySelectorAll('*').length);
    // Without scripts, the collapsed sections' content is elements too (it is what a reader opens).
    expect(count).toBeGreaterThan(15_000);
    expect(count).toBeLessThan(20_000);
    await page.close();
  });

  it('turns a collapsed schema into elements when it is opened, and by a link to it', async () => {
    const { page } = await open('/docs/api/reference');
    const schema = page.locator('details.component-schema').first();
    expect(await schema.locator('.prop').count()).toBe(0);
    await schema.locator('summary').click();
    await expect.poll(() => schema.locator('.prop').count()).toBeGreaterThan(0);
    // A schema with fields, further down than the first.
    const id = await page.evaluate(() => [...document.querySelectorAll('details.component-schema')].slice(3).find((d) => /class="prop[ "]/.test(d.querySelector('noscript.deferred')?.textContent ?? ''))?.querySelector('h3')?.id);
    expect(id).toBeTruthy();
    await page.goto(`${site.base}/docs/api/reference#${id ?? ''}`);
    await page.waitForLoadState('networkidle');
    const linked = page.locator(`details.component-schema:has(h3[id="${id ?? ''}"])`);
    await expect.poll(() => linked.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await expect.poll(() => linked.locator('.prop').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('keeps every operation and schema a deep link: one far down of each is scrolled to on arrival, with JavaScript and without', async () => {
    const { page: first } = await open('/docs/api/reference');
    const ids = await first.evaluate(() => ({
      operation: [...document.querySelectorAll('section.operation')].at(-1)?.getAttribute('aria-labelledby'),
      schema: [...document.querySelectorAll('details.component-schema h3[id]')].at(-1)?.id,
    }));
    await first.close();
    expect(ids.operation).toBeTruthy();
    expect(ids.schema).toBeTruthy();
    for (const javaScript of [true, false]) {
      for (const id of [ids.operation, ids.schema]) {
        const { page } = await open(`/docs/api/reference#${id ?? ''}`, { javaScript });
        const top = () => page.evaluate((target) => document.getElementById(target)?.getBoundingClientRect().top ?? Number.NaN, id ?? '');
        await expect.poll(top, { message: `${id ?? ''} with${javaScript ? '' : 'out'} JavaScript` }).toBeGreaterThanOrEqual(0);
        // In view: at the top, or as near it as the end of the page lets it be.
        expect(await top()).toBeLessThan(823 - 40);
        expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(10_000);
        if (javaScript) await page.close();
        else await page.context().close();
      }
    }
  });

  it('is readable without JavaScript: collapsed schemas hold their fields, diagrams are drawn', async () => {
    const { page } = await open('/docs/api/reference', { javaScript: false });
    const schema = page.locator('details.component-schema').first();
    await schema.locator('summary').click();
    expect(await schema.locator('.prop').count()).toBeGreaterThan(0);
    await page.goto(`${site.base}/docs/flows`);
    expect(await page.locator('figure.diagram svg text', { hasText: 'Sensor gateway' }).count()).toBe(1);
    await page.context().close();
  });

  it('reads without JavaScript on a phone: the menu comes before the content and is never drawn over it', async () => {
    const { page } = await open('/docs/api/reference', { javaScript: false, width: 393 });
    const menu = await page.locator('#reference-menu').evaluate((m) => ({ position: getComputedStyle(m).position, bottom: m.getBoundingClientRect().bottom + window.scrollY }));
    expect(menu.position).toBe('static');
    // Far down, what is on screen is the reference, not the menu stuck over it.
    await page.evaluate(() => window.scrollTo(0, 20_000));
    const atMiddle = await page.evaluate(() => document.elementFromPoint(200, 400)?.closest('#reference-menu') === null);
    expect(atMiddle).toBe(true);
    const content = await page.locator('.reference-content').evaluate((c) => c.getBoundingClientRect().top + window.scrollY);
    expect(content).toBeGreaterThanOrEqual(menu.bottom - 1);
    await page.context().close();
  });

  it('draws diagrams in the colours of each mode, with no diagram script, their size reserved from the first paint', async () => {
    const colours: Record<string, string> = {};
    for (const theme of ['light', 'dark']) {
      const { page, requested, errors } = await open('/docs/flows', { theme });
      expect(errors).toEqual([]);
      expect(requested.filter((p) => /mermaid/.test(p))).toEqual([]);
      const label = page.locator('figure.diagram svg text', { hasText: 'Sensor gateway' });
      colours[theme] = await label.evaluate((t) => getComputedStyle(t).fill);
      const text = await page.evaluate(() => getComputedStyle(document.body).color);
      expect(colours[theme]).toBe(text);
      const box = await page.locator('figure.diagram svg').boundingBox();
      expect(box?.height).toBeGreaterThan(20);
      // Its box is the SVG's own width and height, known as the page is parsed: nothing moves once it paints.
      const shift = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => resolve(list.getEntries().reduce((sum, entry) => sum + ((entry as PerformanceEntry & { value?: number }).value ?? 0), 0))).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(0), 500);
          }),
      );
      expect(shift).toBeLessThan(0.01);
      await page.close();
    }
    expect(colours['light']).not.toBe(colours['dark']);
  });

  it("lets a reader select a diagram's labels and find them with the browser's find in page", async () => {
    const { page } = await open('/docs/flows');
    const label = page.locator('figure.diagram svg text', { hasText: 'Sensor gateway' });
    await label.dblclick();
    expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toMatch(/^(?:Sensor|gateway)$/);
    await page.evaluate(() => window.getSelection()?.removeAllRanges());
    // window.find is Chromium's find in page: it finds text in the diagram, as Ctrl+F does.
    expect(await page.evaluate(() => (window as Window & { find?: (text: string) => boolean }).find?.('Edge broker') ?? false)).toBe(true);
    expect(await page.evaluate(() => window.getSelection()?.anchorNode?.parentElement?.closest('figure.diagram') !== null)).toBe(true);
    await page.close();
  });

  it('scrolls a wide diagram sideways on a phone, from the keyboard too, rather than shrink its labels past 9 px', async () => {
    const { page } = await open('/docs/wide');
    const figure = page.locator('figure.diagram');
    const sizes = await figure.evaluate((f) => {
      const svg = f.querySelector('svg') as SVGSVGElement;
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      const smallest = Math.min(...[...svg.querySelectorAll('text')].map((t) => Number(t.getAttribute('font-size'))));
      return { label: smallest * scale, scrolls: f.scrollWidth > f.clientWidth, tabIndex: (f as HTMLElement).tabIndex };
    });
    expect(sizes.label).toBeGreaterThanOrEqual(9);
    expect(sizes.scrolls).toBe(true);
    expect(sizes.tabIndex).toBe(0);
    await figure.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => figure.evaluate((f) => f.scrollLeft)).toBeGreaterThan(0);
    await page.close();
  });

  it('draws in the browser, with mermaid, only the diagram the build could not draw', async () => {
    const { page, errors, requested } = await open('/docs/mixed');
    expect(requested.some((p) => /\/mermaid\.[0-9a-f]+\.js$/.test(p))).toBe(true);
    const browserDrawn = page.locator('figure.diagram:has(.diagram-source)');
    await expect.poll(() => browserDrawn.getAttribute('data-rendered'), { timeout: 20_000 }).toBe('true');
    expect(await browserDrawn.locator('svg').count()).toBe(1);
    const buildDrawn = page.locator('figure.diagram:not(:has(.diagram-source))');
    expect(await buildDrawn.locator('svg').count()).toBe(1);
    expect(await buildDrawn.locator('svg text', { hasText: 'Drawn at build time' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('loads light pages of links in view ahead, but a reference only when its link is pointed at', async () => {
    const { page, requested } = await open('/markdown-page', { width: 1280 });
    await page.waitForTimeout(500);
    expect(requested).toEqual(expect.arrayContaining(['/docs/intro', '/docs/flows']));
    expect(requested).not.toContain('/docs/api/reference');
    await page.locator('main a[href="/docs/api/reference"]').hover();
    await expect.poll(() => requested.includes('/docs/api/reference')).toBe(true);
    await page.close();
  });
});
