import type { Root, Parent, PhrasingContent } from 'mdast';
import { visit, SKIP } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { pageData } from '../context.ts';
import { isKnownDirective } from '../directives.ts';

/**
 * A `::name` line whose name the engine does not know is not a directive: it
 * goes back to its source text, exactly as written. (Text directives are
 * never parsed: remark-block-directives.)
 */
export default function remarkRestoreDirectives() {
  return (tree: Root, file: VFile) => {
    const { source } = pageData(file);
    visit(tree, (node, index, parent: Parent | undefined) => {
      if ((node.type !== 'textDirective' && node.type !== 'leafDirective') || isKnownDirective(node) || !parent || index === undefined) return;
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      const value = start !== undefined && end !== undefined ? source.slice(start, end) : `:${(node as { name: string }).name}`;
      const text: PhrasingContent = { type: 'text', value };
      parent.children.splice(index, 1, node.type === 'leafDirective' ? { type: 'paragraph', children: [text] } : text);
      return [SKIP, index + 1];
    });
  };
}
