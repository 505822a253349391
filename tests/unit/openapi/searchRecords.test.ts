import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDescription } from '../../../src/openapi/document.ts';
import { buildReferenceModel } from '../../../src/openapi/model.ts';
import { searchRecordsOf } from '../../../src/openapi/searchRecords.ts';
import { FIXTURES } from '../../helpers/tempSite.ts';

describe('search records of the API reference', () => {
  it('makes a record for the page, then one per operation and per schema, each under its anchor', async () => {
    const { document } = await loadDescription(path.join(FIXTURES, 'openapi', 'small.yaml'));
    const model = buildReferenceModel(document);
    const records = searchRecordsOf(model);
    expect(records.map((r) => r.anchor)).toEqual(['', ...model.operations.map((o) => o.anchor), ...model.schemas.map((s) => s.anchor)]);
  });

  it('finds an operation by its summary, method and path, operation id, and parameter names', async () => {
    const { document } = await loadDescription(path.join(FIXTURES, 'openapi', 'small.yaml'));
    const list = searchRecordsOf(buildReferenceModel(document)).find((r) => r.anchor === 'operation-listThings');
    expect(list?.title).toBe('List things (GET /api/v1/things)');
    expect(list?.content).toContain('GET /api/v1/things');
    expect(list?.content).toContain('listThings');
    expect(list?.content).toContain('sortBy query parameter');
    expect(list?.content).toContain('401 Invalid credentials');
  });

  it('finds a schema by its name and its fields', async () => {
    const { document } = await loadDescription(path.join(FIXTURES, 'openapi', 'small.yaml'));
    const node = searchRecordsOf(buildReferenceModel(document)).find((r) => r.anchor === 'schema-Node');
    expect(node?.title).toBe('Node (schema)');
    expect(node?.content).toMatch(/^Node\. .*children/);
  });
});
