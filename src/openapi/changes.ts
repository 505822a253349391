import type { MediaTypeObject, OpenApiDocument, ParameterObject, SchemaObject } from './document.ts';
import { anchors, resolveRef, schemaNameOfRef, type OperationModel, type ReferenceModel } from './model.ts';

/**
 * What changed in a REST API between two releases, from their descriptions:
 * operations added and removed; for the operations in both, parameters
 * (added, removed, or changed in type, required, default or enum), the
 * request body and its fields, and the responses (codes added and removed,
 * fields of their bodies); and named schemas, field by field. Each change
 * says whether it can break a client written against the earlier release.
 *
 * Evaluated and not used: api-smart-diff 1.0.6 (1.4 s per comparison of the
 * MAPS description, and one field added to a shared schema reported ~380
 * times, once per use, as it compares the dereferenced documents) and
 * openapi-diff 0.24.1 (refuses OpenAPI 3.1, which the MAPS description is).
 */
export interface ChangeDetail {
  change: 'added' | 'removed' | 'changed';
  breaking: boolean;
  /** What changed, in words: "query parameter `limit` (required)". */
  text: string;
}

export interface ChangedItem {
  /** `GET /api/v1/server/destinations`, or a schema's name. */
  name: string;
  /** The operation's summary, for operations. */
  summary?: string | undefined;
  method?: string | undefined;
  path?: string | undefined;
  change: 'added' | 'removed' | 'changed';
  breaking: boolean;
  /** The operation or schema in the reference of the version where it exists (the newer one unless it was removed). */
  href: string;
  anchor: string;
  details: ChangeDetail[];
}

export interface ApiChangeSet {
  operations: ChangedItem[];
  schemas: ChangedItem[];
}

/** At most this deep into nested inline objects when comparing fields: the change log names fields, it does not replay schemas. */
const FIELD_DEPTH = 3;

function typeOf(schema: SchemaObject | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) return schemaNameOfRef(schema.$ref) ?? schema.$ref;
  // `allOf: [{$ref: X}]` (often with a description beside it) is a field of type X.
  const named = schema.allOf?.filter((part) => part.$ref);
  if (named?.length === 1 && named[0]?.$ref && !schema.properties) return schemaNameOfRef(named[0].$ref) ?? named[0].$ref;
  const types = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null') : schema.type ? [schema.type] : [];
  let label = types.join(' | ') || (schema.properties ? 'object' : schema.oneOf ? 'one of' : schema.anyOf ? 'any of' : schema.allOf ? 'all of' : 'any');
  if (label === 'array') label = `array of ${typeOf(schema.items)}`;
  return schema.format ? `${label} (${schema.format})` : label;
}

// JSON, so that a default going from 20 to "20" reads as the change it is.
const show = (value: unknown): string => `\`${JSON.stringify(value)}\``;

/** The names of a path's parameters, in order: `/a/{x}/b/{y}` → x, y. */
function pathParameters(path: string): string[] {
  return [...path.matchAll(/\{([^}]*)\}/g)].map((match) => match[1] ?? '');
}

/** The fields of a schema, with their nested fields (dotted), as the change log compares them. */
function fieldsOf(document: OpenApiDocument, schema: SchemaObject | undefined, prefix = '', depth = 0, seen: ReadonlySet<SchemaObject> = new Set()): Map<string, { schema: SchemaObject; required: boolean }> {
  const fields = new Map<string, { schema: SchemaObject; required: boolean }>();
  if (!schema || depth > FIELD_DEPTH) return fields;
  const resolved = depth === 0 ? resolveRef<SchemaObject>(document, schema) : schema;
  if (seen.has(resolved)) return fields;
  const inside = new Set(seen).add(resolved);
  // At the top, a schema's allOf members are its own fields; below it, a member that names a schema makes
  // the field of that type, compared under the schema's own entry rather than again wherever it is used.
  const parts = [resolved, ...(resolved.allOf ?? []).filter((part) => depth === 0 || !part.$ref).map((part) => resolveRef<SchemaObject>(document, part))];
  for (const part of parts) {
    const required = new Set(part.required ?? []);
    for (const [name, property] of Object.entries(part.properties ?? {})) {
      const key = `${prefix}${name}`;
      fields.set(key, { schema: property, required: required.has(name) });
      // Nested inline objects are compared field by field; a $ref is compared by the schema it names.
      if (!property.$ref) for (const [inner, value] of fieldsOf(document, property.items ?? property, `${key}.`, depth + 1, inside)) fields.set(inner, value);
    }
  }
  return fields;
}

