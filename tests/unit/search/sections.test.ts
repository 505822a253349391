import { describe, expect, it } from 'vitest';
import { parseSearchDocument } from '../../../src/search/sections.ts';

const page = (article: string): string =>
  `<!DOCTYPE html>\n<html lang="en"><head><meta charSet="utf-8"/><title>Ignored head title</title></head><body><article>${article}</article></body></html>`;

describe('what search keeps of a page', () => {
  it('takes the title from the h1 and cuts the text into sections at each heading with an id', () => {
    const doc = parseSearchDocument(
      '/docs/mqtt',
      page('<header><h1>MQTT 5.0</h1></header><p>Intro text.</p><h2 id="keys">Listener keys</h2><p>One</p><h3 id="tls">TLS</h3><p>Two</p><h2>No id</h2><p>Three</p>'),
    );
    expect(doc).toEqual({
      url: '/docs/mqtt',
      title: 'MQTT 5.0',
      sections: [
        { anchor: '', heading: '', text: 'Intro text.' },
        { anchor: 'keys', heading: 'Listener keys', text: 'One' },
        // A heading without an anchor cannot be linked to: its text stays in the section before it.
        { anchor: 'tls', heading: 'TLS', text: 'Two No id Three' },
      ],
    });
  });

  it('keeps words of neighbouring cells, items and lines apart, and decodes entities', () => {
    const doc = parseSearchDocument('/p', page('<h1>T</h1><table><tr><td>port</td><td>1883</td></tr></table><ul><li>a&amp;b</li><li>&#x3C;tag&#62;</li></ul><p>x<br>y</p>'));
    expect(doc.sections[0]?.text).toBe('port 1883 a&b <tag> x y');
  });

  it('leaves out scripts, buttons and anything marked data-search-ignore, however deep', () => {
    const doc = parseSearchDocument(
      '/p',
      page('<h1>T</h1><div data-search-ignore=""><div><p>edit this page</p></div></div><p>kept <button type="button">Copy</button></p><script>var x = 1;</script><p>too</p>'),
    );
    expect(doc.sections[0]?.text).toBe('kept too');
  });

  it("indexes a diagram's labels, each apart, but not an icon's text", () => {
    const diagram = '<figure class="diagram"><div class="diagram-svg"><svg class="diagram-svg-image" viewBox="0 0 10 10"><g><text x="1" y="1">Edge broker</text><text x="1" y="5">Core</text></g></svg></div></figure>';
    const icon = '<svg viewBox="0 0 24 24" aria-hidden="true"><title>sun</title><text>icon</text></svg>';
    const doc = parseSearchDocument('/p', page(`<h1>T</h1><p>Before ${icon}</p>${diagram}<p>after</p>`));
    expect(doc.sections[0]?.text).toBe('Before Edge broker Core after');
  });

  it('gives an empty section for a heading with nothing under it, so the heading itself is found', () => {
    const doc = parseSearchDocument('/p', page('<h1>T</h1><h2 id="a">Alpha</h2><h2 id="b">Beta</h2><p>b</p>'));
    expect(doc.sections.map((s) => [s.anchor, s.heading, s.text])).toEqual([
      ['a', 'Alpha', ''],
      ['b', 'Beta', 'b'],
    ]);
  });
});
