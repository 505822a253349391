import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { engineRoot } from '../assets.ts';
import { load as loadYaml } from 'js-yaml';
import { isScalar, parseDocument, LineCounter, stringify as stringifyYaml, visit } from 'yaml';
import { UserError } from '../errors.ts';
import { describeRoots } from '../io/confinement.ts';
import { descriptionConfinement, descriptionSources, localFileOfRef } from './sources.ts';

/** The subset of OpenAPI 3.x the reference reads. Loose on purpose: validation is swagger-parser's job. */
export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  format?: string;
  title?: string;
  description?: string;
  properties?: Record<string, SchemaObject>;
  additionalProperties?: boolean | SchemaObject;
  items?: SchemaObject;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  nullable?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  oneOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  allOf?: SchemaObject[];
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
}

export interface MediaTypeObject {
  schema?: SchemaObject;
  example?: unknown;
  examples?: Record<string, { summary?: string; value?: unknown; $ref?: string }>;
}

export interface ParameterObject {
  $ref?: string;
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  description?: string;
  required?: boolean;
  deprecated?: boolean;
  schema?: SchemaObject;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}

export interface ResponseObject {
  $ref?: string;
  description?: string;
  headers?: Record<string, { description?: string; schema?: SchemaObject; $ref?: string }>;
  content?: Record<string, MediaTypeObject>;
}

export interface OperationObject {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  parameters?: ParameterObject[];
  requestBody?: { $ref?: string; description?: string; required?: boolean; content?: Record<string, MediaTypeObject> };
  responses?: Record<string, ResponseObject>;
  security?: Record<string, string[]>[];
}

export type PathItem = Partial<Record<HttpMethod, OperationObject>> & { parameters?: ParameterObject[] };

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string; license?: { name: string; url?: string; identifier?: string } };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths?: Record<string, PathItem>;
  components?: {
    schemas?: Record<string, SchemaObject>;
    parameters?: Record<string, ParameterObject>;
    responses?: Record<string, ResponseObject>;
    requestBodies?: Record<string, unknown>;
    securitySchemes?: Record<string, { type: string; scheme?: string; bearerFormat?: string; in?: string; name?: string; description?: string }>;
    headers?: Record<string, unknown>;
    examples?: Record<string, unknown>;
  };
  security?: Record<string, string[]>[];
}

export interface LoadedDescription {
  document: OpenApiDocument;
  /** The description's text, offered for download: the file's own, or the bundle of its files when it refers to others. */
  text: string;
}

/** Larger than any real description (Stripe's is 6 MB): a file past this is refused before it is read. */
export const MAX_DESCRIPTION_BYTES = 64 * 1024 * 1024;

/**
 * Values a description may hold once YAML aliases are expanded. Stripe's has
 * 80,000; 822 bytes of nested aliases make billions, which every later step
 * (validation, the JSON download, the page) would walk in full.
 */
export const MAX_EXPANDED_VALUES = 2_000_000;

/**
 * Options for swagger-parser: a build reads local files only (so that it is
 * the same wherever and whenever it runs), and only those inside the
 * description's folder. The build checks every `$ref` before swagger-parser
 * runs and reports one that leaves the folder where it is written; this
 * reader is the guarantee, for a `$ref` spelt in a way that check missed.
 */
function swaggerParserOptions(file: string): { resolve: { http: false; file: { canRead: (info: { url: string }) => boolean } } } {
  const confinement = descriptionConfinement(file);
  return {
    resolve: {
      http: false,
      file: {
        // Replaces only the library's check of which files its reader may read (options are merged): a file
        // outside is one no reader can read, and the library reports its $ref as unresolvable.
        canRead(info) {
          if (/^[a-z][a-z0-9+.-]+:/i.test(info.url) && !info.url.startsWith('file:')) return false;
          const target = (info.url.startsWith('file:') ? fileURLToPath(info.url) : safeDecodeURI(info.url)).replace(/[/\\]+$/, '');
          return confinement.locate(target).status !== 'outside';
        },
      },
    },
  };
}

function safeDecodeURI(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}

/**
 * Reads and validates a description. A fault is reported with the file, the
 * line when it can be found, and the JSON pointer swagger-parser names.
 */
export async function loadDescription(file: string): Promise<LoadedDescription> {
  const source = parseDescription(file);
  const loaded = await bundleDescription(file, source);
  // validate() dereferences in place: it gets a copy, and the $refs are kept for rendering.
  await validateDescription(file, { ...source, document: structuredClone(source.document) });
  return loaded;
}