function enumChange(before: SchemaObject | undefined, after: SchemaObject | undefined, subject: string, requestSide: boolean): ChangeDetail[] {
  const a = (before?.enum ?? []).map((v) => JSON.stringify(v));
  const b = (after?.enum ?? []).map((v) => JSON.stringify(v));
  if (a.length === 0 && b.length === 0) return [];
  const removed = a.filter((v) => !b.includes(v));
  const added = b.filter((v) => !a.includes(v));
  const details: ChangeDetail[] = [];
  // A value a client may send that is now refused breaks a request; a value a client may now receive that it does not know breaks a response.
  if (removed.length > 0) details.push({ change: 'changed', breaking: requestSide, text: `${subject}: ${removed.length === 1 ? 'value' : 'values'} ${removed.join(', ')} no longer allowed` });
  if (added.length > 0) details.push({ change: 'changed', breaking: !requestSide && a.length > 0, text: `${subject}: ${added.length === 1 ? 'value' : 'values'} ${added.join(', ')} added` });
  return details;
}

/** Fields of a body compared: for a request, a new required field or a removed one breaks clients; for a response, a removed field does. */
function fieldChanges(document: { before: OpenApiDocument; after: OpenApiDocument }, before: SchemaObject | undefined, after: SchemaObject | undefined, where: string | undefined, requestSide: boolean): ChangeDetail[] {
  const details: ChangeDetail[] = [];
  const field = (name: string): string => `${where ? `${where} field` : 'field'} \`${name}\``;
  const a = fieldsOf(document.before, before);
  const b = fieldsOf(document.after, after);
  for (const [name, now] of b) {
    const old = a.get(name);
    if (!old) {
      details.push({ change: 'added', breaking: requestSide && now.required, text: `${field(name)} added (${typeOf(now.schema)}${now.required ? ', required' : ''})` });
      continue;
    }
    if (typeOf(old.schema) !== typeOf(now.schema)) details.push({ change: 'changed', breaking: true, text: `${field(name)}: type ${typeOf(old.schema)} → ${typeOf(now.schema)}` });
    if (old.required !== now.required) {
      details.push({ change: 'changed', breaking: requestSide ? now.required : !now.required, text: `${field(name)} is ${now.required ? 'now required' : 'no longer required'}` });
    }
    details.push(...enumChange(old.schema, now.schema, field(name), requestSide));
  }
  for (const [name, old] of a) if (!b.has(name)) details.push({ change: 'removed', breaking: true, text: `${field(name)} removed (was ${typeOf(old.schema)})` });
  return details;
}

function mainMedia(content: Record<string, MediaTypeObject> | undefined): [string, MediaTypeObject] | undefined {
  const entries = Object.entries(content ?? {});
  return entries.find(([type]) => type.includes('json')) ?? entries[0];
}

/** A body's schema compared: a different named schema is one change; the same named schema is compared under Schemas, not again here. */
function bodyChanges(documents: { before: OpenApiDocument; after: OpenApiDocument }, before: MediaTypeObject | undefined, after: MediaTypeObject | undefined, where: string, requestSide: boolean): ChangeDetail[] {
  const a = before?.schema;
  const b = after?.schema;
  if (a?.$ref || b?.$ref) {
    if (typeOf(a) === typeOf(b)) return [];
    return [{ change: 'changed', breaking: true, text: `${where}: ${typeOf(a)} → ${typeOf(b)}` }];
  }
  return fieldChanges(documents, a, b, where, requestSide);
}

