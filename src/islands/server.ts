import { createElement, type ComponentType, type ReactElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { ISLAND_ATTRIBUTES, ISLAND_TAG, type Json } from './markup.ts';
import { slotElements } from './slots.ts';

/** One island to render on the server. */
export interface IslandToRender {
  /** A built-in island's name, or the URL of the site's module whose default export `component` is. */
  module: string;
  // Any component: its props are the JSON `props` (checked by the caller) and the slots.
  component: ComponentType<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- an island takes whatever props its author declared
  props: { [key: string]: Json };
  /** The HTML of each child, rendered on the server only. */
  slots: readonly string[];
  /** Prefix of its `useId` ids, unique on the page. */
  id: string;
}

/**
 * An island as the server sends it: the component rendered with
 * `renderToString` (not static markup: hydration needs the text separators
 * and markers that only it writes), inside the element the client runtime
 * finds and hydrates.
 */
export function islandElement(island: IslandToRender): ReactElement {
  const children = island.slots.length > 0 ? slotElements(island.slots) : undefined;
  const inner = renderToString(createElement(island.component, children ? { ...island.props, children } : island.props), { identifierPrefix: island.id });
  return createElement(ISLAND_TAG, {
    [ISLAND_ATTRIBUTES.module]: island.module,
    [ISLAND_ATTRIBUTES.props]: JSON.stringify(island.props),
    [ISLAND_ATTRIBUTES.id]: island.id,
    ...(island.slots.length > 0 ? { [ISLAND_ATTRIBUTES.slots]: String(island.slots.length) } : {}),
    dangerouslySetInnerHTML: { __html: inner },
  });
}

/** An island's HTML, for markup made outside React (the tabs of a markdown page). */
export function islandHtml(island: IslandToRender): string {
  return renderToStaticMarkup(islandElement(island));
}

/** Where a value is not JSON (`props.onClick is a function`), or undefined when it all is. A property set to undefined counts as absent. */
export function notJson(value: unknown, where: string): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${where} is ${String(value)}, which JSON cannot hold`;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const problem = notJson(item, `${where}[${index}]`);
      if (problem) return problem;
    }
    return undefined;
  }
  if (typeof value === 'object') {
    const prototype = Object.getPrototypeOf(value) as unknown;
    if (prototype !== Object.prototype && prototype !== null) return `${where} is ${value.constructor?.name ?? 'an object'}, not a plain object`;
    for (const [key, item] of Object.entries(value)) {
      // An absent prop: JSON leaves it out, and the browser's render gets it absent, as the server's did.
      if (item === undefined) continue;
      const problem = notJson(item, `${where}.${key}`);
      if (problem) return problem;
    }
    return undefined;
  }
  return `${where} is ${typeof value === 'function' ? 'a function' : typeof value}`;
}
