import spec from 'commonmark-spec';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import remarkBlockDirectives from '../../../../src/markdown/plugins/remark-block-directives.ts';
import remarkSyntaxWhereUsed, { OPTIONAL_SYNTAX, withoutConstructs, type SyntaxExtension } from '../../../../src/markdown/plugins/remark-syntax-where-used.ts';

const plain = unified().use(remarkParse).use(remarkGfm).use(remarkBlockDirectives);
const fast = unified().use(remarkParse).use(remarkGfm).use(remarkBlockDirectives).use(remarkSyntaxWhereUsed);

/** Pages that use, or nearly use, each optional construct: markers in other cases, in code, at line ends. */
const SOURCES = [
  'Words, `code`, www.example.com and https://example.com/a?b=c, **strong** _em_ ~~gone~~.\n\n| a | b |\n| - | - |\n| 1 | 2 |\n',
  'Write to security@example.io or see www.example.com.\n\n- [x] done\n- item with admin@host.example\n',
  '::: not a directive\n\nfoo_bar.baz+qux and a.b-c_d plus H and W letters: Http, Www.\n',
  'Shouting: WWW.EXAMPLE.COM and HTTPS://EXAMPLE.COM/PATH, Http://x.y too.\n',
  'a | b\n--- | ---\n1 | 2\n\nNo pipes here:\n\na\n---\n\n-:\n',
  '| one column |\n| :-: |\n| cell |\n',
  'A call[^1] and another [^note].\n\n[^1]: The first.\n[^note]:\n    Indented, with `code`.\n',
  '- [ ] open\n- [X] closed\n- [\t] tab\n* [x]\n',
  '~single~ and ~~double~~ and ~~~ a fence? ~~~\n\n~~~js\nconst a = 1;\n~~~\n',
  ':::note[Title]\nInside **bold**.\n:::\n\n::leaf{a="b"}\n\n::: tip\nA Docusaurus one.\n:::\n',
  'A line with a colon: and a time 12:30 and a :emoji: and ::, but no directive.\n',
  '[link](https://example.com) <https://example.com> <a@b.co> [ref]\n\n[ref]: http://example.com\n',
  '',
];

describe('remark-syntax-where-used', () => {
  it('finds every optional construct by its name (a renamed one would silently stay on)', () => {
    const extensions = plain.freeze().data('micromarkExtensions') as SyntaxExtension[];
    for (const syntax of OPTIONAL_SYNTAX) {
      for (const name of syntax.names) expect(withoutConstructs(extensions, new Set([name])).removed, name).toBeGreaterThan(0);
    }
    // Leaving out e-mail autolinks keeps the other literals: www. at w/W, http(s):// at h/H.
    const { extensions: without } = withoutConstructs(extensions, new Set(['emailAutolink']));
    const names = (code: number) => without.flatMap((e) => [e['text']?.[code]].flat()).map((c) => (c as { name?: string } | undefined)?.name);
    expect(names(119)).toContain('wwwAutolink');
    expect(names(104)).toContain('protocolAutolink');
    expect(names(97)).not.toContain('emailAutolink');
  });

  it('gives the same tree as the full parser on pages with and without each marker', () => {
    for (const source of SOURCES) expect(fast.parse(source), source).toEqual(plain.parse(source));
  });

  it('gives the same tree as the full parser on every example of the CommonMark spec', () => {
    for (const example of spec.tests) expect(fast.parse(example.markdown), example.markdown).toEqual(plain.parse(example.markdown));
  });

  it('still parses what a page uses', () => {
    const tree = JSON.stringify(fast.runSync(fast.parse([0, 6, 7, 9].map((i) => SOURCES[i] ?? '').join('') + 'Mail admin@host.example now.')));
    for (const type of ['"table"', '"delete"', '"footnoteReference"', '"footnoteDefinition"', '"checked":true', '"containerDirective"', '"leafDirective"', 'mailto:admin@host.example', 'https://example.com/a?b=c']) expect(tree).toContain(type);
  });
});
