/**
 * The markup of an island, written by the server (src/islands/server.ts) and
 * read by the client runtime (src/client/islands/runtime.ts), which hydrates
 * it. An island is a custom element around the component's server-rendered
 * HTML:
 *
 *   <mapsdocs-island data-island="tabs" data-island-props='{"…"}' data-island-id="t0-" data-island-slots="2">
 *     …the component's HTML, its children inside <mapsdocs-slot data-slot="0">…</mapsdocs-slot>…
 *   </mapsdocs-island>
 *
 * `data-island` names the component: a built-in island (`tabs`) or the URL
 * of a module of the site whose default export it is. Its props are JSON.
 * Its children are HTML rendered on the server only: the client passes the
 * HTML it finds in each slot back, as it is, so the component may place,
 * show or hide its children but never changes them.
 */
export const ISLAND_TAG = 'mapsdocs-island';
export const SLOT_TAG = 'mapsdocs-slot';

export const ISLAND_ATTRIBUTES = {
  /** A built-in island's name, or the URL of the site's island module. */
  module: 'data-island',
  props: 'data-island-props',
  /** The prefix of the ids `useId` makes, unique on the page, the same on the server and in the browser. */
  id: 'data-island-id',
  /** How many children (slots) the component was given. */
  slots: 'data-island-slots',
} as const;

export const SLOT_ATTRIBUTE = 'data-slot';

/** The islands the engine itself provides, by name. */
export const BUILT_IN_ISLANDS = ['tabs'] as const;
export type BuiltInIsland = (typeof BUILT_IN_ISLANDS)[number];

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
