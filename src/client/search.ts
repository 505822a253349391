import { escape } from '../search/query.ts';
import { clientConfig } from './config.ts';
import { versionPreference } from './preferences.ts';
import { openSearchIndex, type SearchIndex, type SearchOutcome } from './searchIndex.ts';
import { searchScope, type SearchScope } from './searchScope.ts';

/**
 * The search dialog. Its code and the index load on first use only; results
 * are listed by title as soon as they are ranked, and once typing pauses each
 * shows its best sections' headings and excerpts with the matched words
 * marked; Enter or a click goes to the section's anchor through client-side
 * navigation.
 */

/** The indexes opened, by folder: one per docs version searched on a site with several. */
const indexes = new Map<string, Promise<SearchIndex>>();
let dialog: HTMLDialogElement | undefined;
/** The index the listed results came from: a dialog opened again on another version's page searches that one. */
let shownDir: string | undefined;
let returnFocus: HTMLElement | null = null;

function base(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="mapsdocs:base-url"]')?.content ?? '/';
}

/**
 * Runs a search on the index of `scope`; when it fails (a file of the index is gone: the site was
 * built again since the index was opened, and its files renamed), the index is opened again, its
 * metadata read afresh, and the search run once more.
 */
async function searchIn(scope: SearchScope, run: (index: SearchIndex) => Promise<SearchOutcome | undefined>): Promise<SearchOutcome | undefined> {
  const opened = loadIndex(scope);
  try {
    return await run(await opened);
  } catch {
    if (indexes.get(scope.dir) === opened) indexes.delete(scope.dir);
    return run(await loadIndex(scope));
  }
}

function loadIndex(scope: SearchScope): Promise<SearchIndex> {
  let index = indexes.get(scope.dir);
  if (!index) {
    const opened = openSearchIndex(base(), undefined, scope.dir);
    indexes.set(scope.dir, (index = opened));
    // A failed load is forgotten, so Retry loads again.
    opened.catch(() => {
      if (indexes.get(scope.dir) === opened) indexes.delete(scope.dir);
    });
  }
  return index;
}

/** The docs version searched: the page's own, else (outside the docs) the reader's preferred one. */
function currentScope(): SearchScope {
  const config = clientConfig();
  return searchScope(config, document.body.dataset['docsVersion'] ?? versionPreference.read(config));
}

/** Results listed: each with up to SECTIONS of its sections once typing pauses. */
const RESULTS = 6;
const SECTIONS = 3;

/**
 * How long typing must pause before the results' sections are loaded: while keys follow each other,
 * results are listed by title only, so the text of results that the next key replaces is never downloaded.
 */
const PAUSE = 150;

