import type { Code, Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { nearestLanguage, type Highlighter } from '../highlight.ts';
import { report } from './report.ts';

export interface FenceMeta {
  title: string | undefined;
  highlightLines: Set<number>;
  showLineNumbers: boolean;
}

/** Reads `title="a.yaml" {1,4-6} showLineNumbers` from a fence's meta string. */
export function parseFenceMeta(meta: string | null | undefined): FenceMeta {
  const text = meta ?? '';
  const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(text);
  const highlightLines = new Set<number>();
  const ranges = /\{([\d,\s-]+)\}/.exec(text)?.[1];
  for (const part of ranges?.split(',') ?? []) {
    const [from, to] = part.trim().split('-').map((n) => Number.parseInt(n, 10));
    if (from === undefined || Number.isNaN(from)) continue;
    for (let line = from; line <= (to !== undefined && !Number.isNaN(to) ? to : from); line += 1) highlightLines.add(line);
  }
  return {
    title: title ? (title[1] ?? title[2] ?? title[3]) : undefined,
    highlightLines,
    showLineNumbers: /\bshowLineNumbers\b/.test(text),
  };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Highlights code fences with shiki (through the cache); mermaid fences are diagrams (remark-diagrams.ts), drawn before this runs. */
export default function remarkCode(options: { highlighter: Highlighter }) {
  return async (tree: Root, file: VFile) => {
    const jobs: Promise<void>[] = [];
    visit(tree, 'code', (node: Code, index, parent) => {
      if (!parent || index === undefined) return;
      const lang = (node.lang ?? 'text').toLowerCase();
      const meta = parseFenceMeta(node.meta);
      const titleHtml = meta.title ? `<div class="code-title">${escapeHtml(meta.title)}</div>` : '';
      const resolved = options.highlighter.resolveLanguage(lang);
      if (resolved === undefined) {
        // One typo must not block every page: the block is shown as plain text, and the author is told.
        const nearest = nearestLanguage(lang);
        report(file, {
          severity: 'warning',
          message: `unknown code language "${node.lang ?? ''}": shown as plain text`,
          hint: nearest ? `did you mean "${nearest}"? (or write "text")` : 'use a language shiki knows (bash, yaml, json, java, csharp, python, javascript, …) or "text"',
          node,
        });
        const language = escapeHtml(node.lang ?? '');
        parent.children[index] = {
          type: 'html',
          value: `<div class="code-block" data-lang="${escapeHtml(lang)}">${titleHtml}<pre tabindex="0"><code class="language-${language}">${escapeHtml(node.value)}</code></pre></div>`,
        };
        return;
      }
      const replace = parent.children;
      jobs.push(
        options.highlighter
          .highlight(node.value, { lang: resolved, highlightLines: meta.highlightLines, showLineNumbers: meta.showLineNumbers })
          .then((pre) => {
            replace[index] = {
              type: 'html',
              value: `<div class="code-block" data-lang="${escapeHtml(lang)}">${titleHtml}${pre}</div>`,
            };
          }),
      );
    });
    await Promise.all(jobs);
  };
}
