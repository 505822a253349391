/**
 * The OpenAPI description of the MAPS Messaging server REST API
 * (`openapi/maps-messaging-api.yaml`), checked against the call catalogue, the entity
 * catalogue and the error catalogue of the specification.
 */
import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// ---------------------------------------------------------------- helpers

type Obj = Record<string, unknown>;

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function obj(value: unknown, where: string): Obj {
  if (!isObj(value)) throw new Error(`${where} is not an object`);
  return value;
}

function list(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${where} is not an array`);
  return value;
}

function text(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new Error(`${where} is not a string`);
  return value;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

interface Operation {
  /** `METHOD /path`, e.g. `GET /health`. */
  key: string;
  method: string;
  path: string;
  op: Obj;
}

function operationsOf(document: Obj): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(obj(document.paths, 'paths'))) {
    const pathItem = obj(item, path);
    for (const method of HTTP_METHODS) {
      const op = pathItem[method];
      if (op !== undefined) operations.push({ key: `${method.toUpperCase()} ${path}`, method, path, op: obj(op, `${method} ${path}`) });
    }
  }
  return operations;
}

/** Follows local `$ref`s (`#/components/...`) in the raw, un-dereferenced document. */
function resolve(document: Obj, value: unknown, where: string): Obj {
  let current = obj(value, where);
  for (let hops = 0; typeof current.$ref === 'string'; hops += 1) {
    if (hops > 20) throw new Error(`${where}: $ref loop`);
    const ref = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`${where}: external $ref ${ref}`);
    let target: unknown = document;
    for (const key of ref.slice(2).split('/')) target = obj(target, ref)[key.replace(/~1/g, '/').replace(/~0/g, '~')];
    current = obj(target, ref);
  }
  return current;
}

function refName(value: unknown): string | undefined {
  return isObj(value) && typeof value.$ref === 'string' ? value.$ref.split('/').pop() : undefined;
}

// ------------------------------------------------------------------ data

const file = new URL('../../openapi/maps-messaging-api.yaml', import.meta.url);
const raw = obj(parse(readFileSync(file, 'utf8')), 'document');
const components = obj(raw.components, 'components');
const schemas = obj(components.schemas, 'components.schemas');
const operations = operationsOf(raw);
const byKey = new Map(operations.map((operation) => [operation.key, operation]));

function operation(key: string): Obj {
  const found = byKey.get(key);
  if (!found) throw new Error(`no operation ${key}`);
  return found.op;
}

function schema(name: string): Obj {
  return obj(schemas[name], `schema ${name}`);
}

/**
 * Finds a property of a named schema, looking through `allOf` parts and `oneOf`
 * variants (first found wins, so a base schema's declaration beats a variant's `const`).
 */
function property(schemaName: string, propertyName: string): Obj {
  const seen = new Set<Obj>();
  const search = (node: Obj): Obj | undefined => {
    const target = resolve(raw, node, schemaName);
    if (seen.has(target)) return undefined;
    seen.add(target);
    const own = isObj(target.properties) ? target.properties[propertyName] : undefined;
    if (own !== undefined) return resolve(raw, own, `${schemaName}.${propertyName}`);
    for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const) {
      for (const part of Array.isArray(target[keyword]) ? target[keyword] : []) {
        const found = search(obj(part, `${schemaName}.${keyword}`));
        if (found) return found;
      }
    }
    return undefined;
  };
  const found = search(schema(schemaName));
  if (!found) throw new Error(`${schemaName} has no property ${propertyName}`);
  return found;
}

/** The `required` names of a named schema, gathered through its `allOf` parts. */
function requiredOf(schemaName: string): string[] {
  const required = new Set<string>();
  const collect = (node: Obj): void => {
    const target = resolve(raw, node, schemaName);
    for (const name of Array.isArray(target.required) ? target.required : []) required.add(text(name, `${schemaName}.required`));
    for (const part of Array.isArray(target.allOf) ? target.allOf : []) collect(obj(part, `${schemaName}.allOf`));
  };
  collect(schema(schemaName));
  return [...required].sort();
}

// ------------------------------------------------------------- catalogue

