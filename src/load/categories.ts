import { existsSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { createConfinement, readInside } from '../io/confinement.ts';
import { parseYaml, validateYaml } from '../util/yamlFile.ts';

/** `_category_.json` / `_category_.yml`: how a folder shows in the sidebar. */
export const categorySchema = z.object({
  label: z.string().min(1).optional(),
  position: z.number().optional(),
  collapsed: z.boolean().default(true),
  collapsible: z.boolean().default(true),
  className: z.string().optional(),
  link: z
    .union([
      z.object({ type: z.literal('doc'), id: z.string().min(1) }),
      z.object({ type: z.literal('generated-index'), title: z.string().optional(), description: z.string().optional() }),
    ])
    .nullable()
    .optional(),
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

export function loadCategory(docsDir: string, dir: string, previous?: Category): Category {
  for (const name of NAMES) {
    const file = path.join(docsDir, dir, name);
    if (!existsSync(file)) continue;
    const source = readInside(createConfinement([docsDir]), file, `${dir ? `${dir}/` : ''}${name}`);
    if (previous && previous.file === file && previous.source === source) return previous;
    // JSON is YAML, so one parser gives positions for both.
    const yaml = parseYaml(source, file);
    return { dir, meta: validateYaml(categorySchema, yaml, file), file, source };
  }
  if (previous && previous.file === undefined) return previous;
  return { dir, meta: categorySchema.parse({}), file: undefined };
}
