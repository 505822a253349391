import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { parseDocument, LineCounter } from 'yaml';
import { UserError } from '../errors.ts';

/** The subset of OpenAPI 3.x the reference reads. Loose on purpose: validation is swagger-parser's job. */
export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  format?: string;
  title?: string;
  description?: string;
  properties?: Record<string, SchemaObject>;
  additionalProperties?: boolean | SchemaObject;
  items?: SchemaObject;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  nullable?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  oneOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  allOf?: SchemaObject[];
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
}

export interface MediaTypeObject {
  schema?: SchemaObject;
  example?: unknown;
  examples?: Record<string, { summary?: string; value?: unknown; $ref?: string }>;
}

export interface ParameterObject {
  $ref?: string;
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  description?: string;
  required?: boolean;
  deprecated?: boolean;
  schema?: SchemaObject;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}

export interface ResponseObject {
  $ref?: string;
  description?: string;
  headers?: Record<string, { description?: string; schema?: SchemaObject; $ref?: string }>;
  content?: Record<string, MediaTypeObject>;
}

export interface OperationObject {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  parameters?: ParameterObject[];
  requestBody?: { $ref?: string; description?: string; required?: boolean; content?: Record<string, MediaTypeObject> };
  responses?: Record<string, ResponseObject>;
  security?: Record<string, string[]>[];
}

export type PathItem = Partial<Record<HttpMethod, OperationObject>> & { parameters?: ParameterObject[] };

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string; license?: { name: string; url?: string; identifier?: string } };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths?: Record<string, PathItem>;
  components?: {
    schemas?: Record<string, SchemaObject>;
    parameters?: Record<string, ParameterObject>;
    responses?: Record<string, ResponseObject>;
    requestBodies?: Record<string, unknown>;
    securitySchemes?: Record<string, { type: string; scheme?: string; bearerFormat?: string; in?: string; name?: string; description?: string }>;
    headers?: Record<string, unknown>;
    examples?: Record<string, unknown>;
  };
  security?: Record<string, string[]>[];
}

export interface LoadedDescription {
  document: OpenApiDocument;
  /** The file's own text, offered for download. */
  text: string;
}

/**
 * Reads and validates a description. A fault is reported with the file, the
 * line when it can be found, and the JSON pointer swagger-parser names.
 */
export async function loadDescription(file: string): Promise<LoadedDescription> {
  const text = readFileSync(file, 'utf8');
  const lineCounter = new LineCounter();
  let document: OpenApiDocument;
  const yamlDoc = parseDocument(text, { lineCounter, prettyErrors: false });
  if (yamlDoc.errors.length > 0) {
    const error = yamlDoc.errors[0];
    const pos = error ? lineCounter.linePos(error.pos[0]) : undefined;
    throw new UserError(`invalid OpenAPI file: ${error?.message.split('\n')[0] ?? 'syntax error'}`, {
      location: { file, line: pos?.line, column: pos?.col },
    });
  }
  document = yamlDoc.toJS({ maxAliasCount: -1 }) as OpenApiDocument;
  try {
    // validate() dereferences in place: give it a copy and keep the $refs for rendering.
    await SwaggerParser.validate(structuredClone(document) as never);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const pointer = /#\/[^\s"']*/.exec(message)?.[0];
    let line: number | undefined;
    let column: number | undefined;
    if (pointer) {
      const keys = pointer
        .slice(2)
        .split('/')
        .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
      for (let depth = keys.length; depth > 0 && line === undefined; depth -= 1) {
        const node = yamlDoc.getIn(keys.slice(0, depth), true) as { range?: [number, number, number] } | undefined;
        if (node?.range) {
          const pos = lineCounter.linePos(node.range[0]);
          line = pos.line;
          column = pos.col;
        }
      }
    }
    throw new UserError(`invalid OpenAPI description: ${message.split('\n').slice(0, 6).join('\n  ')}`, {
      location: { file, line, column },
      hint: pointer ? `the fault is at ${pointer}` : 'run the description through an OpenAPI validator',
    });
  }
  return { document, text };
}
