import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDescription } from '../../../src/openapi/document.ts';
import { buildReferenceModel } from '../../../src/openapi/model.ts';
import { buildReference } from '../../../src/openapi/reference.ts';
import { renderers } from '../../../src/render/renderers.ts';
import { sampleFromSchema } from '../../../src/openapi/samples.ts';
import { UserError } from '../../../src/errors.ts';
import { FIXTURES, tempProject } from '../../helpers/tempSite.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const SMALL = path.join(FIXTURES, 'openapi', 'small.yaml');

describe('reference model', () => {
  it('lists each operation once, under its first tag, with readable anchors', async () => {
    const { document } = await loadDescription(SMALL);
    const model = buildReferenceModel(document);
    expect(model.operations.map((o) => o.anchor)).toEqual(['operation-getHealth', 'operation-listThings', 'operation-createThing']);
    expect(model.tags.map((t) => [t.anchor, t.operations.length])).toEqual([['tag-Things', 3]]);
    expect(model.operations[0]?.security).toEqual([]);
    expect(model.operations[1]?.security.map((s) => s.schemes)).toEqual([['basicAuth'], ['bearerAuth']]);
  });

  it('generates samples that respect defaults, enums and bounds', async () => {
    const { document } = await loadDescription(SMALL);
    expect(sampleFromSchema(document, { $ref: '#/components/schemas/Health' })).toEqual({ status: 'Ok', issueCount: 0 });
    // Recursion stops instead of looping.
    expect(sampleFromSchema(document, { $ref: '#/components/schemas/Node' })).toEqual({ name: 'string', children: [] });
  });
});

