/**
 * Compares what the pages claim (tests/content/claims.ts) with the lists kept beside
 * the facts in tests/content/facts/. Each check returns readable problems, empty when
 * the page agrees with the lists.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { normaliseValue, type ValueClaim, type YamlBlock } from './claims.ts';

const FACTS = path.join(import.meta.dirname, 'facts');

export interface ValueEntry {
  section: string;
  key: string;
  default?: string[];
  shipped?: string[];
  facts: string | string[] | null;
  source: string;
  note?: string;
}

interface ExternalFormat {
  titles: string;
  reference: string;
  freeFormParents: string[];
  keys: string[];
}

export interface KnownKeys {
  freeFormParents: Record<string, string>;
  broker: Record<string, { facts: string | string[] | null; source: string }>;
  external: Record<string, ExternalFormat | string>;
}

export interface RestOperation {
  method: string;
  path: string;
  source: string;
}

export interface RestReleases {
  releases: Record<string, { tags: string[]; root: string; operations: RestOperation[] }>;
}

export function loadValues(): ValueEntry[] {
  return (JSON.parse(readFileSync(path.join(FACTS, 'shipped-values.json'), 'utf8')) as { values: ValueEntry[] }).values;
}

export function loadKnownKeys(): KnownKeys {
  return JSON.parse(readFileSync(path.join(FACTS, 'known-keys.json'), 'utf8')) as KnownKeys;
}

export function loadRestReleases(): RestReleases {
  return JSON.parse(readFileSync(path.join(FACTS, 'rest-paths-by-release.json'), 'utf8')) as RestReleases;
}

/** Numbers compare by value (`0` is `0.0`), everything else as normalised text. */
function sameValue(a: string, b: string): boolean {
  const x = normaliseValue(a);
  const y = normaliseValue(b);
  if (x === y) return true;
  const nx = Number(x);
  const ny = Number(y);
  return x !== '' && y !== '' && !Number.isNaN(nx) && !Number.isNaN(ny) && nx === ny;
}

/**
 * The entries a claimed key may refer to: the same key, or a dotted key and a bare one
 * where one ends with the other (`nodeConfiguration.port` and `port`). When the page
 * named a section that has such an entry, only that section counts.
 */
export function entriesFor(key: string, section: string | undefined, entries: ValueEntry[]): ValueEntry[] {
  const candidates = entries.filter((e) => e.key === key || key.endsWith(`.${e.key}`) || e.key.endsWith(`.${key}`));
  const inSection = candidates.filter((e) => e.section === section);
  return inSection.length > 0 ? inSection : candidates;
}

/** Why a claim disagrees with the list, or undefined when it agrees. */
export function checkValue(claim: ValueClaim, entries: ValueEntry[]): string | undefined {
  const keys = [claim.key, ...(claim.alternatives ?? [])];
  const candidates = keys.flatMap((k) => entriesFor(k, claim.section, entries));
  if (candidates.length === 0) {
    return `\`${claim.key}\` is called ${claim.kind} "${claim.value}", but shipped-values.json has no entry for it; add one with its fact sheet and source, or correct the page`;
  }
  const known = candidates.flatMap((e) => (claim.kind === 'shipped' ? (e.shipped ?? []) : (e.default ?? [])));
  if (known.some((v) => sameValue(v, claim.value))) return undefined;
  const sections = [...new Set(candidates.map((e) => e.section))].join(', ');
  const expected = known.length > 0 ? known.map((v) => `"${v}"`).join(' or ') : `no ${claim.kind} value`;
  return `\`${claim.key}\` is called ${claim.kind} "${claim.value}", but the facts give ${expected} (${sections})`;
}

/** The list of keys a block is checked against, chosen by its title. */
function formatOf(block: YamlBlock, known: KnownKeys): { name: string; keys: Set<string>; freeForm: Set<string> } {
  for (const [name, format] of Object.entries(known.external)) {
    if (typeof format === 'string') continue;
    if (new RegExp(format.titles).test(block.title)) {
      return { name, keys: new Set(format.keys), freeForm: new Set(format.freeFormParents) };
    }
  }
  return { name: 'broker', keys: new Set(Object.keys(known.broker)), freeForm: new Set(Object.keys(known.freeFormParents)) };
}

/** Keys of a YAML example that the list does not know. */
export function unknownKeys(block: YamlBlock, known: KnownKeys): string[] {
  const format = formatOf(block, known);
  return block.keys
    .filter((k) => {
      const parent = k.path.at(-2);
      return !(parent !== undefined && format.freeForm.has(parent)) && !format.keys.has(k.key);
    })
    .map((k) => `line ${k.line}: \`${k.key}\` (${k.path.join('.')}) is not a known ${format.name} key`);
}

