import { holding } from './hashTarget.ts';

const DESKTOP = '(min-width: 997px)';

/**
 * The navbar hides on scroll down and shows on scroll up, near the top or near
 * the bottom; a hash jump hides it. While a hash target is held in place
 * (hashTarget.ts) the page moves only to keep it there, which is not the
 * reader scrolling.
 */
export function mountHideOnScroll(signal: AbortSignal): void {
  const navbar = document.querySelector<HTMLElement>('nav.navbar');
  if (!navbar || navbar.dataset['hideOnScroll'] !== 'true') return;
  let last = window.scrollY;
  const setHidden = (hidden: boolean): void => {
    navbar.classList.toggle('navbar-hidden', hidden);
  };
  window.addEventListener(
    'scroll',
    () => {
      const y = window.scrollY;
      if (!holding()) {
        const nearTop = y < navbar.offsetHeight;
        const nearBottom = window.innerHeight + y >= document.documentElement.scrollHeight - 50;
        if (nearTop || nearBottom || y < last) setHidden(false);
        else if (y > last) setHidden(true);
      }
      last = y;
    },
    { passive: true, signal },
  );
  document.addEventListener(
    'mapsdocs:hashjump',
    () => {
      last = window.scrollY;
      setHidden(last >= navbar.offsetHeight);
    },
    { signal },
  );
}

/** The mobile menu: opens over the page, locks scrolling, closes on desktop width, Escape, or navigating back. */
export function mountMobileMenu(signal: AbortSignal): void {
  const toggle = document.querySelector<HTMLButtonElement>('nav.navbar .navbar-toggle');
  const menu = document.getElementById('mobile-menu');
  if (!toggle || !menu) return;
  const close = menu.querySelector<HTMLButtonElement>('.mobile-menu-close');
  const primary = menu.querySelector<HTMLElement>('.mobile-menu-primary');
  const secondary = menu.querySelector<HTMLElement>('.mobile-menu-secondary');
  const back = menu.querySelector<HTMLButtonElement>('.mobile-menu-back');
  const slot = menu.querySelector<HTMLElement>('.mobile-menu-sidebar');
  let backdrop: HTMLElement | undefined;
  const setOpen = (open: boolean, restoreFocus = true): void => {
    menu.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    document.documentElement.classList.toggle('menu-open', open);
    if (open) {
      const sidebar = document.querySelector('nav.sidebar');
      // The docs sidebar is shown first on docs pages, with a way back to the main menu.
      if (sidebar && slot && secondary && primary) {
        slot.replaceChildren(sidebar.cloneNode(true));
        slot.querySelector('nav')?.setAttribute('aria-label', 'Docs sidebar (menu)');
        secondary.hidden = false;
        primary.hidden = true;
      }
      backdrop = document.createElement('div');
      backdrop.className = 'mobile-backdrop';
      backdrop.addEventListener('click', () => setOpen(false));
      document.body.appendChild(backdrop);
      close?.focus();
    } else {
      backdrop?.remove();
      backdrop = undefined;
      if (restoreFocus) toggle.focus();
    }
  };
  // The page is leaving: a menu left open would keep the page locked.
  signal.addEventListener('abort', () => {
    if (!menu.hidden) setOpen(false, false);
  });
  toggle.addEventListener('click', () => setOpen(menu.hidden !== false), { signal });
  close?.addEventListener('click', () => setOpen(false), { signal });
  back?.addEventListener(
    'click',
    () => {
      if (primary && secondary) {
        primary.hidden = false;
        secondary.hidden = true;
        primary.querySelector<HTMLElement>('a, summary, button')?.focus();
      }
    },
    { signal },
  );
  menu.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Escape') setOpen(false);
      if (event.key !== 'Tab') return;
      // Keep focus inside the open menu.
      // Only what Tab can reach: links without href and hidden controls are not stops.
      const focusable = [...menu.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), summary, input:not([disabled]), [tabindex]:not([tabindex="-1"])')].filter(
        // checkVisibility also sees the contents of a closed <details>, which keep their boxes but are not tab stops.
        (el) => (typeof el.checkVisibility === 'function' ? el.checkVisibility() : el.getClientRects().length > 0),
      );
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    },
    { signal },
  );
  menu.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element).closest('a')) setOpen(false, false);
    },
    { signal },
  );
  window.matchMedia(DESKTOP).addEventListener(
    'change',
    (event) => {
      if (event.matches && !menu.hidden) setOpen(false, false);
    },
    { signal },
  );
  window.addEventListener(
    'popstate',
    () => {
      if (!menu.hidden) setOpen(false, false);
    },
    { signal },
  );
}

/** Highlights the table of contents entry of the heading in view. */
export function mountTocHighlight(signal: AbortSignal): void {
  const links = [...document.querySelectorAll<HTMLAnchorElement>('.toc-link')];
  if (links.length === 0 || !('IntersectionObserver' in window)) return;
  const headings = links.map((link) => document.getElementById(decodeURIComponent(link.hash.slice(1)))).filter((h): h is HTMLElement => h !== null);
  const visible = new Set<Element>();
  const update = (): void => {
    const current = headings.find((h) => visible.has(h)) ?? headings.filter((h) => h.getBoundingClientRect().top < 120).pop();
    for (const link of links) link.classList.toggle('active', current !== undefined && link.hash === `#${current.id}`);
  };
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) visible.add(entry.target);
        else visible.delete(entry.target);
      }
      update();
    },
    { rootMargin: '-60px 0px -60% 0px' },
  );
  for (const heading of headings) observer.observe(heading);
  signal.addEventListener('abort', () => observer.disconnect());
}
