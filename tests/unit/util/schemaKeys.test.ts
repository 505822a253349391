import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { siteConfigSchema } from '../../../src/config/schema.ts';
import { keysAt } from '../../../src/util/schemaKeys.ts';

describe('keysAt', () => {
  it('lists the keys of the object at a path, through defaults, arrays and records', () => {
    expect(keysAt(siteConfigSchema, ['navbar'])).toEqual(['hideOnScroll', 'items', 'logo', 'title']);
    expect(keysAt(siteConfigSchema, ['toc'])).toEqual(['maxHeadingLevel', 'minHeadingLevel']);
    expect(keysAt(siteConfigSchema, ['docs', 'versions', '1.0'])).toContain('banner');
  });

  it('gathers the keys of every option of a union (the navbar item types)', () => {
    const keys = keysAt(siteConfigSchema, ['navbar', 'items', 0]);
    expect(keys).toEqual(expect.arrayContaining(['type', 'label', 'docId', 'sidebarId', 'position']));
  });

  it('ends on a schema that refers to itself, and on a path that leads nowhere', () => {
    type Tree = { children: Tree[] };
    const tree: z.ZodType<Tree> = z.lazy(() => z.strictObject({ children: z.array(tree) }));
    expect(keysAt(tree, ['children', 0, 'children', 0])).toEqual(['children']);
    expect(keysAt(siteConfigSchema, ['title', 'x'])).toEqual([]);
  });
});