/** Reads and parses a description, without validating it: a YAML or JSON fault is reported with its position. */
export function parseDescription(file: string): LoadedDescription {
  const size = statSync(file).size;
  if (size > MAX_DESCRIPTION_BYTES) {
    throw new UserError(`the OpenAPI description is ${(size / 1024 / 1024).toFixed(0)} MB, more than the ${MAX_DESCRIPTION_BYTES / 1024 / 1024} MB a build reads`, {
      location: { file },
      hint: 'split it into files that $ref each other, or check that this is the file you meant',
    });
  }
  const text = readFileSync(file, 'utf8');
  let document: OpenApiDocument;
  try {
    // js-yaml is several times faster than a position-keeping parser on a 6,000-line description;
    // positions are only needed when something is wrong, and are found then.
    document = loadYaml(text) as OpenApiDocument;
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    const reason = (error as { reason?: string }).reason ?? (error instanceof Error ? error.message : String(error));
    throw new UserError(`invalid OpenAPI file: ${reason}`, {
      location: { file, line: mark ? mark.line + 1 : undefined, column: mark ? mark.column + 1 : undefined },
      hint: /maxDepth/.test(reason) ? 'the description nests deeper than a build reads: give nested schemas names under components and $ref them' : 'fix the YAML or JSON syntax at this position',
    });
  }
  // Only YAML aliases (`*name`) make one value appear in several places; JSON and alias-free YAML need no count.
  if (/(?:^|[\s,[{:-])\*[^\s,[\]{}*]/.test(text)) checkExpandedSize(document, file);
  return { document, text };
}

/**
 * Refuses a description whose YAML aliases expand it past {@link MAX_EXPANDED_VALUES}
 * values or {@link MAX_DESCRIPTION_BYTES} of text, or make it contain itself.
 * Counted once per distinct object, so the count costs what the parsed text
 * costs, not what its expansion would (a 2.6 KB file of aliases to a long
 * string once expanded to 257 MB of download).
 */
export function checkExpandedSize(document: unknown, file: string): void {
  type Size = { values: number; bytes: number };
  const counted = new Map<object, Size | 'in progress'>();
  const refuse = (why: string): never => {
    throw new UserError(`the OpenAPI description ${why}`, {
      location: { file },
      hint: 'YAML aliases (*name) repeat what their anchor (&name) holds: write a shared part once under components and $ref it instead',
    });
  };
  // Depth-first with an explicit stack: a deeply nested description must not overflow the call stack.
  const stack: { value: object; keys: string[]; children: unknown[]; index: number; total: Size }[] = [];
  const enter = (value: unknown): Size | undefined => {
    if (value === null || typeof value !== 'object') return { values: 1, bytes: typeof value === 'string' ? value.length : 8 };
    const known = counted.get(value);
    if (known === 'in progress') return refuse('contains itself through a YAML alias');
    if (known !== undefined) return known;
    counted.set(value, 'in progress');
    const keys = Object.keys(value);
    stack.push({ value, keys, children: Object.values(value), index: 0, total: { values: 1, bytes: keys.reduce((n, k) => n + k.length, 0) } });
    return undefined;
  };
  const add = (into: Size, size: Size): void => {
    into.values += size.values;
    into.bytes += size.bytes;
    if (into.values > MAX_EXPANDED_VALUES) refuse(`expands to more than ${MAX_EXPANDED_VALUES.toLocaleString('en')} values through YAML aliases`);
    if (into.bytes > MAX_DESCRIPTION_BYTES) refuse(`expands to more than ${MAX_DESCRIPTION_BYTES / 1024 / 1024} MB of text through YAML aliases`);
  };
  const top = enter(document);
  if (top) return;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as (typeof stack)[number];
    if (frame.index < frame.children.length) {
      const size = enter(frame.children[frame.index]);
      frame.index += 1;
      if (size !== undefined) add(frame.total, size);
    } else {
      stack.pop();
      counted.set(frame.value, frame.total);
      const parent = stack[stack.length - 1];
      if (parent) add(parent.total, frame.total);
    }
  }
}

/**
 * Every `$ref` of the description names a file inside its folder: one that
 * does not is reported where it is written, and nothing outside is read.
 */
export function checkRefsConfined(file: string): void {
  const sources = descriptionSources(file);
  const total = sources.reduce((sum, source) => sum + (source.text?.length ?? 0), 0);
  if (total > MAX_DESCRIPTION_BYTES) {
    throw new UserError(`the OpenAPI description and the files its $refs name hold ${(total / 1024 / 1024).toFixed(0)} MB, more than the ${MAX_DESCRIPTION_BYTES / 1024 / 1024} MB a build reads`, {
      location: { file },
      hint: 'check that the $refs name the files you meant',
    });
  }
  const outside = sources.find((source) => source.outside);
  if (!outside?.outside) return;
  const { from, ref } = outside.outside;
  const fromText = readFileSync(from, 'utf8');
  const position = locateRef(fromText, (value) => value === ref || value.startsWith(`${ref}#`));
  throw new UserError(`the $ref "${ref}" names a file outside the description's folder (${describeRoots(descriptionConfinement(file), process.cwd())})`, {
    location: { file: from, line: position?.line, column: position?.column },
    hint: 'a description may only refer to files in its own folder or below it: copy the file there and refer to it by its relative path',
  });
}

/** Whether a `$ref` anywhere in the document names another file. */
export function hasExternalRef(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasExternalRef);
  if (value === null || typeof value !== 'object') return false;
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string' && !child.startsWith('#')) return true;
    if (typeof child === 'object' && hasExternalRef(child)) return true;
  }
  return false;
}

