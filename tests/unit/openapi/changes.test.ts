import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { compareDescriptions, type ApiChangeSet } from '../../../src/openapi/changes.ts';
import type { OpenApiDocument } from '../../../src/openapi/document.ts';
import { buildReferenceModel } from '../../../src/openapi/model.ts';

function compare(before: OpenApiDocument, after: OpenApiDocument): ApiChangeSet {
  return compareDescriptions({
    before: { document: before, model: buildReferenceModel(before) },
    after: { document: after, model: buildReferenceModel(after) },
    hrefOf: (side, anchor) => `/${side}#${anchor}`,
  });
}

const base: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  paths: {
    '/items': {
      get: {
        operationId: 'listItems',
        summary: 'List items',
        parameters: [
          { name: 'size', in: 'query', schema: { type: 'integer', default: 40 } },
          { name: 'sortBy', in: 'query', schema: { type: 'string', enum: ['Name', 'Published'] } },
        ],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Item' } } } } }, '404': { description: 'none' } },
      },
      post: {
        operationId: 'addItem',
        summary: 'Add an item',
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, note: { type: 'string' } } } } } },
        responses: { '200': { description: 'ok' } },
      },
    },
    '/old': { delete: { operationId: 'dropOld', summary: 'Drop the old', responses: { '204': { description: 'gone' } } } },
  },
  components: { schemas: { Item: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, size: { type: 'integer' }, kind: { type: 'string', enum: ['a', 'b'] } } }, Gone: { type: 'object' } } },
};

const changed = (edit: (doc: OpenApiDocument) => void): OpenApiDocument => {
  const doc = structuredClone(base);
  edit(doc);
  return doc;
};

