import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { inlineMarkdownHtml } from '../../../src/openapi/inlineMarkdown.ts';
import { createDescriptionProcessor } from '../../../src/openapi/reference.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const processor = createDescriptionProcessor();
const full = (source: string): string => String(processor.processSync(source));

function descriptionsOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) descriptionsOf(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'description' && typeof item === 'string') into.add(item);
      else descriptionsOf(item, into);
    }
  }
  return into;
}

describe('descriptions rendered without the markdown processor', () => {
  it('give exactly the processor’s HTML for every description of the MAPS API that they take', () => {
    const document = load(readFileSync(path.join(ROOT, 'openapi', 'maps-messaging-api.yaml'), 'utf8'));
    const descriptions = [...descriptionsOf(document)];
    let taken = 0;
    for (const source of descriptions) {
      const html = inlineMarkdownHtml(source);
      if (html === undefined) continue;
      taken += 1;
      expect(html, source).toBe(full(source));
    }
    // The point is to take most of them: plain sentences and sentences with code spans.
    expect(taken / descriptions.length).toBeGreaterThan(0.9);
  });

  it('take plain text and simple code spans, escaping what the processor escapes', () => {
    const cases = [
      'The name of the destination.',
      'Use `sortBy` to order results.',
      'say "hi" and it\'s fine',
      '`a & <b>` is code',
      '`x`',
      'a `b` c `d` e',
      'Größe — ünïcödé, 50% off!',
      // Block scalars of YAML: lines of one paragraph, ending with a line break or more.
      'Two lines\nof one paragraph.\n',
      'Extends it by another\n15 minutes, or\n2024 entries.\n\n',
      'The `id` that\n`GET /api/v1/server/connections` reports.\n',
      'Two\nparagraphs.\n\nThe `second` one.\n',
      'Three\n\n\nparagraphs\n\nhere',
    ];
    for (const source of cases) {
      expect(inlineMarkdownHtml(source), source).toBeDefined();
      expect(inlineMarkdownHtml(source), source).toBe(full(source));
    }
  });

  it('leave to the processor everything with other syntax', () => {
    const cases = [
      '',
      ' leading space',
      'trailing space ',
      '\n',
      'a blank line\n \nof spaces',
      'two paragraphs\n\n- then a list',
      'indented\n  continuation',
      'hard  \nbreak',
      'windows\r\nlines',
      'a paragraph\n- then a list',
      'a paragraph\n1. then a list',
      'a paragraph\n1) then a list',
      'a heading\n===',
      'a heading\n---',
      'a paragraph\n# heading',
      'a paragraph\n> quote',
      'a paragraph\n```\ncode\n```',
      'a | b\n--- | ---',
      'a `code\nspan` across lines',
      '*emphasis*',
      'snake_case',
      'a [link](x)',
      'raw <b>html</b>',
      'a &amp; b',
      'a \\* b',
      '~~gone~~',
      'see https://example.com',
      'see www.example.com',
      'mail admin@example.com',
      '- a list',
      '1. ordered',
      '# heading',
      '> quote',
      'a | b',
      'x ` y',
      '`a``b`',
      '`` a ` b ``',
      '` a `',
      'a `` b',
    ];
    for (const source of cases) expect(inlineMarkdownHtml(source), JSON.stringify(source)).toBeUndefined();
  });
});