describe('reference page', () => {
  it('renders variants, recursion as a link, expanded single fields, 3.1 nullable types and constraints', async () => {
    const { html } = await buildReference({ file: SMALL, route: '/docs/api/reference', baseUrl: '/' });
    expect(html).toContain('One of');
    expect(html).toContain('chosen by <code>type</code>');
    expect(html).toMatch(/<summary class="variant-label">tcp<\/summary>/);
    expect(html).toContain('<a class="schema-ref" href="#schema-Node">Node</a>');
    expect(html).toContain('nullable');
    expect(html).toContain('read-only');
    expect(html).toContain('default 40');
    expect(html).toContain('<code class="enum-value">Published</code>');
    // inner is the single field of wrapper: shown open.
    expect(html).toMatch(/<details open=""><summary class="prop-head"><code class="prop-name">inner<\/code>/);
    expect(html).toContain('curl -X POST');
  });

  it('shows a $ref into part of a schema where it is used, and links deeper or self-containing parts to the schema holding them', async () => {
    const dir = tempProject({
      files: {
        'api.yaml': [
          'openapi: 3.0.3',
          'info: { title: Parts, version: "1" }',
          'paths:',
          '  /devices:',
          '    get:',
          '      responses:',
          '        "200":',
          '          description: ok',
          '          content:',
          '            application/json:',
          '              schema: { type: array, items: { $ref: "#/components/schemas/Fleet/properties/devices/items" } }',
          'components:',
          '  schemas:',
          '    Fleet:',
          '      type: object',
          '      properties:',
          '        devices:',
          '          type: array',
          '          items:',
          '            type: object',
          '            description: A device the broker knows of.',
          '            properties:',
          '              id: { type: string }',
          '              parts: { type: array, items: { $ref: "#/components/schemas/Fleet/properties/devices/items" } }',
          '',
        ].join('\n'),
      },
    });
    try {
      const { html } = await buildReference({ file: path.join(dir.root, 'api.yaml'), route: '/docs/api/reference', baseUrl: '/' });
      const operation = html.slice(html.indexOf('id="operation-'), html.indexOf('id="schema-Fleet"'));
      // In the response, the device is shown in full, with its description, not as a path to follow.
      expect(operation).toContain('<p>Array of object </p><p class="prop-description">A device the broker knows of.</p>');
      expect(operation).toContain('<code class="prop-name">id</code>');
      // Within itself, the part is a link to Fleet, the schema that holds it: shown once, not again and again.
      expect(operation.split('A device the broker knows of.').length).toBe(2);
      expect(operation).toContain('array of <a class="schema-ref" href="#schema-Fleet">Fleet/properties/devices/items</a>');
      for (const [, id] of html.matchAll(/href="#(schema-[^"]+)"/g)) expect(html).toContain(`id="${id}"`);
    } finally {
      dir.cleanup();
    }
  });

  it('gives every operation of the MAPS description an anchor, linked from the menu', async () => {
    const file = path.join(ROOT, 'openapi', 'maps-messaging-api.yaml');
    const { document } = await loadDescription(file);
    const model = buildReferenceModel(document);
    const { html, anchors } = await buildReference({ file, route: '/docs/api/reference', baseUrl: '/' });
    expect(model.operations.length).toBe(107);
    for (const op of model.operations) {
      expect(html, op.id).toContain(`id="${op.anchor}"`);
      expect(html, op.id).toContain(`href="#${op.anchor}"`);
      expect(anchors).toContain(op.anchor);
    }
  });

  it('fails on an invalid description with the file, line and JSON pointer', async () => {
    const { tempProject } = await import('../../helpers/tempSite.ts');
    const project = tempProject({ files: { 'bad.yaml': 'openapi: 3.1.0\ninfo:\n  title: x\n  version: "1"\npaths:\n  /a:\n    get:\n      responses:\n        "200":\n          descriptionx: oops\n' } });
    try {
      await buildReference({ file: path.join(project.root, 'bad.yaml'), route: '/r', baseUrl: '/' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(UserError);
      const e = error as UserError;
      expect(e.location?.file).toContain('bad.yaml');
      expect(e.location?.line).toBeGreaterThan(5);
      expect(e.hint).toMatch(/^the fault is at #\/paths/);
    } finally {
      project.cleanup();
    }
  });

  it('checks OpenAPI 3.0 descriptions against their schema, and requires every $ref to resolve', async () => {
    const { tempProject } = await import('../../helpers/tempSite.ts');
    const project = tempProject({
      files: {
        'v30.yaml': 'openapi: 3.0.3\ninfo:\n  title: x\npaths: {}\n',
        'dangling.yaml':
          'openapi: 3.1.0\ninfo: { title: x, version: "1" }\npaths:\n  /a:\n    get:\n      responses:\n        "200":\n          description: ok\n          content: { application/json: { schema: { $ref: "#/components/schemas/Missing" } } }\n',
      },
    });
    try {
      const failure = async (file: string): Promise<UserError> => {
        try {
          await buildReference({ file: path.join(project.root, file), route: '/r', baseUrl: '/' });
        } catch (error) {
          return error as UserError;
        }
        throw new Error(`${file} was accepted`);
      };
      const v30 = await failure('v30.yaml');
      expect(v30).toBeInstanceOf(UserError);
      expect(v30.message).toMatch(/schema validation failed[\s\S]*#\/info must have required property 'version'/);
      // Beyond the schema: every $ref must resolve.
      const dangling = await failure('dangling.yaml');
      expect(dangling).toBeInstanceOf(UserError);
      expect(dangling.message).toMatch(/Missing/);
    } finally {
      project.cleanup();
    }
  });
});

describe('reference page built while the description is validated', () => {
  /** A promise and the hands that settle it, as a worker's answer arrives. */
  function pending<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
    let resolve!: (value: T) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
    promise.catch(() => undefined);
    return { promise, resolve, reject };
  }
  const settled = async (promise: Promise<unknown>): Promise<boolean> => {
    let done = false;
    void promise.then(
      () => (done = true),
      () => (done = true),
    );
    await new Promise((wake) => setTimeout(wake, 20));
    return done;
  };

  it('is built from the parsed description, and given only once the description is valid', async () => {
    const loaded = await loadDescription(SMALL);
    const valid = pending<typeof loaded>();
    let rendered = false;
    const render: typeof renderers.renderReference = (props) => ((rendered = true), renderers.renderReference(props));
    const reference = buildReference({ file: SMALL, route: '/r', baseUrl: '/', render, parsed: Promise.resolve(loaded), loaded: valid.promise });
    expect(await settled(reference)).toBe(false);
    expect(rendered, 'the page is rendered while the description is validated').toBe(true);
    valid.resolve(loaded);
    expect((await reference).operations.map((o) => o.id)).toEqual(['getHealth', 'listThings', 'createThing']);
  });

  it("fails with the validator's message when the description is invalid, whether or not its page could be built", async () => {
    const loaded = await loadDescription(SMALL);
    const fault = new UserError('invalid OpenAPI description: #/tags must be array');
    for (const document of [loaded.document, { ...loaded.document, tags: 5 }]) {
      const valid = pending<typeof loaded>();
      const reference = buildReference({ file: SMALL, route: '/r', baseUrl: '/', parsed: Promise.resolve({ ...loaded, document: document as never }), loaded: valid.promise });
      valid.reject(fault);
      // With tags: 5 the model itself fails (a TypeError); the reason a reader can act on is the validator's.
      await expect(reference).rejects.toBe(fault);
    }
  });
});
