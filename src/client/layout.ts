const DESKTOP = '(min-width: 997px)';

/** Navbar hides on scroll down, shows on scroll up, near the top or bottom; hides on a hash jump. */
export function setupHideOnScroll(): void {
  const navbar = document.querySelector<HTMLElement>('.navbar');
  if (!navbar || navbar.dataset['hideOnScroll'] !== 'true') return;
  let last = window.scrollY;
  let hashJump = false;
  window.addEventListener('hashchange', () => {
    hashJump = true;
  });
  window.addEventListener(
    'scroll',
    () => {
      const y = window.scrollY;
      const nearBottom = window.innerHeight + y >= document.documentElement.scrollHeight - 50;
      if (hashJump) {
        navbar.classList.add('navbar-hidden');
        hashJump = false;
      } else if (y < navbar.offsetHeight || nearBottom || y < last) navbar.classList.remove('navbar-hidden');
      else if (y > last) navbar.classList.add('navbar-hidden');
      last = y;
    },
    { passive: true },
  );
}

/** The mobile menu: opens over the page, locks scrolling, closes on desktop width, Escape, or navigating back. */
export function setupMobileMenu(): void {
  const toggle = document.querySelector<HTMLButtonElement>('.navbar-toggle');
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
      const sidebar = document.querySelector('.sidebar');
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
  toggle.addEventListener('click', () => setOpen(menu.hidden !== false));
  close?.addEventListener('click', () => setOpen(false));
  back?.addEventListener('click', () => {
    if (primary && secondary) {
      primary.hidden = false;
      secondary.hidden = true;
      primary.querySelector<HTMLElement>('a, summary, button')?.focus();
    }
  });
  menu.addEventListener('keydown', (event) => {
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
  });
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) setOpen(false, false);
  });
  window.matchMedia(DESKTOP).addEventListener('change', (event) => {
    if (event.matches && !menu.hidden) setOpen(false, false);
  });
  window.addEventListener('popstate', () => {
    if (!menu.hidden) setOpen(false, false);
  });
}

/** Sidebar categories auto-collapse their siblings; the sidebar can be hidden on desktop. */
export function setupSidebar(): void {
  const sidebar = document.querySelector<HTMLElement>('.sidebar');
  if (!sidebar) return;
  sidebar.addEventListener(
    'toggle',
    (event) => {
      const details = event.target as HTMLDetailsElement;
      if (!details.open) return;
      const list = details.closest('li')?.parentElement;
      for (const sibling of list?.querySelectorAll<HTMLDetailsElement>(':scope > li > details[open]') ?? []) {
        if (sibling !== details) sibling.open = false;
      }
    },
    true,
  );
  const hide = document.querySelector<HTMLButtonElement>('[data-sidebar-hide]');
  const layout = document.querySelector<HTMLElement>('.doc-layout');
  if (!hide || !layout) return;
  hide.hidden = false;
  hide.addEventListener('click', () => {
    const hidden = layout.classList.toggle('sidebar-hidden');
    hide.textContent = hidden ? '»' : '«';
    const label = hidden ? 'Expand sidebar' : 'Collapse sidebar';
    hide.setAttribute('aria-label', label);
    hide.title = label;
  });
}

/** Highlights the table of contents entry of the heading in view. */
export function setupTocHighlight(): void {
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
}
