import { setupAnnouncement } from '../announcement.ts';
import { setupCodeBlocks } from '../code.ts';
import { guarded } from '../errorBoundary.ts';
import { setupHideOnScroll, setupMobileMenu, setupSidebar, setupTocHighlight } from '../layout.ts';
import { setupNavigation } from '../navigation.ts';
import { storage } from '../storage.ts';
import { setupColorMode } from '../theme.ts';

/** Behaviours of the content area, run again after each client-side navigation. */
function setupContent(): void {
  guarded('mobile menu', setupMobileMenu);
  guarded('sidebar', setupSidebar);
  guarded('table of contents', setupTocHighlight);
  guarded('code blocks', () => setupCodeBlocks());
  guarded('colour mode', setupColorMode);
  guarded('base address banner', setupBaseUrlBanner);
  document.dispatchEvent(new CustomEvent('mapsdocs:content'));
}

/** On the home page, a site served under another base address than configured gets a hint. */
function setupBaseUrlBanner(): void {
  const banner = document.querySelector<HTMLElement>('.base-url-banner');
  if (!banner) return;
  const configured = banner.dataset['baseUrl'] ?? '/';
  const path = location.pathname.endsWith('/') ? location.pathname : `${location.pathname}/`;
  if (path === configured || path === `${configured}index/`) return;
  banner.textContent = `This site is configured for the base address "${configured}" but is served at "${path}". Set baseUrl: "${path}" in content/site.yaml (or pass --base-url ${path}) and build again.`;
  banner.hidden = false;
}

/** The preferred docs version is remembered per docs plugin (this site has one, "default"), by version name. */
function setupVersionPreference(): void {
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('.navbar-dropdown[data-kind="versions"] a[data-value]');
    if (link instanceof HTMLAnchorElement && link.dataset['value']) storage.set('docs-preferred-version-default', link.dataset['value']);
  });
}

window.addEventListener('error', (event) => console.error('[mapsdocs] uncaught error', event.error));
guarded('announcement', setupAnnouncement);
guarded('navbar', setupHideOnScroll);
setupVersionPreference();
setupContent();
setupNavigation({ onContent: setupContent });
// mapsdocs dev swaps in the rebuilt page in place; its behaviours are wired again.
document.addEventListener('mapsdocs:dev-update', setupContent);
setupSearch();

/** Search: the button appears once JavaScript runs; Ctrl+K, ⌘K and / open the dialog, whose code loads on first use. */
function setupSearch(): void {
  const open = (): void => {
    void import('../search.ts').then((m) => m.openSearch());
  };
  const bind = (): void => {
    for (const button of document.querySelectorAll<HTMLButtonElement>('[data-search-open]')) {
      button.hidden = false;
      if (button.dataset['bound']) continue;
      button.dataset['bound'] = 'true';
      button.addEventListener('click', open);
    }
  };
  bind();
  document.addEventListener('mapsdocs:content', bind);
  if (!document.querySelector('[data-search-open]')) return;
  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement | null;
    const typing = target?.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target?.tagName ?? '');
    if ((event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      open();
    } else if (event.key === '/' && !typing) {
      event.preventDefault();
      open();
    }
  });
}
