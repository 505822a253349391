import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { UserErrors, type UserError } from '../../../src/errors.ts';
import { parseYaml, validateYaml } from '../../../src/util/yamlFile.ts';

function errorsOf(schema: z.ZodType, text: string): UserError[] {
  try {
    validateYaml(schema, parseYaml(text, 'x.yaml'), 'x.yaml');
  } catch (error) {
    if (error instanceof UserErrors) return [...error.errors];
    throw error;
  }
  return [];
}

describe('validateYaml', () => {
  const items = z.array(
    z.union([
      z.string(),
      z.strictObject({ type: z.literal('doc'), id: z.string() }),
      z.strictObject({ type: z.literal('link'), href: z.string().startsWith('/', 'must start with "/"') }),
    ]),
  );

  it('reports the field of the one shape an entry is closest to, rather than "Invalid input"', () => {
    const [error] = errorsOf(items, '- intro\n- { type: link, href: "javascript:x" }\n');
    expect(error?.message).toBe('[1].href: must start with "/"');
    expect(error?.location).toMatchObject({ line: 2, column: 23 });
  });

  it('keeps the union error when no shape fits the entry\'s type', () => {
    expect(errorsOf(items, '- { type: video }\n')[0]?.message).toBe('[0]: Invalid input');
  });

  it('reports each unknown key at the key, with the nearest key the object takes', () => {
    const errors = errorsOf(z.strictObject({ title: z.string().optional(), items: items.optional() }), 'titel: A\nmore: 1\n');
    expect(errors.map((e) => [e.message, e.location?.line, e.hint])).toEqual([
      ['unknown key "titel"', 1, 'did you mean "title"?'],
      ['unknown key "more"', 2, 'keys taken here: items, title'],
    ]);
  });
});

describe('parseYaml', () => {
  it('names a fault of a JSON file as JSON, at its line', () => {
    expect(() => parseYaml('["4.4",\n  "4.3"\n', 'content/versions.json')).toThrow(UserErrors);
    try {
      parseYaml('["4.4",\n  "4.3"\n', 'content/versions.json');
    } catch (error) {
      const [first] = (error as UserErrors).errors;
      expect(first?.message).toMatch(/^invalid JSON: /);
      expect(first?.hint).toMatch(/commas, quotes and brackets/);
    }
  });
});

describe('keys and values YAML reads as numbers', () => {
  const versions = z.strictObject({ versions: z.record(z.string(), z.strictObject({ label: z.string().optional() })).optional() });

  it('refuses a key whose text YAML would change (4.30 is the number 4.3), at the key, saying to quote it', () => {
    const errors = errorsOf(versions, 'versions:\n  current: { label: Next }\n  4.30: { label: Old }\n');
    expect(errors.map((e) => [e.message, e.location?.line, e.location?.column, e.hint])).toEqual([['the key 4.30 is read by YAML as the number 4.3', 3, 3, 'write it in quotes to keep it as written: "4.30":']]);
    expect(errorsOf(versions, 'versions:\n  "4.30": { label: Old }\n  4.3: { label: Other }\n')).toEqual([]);
  });

  it('reports a number given for text at the value, under a key written as a number, and says to quote it', () => {
    const [error] = errorsOf(versions, 'versions:\n  current: { label: Next }\n  4.3:\n    label: 4.3\n');
    expect(error?.message).toMatch(/^versions\.4\.3\.label: .*expected string, received number/);
    expect(error?.location).toMatchObject({ line: 4, column: 12 });
    expect(error?.hint).toMatch(/write it in quotes/);
  });
});
