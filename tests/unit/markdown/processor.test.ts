import { describe, expect, it } from 'vitest';
import { parseFenceMeta } from '../../../src/markdown/plugins/remark-code.ts';
import { normaliseAdmonitionSyntax } from '../../../src/markdown/plugins/remark-admonitions.ts';
import { render } from '../../helpers/markdown.ts';

describe('admonitions', () => {
  it('renders each kind with its default title', async () => {
    for (const kind of ['note', 'tip', 'info', 'warning', 'danger']) {
      const { html, diagnostics } = await render(`:::${kind}\nBody text.\n:::\n`);
      expect(diagnostics).toEqual([]);
      expect(html).toContain(`class="admonition admonition-${kind}" role="note"`);
      expect(html).toMatch(/<p class="admonition-title">\w+<\/p>\s*<p>Body text.<\/p>/);
    }
  });

  it('takes a title after a space or in brackets', async () => {
    expect((await render(':::tip Keep it short\nx\n:::\n')).html).toContain('<p class="admonition-title">Keep it short</p>');
    expect((await render(':::warning[Breaking change]\nx\n:::\n')).html).toContain('<p class="admonition-title">Breaking change</p>');
  });

  it('keeps the inline markup of an author\'s title, and reads it as text for its label', async () => {
    const { html } = await render(':::tip Use `maps.yaml` *first*\nx\n:::\n');
    expect(html).toContain('aria-label="Use maps.yaml first"');
    expect(html).toContain('<p class="admonition-title">Use <code>maps.yaml</code> <em>first</em></p>');
  });

  it('renders an admonition inside a quote and inside a list item', async () => {
    for (const source of ['> :::note\n> In a quote.\n> :::\n', '- :::note\n  In a list.\n  :::\n', '> :::note A title\n> In a quote.\n> :::\n', '1. :::note A title\n   In a list.\n   :::\n']) {
      const { html, diagnostics } = await render(source);
      expect(diagnostics).toEqual([]);
      expect(html).toContain('class="admonition admonition-note" role="note"');
    }
    const { diagnostics } = await render('> :::note\n> Never closed.\n');
    expect(diagnostics).toEqual([expect.objectContaining({ severity: 'error', message: 'admonition ":::note" opened on line 1 is never closed' })]);
  });

  it('rewrites only admonition openers, keeping line count', () => {
    const source = ':::tip My title\nbody\n:::\n:::custom other\n';
    const out = normaliseAdmonitionSyntax(source);
    expect(out.split('\n')).toHaveLength(source.split('\n').length);
    expect(out).toContain(':::tip[My title]');
    expect(out).toContain(':::custom other');
  });

  it('reports an unclosed admonition at its opening line', async () => {
    const { diagnostics } = await render('Intro.\n\n:::note\nNever closed.\n');
    expect(diagnostics).toEqual([
      expect.objectContaining({ severity: 'error', line: 3, column: 1, message: 'admonition ":::note" opened on line 3 is never closed' }),
    ]);
  });

  it('reports an unknown admonition kind', async () => {
    const { diagnostics } = await render(':::caveat\nx\n:::\n');
    expect(diagnostics[0]).toMatchObject({ severity: 'error', message: 'unknown admonition ":::caveat"', line: 1 });
  });

  it('leaves colons in prose alone (text directives are restored)', async () => {
    const { html } = await render('Set key:value and ::leaf here.\n');
    expect(html).toContain('Set key:value and ::leaf here.');
  });
});

describe('headings', () => {
  it('gets GitHub-style ids, de-duplicated, and explicit ids', async () => {
    const { html, headings } = await render('## TLS and mTLS\n\n## Ports & addresses\n\n## Custom {#my-id}\n\n### Ports & addresses\n');
    expect(headings.map((h) => h.id)).toEqual(['tls-and-mtls', 'ports--addresses', 'my-id', 'ports--addresses-1']);
    expect(html).toContain('<h2 id="my-id">Custom</h2>');
  });

  it('lifts a leading # heading out as the page title', async () => {
    const { h1, html } = await render('# The title\n\nBody.\n');
    expect(h1).toBe('The title');
    expect(html).not.toContain('<h1');
  });

  it('reports two headings with the same explicit id', async () => {
    const { diagnostics } = await render('## A {#same}\n\n## B {#same}\n');
    expect(diagnostics[0]).toMatchObject({ severity: 'error', line: 3, message: 'heading id "same" is already used by the heading on line 1' });
  });
});

