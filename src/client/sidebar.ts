import { clientConfig } from './config.ts';
import { KEYS, onStoredChange, sidebarPreference } from './preferences.ts';

/**
 * The docs sidebar: opening a category closes its open siblings (when
 * docs.autoCollapseCategories is on), and on desktop the reader can hide it.
 * Hiding is remembered (preferences.ts) and shown as an attribute of <html>,
 * which client navigation keeps and the head script sets before first paint:
 * the sidebar stays hidden on the next page, and on the next visit.
 */
export function mountSidebar(signal: AbortSignal): void {
  const config = clientConfig();
  if (config.docs.autoCollapseCategories) {
    // Delegated from the document: it covers the sidebar and its copy in the mobile menu.
    document.addEventListener(
      'toggle',
      (event) => {
        const details = event.target;
        if (!(details instanceof HTMLDetailsElement) || !details.open || !details.closest('nav.sidebar')) return;
        const list = details.closest('li')?.parentElement;
        for (const sibling of list?.querySelectorAll<HTMLDetailsElement>(':scope > li > details[open]') ?? []) {
          if (sibling !== details) sibling.open = false;
        }
      },
      { capture: true, signal },
    );
  }

  const apply = (hidden: boolean): void => {
    if (hidden) document.documentElement.setAttribute('data-sidebar-hidden', 'true');
    else document.documentElement.removeAttribute('data-sidebar-hidden');
    for (const button of document.querySelectorAll<HTMLButtonElement>('[data-sidebar-hide]')) {
      const label = hidden ? 'Expand sidebar' : 'Collapse sidebar';
      button.textContent = hidden ? '»' : '«';
      button.setAttribute('aria-label', label);
      button.title = label;
      button.hidden = false;
    }
  };
  apply(sidebarPreference.read(config));
  if (!config.docs.hideable) return;
  document.addEventListener(
    'click',
    (event) => {
      if (!(event.target as Element | null)?.closest?.('[data-sidebar-hide]')) return;
      const hidden = !document.documentElement.hasAttribute('data-sidebar-hidden');
      sidebarPreference.write(hidden, config);
      apply(hidden);
    },
    { signal },
  );
  onStoredChange([KEYS.sidebarHidden], () => apply(sidebarPreference.read(config)), signal);
}
