import { createHighlighterCore, type RegexEngine } from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { describe, expect, it } from 'vitest';
import { DARK_THEME, LIGHT_THEME } from '../../../src/markdown/highlight.ts';
import { rememberingEngine } from '../../../src/markdown/rememberingEngine.ts';

/** An engine that answers from JavaScript's RegExp and counts what it is asked. */
function countingEngine(): { engine: RegexEngine; searches: () => number; strings: () => number } {
  let searches = 0;
  let strings = 0;
  return {
    searches: () => searches,
    strings: () => strings,
    engine: {
      createString(content) {
        strings += 1;
        return { content };
      },
      createScanner(patterns) {
        const regexps = patterns.map((p) => new RegExp(typeof p === 'string' ? p : p.source, 'dg'));
        return {
          findNextMatchSync(string, start) {
            searches += 1;
            const text = typeof string === 'string' ? string : string.content;
            let best: { index: number; match: RegExpExecArray } | undefined;
            regexps.forEach((regexp, index) => {
              regexp.lastIndex = start;
              const match = regexp.exec(text);
              if (match && (!best || match.index < best.match.index)) best = { index, match };
            });
            if (!best) return null;
            const indices = best.match.indices ?? [];
            return { index: best.index, captureIndices: indices.map((pair) => ({ start: pair?.[0] ?? 0, end: pair?.[1] ?? 0, length: (pair?.[1] ?? 0) - (pair?.[0] ?? 0) })) };
          },
        };
      },
    },
  };
}

describe('the remembering regex engine', () => {
  it('answers a question it was asked before from memory, with the same answer', () => {
    const counting = countingEngine();
    const engine = rememberingEngine(counting.engine);
    const scanner = engine.createScanner(['(b)(x)?', 'c']);
    const first = scanner.findNextMatchSync(engine.createString('abcb'), 0, 0);
    const again = scanner.findNextMatchSync(engine.createString('abcb'), 0, 0);
    expect(again).toEqual(first);
    expect(first).toEqual({ index: 0, captureIndices: [{ start: 1, end: 2, length: 1 }, { start: 1, end: 2, length: 1 }, { start: 0, end: 0, length: 0 }] });
    expect(counting.searches()).toBe(1);
  });

  it('searches again for another line, another start, other options or another scanner', () => {
    const counting = countingEngine();
    const engine = rememberingEngine(counting.engine);
    const scanner = engine.createScanner(['b']);
    const other = engine.createScanner(['b']);
    expect(scanner.findNextMatchSync(engine.createString('abcb'), 0, 0)?.captureIndices[0]?.start).toBe(1);
    expect(scanner.findNextMatchSync(engine.createString('abcb'), 2, 0)?.captureIndices[0]?.start).toBe(3);
    expect(scanner.findNextMatchSync(engine.createString('bbcb'), 0, 0)?.captureIndices[0]?.start).toBe(0);
    scanner.findNextMatchSync(engine.createString('abcb'), 0, 4);
    other.findNextMatchSync(engine.createString('abcb'), 0, 0);
    expect(counting.searches()).toBe(5);
  });

  it('remembers that nothing matched', () => {
    const counting = countingEngine();
    const engine = rememberingEngine(counting.engine);
    const scanner = engine.createScanner(['z']);
    expect(scanner.findNextMatchSync(engine.createString('abc'), 0, 0)).toBeNull();
    expect(scanner.findNextMatchSync(engine.createString('abc'), 0, 0)).toBeNull();
    expect(counting.searches()).toBe(1);
  });

  it("makes the engine's string for a line only when a search of it is not remembered", () => {
    const counting = countingEngine();
    const engine = rememberingEngine(counting.engine);
    const scanner = engine.createScanner(['b']);
    scanner.findNextMatchSync(engine.createString('abc'), 0, 0);
    scanner.findNextMatchSync(engine.createString('abc'), 0, 0);
    expect(counting.strings()).toBe(1);
  });

  it('forgets everything once it holds more answers than its limit', () => {
    const counting = countingEngine();
    const engine = rememberingEngine(counting.engine, 2);
    const scanner = engine.createScanner(['b']);
    for (const line of ['ab', 'bb', 'cb']) scanner.findNextMatchSync(engine.createString(line), 0, 0);
    expect(counting.searches()).toBe(3);
    scanner.findNextMatchSync(engine.createString('ab'), 0, 0);
    expect(counting.searches()).toBe(4);
  });

  it("gives shiki the same tokens as Oniguruma alone, in both themes, block after block", async () => {
    const themes = await Promise.all([import('@shikijs/themes/github-light-default'), import('@shikijs/themes/github-dark-default')]);
    const langs = await Promise.all([import('@shikijs/langs/javascript'), import('@shikijs/langs/yaml'), import('@shikijs/langs/shellscript')]);
    const make = async (remember: boolean) => {
      const onig = await createOnigurumaEngine(import('shiki/wasm'));
      return createHighlighterCore({ themes: themes.map((t) => t.default), langs: langs.map((l) => l.default), engine: remember ? rememberingEngine(onig) : onig });
    };
    const [plain, remembering] = await Promise.all([make(false), make(true)]);
    const blocks: [string, string][] = [
      ['javascript', 'const stream = new EventSource(`http://localhost/${token}?q=%23`);\nstream.onmessage = (event) => {\n  console.log(event.data);\n};'],
      ['javascript', 'const stream = new EventSource(`http://localhost/${token}?q=%23`);\n// the same first line, in another block'],
      ['yaml', 'server:\n  port: 8080 # the port\n  hosts: [a, "b"]\n  script: |\n    echo ${HOME}'],
      ['shellscript', 'set -euo pipefail\nfor f in *.md; do echo "$f: $(wc -l < "$f")"; done'],
      ['yaml', 'server:\n  port: 8080 # the port'],
    ];
    for (const [lang, code] of blocks) {
      const html = (h: typeof plain) => h.codeToHtml(code, { lang, themes: { light: LIGHT_THEME, dark: DARK_THEME }, defaultColor: false });
      expect(html(remembering)).toBe(html(plain));
    }
  });
});
