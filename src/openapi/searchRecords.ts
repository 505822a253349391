import type { ApiChanges } from './changes.ts';
import type { ParameterObject, SchemaObject } from './document.ts';
import type { ReferenceModel } from './model.ts';

/**
 * One search record for the page and for each operation and each schema of the reference, so
 * that a search finds the call itself: a 2,000-line page indexed whole would
 * rank below every short page that mentions the word once.
 */
export interface SearchRecord {
  anchor: string;
  title: string;
  /** Plain text: what the record is found by. */
  content: string;
}

function propertyText(schema: SchemaObject | undefined): string[] {
  if (!schema) return [];
  return Object.entries(schema.properties ?? {}).map(([name, property]) => [name, property.description ?? ''].join(' '));
}

function parameterText(parameter: ParameterObject): string {
  const schema = parameter.schema;
  const values = schema?.enum?.map(String).join(' ') ?? '';
  return [parameter.name, `${parameter.in} parameter`, parameter.description ?? '', values].join(' ');
}

/** Parts of a record as one text: each ends a sentence, white space squeezed (descriptions span lines). */
function sentences(parts: readonly string[]): string {
  return parts
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter((part) => part !== '')
    .map((part) => (/[.!?:;]$/.test(part) ? part : `${part}.`))
    .join(' ');
}

export function searchRecordsOf(model: ReferenceModel): SearchRecord[] {
  const operations = model.operations.map((op) => ({
    anchor: op.anchor,
    title: `${op.summary} (${op.method.toUpperCase()} ${op.path})`,
    content: sentences([
      op.summary,
      `${op.method.toUpperCase()} ${op.path}`,
      op.id,
      op.tags.join(' '),
      op.description ?? '',
      ...op.parameters.map(parameterText),
      op.requestBody?.description ?? '',
      ...op.responses.map((r) => `${r.status} ${r.response.description ?? ''}`),
    ]),
  }));
  const schemas = model.schemas.map(({ name, anchor, schema }) => ({
    anchor,
    title: `${name} (schema)`,
    content: sentences([name, schema.title ?? '', schema.description ?? '', ...propertyText(schema)]),
  }));
  // The page itself (its introduction: base address, authentication, event streams), under no anchor.
  const page = { anchor: '', title: `${model.title} reference`, content: sentences([model.title, model.version, model.description ?? '']) };
  return [page, ...operations, ...schemas];
}

/**
 * A REST change log's records: the page, and each operation or schema that
 * changed, under its anchor on the page, so "breaking" or an operation's
 * name finds the change itself.
 */
export function changeLogSearchRecords(log: Pick<ApiChanges, 'title' | 'description' | 'changes'>): SearchRecord[] {
  const items = [...log.changes.operations, ...log.changes.schemas].map((item) => ({
    anchor: item.anchor,
    title: `${item.name}: ${item.change}${item.breaking ? ', breaking' : ''} (${log.title})`,
    content: sentences([item.summary ?? '', item.name, `${item.change}${item.breaking ? ' breaking change' : ''}`, ...item.details.map((detail) => `${detail.change} ${detail.text}${detail.breaking ? ' breaking' : ''}`.replace(/`/g, ''))]),
  }));
  return [{ anchor: '', title: log.title, content: sentences([log.title, log.description]) }, ...items];
}
