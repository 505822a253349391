import { describe, expect, it } from 'vitest';
import { defineLazyText, withFields } from '../../../src/util/lazyText.ts';

describe('text made when first read', () => {
  it('is made once, on the first read, and read as a plain field by spreads, JSON and comparisons', () => {
    let made = 0;
    const page = { h1: 'A', html: '' };
    defineLazyText(page, 'html', () => {
      made += 1;
      return '<p>a</p>';
    });
    expect(made).toBe(0);
    expect(Object.keys(page)).toEqual(['h1', 'html']);
    expect(page.html).toBe('<p>a</p>');
    expect(page.html).toBe('<p>a</p>');
    expect(made).toBe(1);
    expect({ ...page }).toEqual({ h1: 'A', html: '<p>a</p>' });
    expect(JSON.stringify(page)).toBe('{"h1":"A","html":"<p>a</p>"}');
  });

  it('is replaced by a value written to it', () => {
    const page = { html: '' };
    defineLazyText(page, 'html', () => 'made');
    page.html = 'written';
    expect(page.html).toBe('written');
    expect(Object.getOwnPropertyDescriptor(page, 'html')?.get).toBeUndefined();
  });

  it('is copied unread by withFields, which sets fields as a spread would, and made once for every copy', () => {
    let made = 0;
    const page = { html: '', h1: 'A' };
    defineLazyText(page, 'html', () => `<p>${(made += 1)}</p>`);
    const copy = withFields(page, { h1: 'B', htmlKey: 'k' });
    expect(made).toBe(0);
    expect(Object.keys(copy)).toEqual(['html', 'h1', 'htmlKey']);
    expect(copy).toEqual({ html: '<p>1</p>', h1: 'B', htmlKey: 'k' });
    expect(page.html).toBe('<p>1</p>');
    expect(made).toBe(1);
    expect(page.h1).toBe('A');
    // A lazy field of a later source replaces the field, still unread.
    const replaced = { html: '' };
    defineLazyText(replaced, 'html', () => 'other');
    expect(withFields(page, replaced).html).toBe('other');
  });
});
