import type { Root } from 'mdast';
import type { Node, Parent } from 'unist';
import type { VFile } from 'vfile';
import { PAGE_LIMITS } from '../limits.ts';
import { report } from './report.ts';

export interface DepthLimitOptions {
  /** Deepest nesting allowed, the root being level 0. */
  maxDepth?: number;
}

const EMPTY: DepthLimitOptions = {};

/**
 * Reports a tree nested deeper than the limit (emphasis in emphasis a
 * thousand times, which the line check before parsing cannot see) and cuts
 * it there. It runs first, and walks with its own stack: every later step
 * recurses once per level and would overflow the call stack on such a tree.
 * The page fails with the error, at the line where the nesting gets too deep.
 */
export default function remarkDepthLimit(options: DepthLimitOptions = EMPTY) {
  const maxDepth = options.maxDepth ?? PAGE_LIMITS.treeDepth;
  return (tree: Root, file: VFile) => {
    const stack: { node: Node; depth: number }[] = [{ node: tree, depth: 0 }];
    let reported = false;
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      const children = (next.node as Partial<Parent>).children;
      if (!children) continue;
      if (next.depth >= maxDepth) {
        if (!reported) {
          report(file, {
            message: `the markdown here is nested more than ${maxDepth} levels deep`,
            hint: 'simplify the nesting (emphasis, links or lists inside each other)',
            node: next.node,
          });
          reported = true;
        }
        (next.node as Parent).children = [];
        continue;
      }
      for (const child of children) stack.push({ node: child, depth: next.depth + 1 });
    }
  };
}
