import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * How a behaviour test reaches its page. Client navigation replaces the navbar
 * and the content, so a behaviour that works on a fresh load can be dead
 * after the first click: every behaviour test runs both ways.
 */
export const ARRIVALS = ['fresh load', 'client navigation'] as const;
export type Arrival = (typeof ARRIVALS)[number];

export interface ArrivalRoutes {
  /** A docs page to load first; its sidebar links to `hub` and to the docs pages under test. */
  start: string;
  /** A docs page whose content links to the pages that are not in the sidebar (the reference, the home page). */
  hub: string;
}

interface Marked {
  arrivalMark?: number;
  arrivalViews?: string[];
}

/** Waits until the client has finished a navigation to `path` (its page view fires last, once the page is in place). */
async function settledAt(page: Page, path: string): Promise<void> {
  await page.waitForFunction((p) => {
    const views = (window as unknown as Marked).arrivalViews ?? [];
    return location.pathname === p && views[views.length - 1] === p;
  }, path);
}

async function follow(page: Page, link: ReturnType<Page['locator']>, path: string): Promise<void> {
  await link.click();
  await settledAt(page, path);
}

/**
 * Opens `route` in `page`: loaded directly, or reached by client navigation
 * after a fresh load of `routes.start`: a sidebar link, then a link in the
 * content, then back (and forward again for pages that are not in the
 * sidebar). Fails if any step reloaded the page.
 */
export async function arrive(page: Page, options: { base: string; route: string; arrival: Arrival; routes: ArrivalRoutes }): Promise<void> {
  const { base, route, arrival, routes } = options;
  if (arrival === 'fresh load') {
    await page.goto(`${base}${route}`);
    return;
  }
  const target = new URL(route, 'http://x');
  expect(routes.start, 'the start page must differ from the page under test').not.toBe(target.pathname);
  // The steps use the desktop sidebar; a test at phone width gets its width back once there (as a tablet turned).
  const viewport = page.viewportSize();
  if (viewport && viewport.width < 997) await page.setViewportSize({ width: 1280, height: viewport.height });
  await page.goto(`${base}${routes.start}`);
  await page.evaluate(() => {
    const w = window as unknown as Marked;
    w.arrivalMark = 1;
    w.arrivalViews = [];
    document.addEventListener('mapsdocs:pageview', (e) => w.arrivalViews?.push((e as CustomEvent<{ path: string }>).detail.path));
  });
  const sidebar = page.getByRole('navigation', { name: 'Docs sidebar', exact: true });
  const inSidebar = sidebar.locator(`a[href="${target.pathname}"]`);
  if (!target.hash && (await inSidebar.count()) > 0 && (await inSidebar.first().isVisible())) {
    await follow(page, inSidebar.first(), target.pathname);
    // Any link of the content to another page.
    const onward = page.locator(`main .markdown a[href^="/"]:not([href^="${target.pathname}#"]):not([href="${target.pathname}"])`).first();
    const onwardPath = new URL((await onward.getAttribute('href')) ?? '/', 'http://x').pathname;
    await follow(page, onward, onwardPath);
    await page.goBack();
    await settledAt(page, target.pathname);
  } else {
    await follow(page, sidebar.locator(`a[href="${routes.hub}"]`).first(), routes.hub);
    await follow(page, page.locator(`main a[href="${route}"]`).first(), target.pathname);
    await page.goBack();
    await settledAt(page, routes.hub);
    await page.goForward();
    await settledAt(page, target.pathname);
  }
  if (viewport && viewport.width < 997) await page.setViewportSize(viewport);
  expect(await page.evaluate(() => (window as unknown as Marked).arrivalMark), `arriving at ${route} reloaded the page`).toBe(1);
  if (target.hash) expect(await page.evaluate(() => location.hash)).toBe(target.hash);
}