/** The REST paths a text mentions, without query strings and trailing punctuation. */
export function restPathsIn(text: string): { path: string; index: number }[] {
  const found: { path: string; index: number }[] = [];
  for (const m of text.matchAll(/(https?:\/\/[^\s/`'")]+)?(\/api\/v1(?:\/[A-Za-z0-9_{}%.$-]*)*)/g)) {
    // The vendor's own cloud services (licence and statistics servers) are not the broker's API.
    if (m[1]?.endsWith('mapsmessaging.io')) continue;
    const p = (m[2] ?? '').replace(/\.+$/, '');
    found.push({ path: p, index: m.index ?? 0 });
  }
  return found;
}

function segmentsMatch(concrete: string, template: string): boolean {
  const a = concrete.split('/');
  const b = template.split('/');
  if (a.length !== b.length) return false;
  return a.every((seg, i) => {
    const t = b[i] ?? '';
    return seg === t || /^\{.*\}$/.test(t) || /^\{.*\}$/.test(seg) || (/^\$\{.*\}$/.test(seg) && /^\{.*\}$/.test(t));
  });
}

/**
 * Whether a path is served by one of the operations (method ignored). A prefix written
 * as such (`/api/v1`, `/api/v1/auth/`) is known when some operation lies below it.
 */
export function pathKnown(p: string, operations: { path: string }[]): boolean {
  if (p === '/api/v1' || p.endsWith('/')) return operations.some((op) => op.path.startsWith(p));
  return operations.some((op) => segmentsMatch(p, op.path));
}

/** The operations of the API description (the catalogue), read from its YAML. */
export function catalogueOperations(openapiFile: string): RestOperation[] {
  const doc = YAML.parse(readFileSync(openapiFile, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  const methods = ['get', 'put', 'post', 'delete', 'patch', 'head'];
  return Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.keys(item)
      .filter((m) => methods.includes(m))
      .map((m) => ({ method: m.toUpperCase(), path: p, source: path.basename(openapiFile) })),
  );
}

/** A call named in a table cell: a method when the cell gives one, and a full path. */
export interface NamedCall {
  method?: string;
  path: string;
}

const METHODS = /^(GET|PUT|POST|DELETE|PATCH|HEAD)$/;

/**
 * The calls a cell names: `` `GET /api/v1/x` ``, or methods listed before the path they
 * share (`` `GET`, `POST /api/v1/x` ``). Abbreviated spans (`.../status`) name no full path.
 */
export function callsIn(cell: string): NamedCall[] {
  const calls: NamedCall[] = [];
  let pending: string[] = [];
  for (const m of cell.matchAll(/`([^`]+)`/g)) {
    const span = (m[1] ?? '').trim();
    if (METHODS.test(span)) {
      pending.push(span);
      continue;
    }
    const call = /^(?:(GET|PUT|POST|DELETE|PATCH|HEAD)\s+)?(\/(?:api\/v1|health)[^\s?]*)/.exec(span);
    if (call?.[2]) {
      const methods = call[1] ? [...pending, call[1]] : pending;
      const p = call[2].replace(/\.+$/, '');
      if (methods.length === 0) calls.push({ path: p });
      for (const method of methods) calls.push({ method, path: p });
    }
    pending = [];
  }
  return calls;
}

/**
 * Template-for-template comparison, for the release table: `{name}` matches any other
 * `{...}` but not a literal, so `/device/lora/config` is not `/device/lora/{deviceName}`.
 */
function sameShape(a: string, b: string): boolean {
  const x = a.split('/');
  const y = b.split('/');
  const isTemplate = (seg: string): boolean => /^\{.*\}$/.test(seg);
  return x.length === y.length && x.every((seg, i) => (isTemplate(seg) ? isTemplate(y[i] ?? '') : seg === y[i]));
}

function served(call: NamedCall, operations: RestOperation[]): boolean {
  const methodOk = (op: RestOperation): boolean => call.method === undefined || op.method === call.method;
  // "every /api/v1/messaging/... call" names a prefix.
  if (call.path.endsWith('/')) return operations.some((op) => methodOk(op) && op.path.startsWith(call.path));
  return operations.some((op) => methodOk(op) && sameShape(call.path, op.path));
}

/** Whether a release serves a call (exported for the "added in" lists of the API page). */
export function releaseServes(call: NamedCall, operations: RestOperation[]): boolean {
  return served(call, operations);
}

function describe(call: NamedCall): string {
  return `${call.method ? `${call.method} ` : ''}${call.path}`;
}

/**
 * Checks one row of the "paths by release" table: the first cell must name catalogue
 * calls; each release cell says "same", "as 4.3", "removed" (then the catalogue calls
 * must be absent) or names the calls that release serves (then they must be present).
 */
export function checkReleaseRow(
  cells: string[],
  catalogue: RestOperation[],
  releases: { name: string; operations: RestOperation[] }[],
): string[] {
  const problems: string[] = [];
  const [first = '', ...rest] = cells;
  const catalogueCalls = callsIn(first);
  for (const call of catalogueCalls) {
    if (!served(call, catalogue)) problems.push(`${describe(call)} is not in the API description`);
  }
  let previous = catalogueCalls;
  releases.forEach((release, i) => {
    const cell = rest[i] ?? '';
    const named = callsIn(cell);
    let expected: NamedCall[];
    if (/^removed\b/i.test(cell)) {
      for (const call of catalogueCalls) {
        if (served(call, release.operations)) problems.push(`${release.name}: ${describe(call)} is said to be removed but is served`);
      }
      expected = named;
    } else if (/^same\b/i.test(cell)) {
      expected = [...catalogueCalls, ...named];
    } else if (/^as \d/i.test(cell)) {
      expected = [...previous, ...named];
    } else {
      expected = named;
    }
    for (const call of expected) {
      if (!served(call, release.operations)) problems.push(`${release.name}: ${describe(call)} is not served by this release`);
    }
    previous = /^removed\b/i.test(cell) ? [] : expected;
  });
  return problems;
}
