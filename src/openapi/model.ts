import { HTTP_METHODS, type HttpMethod, type MediaTypeObject, type OpenApiDocument, type OperationObject, type ParameterObject, type ResponseObject, type SchemaObject } from './document.ts';

/** The reference page's model: every operation once, grouped by tag, with stable anchors. */
export interface OperationModel {
  id: string;
  anchor: string;
  method: HttpMethod;
  path: string;
  summary: string;
  description: string | undefined;
  deprecated: boolean;
  tags: string[];
  parameters: ParameterObject[];
  requestBody: { description: string | undefined; required: boolean; content: Record<string, MediaTypeObject> } | undefined;
  /** `shared` names a response of components/responses, listed once on the page instead of in every operation. */
  responses: { status: string; response: ResponseObject; shared: string | undefined }[];
  security: { schemes: string[] }[];
}

export interface TagModel {
  name: string;
  anchor: string;
  description: string | undefined;
  operations: OperationModel[];
}

export interface ReferenceModel {
  title: string;
  version: string;
  description: string | undefined;
  license: string | undefined;
  server: string;
  tags: TagModel[];
  operations: OperationModel[];
  schemas: { name: string; anchor: string; schema: SchemaObject }[];
  /** Responses shared by many operations (components/responses), each shown once. */
  sharedResponses: { name: string; anchor: string; response: ResponseObject }[];
  securitySchemes: NonNullable<NonNullable<OpenApiDocument['components']>['securitySchemes']>;
}

/** Anchors are readable and stable: they depend only on names in the description. */
export function slugPart(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'x';
}

export const anchors = {
  tag: (name: string) => `tag-${slugPart(name)}`,
  operation: (id: string) => `operation-${slugPart(id)}`,
  schema: (name: string) => `schema-${slugPart(name)}`,
  response: (name: string) => `response-${slugPart(name)}`,
};

/** A JSON pointer's token as the key it names (`~1` is `/`, `~0` is `~`). */
function pointerKey(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** What a local `$ref` (`#/...`) points at, or undefined. */
function targetOf(document: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let target: unknown = document;
  for (const key of ref.slice(2).split('/')) {
    target = (target as Record<string, unknown> | undefined)?.[pointerKey(key)];
  }
  return target;
}

/** Resolves a local `$ref`, following chains of them; other refs are returned as they are. */
export function resolveRef<T>(document: OpenApiDocument, value: T | { $ref: string }): T {
  let current: unknown = value;
  for (let hops = 0; hops < 20; hops += 1) {
    const ref = (current as { $ref?: unknown } | null)?.$ref;
    const target = typeof ref === 'string' ? targetOf(document, ref) : undefined;
    if (target === undefined) break;
    current = target;
  }
  return current as T;
}

/**
 * What a `$ref` into part of a schema points at: bundling a description of
 * several files makes these of a file used inline, e.g.
 * `#/components/schemas/Fleet/properties/devices/items`. Undefined for a ref
 * to a whole named schema, which is linked by its name, and for one that
 * cannot be followed.
 */
export function partOfSchemaRef(document: OpenApiDocument, ref: string): SchemaObject | undefined {
  if (/^#\/components\/schemas\/[^/]+$/.test(ref)) return undefined;
  const target = targetOf(document, ref);
  return target !== null && typeof target === 'object' && !Array.isArray(target) ? (target as SchemaObject) : undefined;
}

export function schemaNameOfRef(ref: string): string | undefined {
  const match = /^#\/components\/schemas\/(.+)$/.exec(ref);
  return match?.[1] === undefined ? undefined : pointerKey(match[1]);
}

/**
 * The component schema a `$ref` points into: the schema it names, or the one
 * holding the part it names (bundling a description of several files points
 * at where a file was first written, e.g. `#/components/schemas/Device/properties/owner`).
 */
export function schemaOwnerOfRef(ref: string): string | undefined {
  const match = /^#\/components\/schemas\/([^/]+)/.exec(ref);
  return match?.[1] === undefined ? undefined : pointerKey(match[1]);
}

function fallbackId(method: string, path: string): string {
  return `${method}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`;
}

export function buildReferenceModel(document: OpenApiDocument): ReferenceModel {
  const operations: OperationModel[] = [];
  const usedIds = new Set<string>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const shared = (item.parameters ?? []).map((p) => resolveRef<ParameterObject>(document, p));
    for (const method of HTTP_METHODS) {
      const op: OperationObject | undefined = item[method];
      if (!op) continue;
      let id = op.operationId ?? fallbackId(method, path);
      while (usedIds.has(id)) id = `${id}_`;
      usedIds.add(id);
      const own = (op.parameters ?? []).map((p) => resolveRef<ParameterObject>(document, p));
      // An operation's own parameter overrides a path-level one with the same name and location.
      const parameters = [...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)), ...own];
      const body = op.requestBody ? resolveRef<NonNullable<OperationObject['requestBody']>>(document, op.requestBody) : undefined;
      const security = op.security ?? document.security ?? [];
      operations.push({
        id,
        anchor: anchors.operation(id),
        method,
        path,
        summary: op.summary ?? `${method.toUpperCase()} ${path}`,
        description: op.description,
        deprecated: op.deprecated ?? false,
        tags: op.tags && op.tags.length > 0 ? op.tags : ['default'],
        parameters,
        requestBody: body ? { description: body.description, required: body.required ?? false, content: body.content ?? {} } : undefined,
        responses: Object.entries(op.responses ?? {}).map(([status, response]) => ({
          status,
          response: resolveRef<ResponseObject>(document, response),
          shared: /^#\/components\/responses\/(.+)$/.exec(response.$ref ?? '')?.[1],
        })),
        security: security.map((requirement) => ({ schemes: Object.keys(requirement) })),
      });
    }
  }
  const declared = document.tags ?? [];
  const tagNames = [...declared.map((t) => t.name)];
  for (const op of operations) for (const tag of op.tags) if (!tagNames.includes(tag)) tagNames.push(tag);
  // Each operation is listed under its first tag only, so it is rendered once.
  const tags: TagModel[] = tagNames
    .map((name) => ({
      name,
      anchor: anchors.tag(name),
      description: declared.find((t) => t.name === name)?.description,
      operations: operations.filter((op) => op.tags[0] === name),
    }))
    .filter((tag) => tag.operations.length > 0);
  const schemas = Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => ({ name, anchor: anchors.schema(name), schema }));
  const license = document.info.license;
  return {
    title: document.info.title,
    version: document.info.version,
    description: document.info.description,
    license: license ? license.name : undefined,
    server: document.servers?.[0]?.url ?? '',
    tags,
    operations,
    schemas,
    sharedResponses: Object.entries(document.components?.responses ?? {}).map(([name, response]) => ({
      name,
      anchor: anchors.response(name),
      response: resolveRef<ResponseObject>(document, response),
    })),
    securitySchemes: document.components?.securitySchemes ?? {},
  };
}
