/**
 * Reads the claims a documentation page makes about the broker's configuration:
 * the keys of its YAML examples and the values it calls "default", "shipped" or "sample".
 * The content tests compare them with the lists in tests/content/facts/.
 */
import type { Code, Root, RootContent, Table, TableCell } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import YAML, { isMap, isPair, isScalar, isSeq, LineCounter, type Node as YamlNode } from 'yaml';

export type ValueKind = 'default' | 'shipped';

/** One key of a YAML example, with the keys above it. */
export interface YamlKey {
  key: string;
  /** Keys from the top of the block down to this one (list items add no step). */
  path: string[];
  /** The scalar value, when the key holds one. */
  value?: string;
  line: number;
}

export interface YamlBlock {
  line: number;
  title: string;
  keys: YamlKey[];
  error?: string;
}

/** "The page says `key` has this default (or shipped value)". */
export interface ValueClaim {
  line: number;
  key: string;
  /** Other keys the same table row names; the claim holds if it is true of any of them. */
  alternatives?: string[];
  kind: ValueKind;
  value: string;
  /** The configuration file the page was talking about (`RestApi`), when it named one. */
  section?: string;
  /** The text the claim was read from, for error messages. */
  text: string;
}

export interface PageClaims {
  yaml: YamlBlock[];
  values: ValueClaim[];
}

const processor = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm);

/** A value token: drops backticks, quotes, bold marks and a trailing unit. */
export function normaliseValue(raw: string): string {
  let v = raw.trim().replace(/^\*\*|\*\*$/g, '').replace(/^`|`$/g, '').trim();
  v = v.replace(/^"(.*)"$/, '$1').replace(/^'(.*)'$/, '$1');
  // A unit only follows a number: `/modem/stats` keeps its "s".
  v = v.replace(/^(-?\d[\d.]*\s*[KMGT]?)\s*(ms|milliseconds?|s|secs?|seconds?|minutes?|min|bytes|packets\/s|dBm|MHz|%)$/i, '$1');
  return v.trim().toLowerCase();
}

/** The file a name like `conf/RestApi.yaml` or `RestApi.yaml (excerpt)` stands for: `RestApi`. */
export function sectionOf(text: string): string | undefined {
  const m = /([A-Za-z][\w-]*)\.ya?ml\b/.exec(text);
  return m?.[1];
}

function lastSection(text: string): string | undefined {
  const all = [...text.matchAll(/([A-Za-z][\w-]*)\.ya?ml\b/g)];
  return all.at(-1)?.[1];
}

/** Words that say "no value" rather than stating one. */
const NO_VALUE = /^(—|-|–|none|not set|empty|unset|n\/a|commented( out)?|see .*)$/i;
const BARE_VALUE = /^(-?\d[\d.]*\s*[KMGT]?|true|false)$/i;

/**
 * Value tokens of a table cell or of the text after "default": backticked values,
 * bold or bare numbers and booleans. Words such as "in code" carry no value.
 */
