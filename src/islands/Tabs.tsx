import { Children, useEffect, useId, useLayoutEffect, useState, type ReactNode } from 'react';
import { onStoredChange } from '../client/preferences.ts';
import { tabsKey, tabsPreference } from '../client/tabsPreference.ts';

export type Tab = {
  label: string;
  /** What the reader's choice is remembered as: the same value in every block of the group. */
  value: string;
};

export interface TabsProps {
  tabs: Tab[];
  /** Blocks of tabs with the same group share the reader's choice, on this page and across pages. */
  groupId?: string | undefined;
  /** The tab shown until the reader chooses: the first unless one is marked. */
  defaultValue?: string | undefined;
  /** One panel per tab, in order. */
  children?: ReactNode;
}

/** Announced to the other blocks of a group on the page when the reader chooses a tab. */
export const TABS_EVENT = 'mapsdocs:tabs';
export interface TabsEventDetail {
  groupId: string;
  value: string;
}

// Server rendering has no layout to measure: the stored choice is applied in the browser only, before it paints.
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Tabs for alternatives (install commands per system, a client per
 * language), as Docusaurus's `<Tabs groupId>`. The markup works without
 * JavaScript: each tab is a radio button whose label is the tab, and the
 * stylesheet shows the panel of the checked one (templates/css). Once
 * hydrated, the choice made in a block with a group is stored
 * (src/client/preferences.ts) and shown by every block of the group, on this
 * page and on the next; a stored value that a block does not offer leaves it
 * on its default.
 */
export default function Tabs({ tabs, groupId, defaultValue, children }: TabsProps) {
  // Unique on the page, the same on the server and in the browser; React's own ids start with "_", which some tools refuse in an id.
  const id = `tabs-${useId().replace(/[^A-Za-z0-9-]/g, '')}`;
  const panels = Children.toArray(children);
  const values = tabs.map((tab) => tab.value);
  const initial = defaultValue !== undefined && values.includes(defaultValue) ? defaultValue : (values[0] ?? '');
  const [selected, setSelected] = useState(initial);

  useBrowserLayoutEffect(() => {
    // A tab the reader chose before React arrived (the radios work without it) is their choice: kept, and stored.
    const early = document.querySelector<HTMLInputElement>(`input.tabs-radio[name="${id}"]:checked`)?.value;
    const choseEarly = early !== undefined && early !== initial && values.includes(early);
    if (choseEarly) choose(early);
    if (groupId === undefined) return;
    const show = (): void => {
      const stored = tabsPreference.read(groupId, values);
      if (stored !== undefined) setSelected(stored);
    };
    if (!choseEarly) show();
    const controller = new AbortController();
    document.addEventListener(
      TABS_EVENT,
      (event) => {
        const detail = (event as CustomEvent<TabsEventDetail>).detail;
        if (detail.groupId === groupId && values.includes(detail.value)) setSelected(detail.value);
      },
      { signal: controller.signal },
    );
    // A choice made in another window of the site.
    onStoredChange([tabsKey(groupId)], show, controller.signal);
    return () => controller.abort();
    // `values` comes from `tabs`: an island's props never change once it is hydrated.
  }, [groupId]);

  const choose = (value: string): void => {
    setSelected(value);
    if (groupId === undefined) return;
    tabsPreference.write(groupId, value);
    document.dispatchEvent(new CustomEvent<TabsEventDetail>(TABS_EVENT, { detail: { groupId, value } }));
  };

  return (
    <div className="tabs">
      {tabs.map((tab, index) => (
        <input
          key={tab.value}
          className="tabs-radio"
          type="radio"
          name={id}
          id={`${id}-${index}`}
          value={tab.value}
          checked={tab.value === selected}
          onChange={() => choose(tab.value)}
        />
      ))}
      <div className="tabs-list">
        {tabs.map((tab, index) => (
          <label key={tab.value} className="tabs-tab" htmlFor={`${id}-${index}`}>
            {tab.label}
          </label>
        ))}
      </div>
      <div className="tabs-panels">
        {tabs.map((tab, index) => (
          <div key={tab.value} className="tabs-panel" data-value={tab.value}>
            {panels[index]}
          </div>
        ))}
      </div>
    </div>
  );
}