describe('compareDescriptions', () => {
  it('finds nothing between a description and itself', () => {
    expect(compare(base, structuredClone(base))).toEqual({ operations: [], schemas: [] });
  });

  it('lists operations added (not breaking) and removed (breaking), linked to the reference that has them', () => {
    const after = changed((doc) => {
      delete doc.paths?.['/old'];
      doc.paths!['/new'] = { get: { operationId: 'getNew', summary: 'Get the new', responses: { '200': { description: 'ok' } } } };
    });
    const { operations } = compare(base, after);
    expect(operations.map(({ name, change, breaking, href }) => ({ name, change, breaking, href }))).toEqual([
      { name: 'DELETE /old', change: 'removed', breaking: true, href: '/before#operation-dropOld' },
      { name: 'GET /new', change: 'added', breaking: false, href: '/after#operation-getNew' },
    ]);
  });

  it('names parameter changes in type, required, default and enum, and which break clients', () => {
    const after = changed((doc) => {
      const get = doc.paths!['/items']!.get!;
      get.parameters = [
        { name: 'size', in: 'query', required: true, schema: { type: 'string', default: 100 } },
        { name: 'sortBy', in: 'query', schema: { type: 'string', enum: ['Name', 'Delivered'] } },
        { name: 'filter', in: 'query', schema: { type: 'string' } },
      ];
    });
    const [op] = compare(base, after).operations;
    expect(op?.name).toBe('GET /items');
    expect(op?.breaking).toBe(true);
    expect(op?.details.map((d) => [d.text, d.breaking])).toEqual([
      ['query parameter `size`: type integer → string', true],
      ['query parameter `size` is now required', true],
      ['query parameter `size`: default `40` → `100`', true],
      ['query parameter `sortBy`: value "Published" no longer allowed', true],
      ['query parameter `sortBy`: value "Delivered" added', false],
      ['query parameter `filter` added (string)', false],
    ]);
  });

  it('compares request and response bodies field by field, and response codes', () => {
    const after = changed((doc) => {
      const post = doc.paths!['/items']!.post!;
      post.requestBody = { required: true, content: { 'application/json': { schema: { type: 'object', required: ['name', 'owner'], properties: { name: { type: 'string' }, owner: { type: 'string' } } } } } };
      post.responses = { '201': { description: 'created' } };
      const get = doc.paths!['/items']!.get!;
      delete get.responses!['404'];
    });
    const operations = compare(base, after).operations;
    expect(operations.find((o) => o.name === 'POST /items')?.details.map((d) => [d.text, d.breaking])).toEqual([
      ['request body field `owner` added (string, required)', true],
      ['request body field `note` removed (was string)', true],
      ['response 201 added (created)', false],
      ['response 200 removed', true],
    ]);
    expect(operations.find((o) => o.name === 'GET /items')?.details.map((d) => [d.text, d.breaking])).toEqual([['response 404 removed', false]]);
  });

  it('compares named schemas once, field by field, instead of at every use', () => {
    const after = changed((doc) => {
      const item = doc.components!.schemas!['Item']!;
      item.properties = { id: { type: 'string' }, size: { type: 'number' }, kind: { type: 'string', enum: ['a'] }, label: { type: 'string' } };
      item.required = ['id', 'label'];
      delete doc.components!.schemas!['Gone'];
    });
    const { operations, schemas } = compare(base, after);
    expect(operations).toEqual([]);
    expect(schemas.map(({ name, change, breaking, details }) => ({ name, change, breaking, details: details.map((d) => d.text) }))).toEqual([
      { name: 'Gone', change: 'removed', breaking: true, details: [] },
      {
        name: 'Item',
        change: 'changed',
        breaking: true,
        details: ['field `size`: type integer → number', 'field `kind`: value "b" no longer allowed', 'field `label` added (string, required)'],
      },
    ]);
  });

  it('reads the Spotify description with operations removed and fields changed', () => {
    const spotify = load(readFileSync(path.resolve(import.meta.dirname, '../../fixtures/openapi/spotify-web-api.yaml'), 'utf8')) as OpenApiDocument;
    const after = structuredClone(spotify);
    const paths = Object.keys(after.paths ?? {});
    const removed = paths.slice(0, 3);
    for (const p of removed) delete after.paths![p];
    const [schemaName, schema] = Object.entries(after.components?.schemas ?? {}).find(([, s]) => Object.keys(s.properties ?? {}).length > 2) ?? [];
    const [firstField] = Object.keys(schema?.properties ?? {});
    if (schema?.properties && firstField) delete schema.properties[firstField];
    const started = performance.now();
    const { operations, schemas } = compare(spotify, after);
    expect(performance.now() - started).toBeLessThan(1000);
    const removedOps = operations.filter((o) => o.change === 'removed');
    expect(removedOps.length).toBeGreaterThanOrEqual(removed.length);
    expect(removedOps.every((o) => o.breaking && removed.includes(o.path ?? ''))).toBe(true);
    expect(schemas).toEqual([expect.objectContaining({ name: schemaName, change: 'changed', breaking: true, details: [expect.objectContaining({ text: expect.stringContaining(`field \`${firstField}\` removed`) })] })]);
  });

  it('takes a renamed path parameter for the same operation, not one removed and one added', () => {
    const doc = (name: string, extra: Record<string, unknown> = {}): OpenApiDocument => ({
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: { [`/things/{${name}}`]: { get: { parameters: [{ name, in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'ok' } }, ...extra } } },
    });
    const { operations } = compare(doc('id'), doc('thingId', { deprecated: true }));
    expect(operations).toEqual([
      expect.objectContaining({
        name: 'GET /things/{thingId}',
        summary: undefined,
        change: 'changed',
        breaking: false,
        details: [
          { change: 'changed', breaking: false, text: 'path parameters renamed: `/things/{id}` → `/things/{thingId}`' },
          { change: 'changed', breaking: false, text: 'deprecated' },
        ],
      }),
    ]);
  });

  it('shows a default whose type changed as JSON, so 20 and "20" differ on the page', () => {
    const doc = (value: unknown): OpenApiDocument => ({
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: { '/a': { get: { parameters: [{ name: 'limit', in: 'query', schema: { default: value } }], responses: { '200': { description: 'ok' } } } } },
    });
    const [operation] = compare(doc(20), doc('20')).operations;
    expect(operation?.details.map((d) => d.text)).toEqual(['query parameter `limit`: default `20` → `"20"`']);
  });
});
