/**
 * The search dialog. Its code and Pagefind's index load on first use only;
 * results show the page, the section heading and an excerpt with the matched
 * words marked, and Enter or a click goes to the section's anchor through
 * client-side navigation.
 */
interface PagefindSubResult {
  title: string;
  url: string;
  excerpt: string;
  weighted_locations?: { weight: number; balanced_score: number }[];
}
interface PagefindData {
  url: string;
  excerpt: string;
  meta: { title?: string };
  sub_results?: PagefindSubResult[];
}
interface Pagefind {
  options(options: { baseUrl?: string; excerptLength?: number; noWorker?: boolean }): Promise<void>;
  init(): Promise<void>;
  preload(term: string): Promise<void>;
  debouncedSearch(term: string, options?: object, ms?: number): Promise<{ results: { data: () => Promise<PagefindData> }[] } | null>;
}

let pagefind: Promise<Pagefind> | undefined;
let dialog: HTMLDialogElement | undefined;
let returnFocus: HTMLElement | null = null;

function base(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="mapsdocs:base-url"]')?.content ?? '/';
}

function loadPagefind(): Promise<Pagefind> {
  pagefind ??= (import(/* @vite-ignore */ `${base()}pagefind/pagefind.js`) as Promise<Pagefind>).then(async (module) => {
    await module.options({ baseUrl: base(), excerptLength: 24, noWorker: true });
    await module.init();
    return module;
  });
  // A failed load is forgotten, so Retry loads again.
  pagefind.catch(() => {
    pagefind = undefined;
  });
  return pagefind;
}

const LOADER_DELAY = 200;

/**
 * Queries start at two characters: one letter matches nearly every page, and answering it would
 * download the index chunks of every word starting with it.
 */
const MIN_QUERY = 2;

/**
 * The loader: a spinner only if loading takes longer than 200 ms (no flash on fast loads);
 * on failure the error text and a Retry button.
 */
async function withLoader<T>(status: HTMLElement, load: () => Promise<T>): Promise<T | undefined> {
  const timer = window.setTimeout(() => {
    status.innerHTML = '<span class="spinner" aria-hidden="true"></span> Loading search…';
  }, LOADER_DELAY);
  try {
    const value = await load();
    window.clearTimeout(timer);
    if (status.querySelector('.spinner')) status.textContent = '';
    return value;
  } catch (error) {
    window.clearTimeout(timer);
    status.textContent = `Search could not be loaded: ${error instanceof Error ? error.message : String(error)} `;
    const retry = document.createElement('button');
    retry.type = 'button';
    retry.className = 'search-retry';
    retry.textContent = 'Retry';
    retry.addEventListener('click', () => {
      status.textContent = '';
      status.closest('dialog')?.querySelector<HTMLInputElement>('#search-input')?.dispatchEvent(new Event('input'));
    });
    status.appendChild(retry);
    return undefined;
  }
}

