import { Component, createElement, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { ISLAND_ATTRIBUTES, ISLAND_TAG, SLOT_ATTRIBUTE, SLOT_TAG, slotElements, type BuiltInIsland } from '../../islands/markup.ts';
import type { BehaviourDetail } from '../lifecycle.ts';

/**
 * Hydrates the islands of a page (src/islands/markup.ts): loaded, with
 * React, only by pages that have one. Each island is its own React root, so
 * an island that crashes shows the crash fallback in its place alone, and a
 * hydration mismatch is logged, as the spec asks, without touching the rest
 * of the page. Islands are mounted as a behaviour of the page
 * (src/client/lifecycle.ts): after a client navigation, the roots of the
 * page that went are unmounted and the new page's islands hydrated.
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

interface BoundaryProps {
  name: string;
  children?: ReactNode;
}

/** The spec's crash fallback, in the island's place: "This page crashed." and "Try again", which renders it again. */
class IslandBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    const details = `island "${this.props.name}": ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
    return createElement(
      'div',
      { className: 'crash island-crash', role: 'alert' },
      createElement('p', { className: 'crash-title' }, 'This page crashed.'),
      createElement('button', { type: 'button', className: 'button crash-retry', onClick: () => this.setState({ error: undefined }) }, 'Try again'),
      createElement('pre', { className: 'crash-details' }, details),
    );
  }
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

/** Roots by their island element: one that is still in the document when the page is mounted again keeps its root. */
const roots = new Map<Element, Root>();

function hydrate(island: Element, name: string, component: NonNullable<Module['default']>): void {
  const slots = slotsOf(island);
  const props = propsOf(island);
  const element = createElement(component, slots.length > 0 ? { ...props, children: slotElements(slots) } : props);
  const root = hydrateRoot(island, createElement(IslandBoundary, { name }, element), {
    identifierPrefix: island.getAttribute(ISLAND_ATTRIBUTES.id) ?? '',
    // The server's markup and the browser's first render differ: React renders the island again in the browser.
    onRecoverableError: (error: unknown, info: ErrorInfo) =>
      console.error(`[mapsdocs] island "${name}": recoverable error during hydration`, error, info.componentStack ?? ''),
    onCaughtError: (error: unknown, info: ErrorInfo) => console.error(`[mapsdocs] island "${name}" crashed`, error, info.componentStack ?? ''),
  });
  roots.set(island, root);
}

function mountIslands(signal: AbortSignal): void {
  for (const island of document.querySelectorAll(ISLAND_TAG)) {
    if (roots.has(island)) continue;
    const name = island.getAttribute(ISLAND_ATTRIBUTES.module) ?? '';
    load(name).then(
      (module) => {
        if (signal.aborted || !island.isConnected || roots.has(island)) return;
        if (typeof module.default === 'function') hydrate(island, name, module.default);
        else console.error(`[mapsdocs] island "${name}": its module has no default export`);
      },
      (error: unknown) => console.error(`[mapsdocs] island "${name}" could not be loaded`, error),
    );
  }
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
