import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARRIVALS, arrive, type Arrival, type ArrivalRoutes } from '../helpers/arrival.ts';
import { hasChromium, openBuiltSite, watchErrors, type SiteUnderTest } from '../helpers/browser.ts';
import { tempProject } from '../helpers/tempSite.ts';

const doc = (title: string, position: number, body: string): string => `---\ntitle: ${title}\nsidebar_position: ${position}\n---\n\n${body}\n`;
const DOCS = {
  'content/docs/start.md': doc('Start here', 1, 'Begin with the [introduction](/docs/intro).'),
  'content/docs/intro.md': doc('Introduction', 2, 'See [Start here](/docs/start) and a [plain page](/markdown-page).\n\n## A section\n\nText.'),
  'content/pages/markdown-page.md': '---\ntitle: Markdown page\n---\n\nOutside the docs; back to the [introduction](/docs/intro).\n',
};
const ROUTES: ArrivalRoutes = { start: '/docs/start', hub: '/docs/intro' };
const SWITCH = (mode: string): string => `Switch between dark and light mode (currently ${mode} mode)`;

interface PageState {
  theme: string | null;
  switchLabel: string | null;
  announcementShown: boolean;
  sidebarShown: boolean;
  versionLabel: string | null;
  crashed: boolean;
}

async function stateOf(page: Page): Promise<PageState> {
  return page.evaluate(() => {
    const shown = (selector: string): boolean => {
      const element = document.querySelector(selector);
      return element !== null && element.getClientRects().length > 0;
    };
    return {
      theme: document.documentElement.getAttribute('data-theme'),
      switchLabel: document.querySelector('nav.navbar .navbar-inner [data-color-mode-toggle]')?.getAttribute('aria-label') ?? null,
      announcementShown: shown('[aria-label="Announcement"]'),
      sidebarShown: shown('nav.sidebar'),
      versionLabel: document.querySelector('nav.navbar .navbar-inner [data-current-label]')?.textContent ?? null,
      crashed: document.title === 'Page Error',
    };
  });
}

/**
 * Every key the client keeps in localStorage is read through one module that
 * checks it against the page's configuration: a garbage value, or one the
 * configuration forbids, is the reader's stale data, not an error (it is
 * removed and the default applies, from the first frame on), and a change in
 * another tab is followed, a removal returning to the configured default.
 */