function escape(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Pagefind excerpts carry only <mark>; anything else is escaped. */
function safeExcerpt(html: string): string {
  return escape(html).replace(/&#60;mark&#62;/g, '<mark>').replace(/&#60;\/mark&#62;/g, '</mark>');
}

function createDialog(): HTMLDialogElement {
  const element = document.createElement('dialog');
  element.className = 'search-dialog';
  element.setAttribute('aria-label', 'Search the documentation');
  element.innerHTML = `
    <div class="search-box" role="search">
      <label class="visually-hidden" for="search-input">Search the documentation</label>
      <input id="search-input" type="search" autocomplete="off" spellcheck="false" placeholder="Search docs and API"
        role="combobox" aria-expanded="false" aria-controls="search-results" aria-autocomplete="list">
      <button type="button" class="search-close" aria-keyshortcuts="Escape">Close</button>
    </div>
    <div class="search-status" role="status" aria-live="polite"></div>
    <div id="search-results" class="search-results" role="listbox" aria-label="Search results"></div>`;
  document.body.appendChild(element);
  const input = element.querySelector<HTMLInputElement>('#search-input');
  const list = element.querySelector<HTMLElement>('#search-results');
  const status = element.querySelector<HTMLElement>('.search-status');
  if (!input || !list || !status) return element;
  let active = -1;
  let query = 0;

  const options = (): HTMLAnchorElement[] => [...list.querySelectorAll<HTMLAnchorElement>('a[role="option"]')];
  const select = (index: number): void => {
    const all = options();
    if (all.length === 0) return;
    active = (index + all.length) % all.length;
    all.forEach((option, i) => option.setAttribute('aria-selected', String(i === active)));
    const current = all[active];
    if (current) {
      input.setAttribute('aria-activedescendant', current.id);
      current.scrollIntoView({ block: 'nearest' });
    }
  };

  input.addEventListener('input', async () => {
    const term = input.value.trim();
    const mine = ++query;
    if (term.length < MIN_QUERY) {
      list.replaceChildren();
      status.textContent = term === '' ? '' : 'Type one more character to search';
      input.setAttribute('aria-expanded', 'false');
      return;
    }
    const engine = await withLoader(status, loadPagefind);
    if (!engine) return;
    const search = await engine.debouncedSearch(term, {}, 40);
    if (!search || mine !== query) return;
    const data = await Promise.all(search.results.slice(0, 6).map((r) => r.data()));
    if (mine !== query) return;
    const items: string[] = [];
    let n = 0;
    for (const page of data) {
      const title = page.meta.title ?? page.url;
      // Pagefind lists a page's sections in page order; the best-matching sections come first here
      // (a heading match weighs more), so "publish" leads to the publish call, not the first section that says it.
      const score = (sub: PagefindSubResult): number => (sub.weighted_locations ?? []).reduce((n, l) => n + l.balanced_score, 0);
      const subs = [...(page.sub_results ?? [])].sort((a, b) => score(b) - score(a)).slice(0, 4);
      const entries = subs.length > 0 ? subs : [{ title, url: page.url, excerpt: page.excerpt }];
      for (const sub of entries) {
        n += 1;
        items.push(
          `<a role="option" id="search-option-${n}" aria-selected="false" href="${escape(sub.url)}">` +
            `<span class="search-result-page">${escape(title)}</span>` +
            (sub.title && sub.title !== title ? `<span class="search-result-section">${escape(sub.title)}</span>` : '') +
            `<span class="search-result-excerpt">${safeExcerpt(sub.excerpt)}</span></a>`,
        );
      }
    }
    list.innerHTML = items.join('');
    status.textContent = n === 0 ? `No results for “${term}”` : `${n} result${n === 1 ? '' : 's'}`;
    input.setAttribute('aria-expanded', String(n > 0));
    active = -1;
    if (n > 0) select(0);
  });

  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      select(active + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      select(active - 1);
    } else if (event.key === 'Escape') {
      // A search field's own Escape only clears its text; in this dialog it closes, whatever the field holds.
      event.preventDefault();
      closeSearch();
    } else if (event.key === 'Enter') {
      const option = options()[active];
      if (option) {
        event.preventDefault();
        option.click();
      }
    }
  });
  // Results are links: close first, then the site's navigation takes the click.
  list.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) closeSearch(false);
  });
  element.querySelector('.search-close')?.addEventListener('click', () => closeSearch());
  element.addEventListener('close', () => {
    returnFocus?.focus();
    returnFocus = null;
  });
  element.addEventListener('click', (event) => {
    if (event.target === element) closeSearch();
  });
  return element;
}

export function openSearch(): void {
  returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  dialog ??= createDialog();
  if (!dialog.open) dialog.showModal();
  const input = dialog.querySelector<HTMLInputElement>('#search-input');
  input?.focus();
  input?.select();
  // Start loading as the dialog opens; the first keystroke then finds the engine ready.
  loadPagefind().catch(() => undefined);
}

export function closeSearch(restore = true): void {
  if (!restore) returnFocus = null;
  dialog?.close();
}