function parameterChanges(before: ParameterObject, after: ParameterObject): ChangeDetail[] {
  const subject = `${after.in} parameter \`${after.name}\``;
  const details: ChangeDetail[] = [];
  if (typeOf(before.schema) !== typeOf(after.schema)) details.push({ change: 'changed', breaking: true, text: `${subject}: type ${typeOf(before.schema)} → ${typeOf(after.schema)}` });
  if ((before.required ?? false) !== (after.required ?? false)) details.push({ change: 'changed', breaking: after.required === true, text: `${subject} is ${after.required ? 'now required' : 'no longer required'}` });
  const da = before.schema?.default;
  const db = after.schema?.default;
  if (JSON.stringify(da) !== JSON.stringify(db)) {
    // A client that leaves the parameter out gets other behaviour.
    details.push({ change: 'changed', breaking: da !== undefined, text: `${subject}: default ${da === undefined ? 'none' : show(da)} → ${db === undefined ? 'none' : show(db)}` });
  }
  details.push(...enumChange(before.schema, after.schema, subject, true));
  return details;
}

function operationChanges(documents: { before: OpenApiDocument; after: OpenApiDocument }, before: OperationModel, after: OperationModel): ChangeDetail[] {
  const details: ChangeDetail[] = [];
  // Path parameters are matched by their place in the path: `/things/{id}` and `/things/{thingId}` are one URL.
  const key = (op: OperationModel) => (p: ParameterObject): string => (p.in === 'path' ? `path\0${pathParameters(op.path).indexOf(p.name)}` : `${p.in}\0${p.name}`);
  if (before.path !== after.path) details.push({ change: 'changed', breaking: false, text: `path parameters renamed: \`${before.path}\` → \`${after.path}\`` });
  if (before.deprecated !== after.deprecated) details.push({ change: 'changed', breaking: false, text: after.deprecated ? 'deprecated' : 'no longer deprecated' });
  const oldParams = new Map(before.parameters.map((p) => [key(before)(p), p]));
  const newParams = new Map(after.parameters.map((p) => [key(after)(p), p]));
  for (const [k, p] of newParams) {
    const old = oldParams.get(k);
    if (!old) details.push({ change: 'added', breaking: p.required === true, text: `${p.in} parameter \`${p.name}\` added (${typeOf(p.schema)}${p.required ? ', required' : ''})` });
    else details.push(...parameterChanges({ ...old, name: p.name }, p));
  }
  for (const [k, p] of oldParams) if (!newParams.has(k)) details.push({ change: 'removed', breaking: true, text: `${p.in} parameter \`${p.name}\` removed` });

  const oldBody = before.requestBody;
  const newBody = after.requestBody;
  if (!oldBody && newBody) details.push({ change: 'added', breaking: newBody.required, text: `request body added${newBody.required ? ' (required)' : ''}` });
  else if (oldBody && !newBody) details.push({ change: 'removed', breaking: true, text: 'request body removed' });
  else if (oldBody && newBody) {
    if (oldBody.required !== newBody.required) details.push({ change: 'changed', breaking: newBody.required, text: `request body is ${newBody.required ? 'now required' : 'no longer required'}` });
    const a = mainMedia(oldBody.content);
    const b = mainMedia(newBody.content);
    if (a && b && a[0] !== b[0]) details.push({ change: 'changed', breaking: true, text: `request body: ${a[0]} → ${b[0]}` });
    details.push(...bodyChanges(documents, a?.[1], b?.[1], 'request body', true));
  }

  const oldResponses = new Map(before.responses.map((r) => [r.status, r.response]));
  const newResponses = new Map(after.responses.map((r) => [r.status, r.response]));
  for (const [status, response] of newResponses) {
    const old = oldResponses.get(status);
    if (!old) details.push({ change: 'added', breaking: false, text: `response ${status} added${response.description ? ` (${response.description.split('\n')[0]})` : ''}` });
    else details.push(...bodyChanges(documents, mainMedia(old.content)?.[1], mainMedia(response.content)?.[1], `response ${status}`, false));
  }
  for (const status of oldResponses.keys()) if (!newResponses.has(status)) details.push({ change: 'removed', breaking: /^2/.test(status), text: `response ${status} removed` });
  return details;
}

