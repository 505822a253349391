import { readFileSync } from 'node:fs';
import * as z from 'zod';
import { UserError } from '../errors.ts';
import { parseYaml, validateYaml } from '../util/yamlFile.ts';
import { slugProblem } from './slug.ts';

/** Front matter a Docusaurus author already knows. Unknown keys are kept, not refused. */
export const frontMatterSchema = z.looseObject({
  title: z.string().min(1).optional(),
  description: z.string().optional(),
  sidebar_label: z.string().min(1).optional(),
  sidebar_position: z.number().optional(),
  /** A route (`/x`) or a path relative to the page's folder: checked, as it names a file of the output. */
  slug: z
    .string()
    .min(1)
    .superRefine((slug, context) => {
      const problem = slugProblem(slug);
      if (problem) context.addIssue({ code: 'custom', message: `not a route: ${problem}; write the route the page should have, e.g. /guides/setup` });
    })
    .optional(),
  /** `null` removes the sidebar from the page. */
  displayed_sidebar: z.string().nullable().optional(),
  hide_table_of_contents: z.boolean().optional(),
  toc_min_heading_level: z.number().int().min(2).max(6).optional(),
  toc_max_heading_level: z.number().int().min(2).max(6).optional(),
  keywords: z.array(z.string()).optional(),
  draft: z.boolean().optional(),
  date: z.union([z.string(), z.date()]).optional(),
  authors: z.union([z.string(), z.array(z.string())]).optional(),
});

export type FrontMatter = z.output<typeof frontMatterSchema>;

export interface SplitSource {
  frontMatter: FrontMatter;
  /** The markdown with the front matter replaced by blank lines, so positions still match the file. */
  body: string;
}

const OPEN = /^---[ \t]*\r?\n/;

/**
 * `parsed`, when given, holds the front matter already read by this build, by its text: a site with
 * docs versions has most pages once per version with the same front matter, and parsing YAML was most
 * of what reading a page cost. Entries are shared, never changed.
 */
export function splitFrontMatter(source: string, file: string, parsed?: Map<string, FrontMatter>): SplitSource {
  if (!OPEN.test(source)) return { frontMatter: {}, body: source };
  const lines = source.split('\n');
  let end = -1;
  for (let i = 1; i < lines.length; i += 1) {
    if (/^---[ \t]*\r?$/.test(lines[i] ?? '')) {
      end = i;
      break;
    }
  }
  if (end === -1) {
    throw new UserError('front matter is never closed', {
      location: { file, line: 1, column: 1 },
      hint: 'end the front matter with a line "---"',
    });
  }
  const yamlText = lines.slice(1, end).join('\n');
  let frontMatter = parsed?.get(yamlText);
  if (frontMatter === undefined) {
    frontMatter = validateYaml(frontMatterSchema, parseYaml(yamlText, file, 1), file);
    parsed?.set(yamlText, frontMatter);
  }
  const body = `${'\n'.repeat(end + 1)}${lines.slice(end + 1).join('\n')}`;
  return { frontMatter, body };
}

/**
 * Where a key of a page's front matter is written (`slug:` at 3:1), for an
 * error found after parsing; the file is read again only then. Undefined when
 * the front matter does not write it.
 */
export function frontMatterKeyAt(file: string, key: string): { line: number; column: number } | undefined {
  const lines = readFileSync(file, 'utf8').split('\n');
  const end = lines.indexOf('---', 1);
  const index = lines.slice(0, end === -1 ? lines.length : end).findIndex((line) => line.startsWith(key) && /^\s*:/.test(line.slice(key.length)));
  return index === -1 ? undefined : { line: index + 1, column: 1 };
}
