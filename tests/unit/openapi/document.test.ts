import { describe, expect, it } from 'vitest';
import { locatePointer, locateRef } from '../../../src/openapi/document.ts';

const yaml = ['openapi: 3.0.3', 'paths:', '  /a:', '    get:', '      responses:', "        '200': { $ref: '#/components/responses/Gone' }", 'components:', '  schemas:', '    Thing:', '      $ref: other.yaml#/Thing', ''].join('\n');

describe('locateRef', () => {
  it('finds where the first $ref with a wanted value is written, in YAML and in JSON', () => {
    expect(locateRef(yaml, (ref) => ref === '#/components/responses/Gone')).toEqual({ line: 6, column: 24 });
    expect(locateRef(yaml, (ref) => ref.startsWith('other.yaml'))).toEqual({ line: 10, column: 13 });
    const json = JSON.stringify({ a: { b: { $ref: '#/x' } } }, null, 2);
    expect(locateRef(json, (ref) => ref === '#/x')).toEqual({ line: 4, column: 15 });
  });

  it('finds nothing when no $ref has the value, or the text is not valid YAML', () => {
    expect(locateRef(yaml, (ref) => ref === '#/nowhere')).toBeUndefined();
    expect(locateRef('a: [unclosed', () => true)).toBeUndefined();
  });
});

describe('locatePointer', () => {
  it('finds a JSON pointer, or its nearest existing parent', () => {
    expect(locatePointer(yaml, '#/components/schemas/Thing')).toEqual({ line: 10, column: 7 });
    expect(locatePointer(yaml, '#/components/schemas/Nope')).toEqual({ line: 9, column: 5 });
    expect(locatePointer(yaml, '#/paths/~1a/get')).toEqual({ line: 5, column: 7 });
  });
});
