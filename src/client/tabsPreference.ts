import { storage } from './storage.ts';

/**
 * The tab a reader chose in a group of tabs (src/islands/Tabs.tsx), kept in
 * localStorage under the key Docusaurus uses, so a reader's choice carries
 * over from a Docusaurus site. A module of its own, not a part of
 * preferences.ts: only the tabs island loads it, and the main bundle, which
 * every page loads, stays byte for byte what it was before islands.
 */

export const tabsKey = (groupId: string): string => `docusaurus.tab.${groupId}`;

export const tabsPreference = {
  /**
   * The tab the reader last chose in tabs of `groupId`, when this block of tabs offers it. A value it does
   * not offer is ignored but kept: another block of the group, on another page, may offer it.
   */
  read(groupId: string, offered: readonly string[]): string | undefined {
    const raw = storage.get(tabsKey(groupId));
    return raw !== null && offered.includes(raw) ? raw : undefined;
  },
  write(groupId: string, value: string): void {
    storage.set(tabsKey(groupId), value);
  },
};
