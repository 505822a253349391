import { jumpToHash, release } from './hashTarget.ts';

/**
 * Client-side navigation: internal links swap the page content without a
 * full reload. The next page is loaded before switching; if loading fails
 * the browser loads the URL itself. A page-view event fires on every change
 * of path, query or hash:
 *
 *   document.addEventListener('mapsdocs:pageview', (e) => analytics(e.detail.url));
 */
export interface PageViewDetail {
  url: string;
  path: string;
  search: string;
  hash: string;
}

const PROGRESS_DELAY = 200;
const pages = new Map<string, Promise<string>>();

function baseUrl(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="mapsdocs:base-url"]')?.content ?? '/';
}

/** `/a.html` and `/a/index.html` mean `/a` (the server redirects them the same way). */
export function normalisePath(path: string): string {
  if (path.endsWith('/index.html')) return path.slice(0, -'index.html'.length);
  if (path.endsWith('.html') && !path.endsWith('/404.html')) return path.slice(0, -'.html'.length);
  return path;
}

function pageKey(url: URL): string {
  return `${normalisePath(url.pathname)}${url.search}`;
}

function isInternal(anchor: HTMLAnchorElement, event?: MouseEvent): URL | undefined {
  if (event && (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)) return undefined;
  if (anchor.target && anchor.target !== '_self') return undefined;
  if (anchor.hasAttribute('download') || anchor.getAttribute('rel')?.includes('external')) return undefined;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin || !url.pathname.startsWith(baseUrl())) return undefined;
  // Files (the OpenAPI download, images) are not pages.
  if (/\.(?!html$)[a-z0-9]+$/i.test(url.pathname)) return undefined;
  return url;
}

/**
 * The most a page may weigh on the wire to be loaded ahead while the reader
 * only scrolls past a link to it (a hovered link shows intent, and loads
 * whatever it weighs). Every doc page is well under it (the largest, ~20 KB).
 */
export const IDLE_PREFETCH_BUDGET = 100 * 1024;

/** An API reference (`<version base>/api/reference`): a megabyte of HTML, left for a reader who points at its link. */
const REFERENCE_PATH = /\/api\/reference\/?$/;

/** Whether a page may be loaded ahead without a sign of intent: not a reference; its weight is checked as it arrives. */
export function idlePrefetchable(url: URL): boolean {
  return !REFERENCE_PATH.test(normalisePath(url.pathname));
}

/** Whether an answer is light enough to keep from an idle prefetch: what it says it sends (compressed, when it is) within the budget. */
export function withinIdleBudget(headers: Headers): boolean {
  const length = Number(headers.get('content-length') ?? Number.NaN);
  return !Number.isFinite(length) || length <= IDLE_PREFETCH_BUDGET;
}

/** Thrown for a page an idle prefetch leaves alone: it is not kept, and a click loads it as usual. */
class OverBudget extends Error {}

function load(url: URL, options: { idle?: boolean } = {}): Promise<string> {
  const key = pageKey(url);
  let page = pages.get(key);
  if (!page) {
    const controller = new AbortController();
    page = fetch(`${normalisePath(url.pathname)}${url.search}`, { credentials: 'same-origin', signal: controller.signal }).then((response) => {
      if (!response.ok && response.status !== 404) throw new Error(`HTTP ${response.status}`);
      if (options.idle && !withinIdleBudget(response.headers)) {
        controller.abort();
        throw new OverBudget(`${url.pathname} is over the idle prefetch budget`);
      }
      return response.text();
    });
    page.catch(() => pages.delete(key));
    pages.set(key, page);
  }
  return page;
}

let viewed: string | undefined;

/** One page view per change of path, query or hash, however many events announce that change. */
function firePageView(): void {
  if (location.href === viewed) return;
  viewed = location.href;
  const detail: PageViewDetail = { url: location.href, path: location.pathname, search: location.search, hash: location.hash };
  document.dispatchEvent(new CustomEvent('mapsdocs:pageview', { detail }));
}

function progress(): { done: () => void } {
  const bar = document.querySelector<HTMLElement>('.progress-bar');
  let width = 0;
  let interval: number | undefined;
  const timer = window.setTimeout(() => {
    if (!bar) return;
    bar.classList.add('active');
    interval = window.setInterval(() => {
      width += (90 - width) * 0.1;
      bar.style.width = `${width}%`;
    }, 100);
  }, PROGRESS_DELAY);
  return {
    done() {
      window.clearTimeout(timer);
      window.clearInterval(interval);
      if (bar && bar.classList.contains('active')) {
        bar.style.width = '100%';
        window.setTimeout(() => {
          bar.classList.remove('active');
          bar.style.width = '0';
        }, 200);
      }
    },
  };
}

function swap(html: string): void {
  const next = new DOMParser().parseFromString(html, 'text/html');
  document.title = next.title;
  for (const selector of ['#page-root', 'nav.navbar']) {
    const current = document.querySelector(selector);
    const incoming = next.querySelector(selector);
    if (current && incoming) current.replaceWith(document.adoptNode(incoming));
  }
  document.body.className = next.body.className;
  // The docs version a page belongs to (search's scope, the navbar's version) travels with it.
  const version = next.body.dataset['docsVersion'];
  if (version === undefined) delete document.body.dataset['docsVersion'];
  else document.body.dataset['docsVersion'] = version;
  // Scripts that arrive with the content (the home page's base-address check) run as they would on a full load.
  for (const script of document.querySelectorAll<HTMLScriptElement>('#page-root script:not([src]):not([type])')) {
    const fresh = document.createElement('script');
    fresh.textContent = script.textContent;
    script.replaceWith(fresh);
  }
  // Page-only scripts (diagrams, the API reference) load on first use: they register their behaviours (lifecycle.ts) once.
  for (const script of next.head.querySelectorAll<HTMLScriptElement>('script[type="module"][src]')) {
    const src = script.getAttribute('src') ?? '';
    if (!document.head.querySelector(`script[src="${CSS.escape(src)}"]`)) {
      const element = document.createElement('script');
      element.type = 'module';
      element.src = src;
      document.head.appendChild(element);
    }
  }
}

