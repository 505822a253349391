import { mountAnnouncement } from '../announcement.ts';
import { mountCodeBlocks } from '../code.ts';
import { jumpToHash } from '../hashTarget.ts';
import { mountHideOnScroll, mountMobileMenu, mountTocHighlight } from '../layout.ts';
import { acceptPageBehaviours, behaviour, remount } from '../lifecycle.ts';
import { mountPrefetch, setupNavigation } from '../navigation.ts';
import { mountSidebar } from '../sidebar.ts';
import { mountColorMode } from '../theme.ts';
import { mountVersionPreference } from '../versions.ts';

/** Search: the button appears once JavaScript runs; Ctrl+K, ⌘K and / open the dialog, whose code loads on first use. */
function mountSearch(signal: AbortSignal): void {
  const buttons = document.querySelectorAll<HTMLButtonElement>('[data-search-open]');
  if (buttons.length === 0) return;
  for (const button of buttons) button.hidden = false;
  const open = (): void => {
    // What the reader types while the dialog's code loads goes into its field, not to the page: a
    // reader starts typing as soon as the shortcut is pressed.
    let typed = '';
    const keep = (event: KeyboardEvent): void => {
      if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
      typed += event.key;
      event.preventDefault();
    };
    document.addEventListener('keydown', keep, { capture: true, signal });
    const done = (): void => document.removeEventListener('keydown', keep, { capture: true });
    void import('../search.ts').then(
      (m) => {
        done();
        m.openSearch(typed);
      },
      done,
    );
  };
  document.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element | null)?.closest?.('[data-search-open]')) open();
    },
    { signal },
  );
  document.addEventListener(
    'keydown',
    (event) => {
      const target = event.target as HTMLElement | null;
      const typing = target?.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target?.tagName ?? '');
      if ((event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        open();
      } else if (event.key === '/' && !typing) {
        event.preventDefault();
        open();
      }
    },
    { signal },
  );
}

window.addEventListener('error', (event) => console.error('[mapsdocs] uncaught error', event.error));

// Every behaviour, in one list: each is mounted on this page and again after every client navigation.
behaviour('colour mode', mountColorMode);
behaviour('announcement', mountAnnouncement);
behaviour('navbar', mountHideOnScroll);
behaviour('mobile menu', mountMobileMenu);
behaviour('sidebar', mountSidebar);
behaviour('table of contents', mountTocHighlight);
behaviour('code blocks', mountCodeBlocks);
behaviour('search', mountSearch);
behaviour('docs version', mountVersionPreference);
behaviour('prefetch', mountPrefetch);

acceptPageBehaviours();
remount();
// A section link: jump again now that the page's behaviours run, and hold the target while the page settles.
if (location.hash) jumpToHash();
setupNavigation({ onContent: remount });
// mapsdocs dev swaps in the rebuilt page in place; its behaviours are wired again.
document.addEventListener('mapsdocs:dev-update', remount);
