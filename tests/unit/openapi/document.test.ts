import path from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../../src/errors.ts';
import { bundleDescription, hasExternalRef, loadDescription, locatePointer, locateRef, parseDescription } from '../../../src/openapi/document.ts';
import { FIXTURES, tempProject } from '../../helpers/tempSite.ts';

const SPLIT = path.join(FIXTURES, 'openapi', 'split', 'api.yaml');

const yaml = ['openapi: 3.0.3', 'paths:', '  /a:', '    get:', '      responses:', "        '200': { $ref: '#/components/responses/Gone' }", 'components:', '  schemas:', '    Thing:', '      $ref: other.yaml#/Thing', ''].join('\n');

describe('locateRef', () => {
  it('finds where the first $ref with a wanted value is written, in YAML and in JSON', () => {
    expect(locateRef(yaml, (ref) => ref === '#/components/responses/Gone')).toEqual({ line: 6, column: 24 });
    expect(locateRef(yaml, (ref) => ref.startsWith('other.yaml'))).toEqual({ line: 10, column: 13 });
    const json = JSON.stringify({ a: { b: { $ref: '#/x' } } }, null, 2);
    expect(locateRef(json, (ref) => ref === '#/x')).toEqual({ line: 4, column: 15 });
  });

  it('finds nothing when no $ref has the value, or the text is not valid YAML', () => {
    expect(locateRef(yaml, (ref) => ref === '#/nowhere')).toBeUndefined();
    expect(locateRef('a: [unclosed', () => true)).toBeUndefined();
  });
});

describe('locatePointer', () => {
  it('finds a JSON pointer, or its nearest existing parent', () => {
    expect(locatePointer(yaml, '#/components/schemas/Thing')).toEqual({ line: 10, column: 7 });
    expect(locatePointer(yaml, '#/components/schemas/Nope')).toEqual({ line: 9, column: 5 });
    expect(locatePointer(yaml, '#/paths/~1a/get')).toEqual({ line: 5, column: 7 });
  });
});

describe('a description split over several files', () => {
  it('is loaded as one, with every $ref pointing into it, whatever the working folder', async () => {
    expect(hasExternalRef(parseDescription(SPLIT).document)).toBe(true);
    const cwd = process.cwd();
    process.chdir(path.join(FIXTURES, '..'));
    try {
      const { document, text } = await loadDescription(SPLIT);
      expect(hasExternalRef(document)).toBe(false);
      expect(JSON.stringify(document)).toContain('A device the broker knows of.');
      expect(JSON.stringify(document)).toContain('Who runs the device.');
      // What readers download is the bundle: the file alone names files they do not have.
      expect(load(text)).toEqual(document);
    } finally {
      process.chdir(cwd);
    }
  });

  it('is returned as it is when it is in one file', async () => {
    const single = parseDescription(path.join(FIXTURES, 'openapi', 'small.yaml'));
    expect(await bundleDescription(path.join(FIXTURES, 'openapi', 'small.yaml'), single)).toBe(single);
  });

  const faultOf = async (files: Record<string, string>): Promise<{ error: UserError; root: string }> => {
    const project = tempProject({ files });
    try {
      const error = await loadDescription(path.join(project.root, 'api.yaml')).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(UserError);
      return { error: error as UserError, root: project.root };
    } finally {
      project.cleanup();
    }
  };
  const api = (ref: string): string =>
    `openapi: 3.0.3\ninfo: { title: x, version: "1" }\npaths:\n  /a:\n    get:\n      responses:\n        "200":\n          description: ok\n          content:\n            application/json:\n              schema: { $ref: "${ref}" }\n`;

  it('reports a file that cannot be read at the $ref naming it, in the file that holds that $ref', async () => {
    const own = await faultOf({ 'api.yaml': api('schemas/Nope.yaml') });
    expect(own.error.location).toEqual({ file: path.join(own.root, 'api.yaml'), line: 11, column: 31 });
    expect(own.error.hint).toContain('cannot be read: correct the path');

    const nested = await faultOf({ 'api.yaml': api('schemas/Device.yaml'), 'schemas/Device.yaml': 'type: object\nproperties:\n  owner:\n    $ref: Owner.yaml\n' });
    expect(nested.error.location).toEqual({ file: path.join(nested.root, 'schemas', 'Device.yaml'), line: 4, column: 11 });
  });

  it('reports a pointer to nothing in another file at the $ref that names it', async () => {
    const { error, root } = await faultOf({ 'api.yaml': api('device.yaml#/properties/nope'), 'device.yaml': 'type: object\nproperties:\n  id: { type: string }\n' });
    expect(error.location).toEqual({ file: path.join(root, 'api.yaml'), line: 11, column: 31 });
    expect(error.hint).toContain('this $ref points to #/properties/nope');
  });

  it('reports another file that is not valid YAML in that file, at the position of the fault', async () => {
    const { error, root } = await faultOf({ 'api.yaml': api('device.yaml'), 'device.yaml': 'type: object\nproperties:\n  id: [unclosed\n' });
    expect(error.location?.file).toBe(path.join(root, 'device.yaml'));
    expect(error.location?.line).toBe(4);
    expect(error.hint).toContain('fix its YAML or JSON syntax');
  });

  it('does not download a $ref to a URL, and says how to include the file instead', async () => {
    const { error, root } = await faultOf({ 'api.yaml': api('https://example.com/device.yaml') });
    expect(error.location).toEqual({ file: path.join(root, 'api.yaml'), line: 11, column: 31 });
    expect(error.hint).toContain('which a build does not download: save the file next to the description');
  });
});
