import type { Code, Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { idPrefixed } from '../../diagrams/mermaidSvg.ts';
import { diagramCacheKey, type DiagramRenderer } from '../../diagrams/renderer.ts';
import { pageData } from '../context.ts';
import { escapeHtml } from './remark-code.ts';
import { report } from './report.ts';

/** The message of the one warning a build gives when its diagram renderer cannot be loaded. */
export const RENDERER_UNAVAILABLE = 'the diagram renderer (beautiful-mermaid) could not be loaded: diagrams are drawn in the browser instead';

/** Today's markup for a diagram the browser draws (src/client/entries/mermaid.ts): its source, readable until then. */
function clientDiagram(source: string): string {
  return `<figure class="diagram" data-diagram="mermaid"><pre class="diagram-source">${escapeHtml(source)}</pre></figure>`;
}

/**
 * Draws ```` ```mermaid ```` fences as SVG at build time: the page ships the
 * picture, readable without JavaScript, its size known from the first paint,
 * its labels text that can be selected and searched, and no diagram script.
 * A diagram the renderer cannot draw stays for the browser to draw, as
 * before, with a warning at its fence that `--strict` makes an error.
 */
export default function remarkDiagrams(options: { diagrams: DiagramRenderer }) {
  return async (tree: Root, file: VFile) => {
    const page = pageData(file);
    const fences: { node: Code; index: number; parent: { children: Root['children'] } }[] = [];
    visit(tree, 'code', (node: Code, index, parent) => {
      if (parent && index !== undefined && node.lang?.toLowerCase() === 'mermaid') fences.push({ node, index, parent });
    });
    let drawn = 0;
    for (const { node, index, parent } of fences) {
      const outcome = await options.diagrams.render(node.value);
      page.diagrams.push(diagramCacheKey(node.value));
      if ('svg' in outcome) {
        drawn += 1;
        // The picture's own size (width and height) is reserved before it paints; its ids are this diagram's.
        // A wide one scrolls sideways rather than shrink its labels past reading (MIN_LABEL_PX): focusable, so a keyboard can scroll it.
        parent.children[index] = { type: 'html', value: `<figure class="diagram" data-diagram="mermaid" data-rendered="true" tabindex="0"><div class="diagram-svg">${idPrefixed(outcome.svg, drawn)}</div></figure>` };
        continue;
      }
      page.hasMermaid = true;
      parent.children[index] = { type: 'html', value: clientDiagram(node.value) };
      if ('unavailable' in outcome) {
        report(file, { message: RENDERER_UNAVAILABLE, hint: `${outcome.unavailable}; reinstall the engine's dependencies (npm install)`, node, severity: 'warning', strict: true, once: true });
      } else {
        report(file, {
          message: `this diagram cannot be drawn at build time (${outcome.error}); without --strict, mermaid draws it in the browser`,
          hint: 'use mermaid syntax the renderer reads (flowchart, sequence, state, class or ER diagrams; see beautiful-mermaid)',
          node,
          severity: 'warning',
          strict: true,
        });
      }
    }
  };
}
