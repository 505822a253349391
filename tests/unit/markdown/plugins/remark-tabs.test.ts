import { describe, expect, it } from 'vitest';
import { KNOWN_DIRECTIVES } from '../../../../src/markdown/directives.ts';
import { tabValueOf } from '../../../../src/markdown/plugins/remark-tabs.ts';
import { render } from '../../../helpers/markdown.ts';

/** The island's props, as the page carries them for the browser. */
function islandProps(html: string, index = 0): unknown {
  const all = [...html.matchAll(/data-island-props="([^"]*)"/g)].map((m) => (m[1] ?? '').replaceAll('&quot;', '"').replaceAll('&amp;', '&'));
  return JSON.parse(all[index] ?? 'null');
}

describe('tabs (:::tabs with ::tab lines)', () => {
  it('renders the Tabs island: a radio and a label per tab, each panel the markdown after its ::tab line', async () => {
    const { html, diagnostics } = await render(':::tabs{groupId=os}\n::tab{label=Linux}\n```bash\nls\n```\n::tab{label="Windows Server" value=win}\nRun **dir**.\n:::\n');
    expect(diagnostics).toEqual([]);
    expect(islandProps(html)).toEqual({ tabs: [{ label: 'Linux', value: 'linux' }, { label: 'Windows Server', value: 'win' }], groupId: 'os' });
    expect(html).toMatch(/^<mapsdocs-island data-island="tabs" data-island-props="[^"]*" data-island-id="t0-" data-island-slots="2"><div class="tabs">/);
    // The first tab is checked: without JavaScript, the stylesheet shows its panel.
    expect(html).toMatch(/<input class="tabs-radio" type="radio" id="([^"]+)-0" name="\1" checked="" value="linux"\/><input class="tabs-radio" type="radio" id="\1-1" name="\1" value="win"\/>/);
    expect(html).toMatch(/<div class="tabs-list"><label class="tabs-tab" for="[^"]+-0">Linux<\/label><label class="tabs-tab" for="[^"]+-1">Windows Server<\/label><\/div>/);
    expect(html).toContain('<div class="tabs-panel" data-value="win"><mapsdocs-slot data-slot="1"><p>Run <strong>dir</strong>.</p></mapsdocs-slot></div>');
    expect(html).toMatch(/<div class="tabs-panel" data-value="linux"><mapsdocs-slot data-slot="0"><div class="code-block" data-lang="bash">/);
  });

  it('takes a label in brackets, a default tab, and makes values from labels', async () => {
    const { html, diagnostics } = await render(':::tabs\n::tab[Docker Compose]\nA.\n::tab{label=curl default}\nB.\n:::\n');
    expect(diagnostics).toEqual([]);
    expect(islandProps(html)).toEqual({ tabs: [{ label: 'Docker Compose', value: 'docker-compose' }, { label: 'curl', value: 'curl' }], defaultValue: 'curl' });
    expect(html).toMatch(/value="docker-compose"\/><input [^>]*checked="" value="curl"/);
    expect(tabValueOf('C# (.NET)')).toBe('c-net');
    expect(tabValueOf('日本語')).toBe('日本語');
  });

  it('numbers the blocks of a page, and renders a block inside a panel as part of it', async () => {
    const { html, diagnostics, headings, anchors } = await render('::::tabs\n::tab{label=Outer}\n## Inside a tab\n:::tabs\n::tab{label=Inner}\nDeep.\n:::\n::::\n\n:::tabs\n::tab{label=Last}\nEnd.\n:::\n');
    expect(diagnostics).toEqual([]);
    expect(html.match(/<mapsdocs-island /g)).toHaveLength(3);
    expect([...html.matchAll(/data-island-id="([^"]+)"/g)].map((m) => m[1])).toEqual(['t1-', 't0-', 't2-']);
    // The inner block is inside the outer one's first panel.
    expect(html).toMatch(/<mapsdocs-slot data-slot="0"><h2 id="inside-a-tab">Inside a tab<\/h2>\s*<mapsdocs-island data-island="tabs"[^>]*data-island-id="t0-"/);
    // A heading in a panel is still a heading of the page, with its anchor.
    expect(headings.map((h) => h.id)).toEqual(['inside-a-tab']);
    expect(anchors).toContain('inside-a-tab');
  });

  it('reports mistakes at their line', async () => {
    const cases: [string, string][] = [
      [':::tabs\nBefore.\n::tab{label=A}\nx\n:::\n', '2:1 ":::tabs" has content before its first "::tab"'],
      [':::tabs\n::tab\nx\n:::\n', '2:1 "::tab" has no label'],
      [':::tabs\n::tab{label=A}\nx\n::tab{label=a}\ny\n:::\n', '4:1 two tabs of this block have the value "a"'],
      [':::tabs\n::tab{label=A default}\nx\n::tab{label=B default}\ny\n:::\n', '4:1 more than one tab of this block is marked default'],
      ['Text.\n\n::tab{label=A}\n', '3:1 "::tab" outside a ":::tabs" block'],
      [':::tabs{group=os}\n::tab{label=A}\nx\n:::\n', '1:1 ":::tabs" has no attribute "group"'],
      [':::tabs\n::tab{label=A lable=B}\nx\n:::\n', '2:1 "::tab" has no attribute "lable"'],
      [':::tabs\nNo tabs.\n:::\n', '1:1 ":::tabs" has no tabs'],
      ['Intro.\n\n:::tabs\n::tab{label=A}\nnever closed\n', '3:1 ":::tabs" opened on line 3 is never closed'],
      [`:::tabs\n${Array.from({ length: 13 }, (_, i) => `::tab{label=T${i}}\nx\n`).join('')}:::\n`, '1:1 ":::tabs" has 13 tabs; at most 12 are shown'],
    ];
    for (const [source, expected] of cases) {
      const { diagnostics } = await render(source);
      expect(
        diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`),
        source,
      ).toContain(expected);
      expect(diagnostics.every((d) => d.severity === 'error' && d.hint !== undefined)).toBe(true);
    }
  });

  it('is the one leaf directive the engine knows: any other ::name line stays as it was written', async () => {
    expect([...KNOWN_DIRECTIVES.leafDirective]).toEqual(['tab']);
    expect([...KNOWN_DIRECTIVES.containerDirective]).toContain('tabs');
    const { html, diagnostics } = await render('::tabs{label=x}\n\n::youtube[Video]{#id}\n');
    expect(diagnostics).toEqual([]);
    expect(html).toBe('<p>::tabs{label=x}</p>\n<p>::youtube[Video]{#id}</p>');
  });
});