export function valueTokens(text: string): string[] {
  const tokens: string[] = [];
  // "0 to 10" or "1 to 254" states bounds, not a value.
  const rest = text.replace(/-?\d+(?:\.\d+)?\s+to\s+-?\d+(?:\.\d+)?/g, ' ').replace(/`([^`]*)`/g, (_m, inner: string) => {
    tokens.push(inner);
    return ' ';
  });
  for (const word of rest.split(/[\s,;()/]+/)) {
    const w = word.replace(/^\*\*|\*\*$/g, '').replace(/[.:]$/, '');
    if (BARE_VALUE.test(w)) tokens.push(w);
  }
  return tokens.map(normaliseValue).filter((t) => t !== '' && !NO_VALUE.test(t));
}

function cellText(source: string, cell: TableCell): string {
  const start = cell.position?.start.offset;
  const end = cell.position?.end.offset;
  if (start === undefined || end === undefined) return '';
  return source.slice(start, end).replace(/^\|/, '').replace(/\|$/, '').trim();
}

/**
 * The keys a table row is about: the code spans of its first cell. A row may name
 * several (`` `minThreads` / `maxThreads` ``, `` `device.cs` / `irq` / `rst` ``); a later
 * one without a dot inherits the prefix of the first (`device.irq`).
 */
export function rowKeys(cell: string): string[] {
  const spans = [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
  const keys = spans
    .flatMap((span) => span.split(/\s*\/\s*/))
    .map((k) => k.replace(/\[\]/g, '').replace(/:.*$/, '').trim())
    .filter((k) => /^[A-Za-z][\w.*-]*$/.test(k));
  const prefix = keys[0]?.includes('.') ? keys[0].slice(0, keys[0].lastIndexOf('.') + 1) : '';
  return keys.map((k, i) => (i > 0 && prefix && !k.includes('.') ? prefix + k : k));
}

const KIND_WORD = /\b(shipped|sample|ships|default|code|dto|schema|api)\b/i;

function clauseKind(clause: string, column: ValueKind): ValueKind {
  if (/\b(shipped|sample|ships)\b/i.test(clause)) return 'shipped';
  if (/\b(default|code|dto|schema|api)\b/i.test(clause)) return 'default';
  return column;
}

/**
 * Splits a cell into clauses and gives each the kind it claims: a clause that says
 * "shipped" or "sample" states a shipped value, one that says "code", "DTO" or "schema"
 * a default. A parenthesis that names no kind is context ("20 (in `global`)",
 * "host name (the scripts pass `-DUSE_UUID=false`)") and states no value.
 */
export function cellClaims(cell: string, column: ValueKind): { kind: ValueKind; value: string }[] {
  const out: { kind: ValueKind; value: string }[] = [];
  const clauses: string[] = [];
  const outside = cell.replace(/\(([^()]*)\)/g, (_m, inner: string) => {
    if (KIND_WORD.test(inner)) clauses.push(...inner.split(/[;,]/));
    return ';';
  });
  clauses.push(...outside.split(/[;,]|\bwhile\b|\bbut\b/));
  for (const clause of clauses) {
    const kind = clauseKind(clause, column);
    for (const value of valueTokens(clause)) out.push({ kind, value });
  }
  return out;
}

function tableClaims(source: string, table: Table, section: string | undefined): ValueClaim[] {
  const [head, ...rows] = table.children;
  if (!head) return [];
  const headers = head.children.map((c) => cellText(source, c));
  const keyHeader = headers[0] ?? '';
  if (!/^(key|option|flag|field|yaml key|topic key|name|setting)\b/i.test(keyHeader)) return [];
  const columns: { index: number; kind: ValueKind }[] = [];
  headers.forEach((h, index) => {
    if (index === 0) return;
    if (/^shipped\b/i.test(h)) columns.push({ index, kind: 'shipped' });
    else if (/\bdefault\b/i.test(h) && !/container/i.test(h)) columns.push({ index, kind: /shipped/i.test(h) ? 'shipped' : 'default' });
  });
  if (columns.length === 0) return [];
  const tableSection = sectionOf(keyHeader) ?? section;
  const claims: ValueClaim[] = [];
  for (const row of rows) {
    const first = row.children[0];
    if (!first) continue;
    const [key, ...alternatives] = rowKeys(cellText(source, first));
    if (!key) continue;
    for (const { index, kind } of columns) {
      const cell = row.children[index];
      if (!cell) continue;
      const text = cellText(source, cell);
      for (const claim of cellClaims(text, kind)) {
        claims.push({
          line: cell.position?.start.line ?? 0,
          key,
          ...(alternatives.length > 0 ? { alternatives } : {}),
          kind: claim.kind,
          value: claim.value,
          ...(tableSection ? { section: tableSection } : {}),
          text: `${key} | ${text}`,
        });
      }
    }
  }
  return claims;
}

/**
 * Prose claims: a code span naming a key, followed in the same clause by
 * "default", "defaults to", "by default", "shipped" or "shipped as" and a value,
 * or by a value and "by default".
 */
const VALUE = '(`[^`]+`|\\*\\*[^*]+\\*\\*|-?\\d+(?:\\.\\d+)?\\s*[KMGT]?\\b|true\\b|false\\b)';
const PROSE_PATTERNS: { re: RegExp; kind: (word: string) => ValueKind }[] = [
  {
    re: new RegExp(
      '`([A-Za-z][\\w.\\[\\]-]*)`[,:]?\\s*\\(?(?:is\\s+)?(?:(?!(?:which|and|for|at|the|that|of|in|on|with|from|to)\\b)[A-Za-z]\\w*\\s+){0,2}\\(?(code default|default|defaults to|by default|shipped as|shipped|shipped value|sample)[:,]?\\s+(?:is\\s+|of\\s+)?' + VALUE,
      'g',
    ),
    kind: (word) => (/shipped|sample/i.test(word) ? 'shipped' : 'default'),
  },
  {
    re: new RegExp('`([A-Za-z][\\w.\\[\\]-]*)`\\s*\\(' + VALUE + '(?:\\s*[A-Za-z]+)?\\s+(by default)\\b', 'g'),
    kind: () => 'default',
  },
];