/**
 * A description split over several files, as one: swagger-parser's bundle,
 * where every `$ref` to another file becomes a pointer into this one (the
 * referenced part is written where it is first used). The reference is built
 * from it and it is what readers download, since the file alone would name
 * files they do not have. A description in one file is returned as it is.
 */
export async function bundleDescription(file: string, loaded: LoadedDescription): Promise<LoadedDescription> {
  if (!hasExternalRef(loaded.document)) return loaded;
  checkRefsConfined(file);
  try {
    const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
    // bundle() rewrites the object it is given: a copy, so the caller's stays as parsed.
    const result = await SwaggerParser.bundle(file, structuredClone(loaded.document) as never, swaggerParserOptions(file) as never);
    // What the other files hold is counted as the main file's was: their aliases may expand too.
    checkExpandedSize(result, file);
    const bundled = JSON.parse(JSON.stringify(result)) as OpenApiDocument;
    const text = /\.json$/i.test(file) ? `${JSON.stringify(bundled, null, 2)}\n` : stringifyYaml(bundled, { lineWidth: 0 });
    return { document: bundled, text };
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw descriptionFault(file, loaded.text, error);
  }
}

/**
 * Validates a parsed description with swagger-parser, which dereferences the
 * document it is given in place: give it one nothing else reads. `$ref`s to
 * other files are resolved from the description's folder.
 */
export async function validateDescription(file: string, { document, text }: LoadedDescription): Promise<void> {
  try {
    const schemaCheck = await precompiledSchemaCheck(document);
    schemaCheck?.(document);
    // With the schema checked above, swagger-parser still resolves every $ref and runs its checks of
    // the specification's rules. Loaded here, not at start: a build whose reference is cached never
    // needs the validator (~30 ms to load). Circular references are resolved into a circular copy, which
    // is dropped: with `circular: 'ignore'` it walks a shared schema again at every reference to it
    // (~2.5 times as long on the MAPS description).
    const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
    const local = swaggerParserOptions(file);
    const options = schemaCheck ? { ...local, validate: { schema: false, spec: true }, dereference: { circular: true } } : local;
    await SwaggerParser.validate(file, document as never, options as never);
  } catch (error) {
    throw descriptionFault(file, text, error);
  }
}

/**
 * A fault swagger-parser found, placed where it is written: at the `$ref` that
 * names what is missing (in whichever of the description's files holds it), in
 * the other file that is malformed, or at the pointer it names.
 */
function descriptionFault(file: string, text: string, error: unknown): UserError {
  const message = error instanceof Error ? error.message : String(error);
  const summary = `invalid OpenAPI description: ${message.split('\n').slice(0, 6).join('\n  ')}`;
  // Another file that is not valid YAML or JSON: the fault is in that file, at the position js-yaml gives.
  const malformed = /^Error parsing (.+?): .*?(?:\((\d+):(\d+)\))?$/m.exec(message);
  if (malformed?.[1] && path.resolve(malformed[1]) !== path.resolve(file)) {
    return new UserError(summary, {
      location: { file: malformed[1], line: malformed[2] ? Number(malformed[2]) : undefined, column: malformed[3] ? Number(malformed[3]) : undefined },
      hint: 'a $ref of the description names this file: fix its YAML or JSON syntax',
    });
  }
  // A reference to nothing: the fault is where the $ref is written, not at the pointer it names.
  // A pointer into another file is reported without the file's name: the $ref ends with it.
  const missing = /Missing \$ref pointer "([^"]+)"/.exec(message)?.[1];
  const unreadable = /Error opening file (.+?): E[A-Z]+:/.exec(message)?.[1];
  const remote = /Unable to resolve \$ref pointer "([^"]+)"/.exec(message)?.[1];
  const wanted = missing
    ? (ref: string) => ref === missing || (missing.startsWith('#') && ref.endsWith(missing))
    : unreadable
      ? (ref: string, from: string) => localFileOfRef(ref, from) === path.resolve(unreadable)
      : remote
        ? (ref: string) => ref === remote
        : undefined;
  const reference = wanted ? findRef(file, text, wanted) : undefined;
  if (reference) {
    return new UserError(summary, {
      location: reference,
      hint: missing
        ? `this $ref points to ${missing}, which the description does not define: correct the reference or add what it names`
        : unreadable
          ? `this $ref names ${unreadable}, which cannot be read: correct the path (relative to the folder of the file that holds the $ref) or add the file`
          : remote !== undefined && !/^[a-z][a-z0-9+.-]+:/i.test(remote)
            ? `this $ref names ${remote}, outside the description's folder: a description may only refer to files in its own folder or below it`
            : `this $ref names ${remote ?? 'a URL'}, which a build does not download: save the file next to the description and refer to it by its path`,
    });
  }
  const pointer = /#\/[^\s"']*/.exec(message)?.[0];
  const position = pointer ? locatePointer(text, pointer) : undefined;
  return new UserError(summary, {
    location: { file, line: position?.line, column: position?.column },
    hint: pointer ? `the fault is at ${pointer}` : 'run the description through an OpenAPI validator',
  });
}