/**
 * The changes from `before` to `after`. `hrefOf` gives the link to an anchor
 * in the reference of either version.
 */
export function compareDescriptions(options: {
  before: { document: OpenApiDocument; model: ReferenceModel };
  after: { document: OpenApiDocument; model: ReferenceModel };
  hrefOf: (side: 'before' | 'after', anchor: string) => string;
}): ApiChangeSet {
  const { before, after, hrefOf } = options;
  const documents = { before: before.document, after: after.document };
  const opName = (op: OperationModel): string => `${op.method.toUpperCase()} ${op.path}`;
  // Matched by method and the path with its parameters' names left out: renaming `{id}` keeps the URL.
  const opKey = (op: OperationModel): string => `${op.method.toUpperCase()} ${op.path.replace(/\{[^}]*\}/g, '{}')}`;
  const oldOps = new Map(before.model.operations.map((op) => [opKey(op), op]));
  const newOps = new Map(after.model.operations.map((op) => [opKey(op), op]));
  const operations: ChangedItem[] = [];
  const item = (op: OperationModel, side: 'before' | 'after', change: ChangedItem['change'], details: ChangeDetail[]): ChangedItem => ({
    name: opName(op),
    // An operation without a summary is named by its method and path already.
    summary: op.summary === opName(op) ? undefined : op.summary,
    method: op.method,
    path: op.path,
    change,
    breaking: change === 'removed' || details.some((d) => d.breaking),
    href: hrefOf(side, op.anchor),
    anchor: `change-${op.anchor}`,
    details,
  });
  for (const [key, op] of newOps) {
    const old = oldOps.get(key);
    if (!old) operations.push(item(op, 'after', 'added', []));
    else {
      const details = operationChanges(documents, old, op);
      if (details.length > 0) operations.push(item(op, 'after', 'changed', details));
    }
  }
  for (const [key, op] of oldOps) if (!newOps.has(key)) operations.push(item(op, 'before', 'removed', []));

  const oldSchemas = new Map(before.model.schemas.map((s) => [s.name, s.schema]));
  const newSchemas = new Map(after.model.schemas.map((s) => [s.name, s.schema]));
  const schemas: ChangedItem[] = [];
  const schemaItem = (name: string, side: 'before' | 'after', change: ChangedItem['change'], details: ChangeDetail[]): ChangedItem => ({
    name,
    change,
    breaking: change === 'removed' || details.some((d) => d.breaking),
    href: hrefOf(side, anchors.schema(name)),
    anchor: `change-${anchors.schema(name)}`,
    details,
  });
  for (const [name, schema] of newSchemas) {
    const old = oldSchemas.get(name);
    if (!old) schemas.push(schemaItem(name, 'after', 'added', []));
    else {
      // A schema may be sent and received: a change counts as breaking if it breaks either side.
      const details = fieldChanges(documents, old, schema, undefined, true);
      const response = fieldChanges(documents, old, schema, undefined, false);
      details.forEach((d, i) => (d.breaking ||= response[i]?.breaking ?? false));
      if (typeOf(old) !== typeOf(schema)) details.unshift({ change: 'changed', breaking: true, text: `type ${typeOf(old)} → ${typeOf(schema)}` });
      details.push(...enumChange(old, schema, 'values', true));
      if (details.length > 0) schemas.push(schemaItem(name, 'after', 'changed', details));
    }
  }
  for (const name of oldSchemas.keys()) if (!newSchemas.has(name)) schemas.push(schemaItem(name, 'before', 'removed', []));
  const order = (a: ChangedItem, b: ChangedItem): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  return { operations: operations.sort(order), schemas: schemas.sort(order) };
}

/** The REST change log page of one version: what changed since the previous version with a description. */
export interface ApiChanges {
  route: string;
  title: string;
  description: string;
  /** The version this page belongs to, and the one it compares with. */
  to: { name: string; label: string; referenceRoute: string };
  from: { name: string; label: string; referenceRoute: string };
  changes: ApiChangeSet;
  html: string;
  anchors: string[];
}