describe('code', () => {
  it('highlights with both themes as CSS variables, with title and line highlights', async () => {
    const { html } = await render('```yaml title="conf/x.yaml" {2} showLineNumbers\na: 1\nb: 2\n```\n');
    expect(html).toContain('<div class="code-title">conf/x.yaml</div>');
    expect(html).toContain('--shiki-light:');
    expect(html).toContain('--shiki-dark:');
    expect(html).toContain('class="line highlighted"');
    expect(html).toContain('line-numbers');
  });

  it('knows the extra languages of the spec', async () => {
    for (const lang of ['bash', 'csharp', 'java', 'php', 'ruby', 'scala', 'properties', 'ini', 'dockerfile', 'http', 'shell']) {
      const { diagnostics } = await render(`\`\`\`${lang}\nx\n\`\`\`\n`);
      expect(diagnostics, lang).toEqual([]);
    }
  });

  it('shows a block of an unknown language as plain text, with a warning where the fence starts and the nearest language', async () => {
    const { diagnostics, html } = await render('Text.\n\n```yamll\na: <1>\n```\n\n```foo+bar\nx\n```\n');
    expect(diagnostics).toEqual([
      { severity: 'warning', line: 3, column: 1, message: 'unknown code language "yamll": shown as plain text', hint: 'did you mean "yaml"? (or write "text")' },
      expect.objectContaining({ severity: 'warning', line: 7, message: 'unknown code language "foo+bar": shown as plain text' }),
    ]);
    expect(html).toContain('<pre tabindex="0"><code class="language-yamll">a: &#60;1&#62;</code></pre>');
    expect(html).toContain('<code class="language-foo+bar">x</code>');
  });

  it('draws mermaid diagrams as SVG at build time: no diagram script for the page', async () => {
    const result = await render('Two diagrams:\n\n```mermaid\nflowchart LR\n  A[Publisher] --> B[Broker]\n```\n\n```mermaid\nsequenceDiagram\n  A->>B: PUBLISH\n```\n');
    expect(result.hasMermaid).toBe(false);
    expect(result.diagnostics).toEqual([]);
    expect(result.html).toMatch(/<figure class="diagram" data-diagram="mermaid" data-rendered="true" tabindex="0"><div class="diagram-svg"><svg class="diagram-svg-image" [^>]*>.*<text[^>]*>Publisher<\/text>/s);
    expect(result.html).not.toContain('diagram-source');
    // Each diagram's ids are its own.
    expect(result.html).toContain('id="diagram-1-arrowhead"');
    expect(result.html).toContain('id="diagram-2-seq-arrow"');
  });

  it('leaves a diagram it cannot draw to the browser, with a warning that --strict makes an error', async () => {
    const result = await render('Intro.\n\n```mermaid\ngantt\n  title Plan\n```\n');
    expect(result.hasMermaid).toBe(true);
    expect(result.html).toContain('<figure class="diagram" data-diagram="mermaid"><pre class="diagram-source">gantt\n  title Plan</pre></figure>');
    expect(result.diagnostics).toEqual([
      {
        severity: 'warning',
        strict: true,
        line: 3,
        column: 1,
        message: 'this diagram cannot be drawn at build time (Invalid mermaid header: "gantt". Expected "graph TD", "flowchart LR", "stateDiagram-v2", etc.); without --strict, mermaid draws it in the browser',
        hint: 'use mermaid syntax the renderer reads (flowchart, sequence, state, class or ER diagrams; see beautiful-mermaid)',
      },
    ]);
  });

  it('parses fence meta', () => {
    expect(parseFenceMeta('title="a b.yaml" {1,4-6} showLineNumbers')).toEqual({
      title: 'a b.yaml',
      highlightLines: new Set([1, 4, 5, 6]),
      showLineNumbers: true,
    });
  });
});

describe('links', () => {
  it('resolves relative markdown files to routes and records positions', async () => {
    const { html, links } = await render('See [setup](../setup/install.md#steps).\n', {
      files: { '/site/content/docs/setup/install.md': '/docs/setup/install' },
    });
    expect(html).toContain('href="/docs/setup/install#steps"');
    expect(links).toEqual([{ raw: '../setup/install.md#steps', path: '/docs/setup/install', hash: 'steps', line: 1, column: 5 }]);
  });

  it('prefixes the base URL on site routes and leaves outside links alone', async () => {
    const { html, links } = await render('[a](/docs/intro) [b](https://mqtt.org) [c](#local)\n', { baseUrl: '/maps/' });
    expect(html).toContain('href="/maps/docs/intro"');
    expect(html).toContain('href="https://mqtt.org"');
    expect(html).toContain('href="#local"');
    expect(links.map((l) => l.path)).toEqual(['/docs/intro', '/docs/guide/page']);
  });

  it('warns about a relative link to a missing file', async () => {
    const { diagnostics, links } = await render('[x](missing.md)\n');
    expect(diagnostics[0]).toMatchObject({ severity: 'warning', message: 'link to "missing.md": no such file' });
    expect(links[0]?.path).toBeUndefined();
  });
});

describe('GFM', () => {
  it('renders tables, task lists, strikethrough, autolinks and footnotes', async () => {
    const { html, anchors } = await render('| a | b |\n| - | - |\n| 1 | 2 |\n\n- [x] done\n\n~~old~~ https://example.com\n\nNote[^1].\n\n[^1]: Text.\n');
    expect(html).toContain('<table tabindex="0">');
    expect(html).toContain('type="checkbox"');
    expect(html).toContain('<del>old</del>');
    expect(html).toContain('<a href="https://example.com">');
    expect(anchors).toContain('user-content-fn-1');
  });
});