describe.skipIf(!hasChromium)('stored preferences', () => {
  // Everything a reader can choose is allowed, with defaults that differ from the built-in ones (dark mode).
  let open: SiteUnderTest;
  // What the first site allows, forbidden: a sidebar that cannot be hidden, an announcement that cannot be closed.
  let strict: SiteUnderTest;

  beforeAll(async () => {
    open = await openBuiltSite(
      tempProject({
        files: {
          ...DOCS,
          // A second version, legacy (3.x), beside current (4.x), which is served at /docs.
          'content/versions.json': '["legacy"]',
          'content/versioned_docs/version-legacy/start.md': doc('Start here', 1, 'The legacy start.'),
          'content/versioned_docs/version-legacy/intro.md': doc('Introduction', 2, 'The legacy introduction.'),
          'content/site.yaml': [
            'colorMode: { defaultMode: dark, respectPrefersColorScheme: false }',
            'docs:',
            '  hideable: true',
            '  lastVersion: current',
            '  versions: { current: { label: "4.x" }, legacy: { label: "3.x" } }',
            'navbar:',
            '  items:',
            '    - { type: docSidebar, sidebarId: tutorialSidebar, label: Documentation, position: left }',
            '    - { type: docsVersionDropdown, position: right }',
            'announcementBar: { id: news-1, content: Fresh news, isCloseable: true }',
          ].join('\n'),
        },
      }),
    );
    strict = await openBuiltSite(
      tempProject({
        files: {
          ...DOCS,
          'content/site.yaml': [
            'docs: { hideable: false }',
            'navbar:',
            '  items:',
            '    - { type: docSidebar, sidebarId: tutorialSidebar, label: Documentation, position: left }',
            'announcementBar: { id: news-2, content: Lasting news, isCloseable: false }',
          ].join('\n'),
        },
      }),
    );
  });
  afterAll(async () => {
    await open?.close();
    await strict?.close();
  });

  /** A new tab whose storage holds exactly `stored` when it first loads; `bundle: false` runs the head script alone. */
  async function withStored(options: { site: SiteUnderTest; route: string; stored: Record<string, string>; bundle?: boolean; arrival?: Arrival }) {
    const { site, route } = options;
    const page = await site.session.context.newPage();
    await page.addInitScript((values) => {
      if (sessionStorage.getItem('seeded')) return;
      localStorage.clear();
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
      sessionStorage.setItem('seeded', 'yes');
    }, options.stored);
    if (options.bundle === false) await page.route('**/assets/js/**', (r) => r.abort());
    const errors = watchErrors(page);
    if (options.arrival) await arrive(page, { base: site.base, route, arrival: options.arrival, routes: ROUTES });
    else await page.goto(`${site.base}${route}`);
    return { page, errors, stored: (key: string) => page.evaluate((k) => localStorage.getItem(k), key) };
  }

  /** Loads a page with `stored`; expects `expected` from the first frame on, no error, and `key` no longer holding its value. */
  async function expectIgnored(options: { site: SiteUnderTest; route: string; stored: Record<string, string>; key: string; expected: Partial<PageState> }): Promise<void> {
    const { site, route, stored, key, expected } = options;
    // The head script only sets attributes: the switch's label and the version's come with the bundle.
    const drawn = Object.fromEntries(Object.entries(expected).filter(([name]) => name !== 'switchLabel' && name !== 'versionLabel'));
    const firstFrame = await withStored({ site, route, stored, bundle: false });
    expect(await stateOf(firstFrame.page), 'before the bundle runs').toMatchObject({ ...drawn, crashed: false });
    await firstFrame.page.close();
    const { page, errors, stored: read } = await withStored({ site, route, stored });
    await page.waitForLoadState('networkidle');
    expect(await stateOf(page)).toMatchObject({ ...expected, crashed: false });
    expect(await read(key), `${key} still holds ${JSON.stringify(stored[key])}`).not.toBe(stored[key]);
    expect(errors).toEqual([]);
    await page.close();
  }

  describe('theme', () => {
    it('ignores and removes a garbage value: the configured default (dark) applies', async () => {
      await expectIgnored({ site: open, route: '/docs/intro', stored: { theme: 'purple' }, key: 'theme', expected: { theme: 'dark', switchLabel: SWITCH('dark') } });
    });
    it('ignores and removes "system" when the system preference is not respected', async () => {
      await expectIgnored({ site: open, route: '/docs/intro', stored: { theme: 'system' }, key: 'theme', expected: { theme: 'dark', switchLabel: SWITCH('dark') } });
    });
  });

  describe('announcement', () => {
    it('ignores and removes a garbage dismissal: the bar shows', async () => {
      await expectIgnored({ site: open, route: '/docs/intro', stored: { 'announcement.id': 'news-1', 'announcement.dismiss': 'maybe' }, key: 'announcement.dismiss', expected: { announcementShown: true } });
    });
    it('shows a bar that cannot be closed even when stored as dismissed', async () => {
      await expectIgnored({ site: strict, route: '/docs/intro', stored: { 'announcement.id': 'news-2', 'announcement.dismiss': 'true' }, key: 'announcement.dismiss', expected: { announcementShown: true } });
    });
  });

  describe('docs sidebar', () => {
    it('ignores and removes a garbage value: the sidebar shows', async () => {
      await expectIgnored({ site: open, route: '/docs/intro', stored: { 'docs-sidebar-hidden': 'yes' }, key: 'docs-sidebar-hidden', expected: { sidebarShown: true } });
    });
    it('shows a sidebar that cannot be hidden even when stored as hidden', async () => {
      await expectIgnored({ site: strict, route: '/docs/intro', stored: { 'docs-sidebar-hidden': 'true' }, key: 'docs-sidebar-hidden', expected: { sidebarShown: true } });
    });
  });

  describe('preferred docs version', () => {
    it('ignores and removes a garbage value: the default version shows', async () => {
      await expectIgnored({ site: open, route: '/markdown-page', stored: { 'docs-preferred-version-default': '</script><b>' }, key: 'docs-preferred-version-default', expected: { versionLabel: '4.x' } });
    });
    it('ignores and removes a version the configuration does not list', async () => {
      await expectIgnored({ site: open, route: '/markdown-page', stored: { 'docs-preferred-version-default': 'next' }, key: 'docs-preferred-version-default', expected: { versionLabel: '4.x' } });
    });
    it('shows a listed version stored by an earlier visit', async () => {
      const { page } = await withStored({ site: open, route: '/markdown-page', stored: { 'docs-preferred-version-default': 'legacy' } });
      await expect.poll(async () => (await stateOf(page)).versionLabel).toBe('3.x');
      await page.close();
    });
  });

  describe.each(ARRIVALS)('a change in another tab, arriving by %s', (arrival) => {
    interface AcrossTabs {
      route: string;
      stored?: Record<string, string>;
      /** What the reader does in this tab first. */
      act?: (page: Page) => Promise<void>;
      before: Partial<PageState>;
      /** What another tab does to the storage. */
      change: (storage: Storage) => void;
      after: Partial<PageState>;
    }

    async function acrossTabs({ route, stored = {}, act, before, change, after }: AcrossTabs): Promise<void> {
      const { page, errors } = await withStored({ site: open, route, stored, arrival });
      await act?.(page);
      await expect.poll(() => stateOf(page)).toMatchObject(before);
      const other = await open.session.context.newPage();
      await other.goto(`${open.base}/docs/start`);
      await other.evaluate(`(${change.toString()})(localStorage)`);
      await expect.poll(() => stateOf(page)).toMatchObject(after);
      expect(errors).toEqual([]);
      await other.close();
      await page.close();
    }

    it('theme: removal returns to the configured default (dark), a new choice is followed', async () => {
      await acrossTabs({ route: '/docs/intro', stored: { theme: 'light' }, before: { theme: 'light', switchLabel: SWITCH('light') }, change: (s) => s.removeItem('theme'), after: { theme: 'dark', switchLabel: SWITCH('dark') } });
      await acrossTabs({ route: '/docs/intro', before: { theme: 'dark' }, change: (s) => s.setItem('theme', 'light'), after: { theme: 'light', switchLabel: SWITCH('light') } });
    });
    it('announcement: a dismissal removed shows the bar again, a dismissal made elsewhere hides it', async () => {
      const close = (page: Page): Promise<void> => page.getByRole('region', { name: 'Announcement' }).getByRole('button', { name: 'Close' }).click();
      await acrossTabs({ route: '/docs/intro', act: close, before: { announcementShown: false }, change: (s) => s.removeItem('announcement.dismiss'), after: { announcementShown: true } });
      await acrossTabs({ route: '/docs/intro', before: { announcementShown: true }, change: (s) => s.setItem('announcement.dismiss', 'true'), after: { announcementShown: false } });
    });
    it('docs sidebar: removal shows it again, hiding it elsewhere hides it', async () => {
      const hide = (page: Page): Promise<void> => page.getByRole('button', { name: 'Collapse sidebar' }).click();
      await acrossTabs({ route: '/docs/intro', act: hide, before: { sidebarShown: false }, change: (s) => s.removeItem('docs-sidebar-hidden'), after: { sidebarShown: true } });
      await acrossTabs({ route: '/docs/intro', before: { sidebarShown: true }, change: (s) => s.setItem('docs-sidebar-hidden', 'true'), after: { sidebarShown: false } });
    });
    it('preferred docs version: removal returns to the default version, and so does a garbage value', async () => {
      const stored = { 'docs-preferred-version-default': 'legacy' };
      await acrossTabs({ route: '/markdown-page', stored, before: { versionLabel: '3.x' }, change: (s) => s.removeItem('docs-preferred-version-default'), after: { versionLabel: '4.x' } });
      await acrossTabs({ route: '/markdown-page', stored, before: { versionLabel: '3.x' }, change: (s) => s.setItem('docs-preferred-version-default', 'nonsense'), after: { versionLabel: '4.x' } });
    });
  });
});
