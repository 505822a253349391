import type { OpenApiDocument, SchemaObject } from './document.ts';
import { resolveRef, schemaNameOfRef } from './model.ts';

/**
 * Values one generated sample may hold: a sample is read by people, and a
 * schema whose parts each use the next several times would otherwise make
 * one that grows exponentially with its depth.
 */
export const SAMPLE_BUDGET = 2000;

/**
 * Builds an example value from a schema: the schema's own example first,
 * then defaults, enums and bounds, so generated samples are always valid.
 */
export function sampleFromSchema(document: OpenApiDocument, schema: SchemaObject | undefined, seen: Set<string> = new Set(), depth = 0, budget: { left: number } = { left: SAMPLE_BUDGET }): unknown {
  if (!schema || depth > 8) return undefined;
  budget.left -= 1;
  if (budget.left < 0) return undefined;
  if (schema.$ref) {
    const name = schemaNameOfRef(schema.$ref) ?? schema.$ref;
    if (seen.has(name)) return undefined;
    const next = new Set(seen).add(name);
    return sampleFromSchema(document, resolveRef<SchemaObject>(document, schema), next, depth + 1, budget);
  }
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const variant = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (variant) return sampleFromSchema(document, variant, seen, depth + 1, budget);
  if (schema.allOf) {
    const merged: Record<string, unknown> = {};
    for (const part of schema.allOf) {
      const value = sampleFromSchema(document, part, seen, depth + 1, budget);
      if (value && typeof value === 'object' && !Array.isArray(value)) Object.assign(merged, value);
    }
    return merged;
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type ?? (schema.properties ? 'object' : undefined)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) {
        const sample = sampleFromSchema(document, value, seen, depth + 1, budget);
        if (sample !== undefined) out[key] = sample;
      }
      if (Object.keys(out).length === 0 && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        const value = sampleFromSchema(document, schema.additionalProperties, seen, depth + 1, budget);
        if (value !== undefined) out['key'] = value;
      }
      return out;
    }
    case 'array': {
      const item = sampleFromSchema(document, schema.items, seen, depth + 1, budget);
      return item === undefined ? [] : [item];
    }
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
      const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
      if (min !== undefined) return min;
      if (max !== undefined) return Math.min(0, max);
      return 0;
    }
    case 'boolean':
      return false;
    case 'string':
      switch (schema.format) {
        case 'uuid':
          return '3fa85f64-5717-4562-b3fc-2c963f66afa6';
        case 'date-time':
          return '2025-01-01T12:00:00Z';
        case 'date':
          return '2025-01-01';
        case 'byte':
          return 'aGVsbG8=';
        case 'binary':
          return '<binary>';
        case 'email':
          return 'user@example.com';
        case 'uri':
          return 'https://example.com';
        default:
          return 'string';
      }
    default:
      return undefined;
  }
}

export interface RequestSampleInput {
  method: string;
  url: string;
  headers: [string, string][];
  body: string | undefined;
  /** Multipart upload: field name of the file. */
  fileField: string | undefined;
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Request samples in the languages the site highlights. */
export function requestSamples(input: RequestSampleInput): { lang: string; label: string; code: string }[] {
  const method = input.method.toUpperCase();
  const curl = [
    `curl -X ${method} ${shellQuote(input.url)}`,
    ...input.headers.map(([k, v]) => `  -H ${shellQuote(`${k}: ${v}`)}`),
    ...(input.fileField ? [`  -F ${shellQuote(`${input.fileField}=@model.onnx`)}`] : []),
    ...(input.body !== undefined ? [`  -d ${shellQuote(input.body)}`] : []),
  ].join(' \\\n');
  const headerJs = Object.fromEntries(input.headers);
  const js = [
    `const response = await fetch(${JSON.stringify(input.url)}, {`,
    `  method: ${JSON.stringify(method)},`,
    `  headers: ${JSON.stringify(headerJs)},`,
    ...(input.body !== undefined ? [`  body: JSON.stringify(${input.body}),`] : []),
    `});`,
    `console.log(response.status, await response.text());`,
  ].join('\n');
  const python = [
    'import requests',
    '',
    `response = requests.request(${JSON.stringify(method)}, ${JSON.stringify(input.url)},`,
    `    headers=${JSON.stringify(headerJs)},`,
    ...(input.fileField ? [`    files={${JSON.stringify(input.fileField)}: open("model.onnx", "rb")},`] : []),
    ...(input.body !== undefined ? [`    data=${JSON.stringify(input.body)},`] : []),
    ')',
    'print(response.status_code, response.text)',
  ].join('\n');
  const javaBody = input.body !== undefined ? `HttpRequest.BodyPublishers.ofString(${JSON.stringify(input.body)})` : 'HttpRequest.BodyPublishers.noBody()';
  const java = [
    'HttpClient client = HttpClient.newHttpClient();',
    'HttpRequest request = HttpRequest.newBuilder()',
    `    .uri(URI.create(${JSON.stringify(input.url)}))`,
    ...input.headers.map(([k, v]) => `    .header(${JSON.stringify(k)}, ${JSON.stringify(v)})`),
    `    .method(${JSON.stringify(method)}, ${javaBody})`,
    '    .build();',
    'HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());',
    'System.out.println(response.statusCode() + " " + response.body());',
  ].join('\n');
  const csharp = [
    'using var client = new HttpClient();',
    `var request = new HttpRequestMessage(new HttpMethod(${JSON.stringify(method)}), ${JSON.stringify(input.url)});`,
    ...input.headers.filter(([k]) => k !== 'Content-Type').map(([k, v]) => `request.Headers.TryAddWithoutValidation(${JSON.stringify(k)}, ${JSON.stringify(v)});`),
    ...(input.body !== undefined ? [`request.Content = new StringContent(${JSON.stringify(input.body)}, Encoding.UTF8, "application/json");`] : []),
    'var response = await client.SendAsync(request);',
    'Console.WriteLine($"{(int)response.StatusCode} {await response.Content.ReadAsStringAsync()}");',
  ].join('\n');
  return [
    { lang: 'bash', label: 'curl', code: curl },
    { lang: 'python', label: 'Python', code: python },
    { lang: 'javascript', label: 'JavaScript', code: js },
    { lang: 'java', label: 'Java', code: java },
    { lang: 'csharp', label: 'C#', code: csharp },
  ];
}
