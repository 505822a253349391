/**
 * The API reference's islands: the menu filter, the menu toggle below
 * 996 px, the scroll-spy that highlights the operation being read and keeps
 * the URL hash in step, and the variant selectors. Copy buttons come from the
 * shared code-block behaviour.
 */
function setup(): void {
  const menu = document.getElementById('reference-menu');
  if (!menu || menu.dataset['ready']) return;
  menu.dataset['ready'] = 'true';

  const filterBox = menu.querySelector<HTMLElement>('.reference-filter');
  const input = menu.querySelector<HTMLInputElement>('#reference-filter-input');
  if (filterBox && input) {
    filterBox.hidden = false;
    input.addEventListener('input', () => {
      const terms = input.value.toLowerCase().split(/\s+/).filter(Boolean);
      for (const tag of menu.querySelectorAll<HTMLElement>('.reference-menu-tag')) {
        let any = false;
        for (const item of tag.querySelectorAll<HTMLElement>('li[data-filter]')) {
          const text = item.dataset['filter'] ?? '';
          const match = terms.every((t) => text.includes(t));
          item.hidden = !match;
          any ||= match;
        }
        tag.hidden = terms.length > 0 && !any && tag.querySelector('li[data-filter]') !== null;
      }
    });
  }

  const toggle = document.querySelector<HTMLButtonElement>('.reference-menu-toggle');
  if (toggle) {
    toggle.hidden = false;
    const setOpen = (open: boolean): void => {
      menu.classList.toggle('open', open);
      toggle.setAttribute('aria-expanded', String(open));
    };
    toggle.addEventListener('click', () => setOpen(!menu.classList.contains('open')));
    menu.addEventListener('click', (event) => {
      if ((event.target as Element).closest('a')) setOpen(false);
    });
    menu.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggle.focus();
      }
    });
  }

  const links = new Map<string, HTMLAnchorElement>();
  for (const link of menu.querySelectorAll<HTMLAnchorElement>('a.reference-menu-op')) links.set(link.hash.slice(1), link);
  const sections = [...document.querySelectorAll<HTMLElement>('section.operation[data-anchor]')];
  let active: HTMLAnchorElement | undefined;
  if ('IntersectionObserver' in window) {
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.filter((e) => e.isIntersecting).sort((a, b) => a.boundingClientRect.top - b.boundingClientRect.top)[0];
        if (!visible) return;
        const anchor = (visible.target as HTMLElement).dataset['anchor'] ?? '';
        const link = links.get(anchor);
        if (!link || link === active) return;
        active?.classList.remove('active');
        active?.removeAttribute('aria-current');
        link.classList.add('active');
        link.setAttribute('aria-current', 'location');
        active = link;
        // The hash follows what is read, without adding history entries or jumping.
        history.replaceState(history.state, '', `#${anchor}`);
        const box = menu.getBoundingClientRect();
        const rect = link.getBoundingClientRect();
        if (rect.top < box.top || rect.bottom > box.bottom) link.scrollIntoView({ block: 'nearest' });
      },
      { rootMargin: '-80px 0px -70% 0px' },
    );
    for (const section of sections) observer.observe(section);
  }

  // A link to a schema (from the menu, a field's type, or another page) opens its collapsed section.
  const reveal = (): void => {
    const target = location.hash.length > 1 ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    let opened = false;
    for (let node = target?.parentElement; node; node = node.parentElement) {
      if (node instanceof HTMLDetailsElement && !node.open) {
        node.open = true;
        opened = true;
      }
    }
    if (opened) target?.scrollIntoView();
  };
  reveal();
  window.addEventListener('hashchange', reveal);

  // Variant groups: opening one variant closes its siblings, like a tab set.
  document.addEventListener(
    'toggle',
    (event) => {
      const details = event.target as HTMLDetailsElement;
      if (!details.classList?.contains('variant') || !details.open) return;
      for (const sibling of details.parentElement?.querySelectorAll<HTMLDetailsElement>(':scope > details.variant[open]') ?? []) {
        if (sibling !== details) sibling.open = false;
      }
    },
    true,
  );
}

setup();
document.addEventListener('mapsdocs:content', setup);
