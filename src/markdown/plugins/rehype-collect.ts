import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { pageData } from '../context.ts';

/** Records every id of the rendered content (anchors for the link checker) and its plain text. */
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
    });
    page.text = toString(tree).replace(/\s+/g, ' ').trim();
  };
}
