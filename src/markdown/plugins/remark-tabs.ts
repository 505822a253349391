import type { Nodes, Parent, Root, RootContent } from 'mdast';
import type { ContainerDirective, LeafDirective } from 'mdast-util-directive';
import { toString } from 'mdast-util-to-string';
import { SKIP, visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import type { Tab } from '../../islands/Tabs.tsx';
import { pageData } from '../context.ts';
import { report } from './report.ts';

export const TABS_DIRECTIVE = 'tabs';
export const TAB_DIRECTIVE = 'tab';
/** As many tabs as the stylesheet shows without JavaScript (templates/css/25-islands.css). */
export const MAX_TABS = 12;

/** The hast property that marks a block of tabs for rehype-islands, with its props as JSON. */
export const TABS_PROPERTY = 'dataMapsdocsTabs';
/** The hast property that marks one tab's panel. */
export const TAB_PANEL_PROPERTY = 'dataMapsdocsTab';

/** What rehype-islands renders the Tabs island with. */
export type TabsBlockProps = {
  tabs: Tab[];
  groupId?: string;
  defaultValue?: string;
};

const TABS_ATTRIBUTES = ['groupId'];
const TAB_ATTRIBUTES = ['label', 'value', 'default'];

/** A value from a label: "Docker Compose" → "docker-compose". */
export function tabValueOf(label: string): string {
  return (
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || label
  );
}

function unknownAttributes(node: ContainerDirective | LeafDirective, allowed: readonly string[]): string[] {
  return Object.keys(node.attributes ?? {}).filter((name) => !allowed.includes(name));
}

/**
 * Tabs in markdown, as Docusaurus's `<Tabs groupId>` with `<TabItem>`s:
 *
 *   :::tabs{groupId=os}
 *   ::tab{label=Linux}
 *   …markdown…
 *   ::tab{label=Windows value=windows default}
 *   …markdown…
 *   :::
 *
 * Each `::tab` line starts a tab (its label in `label` or in brackets,
 * `::tab[Linux]`; its value in `value`, else made from the label; `default`
 * shows it first); what follows, up to the next `::tab` or the end, is its
 * panel. The block becomes a div marked for rehype-islands, which renders the
 * Tabs island around the panels once they are HTML. Mistakes are reported at
 * their line.
 */
export default function remarkTabs() {
  return (tree: Root, file: VFile) => {
    const lines = pageData(file).source.split('\n');
    visit(tree, (node: Nodes, index: number | undefined, parent: Parent | undefined) => {
      if (node.type === 'leafDirective' && node.name === TAB_DIRECTIVE) {
        // Tabs blocks take their own ::tab lines below; one reached here stands outside any.
        report(file, { message: '"::tab" outside a ":::tabs" block', hint: 'put it between a ":::tabs" line and its closing ":::"', node });
        return;
      }
      if (node.type !== 'containerDirective' || node.name !== TABS_DIRECTIVE || !parent || index === undefined) return;
      const start = node.position?.start.line ?? 1;
      const endLine = node.position?.end.line;
      if (endLine !== undefined && !/^\s*:::+\s*$/.test(lines[endLine - 1] ?? '')) {
        report(file, { message: `":::tabs" opened on line ${start} is never closed`, hint: 'add a line with ":::" alone where the tabs end', node });
      }
      for (const name of unknownAttributes(node, TABS_ATTRIBUTES)) {
        report(file, { message: `":::tabs" has no attribute "${name}"`, hint: 'its only attribute is groupId, shared by blocks whose choice is remembered together: :::tabs{groupId=os}', node });
      }
      const tabs: Tab[] = [];
      const panels: RootContent[][] = [];
      let defaultValue: string | undefined;
      for (const child of node.children) {
        if (child.type === 'leafDirective' && child.name === TAB_DIRECTIVE) {
          for (const name of unknownAttributes(child, TAB_ATTRIBUTES)) {
            report(file, { message: `"::tab" has no attribute "${name}"`, hint: 'a tab takes label, value and default: ::tab{label=Linux value=linux default}', node: child });
          }
          const label = (child.attributes?.['label'] ?? toString(child)).trim();
          if (label === '') {
            report(file, { message: '"::tab" has no label', hint: 'name the tab: ::tab{label=Linux} or ::tab[Linux]', node: child });
            continue;
          }
          const value = child.attributes?.['value']?.trim() || tabValueOf(label);
          if (tabs.some((tab) => tab.value === value)) {
            report(file, { message: `two tabs of this block have the value "${value}"`, hint: 'give one of them another label, or another value: ::tab{label=… value=…}', node: child });
            continue;
          }
          if (child.attributes?.['default'] !== undefined) {
            if (defaultValue !== undefined) report(file, { message: 'more than one tab of this block is marked default', hint: 'mark one tab only', node: child });
            else defaultValue = value;
          }
          tabs.push({ label, value });
          panels.push([]);
          continue;
        }
        const panel = panels[panels.length - 1];
        if (panel) panel.push(child);
        else report(file, { message: '":::tabs" has content before its first "::tab"', hint: 'start the block with a "::tab{label=…}" line', node: child });
      }
      if (tabs.length === 0) {
        report(file, { message: '":::tabs" has no tabs', hint: 'start each tab with a line "::tab{label=…}"', node });
        return;
      }
      if (tabs.length > MAX_TABS) report(file, { message: `":::tabs" has ${tabs.length} tabs; at most ${MAX_TABS} are shown`, hint: 'split the block in two', node });
      const groupId = node.attributes?.['groupId']?.trim() || undefined;
      const props: TabsBlockProps = { tabs, ...(groupId ? { groupId } : {}), ...(defaultValue !== undefined ? { defaultValue } : {}) };
      // Nodes of types mdast does not know become elements from their data (mdast-util-to-hast); admonitions never see them.
      const block = {
        type: 'tabsBlock',
        data: { hName: 'div', hProperties: { [TABS_PROPERTY]: JSON.stringify(props) } },
        position: node.position,
        children: panels.map((children) => ({ type: 'tabsPanel', data: { hName: 'div', hProperties: { [TAB_PANEL_PROPERTY]: '' } }, children })),
      } as unknown as RootContent;
      parent.children.splice(index, 1, block);
      // On to the block made in its place: a block of tabs inside a panel is one more.
      return [SKIP, index];
    });
  };
}
