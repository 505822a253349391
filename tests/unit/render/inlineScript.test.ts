import { describe, expect, it } from 'vitest';
import { inlineScriptJson } from '../../../src/render/inlineScript.ts';

describe('inlineScriptJson', () => {
  const value = { base: '/</script><script>alert(1)</script>/', note: '<!-- a & b > c -->', lines: 'a\u2028b\u2029c' };

  it('cannot close the script element, open a comment or break a line', () => {
    const json = inlineScriptJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toBe(String.raw`{"base":"/\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e/","note":"\u003c!-- a \u0026 b \u003e c --\u003e","lines":"a\u2028b\u2029c"}`);
  });

  it('reads back as the same value, as JSON and as JavaScript', () => {
    const json = inlineScriptJson(value);
    expect(JSON.parse(json)).toEqual(value);
    expect(new Function(`return ${json};`)()).toEqual(value);
  });
});
