import { describe, expect, it } from 'vitest';
import { pageKeyOf } from '../../../src/render/renderPages.ts';
import type { PageView } from '../../../src/render/viewModel.ts';

const view = (html: string, title = 'Intro'): PageView => ({
  route: '/docs/intro',
  title,
  description: undefined,
  keywords: [],
  hasMermaid: false,
  pageScripts: [],
  body: { kind: 'page', html, toc: [] },
});

describe('the key a page is taken from the last output by', () => {
  it('is the same for the same view and site, and changes with the body, the rest of the view and the site', () => {
    const key = pageKeyOf('site', view('<p>a</p>'));
    expect(pageKeyOf('site', view('<p>a</p>'))).toBe(key);
    expect(pageKeyOf('site', view('<p>b</p>'))).not.toBe(key);
    expect(pageKeyOf('site', view('<p>a</p>', 'Other'))).not.toBe(key);
    expect(pageKeyOf('other site', view('<p>a</p>'))).not.toBe(key);
  });

  it('hashes the name of the body given with it (what the HTML was made from) instead of the HTML', () => {
    const named = (html: string, htmlKey: string): PageView => ({ ...view(html), body: { kind: 'page', html, htmlKey, toc: [] } });
    expect(pageKeyOf('site', named('<p>a</p>', 'k1'))).toBe(pageKeyOf('site', named('<p>a</p>', 'k1')));
    expect(pageKeyOf('site', named('<p>a</p>', 'k2'))).not.toBe(pageKeyOf('site', named('<p>a</p>', 'k1')));
    expect(pageKeyOf('site', named('<p>a</p>', 'k1'))).not.toBe(pageKeyOf('site', view('<p>a</p>')));
  });

  it('cannot be forged by a body that holds what would end the view', () => {
    // The body is hashed after the view's JSON, which holds no NUL: text in the body cannot stand for a field.
    expect(pageKeyOf('site', view('\u0000x'))).not.toBe(pageKeyOf('site', view('x')));
    expect(pageKeyOf('site', { ...view(''), body: { kind: 'notFound', suggestions: [] } })).not.toBe(pageKeyOf('site', view('')));
  });
});
