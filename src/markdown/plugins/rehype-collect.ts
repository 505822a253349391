import type { Element, Root } from 'hast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { pageData } from '../context.ts';

/** Records every id of the rendered content (anchors for the link checker). */
export default function rehypeCollect() {
  return (tree: Root, file: VFile) => {
    const page = pageData(file);
    visit(tree, 'element', (node: Element) => {
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