/** The first `$ref` that is wanted, in the description's own text or, failing that, in the other files it refers to. */
function findRef(file: string, text: string, wanted: (ref: string, from: string) => boolean): { file: string; line: number; column: number } | undefined {
  const own = locateRef(text, (ref) => wanted(ref, file));
  if (own) return { file, ...own };
  for (const source of descriptionSources(file).slice(1)) {
    const found = source.text === undefined ? undefined : locateRef(source.text, (ref) => wanted(ref, source.file));
    if (found) return { file: source.file, ...found };
  }
  return undefined;
}

interface AjvError {
  instancePath: string;
  message?: string;
}
type CompiledValidator = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

/**
 * The OpenAPI 3.0 or 3.1 schema check as standalone code compiled at install
 * time (scripts/openapiValidators.mjs): the same schemas and options as
 * swagger-parser's own check, which compiles them at every build (~150 ms).
 * Undefined for Swagger 2.0, or when the engine is not compiled (the full
 * swagger-parser check runs then).
 */
async function precompiledSchemaCheck(document: OpenApiDocument): Promise<((api: unknown) => void) | undefined> {
  const version = typeof document.openapi === 'string' ? (document.openapi.startsWith('3.1') ? 'v31' : document.openapi.startsWith('3.0') ? 'v3' : undefined) : undefined;
  if (!version) return undefined;
  const file = path.join(engineRoot(), 'lib', `openapi-schema-${version}.mjs`);
  if (!existsSync(file)) return undefined;
  const validate = ((await import(pathToFileURL(file).href)) as { default: CompiledValidator }).default;
  return (api) => {
    if (validate(api)) return;
    // The message swagger-parser gives for the same fault.
    const lines = (validate.errors ?? []).map((e) => `  #${e.instancePath.length > 0 ? e.instancePath : '/'} ${e.message ?? ''}`);
    throw new SyntaxError(`Swagger schema validation failed.\n${lines.join('\n')}`);
  };
}

type Position = { line: number; column: number };

/** A YAML or JSON text parsed with its nodes' offsets, and the line and column of an offset. */
function parsedWithPositions(text: string): { doc: ReturnType<typeof parseDocument>; positionOf(offset: number): Position } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  return {
    doc,
    positionOf(offset) {
      const pos = lineCounter.linePos(offset);
      return { line: pos.line, column: pos.col };
    },
  };
}

/** Where the first `$ref` whose value is wanted is written in a YAML or JSON text (the position of its value). */
export function locateRef(text: string, wanted: (ref: string) => boolean): Position | undefined {
  const { doc, positionOf } = parsedWithPositions(text);
  let found: number | undefined;
  visit(doc, {
    Pair(_, pair) {
      if (!isScalar(pair.key) || pair.key.value !== '$ref' || !isScalar(pair.value) || typeof pair.value.value !== 'string' || !wanted(pair.value.value)) return undefined;
      found = pair.value.range?.[0];
      return found === undefined ? undefined : visit.BREAK;
    },
  });
  return found === undefined ? undefined : positionOf(found);
}

/** The line and column of a JSON pointer in a YAML or JSON text (or of its nearest existing parent). */
export function locatePointer(text: string, pointer: string): Position | undefined {
  const { doc, positionOf } = parsedWithPositions(text);
  const keys = pointer
    .replace(/^#\//, '')
    .split('/')
    .map((k) => decodeURIComponent(k).replace(/~1/g, '/').replace(/~0/g, '~'));
  for (let depth = keys.length; depth > 0; depth -= 1) {
    const node = doc.getIn(keys.slice(0, depth), true) as { range?: [number, number, number] } | undefined;
    if (node?.range) return positionOf(node.range[0]);
  }
  return undefined;
}
