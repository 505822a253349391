import path from 'node:path';
import spec from 'commonmark-spec';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { render } from '../../helpers/markdown.ts';

/**
 * Every example of the CommonMark spec (0.31, the `commonmark-spec` package),
 * as a page of the site (at `/`), renders as plain remark renders it, with
 * GFM as the engine has it, up to the engine's documented additions, which
 * are undone here before comparing:
 *
 * - a leading `#` heading is the page's `<h1>`, lifted out of the body with its markup;
 * - headings carry ids;
 * - code blocks are highlighted (compared by language and text);
 * - tables can take focus (they scroll on their own) and task-list boxes are labelled;
 * - relative links are resolved against the page's route (compared resolved).
 */
const plain = unified().use(remarkParse).use(remarkGfm).use(remarkRehype, { allowDangerousHtml: true }).use(rehypeStringify, { allowDangerousHtml: true });

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", '#x26': '&', '#x3C': '<', '#x3E': '>', '#x22': '"' };
const decode = (text: string): string => text.replace(/&(#x?[0-9a-f]+|\w+);/gi, (m, e: string) => ENTITIES[e] ?? (e.startsWith('#x') ? String.fromCodePoint(Number.parseInt(e.slice(2), 16)) : e.startsWith('#') ? String.fromCodePoint(Number(e.slice(1))) : m));

/** A code block as `<pre lang="x">text</pre>`, whichever way it was marked up. */
function normaliseCode(html: string): string {
  return html
    .replace(/<div class="code-block" data-lang="([^"]*)">(?:<div class="code-title">[\s\S]*?<\/div>)?<pre[^>]*><code>([\s\S]*?)<\/code><\/pre><\/div>/g, (_, lang: string, inner: string) => `<pre lang="${lang.toLowerCase()}">${decode(inner.replace(/<[^>]+>/g, ''))}</pre>`)
    .replace(/<pre><code(?: class="language-([^"]*)")?>([\s\S]*?)<\/code><\/pre>/g, (_, lang: string | undefined, inner: string) => `<pre lang="${(lang ?? 'text').toLowerCase()}">${decode(inner).replace(/\n$/, '')}</pre>`);
}

/** A relative href resolved against the page's route (`/`), keeping its encoding, as the engine resolves links. */
function resolveHref(href: string): string {
  if (href === '' || /^(?:[a-z][a-z0-9+.-]*:|\/\/|#|\/)/i.test(href)) return href;
  const cut = href.search(/[?#]/);
  const pathPart = cut === -1 ? href : href.slice(0, cut);
  const resolved = path.posix.resolve('/', pathPart) + (pathPart.endsWith('/') && pathPart !== '/' ? '/' : '');
  return resolved + (cut === -1 ? '' : href.slice(cut));
}

function normalise(html: string): string {
  return normaliseCode(html)
    .replace(/(<h[1-6]) id="[^"]*"/g, '$1')
    .replace(/<table tabindex="0">/g, '<table>')
    .replace(/ aria-label="(?:Done|Not done)"/g, '')
    .replace(/ href="([^"]*)"/g, (_, href: string) => ` href="${resolveHref(href)}"`)
    .trim();
}

describe('the CommonMark spec examples', () => {
  it('render as plain remark renders them, up to the engine\'s documented additions', async () => {
    const failures: string[] = [];
    for (const example of spec.tests) {
      const markdown = example.markdown.replace(/→/g, '\t');
      const expected = normalise(String(plain.processSync(markdown)));
      const result = await render(markdown, { route: '/', path: '/site/content/pages/example.md' });
      const ours = normalise(`${result.h1Html !== undefined ? `<h1>${result.h1Html}</h1>\n` : ''}${result.html}`);
      if (ours !== expected) failures.push(`#${example.number} (${example.section}) ${JSON.stringify(markdown)}\n  remark: ${JSON.stringify(expected)}\n  ours:   ${JSON.stringify(ours)}`);
    }
    expect(failures.join('\n'), `${failures.length} of ${spec.tests.length} differ`).toBe('');
  }, 120_000);
});