/** Spec section 7, transcribed call by call. */
const CATALOGUE = [
  // Session and service
  'GET /api/v1/session',
  'POST /api/v1/login',
  'POST /api/v1/logout',
  'GET /api/v1/refreshToken',
  'GET /health',
  'GET /api/v1/updates',
  'GET /api/v1/name',
  'GET /api/v1/ping',
  // Authentication manager
  'GET /api/v1/auth/config',
  'POST /api/v1/auth/config',
  'GET /api/v1/auth/groups',
  'POST /api/v1/auth/groups',
  'GET /api/v1/auth/groups/{groupUuid}',
  'DELETE /api/v1/auth/groups/{groupUuid}',
  'POST /api/v1/auth/groups/{groupUuid}/{userUuid}',
  'DELETE /api/v1/auth/groups/{groupUuid}/{userUuid}',
  'GET /api/v1/auth/users',
  'POST /api/v1/auth/users',
  'DELETE /api/v1/auth/users/{userUuid}',
  'GET /api/v1/auth/user/{username}',
  // Connections
  'PUT /api/v1/server/connection/close',
  'GET /api/v1/server/connections',
  'GET /api/v1/server/connection',
  // Destinations
  'GET /api/v1/server/destinations',
  'GET /api/v1/server/destination',
  // Discovery
  'GET /api/v1/server/discovery/config',
  'POST /api/v1/server/discovery/config',
  'GET /api/v1/server/discovery',
  'PUT /api/v1/server/discovery/start',
  'PUT /api/v1/server/discovery/stop',
  // Hardware devices
  'GET /api/v1/server/hardware/config',
  'POST /api/v1/server/hardware/config',
  'GET /api/v1/server/hardware',
  'GET /api/v1/server/hardware/scan',
  // Integrations (inter-server)
  'GET /api/v1/server/integration',
  'GET /api/v1/server/integration/{name}',
  'GET /api/v1/server/integration/{name}/connection',
  'PUT /api/v1/server/integration/{name}/pause',
  'PUT /api/v1/server/integration/{name}/resume',
  'PUT /api/v1/server/integration/{name}/start',
  'PUT /api/v1/server/integration/{name}/stop',
  'PUT /api/v1/server/integration/pauseAll',
  'PUT /api/v1/server/integration/resumeAll',
  'PUT /api/v1/server/integration/startAll',
  'PUT /api/v1/server/integration/stopAll',
  'GET /api/v1/server/integration/status',
  'GET /api/v1/server/integration/{endpoint}/status',
  // Interfaces
  'GET /api/v1/server/interface/{endpoint}',
  'PUT /api/v1/server/interface/{endpoint}',
  'GET /api/v1/server/interface/{endpoint}/connections',
  'GET /api/v1/server/interface/{endpoint}/status',
  'PUT /api/v1/server/interface/{endpoint}/pause',
  'PUT /api/v1/server/interface/{endpoint}/resume',
  'PUT /api/v1/server/interface/{endpoint}/start',
  'PUT /api/v1/server/interface/{endpoint}/stop',
  'GET /api/v1/server/interfaces/status',
  'GET /api/v1/server/interfaces',
  'PUT /api/v1/server/interfaces/pauseAll',
  'PUT /api/v1/server/interfaces/resumeAll',
  'PUT /api/v1/server/interfaces/startAll',
  'PUT /api/v1/server/interfaces/stopAll',
  // Logs
  'GET /api/v1/server/log',
  'GET /api/v1/server/log/sse',
  'GET /api/v1/server/log/sse/stream/{token}',
  // LoRa
  'GET /api/v1/device/lora',
  'GET /api/v1/device/lora/{deviceName}',
  'GET /api/v1/device/lora/{deviceName}/{nodeId}',
  'GET /api/v1/device/lora/config',
  'POST /api/v1/device/lora/config',
  'GET /api/v1/device/lora/{deviceName}/config',
  'DELETE /api/v1/device/lora/{deviceName}/config',
  // Messaging
  'POST /api/v1/messaging/abort',
  'POST /api/v1/messaging/commit',
  'POST /api/v1/messaging/consume',
  'POST /api/v1/messaging/subscriptionDepth',
  'POST /api/v1/messaging/publish',
  'POST /api/v1/messaging/subscribe',
  'POST /api/v1/messaging/unsubscribe',
  'GET /api/v1/messaging/sse',
  'GET /api/v1/messaging/sse/stream/{token}',
  // Machine-learning models
  'GET /api/v1/server/model/{modelName}',
  'POST /api/v1/server/model/{modelName}',
  'DELETE /api/v1/server/model/{modelName}',
  'HEAD /api/v1/server/model/{modelName}',
  'GET /api/v1/server/models',
  // Schemas
  'GET /api/v1/server/schema',
  'POST /api/v1/server/schema',
  'DELETE /api/v1/server/schema',
  'GET /api/v1/server/schema/{schemaId}',
  'DELETE /api/v1/server/schema/{schemaId}',
  'GET /api/v1/server/schema/formats',
  'GET /api/v1/server/schema/link-format',
  'GET /api/v1/server/schema/context/{context}',
  'GET /api/v1/server/schema/type/{type}',
  'GET /api/v1/server/schema/map',
  // Server management
  'GET /api/v1/server/cache',
  'PUT /api/v1/server/cache',
  'GET /api/v1/server/config',
  'PUT /api/v1/server/config',
  'GET /api/v1/server/details/info',
  'GET /api/v1/server/health',
  'GET /api/v1/server/status',
  'GET /api/v1/server/details/stats',
  'PUT /api/v1/server/restart',
  'PUT /api/v1/server/shutdown',
  'GET /application.wadl',
  'GET /application.wadl/{path}',
] as const;

const TAGS = [
  'Session',
  'Authentication',
  'Connections',
  'Destinations',
  'Discovery',
  'Hardware',
  'Integrations',
  'Interfaces',
  'Logs',
  'LoRa',
  'Messaging',
  'Models',
  'Schemas',
  'Server',
  'WADL',
] as const;

/** Calls that need no credentials (spec 6 and facts/rest-api.md `OPEN_PATHS` and the SSE stream exemption). */
const OPEN_CALLS = [
  'GET /health',
  'GET /api/v1/ping',
  'POST /api/v1/login',
  'GET /api/v1/server/log/sse/stream/{token}',
  'GET /api/v1/messaging/sse/stream/{token}',
];

/** Config updates that answer 304 when nothing changed, with the component that says so. */
const NOT_MODIFIED: Record<string, string> = {
  'POST /api/v1/auth/config': 'NoChangeDetected',
  'POST /api/v1/server/discovery/config': 'NoChangeDetected',
  'POST /api/v1/server/hardware/config': 'NoChangesMade',
  'PUT /api/v1/server/interface/{endpoint}': 'NoChangeDetected',
  'PUT /api/v1/server/config': 'NoChangeDetected',
};

/** Calls on a named resource that answer 404 when it does not exist. */
const NOT_FOUND: Record<string, string> = {
  'PUT /api/v1/server/connection/close': 'ConnectionNotFound',
  'GET /api/v1/server/connection': 'ConnectionNotFound',
  'GET /api/v1/server/destination': 'DestinationNotFound',
  'GET /api/v1/server/integration/{name}': 'IntegrationNotFound',
  'GET /api/v1/server/integration/{name}/connection': 'IntegrationNotFound',
  'PUT /api/v1/server/integration/{name}/pause': 'IntegrationNotFound',
  'PUT /api/v1/server/integration/{name}/resume': 'IntegrationNotFound',
  'PUT /api/v1/server/integration/{name}/start': 'IntegrationNotFound',
  'PUT /api/v1/server/integration/{name}/stop': 'IntegrationNotFound',
  'GET /api/v1/server/integration/{endpoint}/status': 'IntegrationNotFound',
  'GET /api/v1/server/interface/{endpoint}': 'EndpointNotFound',
  'PUT /api/v1/server/interface/{endpoint}': 'EndpointNotFound',
  'GET /api/v1/server/interface/{endpoint}/connections': 'EndpointNotFound',
  'GET /api/v1/server/interface/{endpoint}/status': 'EndpointNotFound',
  'PUT /api/v1/server/interface/{endpoint}/pause': 'EndpointNotFound',
  'PUT /api/v1/server/interface/{endpoint}/resume': 'EndpointNotFound',
  'PUT /api/v1/server/interface/{endpoint}/start': 'EndpointNotFound',
  'PUT /api/v1/server/interface/{endpoint}/stop': 'EndpointNotFound',
  'GET /api/v1/device/lora/{deviceName}': 'LoRaDeviceNotFound',
  'GET /api/v1/device/lora/{deviceName}/{nodeId}': 'LoRaDeviceNotFound',
  'GET /api/v1/device/lora/{deviceName}/config': 'LoRaDeviceNotFound',
  'DELETE /api/v1/device/lora/{deviceName}/config': 'LoRaDeviceNotFound',
  'GET /api/v1/server/schema/{schemaId}': 'SchemaNotFound',
  'GET /api/v1/server/model/{modelName}': 'ModelNotFound',
  'DELETE /api/v1/server/model/{modelName}': 'ModelNotFound',
  'HEAD /api/v1/server/model/{modelName}': 'ModelNotFound',
};

