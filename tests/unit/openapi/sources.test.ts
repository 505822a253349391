import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { descriptionSources, localFileOfRef } from '../../../src/openapi/sources.ts';
import { FIXTURES, tempProject } from '../../helpers/tempSite.ts';

describe('localFileOfRef', () => {
  it('resolves a $ref to another file from the folder of the file that holds it, without its fragment', () => {
    expect(localFileOfRef('schemas/Device.yaml', '/api/openapi.yaml')).toBe(path.resolve('/api/schemas/Device.yaml'));
    expect(localFileOfRef('../common.yaml#/components/schemas/Error', '/api/v1/openapi.yaml')).toBe(path.resolve('/api/common.yaml'));
    expect(localFileOfRef('my%20schemas/a.yaml', '/api/openapi.yaml')).toBe(path.resolve('/api/my schemas/a.yaml'));
  });

  it('names no file for a pointer into the same file or for a URL', () => {
    expect(localFileOfRef('#/components/schemas/Device', '/api/openapi.yaml')).toBeUndefined();
    expect(localFileOfRef('https://example.com/schemas/device.yaml', '/api/openapi.yaml')).toBeUndefined();
  });
});

describe('descriptionSources', () => {
  it('lists the description and every file its $refs reach, each once, in the order they are found', () => {
    const dir = path.join(FIXTURES, 'openapi', 'split');
    const sources = descriptionSources(path.join(dir, 'api.yaml'));
    expect(sources.map((s) => path.relative(dir, s.file))).toEqual(['api.yaml', path.join('schemas', 'Device.yaml'), path.join('schemas', 'Owner.yaml')]);
    expect(sources.every((s) => typeof s.text === 'string')).toBe(true);
  });

  it('finds $refs written in JSON and in YAML flow style, follows cycles once, and lists a missing file without text', () => {
    const project = tempProject({
      files: {
        'api.json': JSON.stringify({ a: { $ref: 'a.yaml#/A' }, b: { $ref: '#/a' }, c: { $ref: 'https://example.com/c.yaml' } }),
        'a.yaml': "A: { $ref: 'b.yaml' }\nB:\n  $ref: \"gone.yaml#/X\"\n",
        'b.yaml': 'type: object\nproperties:\n  back:\n    $ref: a.yaml#/A\n',
      },
    });
    try {
      const sources = descriptionSources(path.join(project.root, 'api.json'));
      expect(sources.map((s) => [path.basename(s.file), s.text !== undefined])).toEqual([
        ['api.json', true],
        ['a.yaml', true],
        ['b.yaml', true],
        ['gone.yaml', false],
      ]);
    } finally {
      project.cleanup();
    }
  });
});