/** A pause in typing before a query runs: fast typing does not fetch the index of every prefix. */
const DEBOUNCE = 20;

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
  let pause: number | undefined;
  /** The sections of the query listed by title, loaded now: after the pause in typing, or at once on Enter. */
  let detail: (() => Promise<void>) | undefined;

  const options = (): HTMLAnchorElement[] => [...list.querySelectorAll<HTMLAnchorElement>('a[role="option"]')];
  const select = (index: number): void => {
    const all = options();
    if (all.length === 0) {
      active = -1;
      input.removeAttribute('aria-activedescendant');
      return;
    }
    active = (index + all.length) % all.length;
    all.forEach((option, i) => option.setAttribute('aria-selected', String(i === active)));
    const current = all[active];
    if (current) {
      input.setAttribute('aria-activedescendant', current.id);
      current.scrollIntoView({ block: 'nearest' });
    }
  };
  /** No options: nothing may stay referenced as the active one. */
  const clear = (message: string): void => {
    list.replaceChildren();
    status.textContent = message;
    input.setAttribute('aria-expanded', 'false');
    select(-1);
  };
  /**
   * Lists an outcome; the option active before stays active if its link is still listed. The status
   * names `scope`, the version searched, not the page's: the reader may be on another version's page by
   * the time a search ends (a query's sections load after a pause in typing), and its results are not
   * that version's until the query runs again there.
   */
  const show = (term: string, outcome: SearchOutcome, scope: SearchScope): void => {
    const previous = options()[active];
    const before = previous?.getAttribute('href');
    const beforeResult = previous?.dataset['result'];
    const items: string[] = [];
    let n = 0;
    let r = 0;
    const option = (href: string, inner: string): void => {
      n += 1;
      items.push(`<a role="option" id="search-option-${n}" aria-selected="false" data-result="${r}" href="${escape(href)}">${inner}</a>`);
    };
    for (const [i, page] of outcome.results.entries()) {
      r = i;
      const title = `<span class="search-result-page">${escape(page.title)}</span>`;
      if (page.sections.length === 0) option(page.url, title);
      for (const section of page.sections) {
        // Excerpts are escaped text with <mark> only (src/search/query.ts).
        option(
          section.url,
          title +
            (section.heading && section.heading !== page.title ? `<span class="search-result-section">${escape(section.heading)}</span>` : '') +
            `<span class="search-result-excerpt">${section.excerpt}</span>`,
        );
      }
    }
    list.innerHTML = items.join('');
    const count = outcome.results.length;
    const where = scope.label;
    const found = `${count} result${count === 1 ? '' : 's'}${where !== undefined ? ` in version ${where}` : ''}`;
    if (outcome.suggestion !== undefined) {
      // Did you mean: the results are those of the nearest indexed words; the suggestion searches for them.
      status.textContent = `No exact match for “${term}”. Did you mean `;
      const suggestion = document.createElement('button');
      suggestion.type = 'button';
      suggestion.className = 'search-suggestion';
      suggestion.textContent = outcome.suggestion;
      suggestion.addEventListener('click', () => {
        input.value = suggestion.textContent ?? '';
        input.focus();
        input.dispatchEvent(new Event('input'));
      });
      status.append(suggestion, count === 0 ? '?' : `? ${found} for it.`);
    } else {
      const text = count === 0 ? `No results for “${term}”${where !== undefined ? ` in version ${where}` : ''}` : found;
      // The same count again (the sections filled in) is not announced again.
      if (status.textContent !== text || status.childElementCount > 0) status.textContent = text;
    }
    input.setAttribute('aria-expanded', String(n > 0));
    // The option active before, or the first of its result once its sections are listed.
    const all = options();
    const again = all.findIndex((o) => o.getAttribute('href') === before);
    const sameResult = all.findIndex((o) => o.dataset['result'] === beforeResult);
    select(again >= 0 ? again : sameResult >= 0 ? sameResult : 0);
  };

  input.addEventListener('input', async () => {
    window.clearTimeout(pause);
    const term = input.value.trim();
    const mine = ++query;
    detail = undefined;
    if (term.length < MIN_QUERY) {
      clear(term === '' ? '' : 'Type one more character to search');
      return;
    }
    await new Promise((wait) => window.setTimeout(wait, DEBOUNCE));
    if (mine !== query) return;
    const scope = currentScope();
    shownDir = scope.dir;
    const outcome = await withLoader(status, async () => ({ search: await searchIn(scope, (index) => index.search(term, RESULTS, 0)) }));
    if (mine !== query) return;
    if (!outcome) {
      // The loader shows the error and its Retry button.
      list.replaceChildren();
      input.setAttribute('aria-expanded', 'false');
      select(-1);
      return;
    }
    const { search } = outcome;
    if (!search) {
      // Only one-letter or function words: they match nearly everything.
      clear('Type a longer word to search');
      return;
    }
    show(term, search, scope);
    if (search.results.length === 0) return;
    let started: Promise<void> | undefined;
    detail = () =>
      (started ??= (async () => {
        window.clearTimeout(pause);
        // The titles stay listed if a section's text fails to load: not worth an error.
        const detailed = await searchIn(scope, (index) => index.search(term, RESULTS, SECTIONS)).catch(() => undefined);
        if (mine === query && detailed) show(term, detailed, scope);
      })());
    pause = window.setTimeout(() => void detail?.(), PAUSE);
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
      if (!options()[active]) return;
      event.preventDefault();
      // Listed by title only (typing has not paused yet): the sections first, so Enter goes to the best one.
      const pending = options()[active]?.querySelector('.search-result-excerpt') ? undefined : detail;
      void (pending ? pending() : Promise.resolve()).then(() => options()[active]?.click());
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

/** Opens the dialog; `typed`: what the reader typed while its code loaded, which replaces the last query. */
export function openSearch(typed = ''): void {
  returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  dialog ??= createDialog();
  if (!dialog.open) dialog.showModal();
  const input = dialog.querySelector<HTMLInputElement>('#search-input');
  input?.focus();
  input?.select();
  const scope = currentScope();
  if (input && typed !== '') {
    input.value = typed;
    input.dispatchEvent(new Event('input'));
    return;
  }
  // The results listed are another version's (the reader went to another version's page since): the
  // query is run again on this version's index.
  if (input && input.value.trim() !== '' && shownDir !== undefined && shownDir !== scope.dir) input.dispatchEvent(new Event('input'));
  // Start loading as the dialog opens; the first keystroke then finds the index open.
  else loadIndex(scope).catch(() => undefined);
}

export function closeSearch(restore = true): void {
  if (!restore) returnFocus = null;
  dialog?.close();
}
