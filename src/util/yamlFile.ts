import { LineCounter, parseDocument, isMap, isNode, isScalar, isSeq, visit, type Document, type Node } from 'yaml';
import type * as z from 'zod';
import { UserError, UserErrors } from '../errors.ts';
import { nearestName } from './nearest.ts';
import { keysAt } from './schemaKeys.ts';

/** A parsed YAML text that still knows where each value came from. */
export interface LocatedYaml {
  value: unknown;
  locate(path: readonly PropertyKey[]): { line: number; column: number } | undefined;
  /** Where the key itself is written (for a key that should not be there); its value's place otherwise. */
  locateKey(path: readonly PropertyKey[]): { line: number; column: number } | undefined;
  /** Whether the text writes this key (a default filled in later is not written). */
  has(path: readonly PropertyKey[]): boolean;
}

/**
 * Parses YAML, turning syntax errors into user errors at the right line.
 * `lineOffset` shifts positions when the YAML sits inside a larger file
 * (front matter starts on line 2 of its markdown file).
 */
/** Front matter and configuration files are a few kilobytes: past this, a YAML text is refused unread. */
export const MAX_YAML_BYTES = 1024 * 1024;

/** Text a YAML value may hold once its aliases are expanded. */
const MAX_EXPANDED_BYTES = 4 * 1024 * 1024;

/** Whether a value's strings and keys add up to more than `limit` characters (walked with its own stack, stopping early). */
function exceeds(value: unknown, limit: number): boolean {
  let total = 0;
  const stack: unknown[] = [value];
  let visits = 0;
  while (stack.length > 0) {
    const next = stack.pop();
    visits += 1;
    if (typeof next === 'string') total += next.length;
    else if (next !== null && typeof next === 'object') {
      for (const [key, child] of Object.entries(next)) {
        total += key.length;
        stack.push(child);
      }
    }
    if (total > limit || visits > limit) return true;
  }
  return false;
}

/** Aliases a YAML text may use (the `yaml` library's own guard against "billion laughs"), stated here so it is ours. */
const MAX_ALIAS_COUNT = 100;

export function parseYaml(text: string, file: string, lineOffset = 0): LocatedYaml {
  if (text.length > MAX_YAML_BYTES) {
    throw new UserError(`the YAML is ${(text.length / 1024).toFixed(0)} KB, more than the ${MAX_YAML_BYTES / 1024} KB allowed`, {
      location: { file, line: lineOffset + 1, column: 1 },
      hint: 'front matter and configuration hold a few settings: move long text into the page itself',
    });
  }
  const lineCounter = new LineCounter();
  const doc: Document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    throw new UserErrors(
      doc.errors.map((error) => {
        const pos = lineCounter.linePos(error.pos[0]);
        // JSON files (versions.json, sidebars files) are read by the YAML parser too, which JSON is a part of.
        return file.endsWith('.json')
          ? new UserError(`invalid JSON: ${error.message.split('\n')[0]}`, { location: { file, line: pos.line + lineOffset, column: pos.col }, hint: 'check the commas, quotes and brackets on this line and the one before' })
          : new UserError(`invalid YAML: ${error.message.split('\n')[0]}`, {
              location: { file, line: pos.line + lineOffset, column: pos.col },
              hint: 'check indentation, colons and quotes on this line (a value with ": " or a leading "@" must be quoted)',
            });
      }),
    );
  }
  // A key YAML reads as something else than its text (`4.30:` is the number 4.3, `4.10:` is 4.1) would
  // silently stand for another key: it is refused where it is written.
  const lossy: UserError[] = [];
  visit(doc, {
    Pair(_, pair) {
      const key = pair.key;
      if (!isScalar(key) || typeof key.value === 'string' || key.source === undefined || String(key.value) === key.source || !key.range) return;
      const pos = lineCounter.linePos(key.range[0]);
      lossy.push(
        new UserError(`the key ${key.source} is read by YAML as the ${typeof key.value === 'object' ? 'value' : typeof key.value} ${String(key.value)}`, {
          location: { file, line: pos.line + lineOffset, column: pos.col },
          hint: `write it in quotes to keep it as written: "${key.source}":`,
        }),
      );
    },
  });
  if (lossy.length > 0) throw new UserErrors(lossy);
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as unknown;
  } catch (error) {
    // The library refuses aliases that expand past the limit ("excessive alias count").
    throw new UserError(`the YAML expands too far through aliases: ${error instanceof Error ? error.message : String(error)}`, {
      location: { file, line: lineOffset + 1, column: 1 },
      hint: 'write the values out instead of repeating them with aliases (*name)',
    });
  }
  // Few aliases, each of a long text, still multiply it (95 aliases of a 900 KB title made a 91 MB page).
  if (exceeds(value, MAX_EXPANDED_BYTES)) {
    throw new UserError(`the YAML expands to more than ${MAX_EXPANDED_BYTES / 1024 / 1024} MB of text through aliases`, {
      location: { file, line: lineOffset + 1, column: 1 },
      hint: 'write the values out instead of repeating them with aliases (*name)',
    });
  }
  return {
    value,
    locate(path) {
      // Walk up to the nearest ancestor that exists, so a missing key points at its parent.
      for (let depth = path.length; depth >= 0; depth -= 1) {
        const node = nodeAt(doc, path.slice(0, depth));
        if (isNode(node) && node.range) {
          const pos = lineCounter.linePos(node.range[0]);
          return { line: pos.line + lineOffset, column: pos.col };
        }
      }
      return undefined;
    },
    has(path) {
      return doc.hasIn(path as unknown[]);
    },
    locateKey(path) {
      const parent = nodeAt(doc, path.slice(0, -1));
      const key = path[path.length - 1];
      if (isMap(parent)) {
        const pair = parent.items.find((item) => sameKey(item.key, key));
        if (isNode(pair?.key) && pair.key.range) {
          const pos = lineCounter.linePos(pair.key.range[0]);
          return { line: pos.line + lineOffset, column: pos.col };
        }
      }
      return this.locate(path);
    },
  };
}