function scrollAfter(url: URL, previous: URL, restore: number | undefined): void {
  if (restore !== undefined) {
    release();
    window.scrollTo(0, restore);
    return;
  }
  if (url.hash && jumpToHash(url.hash)) return;
  release();
  const onlyQuery = url.pathname === previous.pathname && url.search !== previous.search;
  if (!onlyQuery) window.scrollTo(0, 0);
}

export interface NavigationOptions {
  /** Runs after new content is in place, to wire its behaviours. */
  onContent: () => void;
}

export function setupNavigation(options: NavigationOptions): void {
  if (!('fetch' in window) || !('DOMParser' in window)) return;
  let current = new URL(location.href);
  viewed = location.href;
  history.scrollRestoration = 'manual';

  const go = async (url: URL, mode: 'push' | 'pop', restore?: number): Promise<void> => {
    const previous = current;
    const pathChanged = pageKey(url) !== pageKey(previous);
    if (!pathChanged) {
      if (mode === 'push') history.pushState({}, '', url.href);
      current = url;
      scrollAfter(url, previous, restore);
      firePageView();
      return;
    }
    release();
    const bar = progress();
    let html: string;
    try {
      // A page an idle prefetch was turning down is loaded in full for the reader who clicked.
      html = await load(url).catch((error: unknown) => (error instanceof OverBudget ? load(url) : Promise.reject(error)));
    } catch (error) {
      bar.done();
      console.warn(`[mapsdocs] could not load ${url.href}; reloading`, error);
      location.href = url.href;
      return;
    }
    if (mode === 'push') {
      history.replaceState({ ...(history.state as object | null), scroll: window.scrollY }, '');
      const clean = new URL(url.href);
      clean.pathname = normalisePath(clean.pathname);
      // The new entry's scroll position is recorded when the reader leaves it by a link; until then a
      // return to it (forward) starts at its hash or its top.
      history.pushState({}, '', clean.href);
    }
    current = new URL(location.href);
    swap(html);
    options.onContent();
    scrollAfter(url, previous, restore);
    bar.done();
    firePageView();
  };

  // On window, so that it runs after every behaviour's own click handling (they listen on the document or
  // below): a page swapped in at once (from the cache) would otherwise unbind them mid-click.
  window.addEventListener('click', (event) => {
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (!(anchor instanceof HTMLAnchorElement) || !anchor.hasAttribute('href')) return;
    const url = isInternal(anchor, event);
    if (!url) return;
    if (url.pathname === location.pathname && url.search === location.search && url.hash) {
      // The hash the page is already at: the browser would only scroll; jump (and hold) here.
      if (url.hash === location.hash) {
        event.preventDefault();
        jumpToHash(url.hash);
      }
      // A new hash on this page: the browser jumps and adds the history entry; popstate follows.
      return;
    }
    event.preventDefault();
    void go(url, 'push');
  });

  // Fragment navigations (a same-page link, a hash typed in the address bar, back and forward) fire popstate.
  window.addEventListener('popstate', (event) => {
    const url = new URL(location.href);
    const state = event.state as { scroll?: number } | null;
    void go(url, 'pop', state?.scroll);
  });
  // Where a browser announces a hash change without popstate.
  window.addEventListener('hashchange', () => {
    if (location.href !== current.href) void go(new URL(location.href), 'pop');
  });
}

function slowConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return connection?.saveData === true || (connection?.effectiveType ?? '').includes('2g');
}

/**
 * Pages of visible or hovered links are loaded ahead (with their stylesheet and scripts, via the HTTP
 * cache). A link that only scrolls into view loads its page when the browser is idle, and only a light
 * one (idlePrefetchable, withinIdleBudget); a hovered link loads its page whatever it weighs.
 */
export function mountPrefetch(signal: AbortSignal): void {
  if (slowConnection() || !('fetch' in window)) return;
  const prefetch = (anchor: HTMLAnchorElement, idle: boolean): void => {
    const url = isInternal(anchor);
    if (!url || pages.has(pageKey(url)) || pageKey(url) === pageKey(new URL(location.href))) return;
    if (idle && !idlePrefetchable(url)) return;
    void load(url, { idle }).catch(() => undefined);
  };
  if ('IntersectionObserver' in window) {
    const idle = (window as Window & { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 50));
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        idle(() => {
          if (!signal.aborted) prefetch(entry.target as HTMLAnchorElement, true);
        });
      }
    });
    for (const anchor of document.querySelectorAll<HTMLAnchorElement>('main a[href], nav.sidebar a[href]')) observer.observe(anchor);
    signal.addEventListener('abort', () => observer.disconnect());
  }
  document.addEventListener(
    'mouseover',
    (event) => {
      const anchor = (event.target as Element | null)?.closest?.('a');
      if (anchor instanceof HTMLAnchorElement) prefetch(anchor, false);
    },
    { signal },
  );
}
