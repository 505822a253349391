import type { BehaviourDetail } from '../lifecycle.ts';

/**
 * The API reference's islands: the menu filter, the menu toggle below
 * 996 px, the scroll-spy that highlights the operation being read and keeps
 * the URL hash in step, and the variant selectors. Copy buttons come from the
 * shared code-block behaviour; a link to a schema opens its collapsed section
 * as any hash jump does (hashTarget.ts). Mounted, like every behaviour, on
 * each arrival at the reference (lifecycle.ts).
 */
/**
 * Turns an opened section's deferred content into elements: the markup the
 * server rendered, kept as the text of a <noscript> (templates/api/ApiReference.tsx),
 * parsed as the page would have parsed it. A page that arrived by client
 * navigation was parsed without scripts (DOMParser), so its <noscript> already
 * holds the elements, hidden: they are moved out.
 */
function revealDeferred(details: HTMLDetailsElement): void {
  const holder = details.querySelector<HTMLElement>(':scope > noscript.deferred');
  if (!holder) return;
  if (holder.childElementCount > 0) {
    holder.replaceWith(...holder.childNodes);
    return;
  }
  const template = document.createElement('template');
  template.innerHTML = holder.textContent;
  holder.replaceWith(template.content);
}

function mountReference(signal: AbortSignal): void {
  const menu = document.getElementById('reference-menu');
  if (!menu) return;
  // Sections opened before this script ran (a link to a schema opens its section at once).
  for (const holder of document.querySelectorAll<HTMLElement>('details[open] > noscript.deferred')) if (holder.parentElement instanceof HTMLDetailsElement) revealDeferred(holder.parentElement);

  const filterBox = menu.querySelector<HTMLElement>('.reference-filter');
  const input = menu.querySelector<HTMLInputElement>('#reference-filter-input');
  if (filterBox && input) {
    filterBox.hidden = false;
    const filter = (): void => {
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
    };
    input.addEventListener('input', filter, { signal });
    // A value the browser restored into the field (back to a full page load) filters too.
    if (input.value) filter();
  }

  const toggle = document.querySelector<HTMLButtonElement>('.reference-menu-toggle');
  if (toggle) {
    toggle.hidden = false;
    const setOpen = (open: boolean): void => {
      menu.classList.toggle('open', open);
      toggle.setAttribute('aria-expanded', String(open));
    };
    toggle.addEventListener('click', () => setOpen(!menu.classList.contains('open')), { signal });
    menu.addEventListener(
      'click',
      (event) => {
        if ((event.target as Element).closest('a')) setOpen(false);
      },
      { signal },
    );
    menu.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Escape') {
          setOpen(false);
          toggle.focus();
        }
      },
      { signal },
    );
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
        // The hash follows the operation read, without adding history entries or jumping; a link to a
        // schema or a response keeps its hash.
        if (!location.hash || links.has(location.hash.slice(1))) history.replaceState(history.state, '', `#${anchor}`);
        const box = menu.getBoundingClientRect();
        const rect = link.getBoundingClientRect();
        if (rect.top < box.top || rect.bottom > box.bottom) link.scrollIntoView({ block: 'nearest' });
      },
      { rootMargin: '-80px 0px -70% 0px' },
    );
    for (const section of sections) observer.observe(section);
    signal.addEventListener('abort', () => observer.disconnect());
  }

  document.addEventListener(
    'toggle',
    (event) => {
      const details = event.target;
      if (!(details instanceof HTMLDetailsElement) || !details.open) return;
      revealDeferred(details);
      // Variant groups: opening one variant closes its siblings, like a tab set.
      if (!details.classList.contains('variant')) return;
      for (const sibling of details.parentElement?.querySelectorAll<HTMLDetailsElement>(':scope > details.variant[open]') ?? []) {
        if (sibling !== details) sibling.open = false;
      }
    },
    { capture: true, signal },
  );
}

document.dispatchEvent(new CustomEvent<BehaviourDetail>('mapsdocs:behaviour', { detail: { name: 'API reference', mount: mountReference } }));
