import GithubSlugger from 'github-slugger';
import type { Heading as MdHeading, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { pageData } from '../context.ts';
import { report } from './report.ts';

const EXPLICIT_ID = /\s*\{#([A-Za-z0-9_:.-][\w:.-]*)\}\s*$/;

/**
 * Gives every heading a GitHub-style id (or the `{#id}` the author wrote),
 * records the headings for the table of contents, and marks a leading `#`
 * heading as the page's title: it is lifted out of the body once rendered
 * (rehype-collect), inline markup and all, and the page template shows it as
 * the one `<h1>`, as Docusaurus shows a content title over front matter's.
 */
export default function remarkHeadingIds() {
  return (tree: Root, file: VFile) => {
    const page = pageData(file);
    // A fresh slugger per tree keeps ids deterministic whatever was built before.
    const slugger = new GithubSlugger();
    const seen = new Map<string, number>();
    const first = tree.children.find((node) => node.type !== 'html' || !/^<!--/.test(node.value));
    const title = first?.type === 'heading' && first.depth === 1 ? first : undefined;
    visit(tree, 'heading', (node: MdHeading) => {
      let id: string | undefined;
      const last = node.children[node.children.length - 1];
      if (last?.type === 'text') {
        const match = EXPLICIT_ID.exec(last.value);
        if (match?.[1]) {
          id = match[1];
          last.value = last.value.slice(0, match.index);
        }
      }
      if (node === title) {
        page.h1 = toString(node).trim();
        node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), dataPageTitle: '' } };
        return;
      }
      const text = toString(node).trim();
      id ??= slugger.slug(text);
      const line = node.position?.start.line ?? 1;
      const previous = seen.get(id);
      if (previous !== undefined) {
        report(file, {
          message: `heading id "${id}" is already used by the heading on line ${previous}`,
          hint: 'give one of the headings another explicit id with {#other-id}',
          node,
        });
      }
      seen.set(id, line);
      if (node.depth === 1) {
        report(file, {
          severity: 'warning',
          message: 'a second "#" heading: the page title is its only <h1>',
          hint: 'use "##" for sections',
          node,
        });
      }
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id } };
      page.headings.push({ depth: node.depth, text, id, line });
    });
  };
}
