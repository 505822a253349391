import { describe, expect, it } from 'vitest';
import { inlineScriptJson } from '../../../src/render/inlineScript.ts';

describe('inlineScriptJson', () => {
  it('writes a value no text can break out of an inline script with, and that still reads back the same', () => {
    const value = { id: '</script><script>alert(1)</script><!--', line: 'a\u2028b\u2029c' };
    const literal = inlineScriptJson(value);
    expect(literal).not.toMatch(/<\/?script|<!--|\u2028|\u2029/i);
    expect(JSON.parse(literal)).toEqual(value);
  });
});
