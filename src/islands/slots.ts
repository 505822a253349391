import { createElement, type ReactElement } from 'react';
import { SLOT_ATTRIBUTE, SLOT_TAG } from './markup.ts';

/**
 * The children of an island: each one's server-rendered HTML in a slot. The
 * same elements on the server and in the browser, so hydration matches; React
 * never looks inside a slot (its HTML is set, not hydrated).
 */
export function slotElements(html: readonly string[]): ReactElement[] {
  return html.map((inner, index) =>
    createElement(SLOT_TAG, { key: index, [SLOT_ATTRIBUTE]: String(index), dangerouslySetInnerHTML: { __html: inner }, suppressHydrationWarning: true }),
  );
}
