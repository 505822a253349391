import type { Element, Root, RootContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { TAB_PANEL_PROPERTY, TABS_PROPERTY, type TabsBlockProps } from './remark-tabs.ts';

type Parent = Root | Element;

/**
 * Renders the islands of a page (its blocks of tabs, marked by remark-tabs)
 * with React, as the browser will hydrate them: each panel, already HTML, is
 * a child of the Tabs island. Inner blocks first, so that a block inside a
 * panel is in that panel's HTML. React is loaded only for pages that have a
 * block. Runs after rehype-collect, which has taken the panels' ids.
 */
export default function rehypeIslands() {
  return async (tree: Root) => {
    const blocks: { parent: Parent; index: number; block: Element }[] = [];
    // Children before their parent: the order in which blocks are rendered.
    const collect = (parent: Parent): void => {
      parent.children.forEach((child: RootContent, index) => {
        if (child.type !== 'element') return;
        collect(child);
        if (typeof child.properties[TABS_PROPERTY] === 'string') blocks.push({ parent, index, block: child });
      });
    };
    collect(tree);
    if (blocks.length === 0) return;
    const [{ islandHtml }, { default: Tabs }] = await Promise.all([import('../../islands/server.ts'), import('../../islands/Tabs.tsx')]);
    for (const [order, { parent, index, block }] of blocks.entries()) {
      const props = JSON.parse(String(block.properties[TABS_PROPERTY])) as TabsBlockProps;
      const panels = block.children.filter((child): child is Element => child.type === 'element' && TAB_PANEL_PROPERTY in child.properties);
      const html = islandHtml({
        module: 'tabs',
        component: Tabs,
        props,
        slots: panels.map((panel) => toHtml(panel.children, { allowDangerousHtml: true })),
        // Unique on the page, and the same at every build.
        id: `t${order}-`,
      });
      parent.children[index] = { type: 'raw', value: html };
    }
  };
}