// ------------------------------------------------------------------ tests

describe('the MAPS Messaging REST API description', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(raw.openapi).toBe('3.1.0');
    // validate() dereferences its argument in place: give it a copy.
    const copy = structuredClone(raw) as unknown as Parameters<typeof SwaggerParser.validate>[0];
    await expect(SwaggerParser.validate(copy)).resolves.toBeDefined();
  });

  it('names the API, its version, licence and the local server', () => {
    const info = obj(raw.info, 'info');
    expect(info.title).toBe('MAPS Messaging Server REST API');
    expect(info.version).toBe('4.0.1');
    const license = obj(info.license, 'info.license');
    expect(license.name).toBe('Apache 2.0');
    expect(license.identifier ?? license.url).toBeTruthy();
    expect(raw.servers).toEqual([{ url: 'http://localhost:8080', description: 'Local server (default port 8080)' }]);
  });

  it('explains authentication, errors, event streams and the catalogue version in its description', () => {
    const description = text(obj(raw.info, 'info').description, 'info.description');
    expect(description).toMatch(/## Authentication/);
    expect(description).toMatch(/maps_access_token/);
    expect(description).toMatch(/## Errors/);
    expect(description).toMatch(/## Event streams/);
    expect(description).toMatch(/4\.2\.1/);
  });
});

describe('operations', () => {
  it('are exactly the calls of the catalogue, no more and no fewer', () => {
    expect(CATALOGUE).toHaveLength(107);
    expect(new Set(CATALOGUE).size).toBe(CATALOGUE.length);
    expect(operations.map((o) => o.key).sort()).toEqual([...CATALOGUE].sort());
  });

  it('live under /api/v1, except the health check and the WADL grammars', () => {
    for (const { path } of operations) {
      if (path === '/health' || path === '/application.wadl' || path === '/application.wadl/{path}') continue;
      expect(path, path).toMatch(/^\/api\/v1\//);
    }
  });

  it('each have a unique camelCase operationId, a summary and a description', () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    for (const { key, op } of operations) {
      expect(op.operationId, key).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(text(op.summary, `${key} summary`).trim(), key).not.toBe('');
      expect(text(op.description, `${key} description`).trim().length, key).toBeGreaterThan(10);
    }
  });

  it('are grouped under the declared tags, each of which is described and used', () => {
    const declared = list(raw.tags, 'tags').map((tag) => obj(tag, 'tag'));
    expect(declared.map((tag) => tag.name)).toEqual([...TAGS]);
    for (const tag of declared) expect(text(tag.description, `tag ${String(tag.name)}`).length).toBeGreaterThan(10);
    const used = new Set<string>();
    for (const { key, op } of operations) {
      const tags = list(op.tags, `${key} tags`);
      expect(tags.length, key).toBeGreaterThan(0);
      for (const tag of tags) {
        expect(TAGS, key).toContain(tag);
        used.add(text(tag, key));
      }
    }
    expect([...used].sort()).toEqual([...TAGS].sort());
  });

  it('take only parameters declared once in components/parameters', () => {
    const declared = obj(components.parameters, 'components.parameters');
    for (const [path, item] of Object.entries(obj(raw.paths, 'paths'))) {
      const pathItem = obj(item, path);
      const refs = [
        ...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []),
        ...HTTP_METHODS.flatMap((method) => {
          const op = pathItem[method];
          return isObj(op) && Array.isArray(op.parameters) ? op.parameters : [];
        }),
      ];
      for (const parameter of refs) {
        const name = refName(parameter);
        expect(name, `${path}: inline parameter`).toBeDefined();
        expect(declared[name ?? ''], `${path}: ${name}`).toBeDefined();
      }
    }
  });
});

