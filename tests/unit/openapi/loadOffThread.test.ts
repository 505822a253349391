import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../../src/errors.ts';
import { loadDescriptionOffThread } from '../../../src/openapi/loadOffThread.ts';
import { FIXTURES, tempProject } from '../../helpers/tempSite.ts';

describe('the API description loaded on a worker', () => {
  const start = (file: string) => {
    // npm test compiles the engine first; the worker is lib/description-worker.js.
    const load = loadDescriptionOffThread(file);
    if (!load) throw new Error('lib/description-worker.js is missing: run `node scripts/compile.mjs`');
    return load;
  };

  it('gives the parsed description first, with its $refs, then the same once validated', async () => {
    const load = start(path.join(FIXTURES, 'openapi', 'small.yaml'));
    const parsed = await load.parsed;
    // Validation dereferences the worker's own copy: the page is built from $refs, linking each schema once.
    expect(JSON.stringify(parsed.document)).toContain('"$ref":"#/components/schemas/');
    expect(await load.result).toEqual(parsed);
  });

  it("gives an invalid description's parse, then its fault with the JSON pointer; a YAML fault fails both", async () => {
    const project = tempProject({ files: {} });
    try {
      const invalid = path.join(project.root, 'invalid.yaml');
      writeFileSync(invalid, 'openapi: 3.1.0\ninfo:\n  title: x\n  version: "1"\ntags: 5\npaths: {}\n');
      const load = start(invalid);
      expect((await load.parsed).document.tags).toBe(5);
      await expect(load.result).rejects.toBeInstanceOf(UserError);
      await expect(load.result).rejects.toMatchObject({ hint: 'the fault is at #/tags', location: { file: invalid, line: 5 } });

      const unparsable = path.join(project.root, 'unparsable.yaml');
      writeFileSync(unparsable, 'openapi: 3.1.0\ninfo: [unclosed\n');
      const broken = start(unparsable);
      await expect(broken.parsed).rejects.toMatchObject({ message: expect.stringContaining('invalid OpenAPI file') });
      await expect(broken.result).rejects.toMatchObject({ message: expect.stringContaining('invalid OpenAPI file') });
    } finally {
      project.cleanup();
    }
  });
});
