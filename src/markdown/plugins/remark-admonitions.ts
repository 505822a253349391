import type { PhrasingContent, Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { toString } from 'mdast-util-to-string';
import { pageData } from '../context.ts';
import { report } from './report.ts';

/** Admonition kinds and the titles they get when the author gives none. */
export const ADMONITIONS: Readonly<Record<string, string>> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
  caution: 'Caution',
};

/**
 * Docusaurus writes `:::tip Title`; remark-directive only knows `:::tip[Title]`.
 * Rewriting the opening line before parsing keeps line numbers intact.
 */
export function normaliseAdmonitionSyntax(source: string): string {
  // The opener may follow quote markers and list bullets: `> :::tip Title`, `- :::note Title`.
  return source.replace(/^((?:[ \t]*(?:>|[-*+][ \t]|\d{1,9}[.)][ \t]))*[ \t]*:::+)([a-z]+)[ \t]+([^\s[{].*?)[ \t]*$/gm, (_, fence: string, name: string, title: string) =>
    name in ADMONITIONS ? `${fence}${name}[${title.replace(/[[\]]/g, '\\$&')}]` : `${fence}${name} ${title}`,
  );
}

/**
 * Turns `:::kind` containers into `<div class="admonition admonition-kind" role="note">`
 * with a title, and reports unknown kinds and containers that are never closed.
 */
export default function remarkAdmonitions() {
  return (tree: Root, file: VFile) => {
    const lines = pageData(file).source.split('\n');
    visit(tree, 'containerDirective', (node: ContainerDirective) => {
      const start = node.position?.start;
      if (!(node.name in ADMONITIONS)) {
        report(file, {
          message: `unknown admonition ":::${node.name}"`,
          hint: `use one of ${Object.keys(ADMONITIONS).map((k) => `:::${k}`).join(', ')}`,
          node,
        });
        return;
      }
      // An unclosed container runs to the end of the file (or of the quote holding it); its last line is
      // then not a fence. Inside a quote the fence line starts with the quote's markers.
      const endLine = node.position?.end.line;
      if (endLine !== undefined && !/^[\s>]*:::+\s*$/.test(lines[endLine - 1] ?? '')) {
        report(file, {
          message: `admonition ":::${node.name}" opened on line ${start?.line ?? '?'} is never closed`,
          hint: 'add a line with ":::" alone where the admonition ends',
          node,
        });
      }
      let title = ADMONITIONS[node.name] ?? node.name;
      // The author's title keeps its inline markup (code, emphasis, links); the label reads it as text.
      let titleChildren: PhrasingContent[] = [{ type: 'text', value: title }];
      const first = node.children[0];
      if (first && first.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel) {
        title = toString(first);
        titleChildren = first.children;
        node.children.shift();
      }
      node.data = {
        hName: 'div',
        // role=note, not <aside>: admonitions sit inside <main> and must not become landmarks.
        hProperties: { className: ['admonition', `admonition-${node.name}`], role: 'note', 'aria-label': title },
      };
      node.children.unshift({
        type: 'paragraph',
        data: { hName: 'p', hProperties: { className: ['admonition-title'] } },
        children: titleChildren,
      });
    });
  };
}
