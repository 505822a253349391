import { existsSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { createConfinement, readInside } from '../io/confinement.ts';
import { assertStrictJson } from '../util/strictJson.ts';
import { parseYaml, validateYaml } from '../util/yamlFile.ts';

/**
 * A category's own page: one of the docs. Docusaurus's generated-index pages
 * are not built, so that link type is refused rather than dropped.
 */
export const categoryDocLink = z.strictObject({
  type: z.literal('doc', { error: 'must be "doc": generated-index pages are not built, so link the category to one of its pages ({"type": "doc", "id": "…"}) or leave link out' }),
  id: z.string().min(1),
});

/** `_category_.json` / `_category_.yml`: how a folder shows in the sidebar. */
export const categorySchema = z.strictObject({
  label: z.string().min(1).optional(),
  position: z.number().optional(),
  collapsed: z.boolean().default(true),
  collapsible: z.boolean().default(true),
  /** Added to the category's sidebar entry, for a site's own CSS. */
  className: z
    .string()
    .regex(/^-?[A-Za-z_][\w-]*(?: -?[A-Za-z_][\w-]*)*$/, 'must be CSS class names separated by spaces, e.g. "sidebar-highlight"')
    .optional(),
  link: categoryDocLink.nullable().optional(),
});

export type CategoryMeta = z.output<typeof categorySchema>;

export interface Category {
  /** The folder relative to content/docs, with `/` separators, e.g. `security/impl`. */
  dir: string;
  meta: CategoryMeta;
  file: string | undefined;
  /** The file's text, so that a dev rebuild can tell an unchanged category without parsing it again. */
  source?: string;
}

const NAMES = ['_category_.json', '_category_.yml', '_category_.yaml'];

/**
 * `parsed`: what texts gave when parsed earlier in the build, shared by its calls: the docs versions of
 * a site mostly hold the same category files, each then parsed once.
 */
export function loadCategory(docsDir: string, dir: string, previous?: Category, parsed?: Map<string, CategoryMeta>): Category {
  for (const name of NAMES) {
    const file = path.join(docsDir, dir, name);
    if (!existsSync(file)) continue;
    const shown = `${dir ? `${dir}/` : ''}${name}`;
    const source = readInside(createConfinement([docsDir]), file, shown);
    if (previous && previous.file === file && previous.source === source) return previous;
    // A JSON file as Docusaurus reads it (strict JSON), checked before a parse of the same text is
    // taken; then, as JSON is YAML, one parser gives positions for both.
    if (name.endsWith('.json')) assertStrictJson(source, file, shown);
    const known = parsed?.get(source);
    if (known) return { dir, meta: known, file, source };
    const meta = validateYaml(categorySchema, parseYaml(source, file), file);
    parsed?.set(source, meta);
    return { dir, meta, file, source };
  }
  if (previous && previous.file === undefined) return previous;
  return { dir, meta: categorySchema.parse({}), file: undefined };
}
