import type { ComponentType } from 'react';
import type { Root } from 'react-dom/client';
import { ISLAND_ATTRIBUTES, ISLAND_TAG, SLOT_ATTRIBUTE, SLOT_TAG, type BuiltInIsland } from '../../islands/markup.ts';
import type { BehaviourDetail } from '../lifecycle.ts';

/**
 * Hydrates the islands of a page (src/islands/markup.ts): loaded only by
 * pages that have one. Each island is its own React root, so an island that
 * crashes shows the crash fallback in its place alone, and a hydration
 * mismatch is logged, as the spec asks, without touching the rest of the
 * page. Islands are mounted as a behaviour of the page
 * (src/client/lifecycle.ts): after a client navigation, the roots of the page
 * that went are unmounted and the new page's islands hydrated.
 *
 * This module holds no React: React (hydrate.ts) and each island's module
 * load after it, and evaluating React, then hydrating each island, take a
 * task each, so that none is long enough to hold up a reader's input.
 */

// An island's props are whatever its module declares: the runtime passes on the JSON the server wrote.
type Module = { default?: ComponentType<any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- see above

const BUILT_IN: Record<BuiltInIsland, () => Promise<Module>> = {
  tabs: () => import('../../islands/Tabs.tsx'),
};

/** A built-in island, or a module of this site (same origin only: the page names it in an attribute). */
function load(name: string): Promise<Module> {
  const builtIn = BUILT_IN[name as BuiltInIsland] as (() => Promise<Module>) | undefined;
  if (builtIn) return builtIn();
  const url = new URL(name, location.href);
  if (url.origin !== location.origin) return Promise.reject(new Error(`island module ${name} is not on this site`));
  return import(url.href) as Promise<Module>;
}

/** The HTML of each of an island's slots, its own only (not those of an island inside it). */
function slotsOf(island: Element): string[] {
  const count = Number(island.getAttribute(ISLAND_ATTRIBUTES.slots) ?? '0');
  const html: string[] = Array.from({ length: Number.isInteger(count) && count > 0 ? count : 0 }, () => '');
  for (const slot of island.querySelectorAll(`${SLOT_TAG}[${SLOT_ATTRIBUTE}]`)) {
    if (slot.parentElement?.closest(ISLAND_TAG) !== island) continue;
    const index = Number(slot.getAttribute(SLOT_ATTRIBUTE));
    if (index >= 0 && index < html.length) html[index] = slot.innerHTML;
  }
  return html;
}

function propsOf(island: Element): Record<string, unknown> {
  const value = JSON.parse(island.getAttribute(ISLAND_ATTRIBUTES.props) ?? '{}') as unknown;
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A task boundary: what follows runs in a task of its own. */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Roots by their island element: one that is still in the document when the page is mounted again keeps its root. */
const roots = new Map<Element, Root>();

async function mountIsland(island: Element, signal: AbortSignal): Promise<void> {
  const name = island.getAttribute(ISLAND_ATTRIBUTES.module) ?? '';
  let hydrator: typeof import('./hydrate.ts');
  let module: Module;
  try {
    [hydrator, module] = await Promise.all([import('./hydrate.ts'), load(name)]);
  } catch (error) {
    console.error(`[mapsdocs] island "${name}" could not be loaded`, error);
    return;
  }
  if (typeof module.default !== 'function') {
    console.error(`[mapsdocs] island "${name}": its module has no default export`);
    return;
  }
  await nextTask();
  if (signal.aborted || !island.isConnected || roots.has(island)) return;
  const root = hydrator.hydrateIsland({
    element: island,
    name,
    component: module.default,
    props: propsOf(island),
    slots: slotsOf(island),
    id: island.getAttribute(ISLAND_ATTRIBUTES.id) ?? '',
  });
  roots.set(island, root);
}

function mountIslands(signal: AbortSignal): void {
  for (const island of document.querySelectorAll(ISLAND_TAG)) if (!roots.has(island)) void mountIsland(island, signal);
  signal.addEventListener('abort', () => {
    // The page went (a client navigation, a dev update): its islands are unmounted. Those still shown stay.
    for (const [island, root] of roots) {
      if (island.isConnected) continue;
      root.unmount();
      roots.delete(island);
    }
  });
}

document.dispatchEvent(new CustomEvent<BehaviourDetail>('mapsdocs:behaviour', { detail: { name: 'islands', mount: mountIslands } }));