describe('responses', () => {
  const responseComponents = obj(components.responses, 'components.responses');
  const description = (name: string): string => text(obj(responseComponents[name], name).description, name);

  it('use the messages of the error catalogue', () => {
    expect(description('StatusSuccess')).toBe('Operation was successful');
    expect(description('BadRequest')).toBe('Bad request');
    expect(description('Unauthorized')).toBe('Invalid credentials or unauthorized access');
    expect(description('Forbidden')).toBe('User is not authorised to access the resource');
    expect(description('NoChangeDetected')).toMatch(/^No change detected/);
    expect(description('NoChangesMade')).toMatch(/^No changes made/);
    expect(description('MlNotSupported')).toMatch(/^ML not supported/);
    expect(description('CacheCleared')).toMatch(/^Cache cleared/);
    for (const name of ['Connection', 'Destination', 'Integration', 'Endpoint', 'LoRaDevice', 'Schema', 'Model']) {
      expect(description(`${name}NotFound`)).toMatch(/not found$/);
    }
  });

  it('on every call include a success answer and 400, 401 and 403 from components/responses', () => {
    for (const { key, op } of operations) {
      const responses = obj(op.responses, `${key} responses`);
      expect(refName(responses['400']), key).toBe('BadRequest');
      expect(refName(responses['401']), key).toBe('Unauthorized');
      expect(refName(responses['403']), key).toBe('Forbidden');
      const success = Object.keys(responses).filter((status) => /^2\d\d$/.test(status));
      expect(success, key).toHaveLength(1);
      const answer = resolve(raw, responses[success[0] ?? ''], key);
      if (success[0] === '200') expect(answer.description, key).toBe('Operation was successful');
    }
  });

  it('answer 204 with no content only when the cache is cleared', () => {
    for (const { key, op } of operations) {
      const responses = obj(op.responses, key);
      if (key === 'PUT /api/v1/server/cache') {
        expect(refName(responses['204'])).toBe('CacheCleared');
        expect(responses['200']).toBeUndefined();
        expect(resolve(raw, responses['204'], key).content).toBeUndefined();
      } else {
        expect(responses['204'], key).toBeUndefined();
      }
    }
  });

  it('answer 304 on the config updates that can change nothing', () => {
    const with304 = operations.filter(({ op }) => obj(op.responses, 'responses')['304'] !== undefined);
    expect(with304.map((o) => o.key).sort()).toEqual(Object.keys(NOT_MODIFIED).sort());
    for (const { key, op } of with304) expect(refName(obj(op.responses, key)['304']), key).toBe(NOT_MODIFIED[key]);
  });

  it('answer 404 when the named connection, destination, integration, endpoint, LoRa device, schema or model is unknown', () => {
    const with404 = operations.filter(({ op }) => obj(op.responses, 'responses')['404'] !== undefined);
    expect(with404.map((o) => o.key).sort()).toEqual(Object.keys(NOT_FOUND).sort());
    for (const { key, op } of with404) expect(refName(obj(op.responses, key)['404']), key).toBe(NOT_FOUND[key]);
  });

  it('answer 406 "ML not supported" only on the model listing', () => {
    const with406 = operations.filter(({ op }) => obj(op.responses, 'responses')['406'] !== undefined);
    expect(with406.map((o) => o.key)).toEqual(['GET /api/v1/server/models']);
    expect(refName(obj(operation('GET /api/v1/server/models').responses, 'r')['406'])).toBe('MlNotSupported');
  });

  const content = (key: string, status: string): Obj => obj(resolve(raw, obj(operation(key).responses, key)[status], key).content, `${key} ${status}`);

  it('stream events as text/event-stream, each data line one JSON object', () => {
    for (const key of ['GET /api/v1/messaging/sse/stream/{token}', 'GET /api/v1/server/log/sse/stream/{token}']) {
      const stream = obj(content(key, '200')['text/event-stream'], key);
      const example = text(stream.example, `${key} example`);
      const dataLines = example.split('\n').filter((line) => line.startsWith('data: '));
      expect(dataLines.length, key).toBeGreaterThan(0);
      for (const line of dataLines) expect(() => obj(JSON.parse(line.slice(6)), line)).not.toThrow();
    }
  });

  it('hand out the stream tokens as plain text', () => {
    expect(Object.keys(content('GET /api/v1/messaging/sse', '200'))).toEqual(['text/plain']);
    expect(Object.keys(content('GET /api/v1/server/log/sse', '200'))).toEqual(['text/plain']);
  });

  it('serve the WADL grammars as XML', () => {
    for (const key of ['GET /application.wadl', 'GET /application.wadl/{path}']) {
      expect(Object.keys(content(key, '200')), key).toEqual(['application/xml']);
    }
  });

  it('upload a model as a multipart form with a binary file field, and download it as octet-stream', () => {
    const body = obj(obj(operation('POST /api/v1/server/model/{modelName}').requestBody, 'body').content, 'content');
    const form = obj(obj(body['multipart/form-data'], 'multipart').schema, 'form schema');
    expect(form.required).toEqual(['file']);
    expect(obj(obj(form.properties, 'properties').file, 'file')).toMatchObject({ type: 'string', format: 'binary' });
    const download = obj(content('GET /api/v1/server/model/{modelName}', '200')['application/octet-stream'], 'download');
    expect(obj(download.schema, 'schema')).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('describe the config update whose method and path the catalogue does not show', () => {
    const update = operation('PUT /api/v1/server/config');
    expect(text(update.description, 'description')).toMatch(/not show/);
    const body = obj(obj(obj(update.requestBody, 'body').content, 'content')['application/json'], 'json');
    expect(refName(body.schema)).toBe('MessageDaemonConfigDTO');
    expect(refName(obj(obj(obj(obj(update.responses, 'r')['200'], '200').content, 'c')['application/json'], 'j').schema)).toBe('StatusResponse');
  });
});

describe('security', () => {
  const schemes = obj(components.securitySchemes, 'components.securitySchemes');

  it('offers HTTP basic and a JWT bearer token that is also accepted from the cookie', () => {
    expect(schemes.basicAuth).toMatchObject({ type: 'http', scheme: 'basic' });
    expect(schemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(text(obj(schemes.bearerAuth, 'bearerAuth').description, 'bearer description')).toMatch(/cookie/);
    expect(schemes.cookieAuth).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'maps_access_token' });
  });

  it('demands basic or bearer authentication by default', () => {
    expect(raw.security).toEqual([{ basicAuth: [] }, { bearerAuth: [] }]);
  });

  it('leaves the login, health-type and event-stream calls open', () => {
    for (const key of OPEN_CALLS) expect(operation(key).security, key).toEqual([]);
    const open = operations.filter(({ op }) => Array.isArray(op.security) && op.security.length === 0).map((o) => o.key);
    expect(open.sort()).toEqual([...OPEN_CALLS].sort());
  });

  it('demands basic authentication, and only that, to update the auth and discovery configurations', () => {
    for (const key of ['POST /api/v1/auth/config', 'POST /api/v1/server/discovery/config']) {
      expect(operation(key).security, key).toEqual([{ basicAuth: [] }]);
    }
    const overridden = operations.filter(({ op }) => Array.isArray(op.security) && op.security.length > 0).map((o) => o.key);
    expect(overridden.sort()).toEqual(['POST /api/v1/auth/config', 'POST /api/v1/server/discovery/config']);
  });
});

describe('parameters', () => {
  const parameter = (name: string): Obj => obj(obj(components.parameters, 'parameters')[name], name);
  const parameterSchema = (name: string): Obj => resolve(raw, parameter(name).schema, name);
  const parametersOf = (key: string): Obj[] => {
    const found = byKey.get(key);
    if (!found) throw new Error(key);
    const pathLevel = obj(obj(raw.paths, 'paths')[found.path], found.path).parameters;
    return [...(Array.isArray(pathLevel) ? pathLevel : []), ...(Array.isArray(found.op.parameters) ? found.op.parameters : [])].map((p) =>
      resolve(raw, p, key),
    );
  };

  it('page the destinations: size defaults to 40, sortBy to Published', () => {
    expect(parameter('destinationsSize')).toMatchObject({ name: 'size', in: 'query', example: 100 });
    expect(parameterSchema('destinationsSize')).toMatchObject({ type: 'integer', default: 40 });
    expect(parameter('destinationsSortBy')).toMatchObject({ name: 'sortBy', in: 'query' });
    expect(parameterSchema('destinationsSortBy')).toMatchObject({
      type: 'string',
      enum: ['Name', 'Published', 'Delivered', 'Stored', 'Pending', 'Delayed', 'Expired'],
      default: 'Published',
    });
    const names = parametersOf('GET /api/v1/server/destinations').map((p) => p.name);
    expect(names.sort()).toEqual(['filter', 'size', 'sortBy']);
  });

  it('require destinationName for destination details and message streaming, with wildcards for streaming', () => {
    const details = parametersOf('GET /api/v1/server/destination').find((p) => p.name === 'destinationName');
    expect(details).toMatchObject({ in: 'query', required: true });
    const streaming = parametersOf('GET /api/v1/messaging/sse/stream/{token}').find((p) => p.name === 'destinationName');
    expect(streaming).toMatchObject({ in: 'query', required: true });
    expect(text(streaming?.description, 'description')).toMatch(/MQTT-style wildcards/);
  });

  it('stream messages with maxDepth 1 and retainMessage false by default', () => {
    const names = parametersOf('GET /api/v1/messaging/sse/stream/{token}').map((p) => p.name);
    expect(names.sort()).toEqual(['destinationName', 'filter', 'maxDepth', 'namedSubscription', 'retainMessage', 'token']);
    expect(parameterSchema('maxDepth')).toMatchObject({ type: 'integer', default: 1 });
    expect(parameterSchema('retainMessage')).toMatchObject({ type: 'boolean', default: false });
  });

  it('filter event streams with JMS selectors and lists with SQL-like expressions, each with an example', () => {
    const eventFilter = parameter('eventStreamFilter');
    expect(eventFilter.name).toBe('filter');
    expect(text(eventFilter.description, 'description')).toMatch(/JMS selector/);
    expect(eventFilter.example).toBeTruthy();
    expect(parameter('interfaceFilter').example).toBe("state = 'Started'");
    expect(parameter('connectionFilter').example).toBe("protocolName = 'mqtt' AND totalBytesRead > 1024");
    for (const [name, value] of Object.entries(obj(components.parameters, 'parameters'))) {
      const p = obj(value, name);
      if (p.name !== 'filter' || name === 'eventStreamFilter') continue;
      expect(text(p.description, name), name).toMatch(/SQL-like/);
      expect(typeof p.example, name).toBe('string');
    }
  });

  it('give every list call of the catalogue that takes a filter a filter parameter', () => {
    const filtered = [
      'GET /api/v1/auth/groups',
      'GET /api/v1/auth/users',
      'GET /api/v1/server/connections',
      'GET /api/v1/server/destinations',
      'GET /api/v1/server/discovery',
      'GET /api/v1/server/integration',
      'GET /api/v1/server/integration/status',
      'GET /api/v1/server/interfaces',
      'GET /api/v1/server/interfaces/status',
      'GET /api/v1/server/log',
      'GET /api/v1/server/log/sse/stream/{token}',
      'GET /api/v1/server/schema',
      'DELETE /api/v1/server/schema',
      'GET /api/v1/messaging/sse/stream/{token}',
    ];
    for (const key of filtered) expect(parametersOf(key).map((p) => p.name), key).toContain('filter');
  });
});

describe('schemas', () => {
  /** Every entity of the entity catalogue, under the name the specification gives it. */
  const ENTITIES = [
    'LoginRequest', 'LoginResponse', 'UpdateCheckResponse', 'StatusResponse',
    'AuthManagerConfigDTO', 'GroupDTO', 'GroupListResponse', 'NewUserDTO', 'UserDTO', 'UserListResponse',
    'EndPointSummaryDTO', 'EndPointDetailsDTO', 'ProtocolInformationDTO', 'RemoteDeviceInfo', 'SessionContextDTO',
    'SubscriptionInformationDTO', 'SubscriptionContextDTO', 'SubscriptionStateDTO',
    'DestinationDTO', 'DestinationResponse', 'DestinationDetailsResponse',
    'DiscoveryManagerConfigDTO', 'DiscoveredServersDTO',
    'DeviceManagerConfigDTO', 'Trigger', 'I2CBusConfigDTO', 'SpiDeviceBusConfigDTO', 'SpiDeviceConfigDTO', 'OneWireBusConfigDTO',
    'DeviceInfoDTO', 'DeviceList', 'DeviceScanList',
    'EndPointServerConfigDTO', 'EndPointConnectionServerConfigDTO', 'EndPointConfigDTO', 'TcpConfigDTO', 'TlsConfigDTO',
    'UdpConfigDTO', 'DtlsConfigDTO', 'HmacConfigDTO', 'SslConfigDTO', 'KeyStoreConfigDTO', 'SerialDeviceDTO',
    'LoRaChipConfigDTO', 'LoRaSerialConfigDTO', 'ProtocolConfigDTO', 'ConnectionAuthConfigDTO', 'AuthConfigDTO', 'SaslConfigDTO',
    'MessageOverrideDTO', 'LinkConfigDTO', 'NamespaceFilterDTO',
    'IntegrationInfoDTO', 'IntegrationDetailResponse', 'IntegrationStatusDTO', 'LinkedMovingAverageRecordDTO',
    'InterfaceInfoDTO', 'InterfaceStatusDTO', 'InterfaceDetailResponse',
    'LogEntry', 'LogEntries',
    'LoRaDeviceInfoDTO', 'LoRaEndPointInfoDTO', 'LoRaEndPointConnectionInfoDTO', 'LoRaDeviceConfigInfoDTO',
    'MessageDTO', 'AsyncMessageDTO', 'ConsumeRequestDTO', 'ConsumedResponse', 'TransactionData', 'SubscriptionDepth',
    'PublishRequestDTO', 'SubscriptionRequestDTO',
    'SchemaPostDTO', 'SchemaConfig', 'SchemaResponse', 'SchemaMapResponse',
    'CacheInfo', 'MessageDaemonConfigDTO', 'ServerInfoDTO', 'ServerHealthStateResponse', 'SubSystemStatusDTO', 'ServerStatisticsDTO',
  ];

  it('include every entity of the entity catalogue', () => {
    for (const name of ENTITIES) expect(schemas[name], name).toBeDefined();
  });

  it('describe every property', () => {
    const missing: string[] = [];
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) {
        node.forEach((item, index) => walk(item, `${where}[${index}]`));
        return;
      }
      if (!isObj(node)) return;
      if (isObj(node.properties)) {
        for (const [name, declaration] of Object.entries(node.properties)) {
          const own = obj(declaration, `${where}.${name}`);
          if (typeof own.description !== 'string' || own.description.trim() === '') missing.push(`${where}.${name}`);
          walk(own, `${where}.${name}`);
        }
      }
      for (const keyword of ['allOf', 'oneOf', 'anyOf', 'items', 'additionalProperties']) walk(node[keyword], `${where}.${keyword}`);
    };
    for (const [name, value] of Object.entries(schemas)) walk(value, name);
    expect(missing).toEqual([]);
  });

  it('give every named schema a description', () => {
    for (const [name, value] of Object.entries(schemas)) expect(typeof obj(value, name).description, name).toBe('string');
  });

  it('mark the required fields of the entity catalogue', () => {
    expect(requiredOf('DestinationDTO')).toEqual(
      ['delayedMessages', 'name', 'pendingMessages', 'schemaId', 'storedMessages', 'type'].sort(),
    );
    expect(requiredOf('PublishRequestDTO')).toEqual(['destinationName', 'message']);
    expect(requiredOf('MessageDTO')).toEqual(['payload']);
    expect(requiredOf('SubscriptionRequestDTO')).toEqual(['destinationName']);
    expect(requiredOf('BaseProtocolConfigDTO')).toEqual(['type']);
    expect(requiredOf('BaseSchemaConfig')).toEqual(['type']);
    expect(requiredOf('AsyncMessageDTO')).toEqual(['destinationName', 'payload']);
  });

  it('use uuid, int64, date-time and byte formats where the catalogue says so', () => {
    expect(property('LoginResponse', 'uniqueId').format).toBe('uuid');
    expect(property('GroupDTO', 'uniqueId').format).toBe('uuid');
    for (const name of ['schemaUpdate', 'destinationUpdate', 'interfaceUpdate']) {
      expect(property('UpdateCheckResponse', name), name).toMatchObject({ type: 'integer', format: 'int64' });
    }
    expect(property('MessageDTO', 'payload')).toMatchObject({ type: 'string', format: 'byte' });
    expect(property('MessageDTO', 'creation')).toMatchObject({ type: 'string', format: 'date-time' });
    expect(property('LoginResponse', 'accessMap')).toMatchObject({ type: 'object', additionalProperties: { type: 'string' } });
  });

  it('use 3.1 nullability, e.g. for the members of a group', () => {
    const users = property('GroupDTO', 'usersList');
    expect(users.type).toEqual(['array', 'null']);
    expect(obj(users.items, 'items').format).toBe('uuid');
    const text31 = readFileSync(file, 'utf8');
    expect(text31).not.toMatch(/\bnullable:/);
  });

  it('bound counters at zero', () => {
    const counters: Record<string, string[]> = {
      DestinationDTO: ['storedMessages', 'delayedMessages', 'pendingMessages', 'noInterestMessages', 'publishedMessages', 'retrievedMessages', 'expiredMessages', 'deliveredMessages'],
      InterfaceStatusDTO: ['totalBytesSent', 'totalBytesReceived', 'totalMessagesSent', 'totalMessagesReceived', 'bytesSent', 'bytesReceived', 'messagesSent', 'messagesReceived', 'connections', 'errors'],
      LoRaDeviceInfoDTO: ['bytesSent', 'bytesReceived', 'packetsSent', 'packetsReceived'],
      LoRaEndPointInfoDTO: ['incomingQueueSize', 'connectionSize'],
      LoRaEndPointConnectionInfoDTO: ['missedPackets', 'receivedPackets'],
      EndPointSummaryDTO: ['totalBytesRead', 'totalBytesWritten', 'totalOverflow', 'totalUnderflow', 'bytesRead', 'bytesWritten', 'overFlow', 'underFlow'],
      IntegrationStatusDTO: ['bytesSent', 'bytesReceived', 'messagesSent', 'messagesReceived', 'errors'],
      SubscriptionStateDTO: ['size', 'pending', 'messagesIgnored', 'messagesRegistered', 'messagesSent', 'messagesAcked', 'messagesRolledBack', 'messagesExpired'],
      CacheInfo: ['cacheSize', 'cacheHits', 'cacheMisses'],
      ServerStatisticsDTO: ['packetsSent', 'packetsReceived', 'totalReadBytes', 'totalWriteBytes', 'totalConnections', 'totalDisconnections', 'totalPublishedMessages', 'totalDeliveredMessages'],
    };
    for (const [schemaName, names] of Object.entries(counters)) {
      for (const name of names) expect(property(schemaName, name), `${schemaName}.${name}`).toMatchObject({ type: 'integer', minimum: 0 });
    }
  });

  it('bound RSSI, LoRa power and LoRa address', () => {
    expect(property('LoRaEndPointInfoDTO', 'lastRSSI')).toMatchObject({ minimum: -200, maximum: 0 });
    expect(property('LoRaEndPointConnectionInfoDTO', 'rssi')).toMatchObject({ minimum: -200, maximum: 0 });
    for (const schemaName of ['LoRaChipConfigDTO', 'LoRaSerialConfigDTO', 'LoRaDeviceConfigInfoDTO']) {
      expect(property(schemaName, 'power'), schemaName).toMatchObject({ minimum: 0, maximum: 20 });
    }
    for (const schemaName of ['LoRaChipConfigDTO', 'LoRaSerialConfigDTO']) {
      expect(property(schemaName, 'address'), schemaName).toMatchObject({ minimum: 1, maximum: 254 });
    }
  });

  it('bound message priority and quality of service, with their defaults', () => {
    expect(property('MessageDTO', 'priority')).toMatchObject({ type: 'integer', minimum: 0, maximum: 10, default: 4 });
    expect(property('MessageDTO', 'qualityOfService')).toMatchObject({ type: 'integer', minimum: 0, maximum: 2, default: 0 });
    expect(property('MessageDTO', 'expiry')).toMatchObject({ default: -1 });
    expect(property('MessageOverrideDTO', 'qualityOfService')).toMatchObject({ minimum: 0, maximum: 3 });
    expect(property('MessageOverrideDTO', 'priority')).toMatchObject({ minimum: 0, maximum: 10 });
  });

  it('give the messaging requests their defaults', () => {
    expect(property('ConsumeRequestDTO', 'depth')).toMatchObject({ default: 10 });
    expect(property('SubscriptionRequestDTO', 'maxDepth')).toMatchObject({ default: 1 });
    expect(property('SubscriptionRequestDTO', 'transactional')).toMatchObject({ default: false });
    expect(property('SubscriptionRequestDTO', 'retainMessage')).toMatchObject({ default: false });
    expect(property('PublishRequestDTO', 'retain')).toMatchObject({ default: false });
    expect(text(property('SubscriptionRequestDTO', 'destinationName').description, 'd')).toMatch(/wildcards/);
    expect(text(property('SubscriptionRequestDTO', 'filter').description, 'd')).toMatch(/JMS selector/);
    expect(property('EndPointConnectionServerConfigDTO', 'cost')).toMatchObject({ default: 10 });
  });

  it('restrict the serial line settings to their allowed values', () => {
    expect(property('SerialDeviceDTO', 'baudRate').enum).toEqual([
      110, 300, 600, 1200, 2400, 4800, 9600, 14400, 19200, 28800, 38400, 57600, 115200, 230400, 460800, 921600,
    ]);
    expect(property('SerialDeviceDTO', 'dataBits').enum).toEqual([5, 6, 7, 8]);
    expect(property('SerialDeviceDTO', 'stopBits').enum).toEqual([1, 1.5, 2]);
    expect(property('SerialDeviceDTO', 'parity').enum).toEqual(['n', 'o', 'e', 'm', 's']);
    expect(property('SerialDeviceDTO', 'flowControl').enum).toEqual([0, 1, 2, 3]);
  });

  it('enumerate the state and type values', () => {
    expect(property('DestinationDTO', 'type').enum).toEqual(['queue', 'topic']);
    expect(property('SubSystemStatusDTO', 'status').enum).toEqual(['OK', 'STOPPED', 'PAUSED', 'DISABLED', 'WARN', 'ERROR']);
    expect(schema('HealthState').enum).toEqual(['Ok', 'Warning', 'Error']);
    expect(refName(obj(schema('ServerHealthStateResponse').properties, 'p').status)).toBe('HealthState');
    expect(property('BaseEndPointConfigDTO', 'proxyProtocolMode')).toMatchObject({ enum: ['ENABLED', 'DISABLED', 'REQUIRED'] });
    expect(property('EndPointConfigDTO', 'proxyProtocolMode').enum).toEqual(['ENABLED', 'DISABLED', 'REQUIRED']);
    expect(property('NativeSchemaConfig', 'nativeType').enum).toEqual(['STRING', 'NUMERIC_STRING', 'INT8', 'INT16', 'INT32', 'INT64', 'FLOAT', 'DOUBLE']);
    expect(property('InterruptTriggerConfigDTO', 'pullDirection').enum).toEqual(['UP', 'DOWN']);
    expect(property('MessageDaemonConfigDTO', 'incrementPriorityMethod').enum).toEqual(['maintain', 'increment']);
  });

  /** The polymorphic entities: a `oneOf` with a discriminator on `type` whose mapping matches the variants. */
  const POLYMORPHIC: Record<string, string[]> = {
    ProtocolInformationDTO: ['amqp', 'coap', 'lora', 'mqtt', 'mqtt-sn', 'mqttV5', 'NMEA-0183', 'semtech', 'stomp', 'rest', 'extension', 'orbcomm', 'satellite'],
    EndPointConfigDTO: ['tcp', 'ssl', 'udp', 'dtls', 'loraDevice', 'loraSerial', 'serial'],
    ProtocolConfigDTO: ['amqp', 'coap', 'lora', 'mqtt', 'mqtt-sn', 'mqttV5', 'NMEA-0183', 'orbcomm', 'satellite', 'semtech', 'stomp', 'websocket', 'extension'],
    SchemaConfig: ['avro', 'csv', 'json', 'cbor', 'messagePack', 'native', 'protobuf', 'raw', 'xml'],
    Trigger: ['cron', 'interrupt', 'periodic'],
  };

  for (const [name, types] of Object.entries(POLYMORPHIC)) {
    it(`make ${name} a oneOf discriminated by type (${types.length} variants)`, () => {
      const polymorphic = schema(name);
      const discriminator = obj(polymorphic.discriminator, `${name}.discriminator`);
      expect(discriminator.propertyName).toBe('type');
      const mapping = obj(discriminator.mapping, `${name}.mapping`);
      expect(Object.keys(mapping).sort()).toEqual([...types].sort());
      const variants = list(polymorphic.oneOf, `${name}.oneOf`).map((v) => text(obj(v, 'variant').$ref, 'variant $ref'));
      expect([...Object.values(mapping)].sort()).toEqual([...variants].sort());
      // The base declares every type; each variant pins its own.
      expect(property(name, 'type').enum).toEqual(types);
      for (const [value, target] of Object.entries(mapping)) {
        const variant = text(target, value).split('/').pop() ?? '';
        const pinned = list(schema(variant).allOf, `${variant}.allOf`)
          .map((part) => obj(part, variant))
          .map((part) => (isObj(part.properties) ? part.properties.type : undefined))
          .find((declaration) => isObj(declaration) && 'const' in declaration);
        expect(obj(pinned, `${variant}.type`).const, variant).toBe(value);
        expect(requiredOf(variant), variant).toContain('type');
      }
    });
  }

  it('carry the defaults of the server configuration in MessageDaemonConfigDTO', () => {
    const defaults: Record<string, unknown> = {
      delayedPublishInterval: 1000,
      sessionPipeLines: 48,
      transactionExpiry: 3600000,
      transactionScan: 5000,
      compressMessageMinSize: 1024,
      incrementPriorityMethod: 'maintain',
      enableResourceStatistics: false,
      enableSystemTopics: true,
      enableSystemStatusTopics: true,
      enableSystemTopicAverages: false,
      enableJMX: false,
      enableJMXStatistics: false,
      tagMetaData: false,
      latitude: 0,
      longitude: 0,
      sendAnonymousStatusUpdates: false,
    };
    for (const [name, value] of Object.entries(defaults)) {
      expect(property('MessageDaemonConfigDTO', name).default, name).toBe(value);
    }
    expect(property('MessageDaemonConfigDTO', 'compressionName').enum).toEqual(['inflator', 'none']);
  });

  it('give the MQTT figures of the catalogue as examples, not defaults', () => {
    const examples: Array<[string, string, number]> = [
      ['MqttSettings', 'maximumSessionExpiry', 86400],
      ['MqttSettings', 'maximumBufferSize', 10485760],
      ['MqttSettings', 'serverReceiveMaximum', 10],
      ['MqttSettings', 'clientReceiveMaximum', 65535],
      ['MqttSettings', 'clientMaximumTopicAlias', 32767],
      ['MqttV5ConfigDTO', 'maxServerKeepAlive', 60],
    ];
    for (const [schemaName, name, value] of examples) {
      const declaration = property(schemaName, name);
      expect(declaration.examples, name).toEqual([value]);
      expect(declaration.default, name).toBeUndefined();
    }
  });

  it('give the satellite defaults of the catalogue, also as examples', () => {
    const satellite: Record<string, number> = {
      incomingMessagePollInterval: 10,
      outgoingMessagePollInterval: 60,
      maxBufferSize: 4000,
      compressionCutoffSize: 256,
      messageLifeTimeInMinutes: 10,
    };
    for (const [name, value] of Object.entries(satellite)) {
      expect(property('SatelliteConfigDTO', name), name).toMatchObject({ default: value, examples: [value] });
    }
    expect(property('OrbcommConfigDTO', 'locationPollInterval')).toMatchObject({ default: 0 });
  });
});

