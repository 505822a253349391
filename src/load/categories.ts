import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
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
}

const NAMES = ['_category_.json', '_category_.yml', '_category_.yaml'];

export function loadCategory(docsDir: string, dir: string): Category {
  for (const name of NAMES) {
    const file = path.join(docsDir, dir, name);
    if (!existsSync(file)) continue;
    // JSON is YAML, so one parser gives positions for both.
    const yaml = parseYaml(readFileSync(file, 'utf8'), file);
    return { dir, meta: validateYaml(categorySchema, yaml, file), file };
  }
  return { dir, meta: categorySchema.parse({}), file: undefined };
}
