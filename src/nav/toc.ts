import type { Heading } from '../markdown/types.ts';

export interface TocEntry {
  id: string;
  text: string;
  depth: number;
  children: TocEntry[];
}

/** Nests the headings between `min` and `max` levels into a table of contents. */
export function buildToc(headings: readonly Heading[], min: number, max: number): TocEntry[] {
  const root: TocEntry[] = [];
  const stack: TocEntry[] = [];
  for (const heading of headings) {
    if (heading.depth < min || heading.depth > max) continue;
    const entry: TocEntry = { id: heading.id, text: heading.text, depth: heading.depth, children: [] };
    while (stack.length > 0 && (stack[stack.length - 1]?.depth ?? 0) >= heading.depth) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(entry);
    else root.push(entry);
    stack.push(entry);
  }
  return root;
}
