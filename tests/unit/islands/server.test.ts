import { createElement, useId, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { islandHtml, notJson } from '../../../src/islands/server.ts';

function Greeting({ name, children }: { name: string; children?: unknown }) {
  const [count] = useState(1);
  const id = useId();
  return createElement('p', { id }, 'Hello ', name, ' ', count, createElement('span', null, children as never));
}

describe('an island on the server', () => {
  it('is its component rendered for hydration, in the element the runtime finds, with its props as JSON and its children as slots', () => {
    const html = islandHtml({ module: '/assets/js/site/Greeting-X.js', component: Greeting, props: { name: 'Ada & "Bob"' }, slots: ['<b>one</b>', 'two'], id: 'i3-' });
    expect(html).toBe(
      '<mapsdocs-island data-island="/assets/js/site/Greeting-X.js" data-island-props="{&quot;name&quot;:&quot;Ada &amp; \\&quot;Bob\\&quot;&quot;}" data-island-id="i3-" data-island-slots="2">' +
        // renderToString's separators between text nodes: hydration needs them, static markup would leave them out.
        '<p id="_i3-R_0_">Hello <!-- -->Ada &amp; &quot;Bob&quot;<!-- --> <!-- -->1<span><mapsdocs-slot data-slot="0"><b>one</b></mapsdocs-slot><mapsdocs-slot data-slot="1">two</mapsdocs-slot></span></p>' +
        '</mapsdocs-island>',
    );
  });

  it('takes JSON props only, and says where one is not', () => {
    expect(notJson({ a: [1, 'x', null, true, { b: {} }] }, 'props')).toBeUndefined();
    expect(notJson({ onClick: () => undefined }, 'props')).toBe('props.onClick is a function');
    expect(notJson({ list: [1, Number.NaN] }, 'props')).toBe('props.list[1] is NaN, which JSON cannot hold');
    expect(notJson({ when: new Date(0) }, 'props')).toBe('props.when is Date, not a plain object');
    expect(notJson({ big: 1n }, 'props')).toBe('props.big is bigint');
    expect(notJson({ list: [undefined] }, 'props')).toBe('props.list[0] is undefined');
    // An undefined prop is an absent one, on the server as in the browser.
    expect(notJson({ nothing: undefined }, 'props')).toBeUndefined();
  });
});
