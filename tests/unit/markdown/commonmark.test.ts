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
 * - the footnotes' label is a visible title rather than a screen-reader-only heading;
 * - relative links are resolved against the page's route (compared resolved).
 */
const plain = unified().use(remarkParse).use(remarkGfm).use(remarkRehype, { allowDangerousHtml: true }).use(rehypeStringify, { allowDangerousHtml: true });

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", '#x26': '&', '#x3C': '<', '#x3E': '>', '#x22': '"' };
const decode = (text: string): string => text.replace(/&(#x?[0-9a-f]+|\w+);/gi, (m, e: string) => ENTITIES[e] ?? (e.startsWith('#x') ? String.fromCodePoint(Number.parseInt(e.slice(2), 16)) : e.startsWith('#') ? String.fromCodePoint(Number(e.slice(1))) : m));

/** A code block as `<pre lang="x">text</pre>`, whichever way it was marked up. */
function normaliseCode(html: string): string {
  return html
    .replace(/<div class="code-block" data-lang="([^"]*)">(?:<div class="code-title">[\s\S]*?<\/div>)?<pre[^>]*><code(?: class="[^"]*")?>([\s\S]*?)<\/code><\/pre><\/div>/g, (_, lang: string, inner: string) => `<pre lang="${lang.toLowerCase()}">${decode(inner.replace(/<[^>]+>/g, ''))}</pre>`)
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
    .replace(/(<h2[^>]*?) class="(?:sr-only|footnotes-title)"/g, '$1')
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

/**
 * The examples of the GFM spec's extensions (tables, task lists,
 * strikethrough, extended autolinks) and of footnotes, as remark-gfm renders
 * them, and prose that a text-directive parser would have taken: no npm
 * package carries the GFM spec's examples, so they are written out here.
 */
const GFM_EXAMPLES = [
  '| foo | bar |\n| --- | --- |\n| baz | bim |\n',
  '| abc | defghi |\n:-: | -----------:\nbar | baz\n',
  '| f\\|oo  |\n| ------ |\n| b `\\|` az |\n| b **\\|** im |\n',
  '| abc | def |\n| --- | --- |\n| bar | baz |\n> bar\n',
  '| abc | def |\n| --- | --- |\n| bar | baz |\nbar\n\nbar\n',
  '| abc | def |\n| --- |\n| bar |\n',
  '| abc | def |\n| --- | --- |\n| bar |\n| bar | baz | boo |\n',
  '| abc | def |\n| --- | --- |\n',
  '- [ ] foo\n- [x] bar\n',
  '- [x] foo\n  - [ ] bar\n  - [x] baz\n- [ ] bim\n',
  '~~Hi~~ Hello, ~there~ world!\n',
  'This ~~has a\n\nnew paragraph~~.\n',
  'This will ~~~not~~~ strike.\n',
  'www.commonmark.org\n',
  'Visit www.commonmark.org/help for more information.\n',
  'Visit www.commonmark.org.\n\nVisit www.commonmark.org/a.b.\n',
  'www.google.com/search?q=Markup+(business)\n\nwww.google.com/search?q=Markup+(business)))\n\n(www.google.com/search?q=Markup+(business))\n\n(www.google.com/search?q=Markup+(business)\n',
  'www.google.com/search?q=(business))+ok\n',
  'www.google.com/search?q=commonmark&hl=en\n\nwww.google.com/search?q=commonmark&hl;\n',
  'www.commonmark.org/he<lp\n',
  'http://commonmark.org\n\n(Visit https://encrypted.google.com/search?q=Markup+(business))\n',
  'foo@bar.baz\n',
  "hello@mail+xyz.example isn't valid, but hello+xyz@mail.example is.\n",
  'a.b-c_d@a.b\n\na.b-c_d@a.b.\n\na.b-c_d@a.b-\n\na.b-c_d@a.b_\n',
  'mailto:foo@bar.baz\n\nmailto:a.b-c_d@a.b\n\nmailto:a.b-c_d@a.b.\n\nmailto:a.b-c_d@a.b/\n\nmailto:a.b-c_d@a.b-\n\nmailto:a.b-c_d@a.b_\n\nxmpp:foo@bar.baz\n\nxmpp:foo@bar.baz.\n',
  'xmpp:foo@bar.baz/txt\n\nxmpp:foo@bar.baz/txt@bin\n\nxmpp:foo@bar.baz/txt@bin.com\n',
  "Here is a footnote reference,[^1] and another.[^longnote]\n\n[^1]: Here is the footnote.\n\n[^longnote]: Here's one with multiple blocks.\n\n    Subsequent paragraphs are indented.\n",
  // Prose that text directives took: it stays text, and GFM autolinks apply to it.
  'Log in as key:name@host, at 10:30, ratio 1:2, and :smile: or :a[b]{c=d} stay as written.\n',
  '::unknown{a=1}\n\n::another[label]\n',
];

describe('the GFM extensions', () => {
  it('render as remark-gfm renders them, and prose is never taken for a directive', async () => {
    const failures: string[] = [];
    for (const markdown of GFM_EXAMPLES) {
      const expected = normalise(String(plain.processSync(markdown)));
      const result = await render(markdown, { route: '/', path: '/site/content/pages/example.md' });
      const ours = normalise(`${result.h1Html !== undefined ? `<h1>${result.h1Html}</h1>\n` : ''}${result.html}`);
      if (ours !== expected) failures.push(`${JSON.stringify(markdown)}\n  remark-gfm: ${JSON.stringify(expected)}\n  ours:       ${JSON.stringify(ours)}`);
    }
    expect(failures.join('\n'), `${failures.length} of ${GFM_EXAMPLES.length} differ`).toBe('');
  });
});