function proseClaims(text: string, startLine: number, section: string | undefined): ValueClaim[] {
  const claims: ValueClaim[] = [];
  for (const { re, kind } of PROSE_PATTERNS) {
    for (const m of text.matchAll(re)) {
      const [whole, key, a, b] = m;
      if (!key || !a || !b) continue;
      // The second pattern captures the value before the word.
      const word = /default|shipped|sample/i.test(a) ? a : b;
      const raw = word === a ? b : a;
      // A file name (`RestApi.yaml` shipped ...) is context, not a key or a value, and a
      // literal (`true`, `8080`) in key position is a value someone else is talking about.
      if (/\.(ya?ml|xml|config|lic)$/.test(key) || /^(true|false|-?\d[\d.]*)$/i.test(key)) continue;
      const value = normaliseValue(raw);
      if (value === '' || NO_VALUE.test(value) || /\.(ya?ml|xml|config|lic)$/.test(value)) continue;
      const before = text.slice(0, m.index);
      const line = startLine + (before.match(/\n/g)?.length ?? 0);
      const localSection = lastSection(before) ?? section;
      claims.push({
        line,
        key: key.replace(/\[\]/g, ''),
        kind: kind(word),
        value,
        ...(localSection ? { section: localSection } : {}),
        text: whole,
      });
    }
  }
  return claims;
}

function yamlKeys(code: string, startLine: number): { keys: YamlKey[]; error?: string } {
  const lineCounter = new LineCounter();
  const docs = YAML.parseAllDocuments(code, { lineCounter });
  const keys: YamlKey[] = [];
  for (const doc of docs) {
    if ('errors' in doc && doc.errors.length > 0) return { keys, error: doc.errors[0]?.message ?? 'invalid YAML' };
    const walk = (node: unknown, path: string[]): void => {
      if (isMap(node)) {
        for (const pair of node.items) {
          if (!isPair(pair) || !isScalar(pair.key)) continue;
          const key = String(pair.key.value);
          const range = (pair.key as YamlNode).range;
          const line = startLine + (range ? lineCounter.linePos(range[0]).line : 0);
          const entry: YamlKey = { key, path: [...path, key], line };
          if (isScalar(pair.value) && pair.value.value !== null) entry.value = String(pair.value.value);
          keys.push(entry);
          walk(pair.value, [...path, key]);
        }
      } else if (isSeq(node)) {
        for (const item of node.items) walk(item, path);
      }
    };
    walk(doc.contents, []);
  }
  return { keys };
}

/**
 * The values of a block that reproduces a shipped file. The key is the path below the
 * section's top-level key (`config.certificateStore.type`), so that it can be told apart
 * from keys of the same name elsewhere in the file.
 */
function shippedBlockClaims(title: string, keys: YamlKey[]): ValueClaim[] {
  const section = sectionOf(title);
  return keys
    .filter((k) => k.value !== undefined)
    .map((k) => {
      const path = section !== undefined && k.path[0] === section ? k.path.slice(1) : k.path;
      return {
        line: k.line,
        key: path.join('.'),
        kind: 'shipped' as const,
        value: normaliseValue(k.value ?? ''),
        ...(section ? { section } : {}),
        text: `${title}: ${k.path.join('.')}: ${k.value ?? ''}`,
      };
    });
}

function titleOf(meta: string | null | undefined): string {
  return /title="([^"]*)"/.exec(meta ?? '')?.[1] ?? '';
}

/** Everything a page claims, read from its full source (front matter included, so lines match the file). */
export function readClaims(source: string): PageClaims {
  const tree = processor.parse(source) as Root;
  const yaml: YamlBlock[] = [];
  const values: ValueClaim[] = [];
  let section: string | undefined;
  const visit = (node: RootContent): void => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    const text = start !== undefined && end !== undefined ? source.slice(start, end) : '';
    if (node.type === 'code') {
      const code = node as Code;
      const title = titleOf(code.meta);
      if (code.lang === 'yaml') {
        // The code starts on the line after the fence.
        const { keys, error } = yamlKeys(code.value, (code.position?.start.line ?? 0) + 1);
        yaml.push({ line: code.position?.start.line ?? 0, title, keys, ...(error ? { error } : {}) });
        // A block titled "(shipped ...)" claims that every value in it is the shipped one.
        if (/\bshipped\b/i.test(title)) values.push(...shippedBlockClaims(title, keys));
      }
      section = sectionOf(title) ?? section;
      return;
    }
    if (node.type === 'table') {
      values.push(...tableClaims(source, node, section));
      section = lastSection(text) ?? section;
      return;
    }
    if (node.type === 'paragraph' || node.type === 'heading') {
      values.push(...proseClaims(text, node.position?.start.line ?? 0, section));
      section = lastSection(text) ?? section;
      return;
    }
    if ('children' in node) for (const child of node.children as RootContent[]) visit(child);
  };
  for (const node of tree.children) visit(node);
  return { yaml, values };
}