describe('examples', () => {
  interface Checked {
    where: string;
    errors: string;
  }

  // ajv and ajv-formats are CommonJS modules whose export also carries itself as `default`;
  // TypeScript (NodeNext) types the default import as the module, so take `.default`.
  const Ajv2020 = Ajv2020Module.default;
  const addFormats = addFormatsModule.default;
  const ajv = new Ajv2020({ strict: true, strictTypes: false, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
  for (const keyword of ['discriminator', 'xml', 'externalDocs', 'example']) ajv.addKeyword(keyword);

  let dereferenced: Obj = {};
  const failures: Checked[] = [];
  let checked = 0;
  const compiled = new WeakMap<Obj, ReturnType<typeof ajv.compile>>();

  const check = (schemaNode: Obj, value: unknown, where: string): void => {
    let validate = compiled.get(schemaNode);
    if (!validate) {
      validate = ajv.compile(schemaNode);
      compiled.set(schemaNode, validate);
    }
    if (!validate(value)) failures.push({ where, errors: ajv.errorsText(validate.errors) });
    checked += 1;
  };

  /** Media types and parameters: `example` or `examples.*.value` against `schema`. */
  const checkCarrier = (carrier: Obj, where: string): void => {
    if (!isObj(carrier.schema)) return;
    if ('example' in carrier) check(carrier.schema, carrier.example, `${where} example`);
    if (isObj(carrier.examples)) {
      for (const [name, entry] of Object.entries(carrier.examples)) check(carrier.schema, obj(entry, name).value, `${where} examples.${name}`);
    }
  };

  /** Schemas: every entry of a JSON Schema `examples` array against the schema that holds it. */
  const walkSchema = (node: unknown, where: string, seen: WeakSet<Obj>): void => {
    if (!isObj(node) || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node.examples)) node.examples.forEach((value, index) => check(node, value, `${where} examples[${index}]`));
    if (isObj(node.properties)) for (const [name, child] of Object.entries(node.properties)) walkSchema(child, `${where}.${name}`, seen);
    for (const keyword of ['allOf', 'oneOf', 'anyOf']) {
      const parts = node[keyword];
      if (Array.isArray(parts)) parts.forEach((part, index) => walkSchema(part, `${where}.${keyword}[${index}]`, seen));
    }
    walkSchema(node.items, `${where}.items`, seen);
    walkSchema(node.additionalProperties, `${where}.additionalProperties`, seen);
  };

  beforeAll(async () => {
    const copy = structuredClone(raw) as unknown as Parameters<typeof SwaggerParser.dereference>[0];
    dereferenced = obj(await SwaggerParser.dereference(copy), 'dereferenced');
    const seen = new WeakSet<Obj>();
    for (const [name, value] of Object.entries(obj(obj(dereferenced.components, 'components').schemas, 'schemas'))) {
      walkSchema(value, `#/components/schemas/${name}`, seen);
    }
    for (const { key, op } of operationsOf(dereferenced)) {
      for (const p of Array.isArray(op.parameters) ? op.parameters : []) checkCarrier(obj(p, key), `${key} parameter ${String(obj(p, key).name)}`);
      if (isObj(op.requestBody) && isObj(op.requestBody.content)) {
        for (const [type, media] of Object.entries(op.requestBody.content)) checkCarrier(obj(media, type), `${key} request ${type}`);
      }
      for (const [status, response] of Object.entries(obj(op.responses, key))) {
        const content = obj(response, status).content;
        if (isObj(content)) for (const [type, media] of Object.entries(content)) checkCarrier(obj(media, type), `${key} ${status} ${type}`);
      }
    }
    for (const [path, item] of Object.entries(obj(dereferenced.paths, 'paths'))) {
      const shared = obj(item, path).parameters;
      for (const p of Array.isArray(shared) ? shared : []) checkCarrier(obj(p, path), `${path} parameter ${String(obj(p, path).name)}`);
    }
  });

  it('all validate against their schemas (Ajv, JSON Schema 2020-12, with formats)', () => {
    expect(checked).toBeGreaterThan(150);
    expect(failures).toEqual([]);
  });

  it('are given for every request body and every successful response with a body', () => {
    /** Raw bytes (a model file) have no meaningful textual example. */
    const binary = (media: Obj): boolean => {
      const body = isObj(media.schema) ? media.schema : {};
      if (body.format === 'binary') return true;
      return isObj(body.properties) && Object.values(body.properties).some((p) => isObj(p) && p.format === 'binary');
    };
    const hasExample = (media: Obj): boolean => 'example' in media || isObj(media.examples);
    const missing: string[] = [];
    for (const { key, op } of operationsOf(dereferenced)) {
      if (isObj(op.requestBody) && isObj(op.requestBody.content)) {
        for (const [type, media] of Object.entries(op.requestBody.content)) {
          if (!binary(obj(media, type)) && !hasExample(obj(media, type))) missing.push(`${key} request ${type}`);
        }
      }
      for (const [status, response] of Object.entries(obj(op.responses, key))) {
        const content = obj(response, status).content;
        if (!/^2\d\d$/.test(status) || !isObj(content)) continue;
        for (const [type, media] of Object.entries(content)) {
          if (!binary(obj(media, type)) && !hasExample(obj(media, type))) missing.push(`${key} ${status} ${type}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('of event streams carry one AsyncMessageDTO or LogEntry per data line', () => {
    const named = obj(obj(dereferenced.components, 'components').schemas, 'schemas');
    const streams: Array<[string, string]> = [
      ['GET /api/v1/messaging/sse/stream/{token}', 'AsyncMessageDTO'],
      ['GET /api/v1/server/log/sse/stream/{token}', 'LogEntry'],
    ];
    for (const [key, schemaName] of streams) {
      const validate = ajv.compile(obj(named[schemaName], schemaName));
      const media = obj(obj(resolve(raw, obj(operation(key).responses, key)['200'], key).content, key)['text/event-stream'], key);
      const events = text(media.example, key)
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line): unknown => JSON.parse(line.slice('data: '.length)));
      expect(events.length, key).toBeGreaterThan(0);
      for (const event of events) expect(validate(event), `${key}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
  });

  it('are given for every parameter', () => {
    for (const [name, value] of Object.entries(obj(components.parameters, 'parameters'))) {
      expect('example' in obj(value, name), name).toBe(true);
    }
  });

  it('catch an example that breaks a bound (the check is not vacuous)', () => {
    const messageSchema = obj(obj(obj(dereferenced.components, 'components').schemas, 'schemas').MessageDTO, 'MessageDTO');
    const validate = ajv.compile(messageSchema);
    expect(validate({ payload: 'aGVsbG8=', priority: 4 })).toBe(true);
    expect(validate({ payload: 'aGVsbG8=', priority: 11 })).toBe(false);
    expect(validate({ payload: 'not base64!', priority: 4 })).toBe(false);
    expect(validate({ priority: 4 })).toBe(false);
  });
});