/** Whether an issue is text expected where YAML read a number or a boolean (`label: 4.3`). */
function readAsText(issue: z.core.$ZodIssue, root: unknown): boolean {
  if (issue.code !== 'invalid_type' || issue.expected !== 'string') return false;
  let value: unknown = root;
  for (const segment of issue.path) value = value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[segment] : undefined;
  return typeof value === 'number' || typeof value === 'boolean';
}

/** Whether a map's key node is the key of a path (JavaScript keys are strings: `4.3:` is the key "4.3"). */
function sameKey(node: unknown, key: PropertyKey | undefined): boolean {
  const value = isScalar(node) ? node.value : node;
  return value === key || (key !== undefined && (typeof value === 'number' || typeof value === 'boolean') && String(value) === String(key));
}

/** The node at a path of the value (what doc.getIn finds, with keys compared as JavaScript compares them). */
function nodeAt(doc: Document, path: readonly PropertyKey[]): Node | undefined {
  let node: unknown = doc.contents;
  for (const segment of path) {
    if (isMap(node)) node = node.items.find((item) => sameKey(item.key, segment))?.value;
    else if (isSeq(node) && typeof segment === 'number') node = node.items[segment];
    else return undefined;
  }
  return isNode(node) ? node : undefined;
}

export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === 'number') return `${text}[${key}]`;
    return text === '' ? String(key) : `${text}.${String(key)}`;
  }, '');
}

/** Validates a located YAML value with a zod schema; one user error per issue. */
export function validateYaml<Schema extends z.ZodType>(
  schema: Schema,
  yaml: LocatedYaml,
  file: string,
  describe: (issue: z.core.$ZodIssue, value: unknown) => { message: string; hint?: string } | undefined = () => undefined,
): z.output<Schema> {
  const result = schema.safeParse(yaml.value ?? {});
  if (result.success) return result.data;
  throw new UserErrors(
    result.error.issues.flatMap(closestBranch).flatMap((issue) => {
      if (issue.code === 'unrecognized_keys') return unknownKeys(schema, issue, yaml, file);
      const custom = describe(issue, yaml.value);
      const where = formatPath(issue.path);
      const pos = yaml.locate(issue.path);
      return new UserError(custom?.message ?? `${where || 'the file'}: ${issue.message}`, {
        location: { file, line: pos?.line, column: pos?.column },
        hint: custom?.hint ?? (readAsText(issue, yaml.value) ? 'write it in quotes: YAML reads 4.3, 10 or true as a number or a boolean, not as text' : undefined),
      });
    }),
  );
}

/**
 * An entry that matches none of a union's shapes is reported by zod as
 * "Invalid input" on the entry. When exactly one shape fits the entry's
 * `type` and kind and fails on fewest fields, its issues say what to fix
 * (e.g. `href: must be…`), so they are reported instead.
 */
function closestBranch(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  // A record's key that fails its own schema: that schema's message says what a key must be.
  if (issue.code === 'invalid_key' && issue.issues.length > 0) return issue.issues.map((inner) => ({ ...inner, path: issue.path }) as z.core.$ZodIssue);
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
  const fitting = issue.errors.filter((branch) => branch.length > 0 && !branch.some((inner) => inner.path[0] === 'type' || (inner.path.length === 0 && inner.code === 'invalid_type')));
  const fewest = Math.min(...fitting.map((branch) => branch.length));
  const closest = fitting.filter((branch) => branch.length === fewest);
  if (closest.length !== 1 || closest[0] === undefined) return [issue];
  return closest[0].flatMap((inner) => closestBranch({ ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue));
}

/** One error per unknown key, at the key itself, with the nearest key the object does take. */
function unknownKeys(schema: z.ZodType, issue: z.core.$ZodIssueUnrecognizedKeys, yaml: LocatedYaml, file: string): UserError[] {
  const known = keysAt(schema, issue.path);
  return issue.keys.map((key) => {
    const pos = yaml.locateKey([...issue.path, key]);
    const nearest = nearestName(key, known);
    const where = formatPath(issue.path);
    return new UserError(`${where ? `${where}: ` : ''}unknown key "${key}"`, {
      location: { file, line: pos?.line, column: pos?.column },
      hint: nearest ? `did you mean "${nearest}"?` : known.length > 0 ? `keys taken here: ${known.join(', ')}` : 'remove it',
    });
  });
}
