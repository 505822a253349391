import type { Element, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { SKIP, visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { pageData } from '../context.ts';

/**
 * Records every id of the rendered content (anchors for the link checker),
 * and lifts out the content's title heading (marked by remark-heading-ids)
 * as HTML, for the page template to show as the page's `<h1>`.
 */
export default function rehypeCollect() {
  return (tree: Root, file: VFile) => {
    const page = pageData(file);
    visit(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName === 'h1' && 'dataPageTitle' in node.properties && parent && index !== undefined) {
        page.h1Html = toHtml(node.children);
        parent.children.splice(index, 1);
        // The line break that followed it would be left at the top of the body.
        const next = parent.children[index];
        if (next?.type === 'text' && next.value.trim() === '') parent.children.splice(index, 1);
        return [SKIP, index];
      }
      const id = node.properties['id'];
      if (typeof id === 'string') page.anchors.push(id);
      // Tables scroll on their own on narrow screens instead of widening the page.
      if (node.tagName === 'table') {
        node.properties['tabIndex'] = 0;
      }
      // GFM task-list checkboxes are read-only; give them a name screen readers can announce.
      if (node.tagName === 'input' && node.properties['type'] === 'checkbox') {
        node.properties['ariaLabel'] = node.properties['checked'] ? 'Done' : 'Not done';
      }
    });
  };
}
