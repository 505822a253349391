import { Fragment, type ReactNode } from 'react';
import type { OpenApiDocument, SchemaObject } from '../../src/openapi/document.ts';
import { anchors, partOfSchemaRef, resolveRef, schemaNameOfRef, schemaOwnerOfRef } from '../../src/openapi/model.ts';

export interface SchemaContext {
  document: OpenApiDocument;
  md: (text: string) => string;
  /**
   * What is left to show of the schema being rendered, counted in fields and
   * nested bodies; {@link withSchemaBudget} gives each top-level schema its own.
   * Parts of other files are shown where they are used, so a description can
   * make a schema that expands exponentially (a part used six times in a part
   * used six times, ten levels deep): past the budget, the rest is named, not shown.
   */
  budget?: { left: number };
}

/** Fields and bodies shown of one top-level schema: several times what real APIs show at once (the largest of Stripe's uses 330, of Spotify's 78). */
export const SCHEMA_BUDGET = 1500;

/** The context for rendering one top-level schema (a body, a response, a component): with its own budget. */
export function withSchemaBudget(context: SchemaContext): SchemaContext {
  return { ...context, budget: { left: SCHEMA_BUDGET } };
}

const TRUNCATED = 'The rest of this schema is too large to show here: see the downloadable description.';

/** Spends one unit of the budget: false when there is none left (an unbudgeted context always has some). */
function spend(context: SchemaContext): boolean {
  if (!context.budget) return true;
  context.budget.left -= 1;
  return context.budget.left >= 0;
}

function typeLabel(schema: SchemaObject): string {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  let label = types.filter((t) => t !== 'null').join(' | ') || (schema.properties ? 'object' : schema.oneOf ? 'one of' : schema.anyOf ? 'any of' : schema.allOf ? 'all of' : 'any');
  if (label === 'array' && schema.items) {
    const name = schema.items.$ref ? schemaNameOfRef(schema.items.$ref) : undefined;
    label = `array of ${name ?? typeLabel(schema.items)}`;
  }
  return label;
}

/** The parts of schemas (by `$ref`) being shown around a schema: a part inside itself is linked, not shown again. */
type Parts = ReadonlySet<string>;
const NO_PARTS: Parts = new Set();

/**
 * A schema as it is shown: a `$ref` into part of another schema, having no
 * name to link to, is shown where it is used, as if written there; so are the
 * items of an array given that way. Within itself, such a part is a link to
 * the schema that holds it.
 */
function shown(schema: SchemaObject, context: SchemaContext, parts: Parts): { schema: SchemaObject; parts: Parts } {
  const expand = (ref: string | undefined): SchemaObject | undefined => (ref === undefined || parts.has(ref) ? undefined : partOfSchemaRef(context.document, ref));
  const part = expand(schema.$ref);
  const current = part ?? schema;
  const items = expand(current.items?.$ref);
  if (!part && !items) return { schema, parts };
  const inside = new Set(parts);
  if (part && schema.$ref) inside.add(schema.$ref);
  if (items && current.items?.$ref) inside.add(current.items.$ref);
  return { schema: items ? { ...current, items } : current, parts: inside };
}

function isNullable(schema: SchemaObject): boolean {
  return schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null'));
}

function show(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The facts of one schema: format, bounds, default, enum, examples, flags. */
export function Constraints({ schema }: { schema: SchemaObject }) {
  const facts: ReactNode[] = [];
  // Plain text, not <code>: a long schema has thousands of these and every element counts.
  const push = (key: string, label: string, value: unknown) =>
    facts.push(
      <span key={key} className="constraint">
        {label} {show(value)}
      </span>,
    );
  if (schema.format) push('format', 'format', schema.format);
  if (schema.minimum !== undefined) push('min', '≥', schema.minimum);
  if (typeof schema.exclusiveMinimum === 'number') push('xmin', '>', schema.exclusiveMinimum);
  if (schema.maximum !== undefined) push('max', '≤', schema.maximum);
  if (typeof schema.exclusiveMaximum === 'number') push('xmax', '<', schema.exclusiveMaximum);
  if (schema.minLength !== undefined) push('minl', 'min length', schema.minLength);
  if (schema.maxLength !== undefined) push('maxl', 'max length', schema.maxLength);
  if (schema.minItems !== undefined) push('mini', 'min items', schema.minItems);
  if (schema.maxItems !== undefined) push('maxi', 'max items', schema.maxItems);
  if (schema.pattern !== undefined) push('pattern', 'pattern', schema.pattern);
  if (schema.default !== undefined) push('default', 'default', schema.default);
  if (schema.const !== undefined) push('const', 'constant', schema.const);
  if (schema.enum) {
    facts.push(
      <span key="enum" className="constraint">
        one of{' '}
        {schema.enum.map((value, i) => (
          <Fragment key={i}>
            {i > 0 ? ' ' : null}
            <code className="enum-value">{show(value)}</code>
          </Fragment>
        ))}
      </span>,
    );
  }
  const example = schema.example ?? schema.examples?.[0];
  if (example !== undefined && typeof example !== 'object') push('example', 'example', example);
  if (isNullable(schema)) facts.push(<span key="null" className="flag">nullable</span>);
  if (schema.readOnly) facts.push(<span key="ro" className="flag">read-only</span>);
  if (schema.writeOnly) facts.push(<span key="wo" className="flag">write-only</span>);
  if (schema.deprecated) facts.push(<span key="dep" className="flag flag-warn">deprecated</span>);
  // Space-separated: the prop head's flex layout ignores the spaces; text extraction needs them.
  return facts.length > 0 ? <>{facts.map((fact, i) => (i === 0 ? fact : [' ', fact]))}</> : null;
}

function RefLink({ refValue }: { refValue: string }) {
  const name = schemaNameOfRef(refValue);
  const owner = schemaOwnerOfRef(refValue);
  if (!name || !owner) return <code>{refValue}</code>;
  return (
    <a className="schema-ref" href={`#${anchors.schema(owner)}`}>
      {name}
    </a>
  );
}

function Variants({ kind, variants, schema, context, depth, parts }: { kind: 'oneOf' | 'anyOf'; variants: SchemaObject[]; schema: SchemaObject; context: SchemaContext; depth: number; parts: Parts }) {
  const discriminator = schema.discriminator;
  const labelOf = (variant: SchemaObject, index: number): string => {
    if (discriminator?.mapping) {
      const entry = Object.entries(discriminator.mapping).find(([, ref]) => ref === variant.$ref);
      if (entry) return entry[0];
    }
    const named = shown(variant, context, parts).schema;
    return (named.$ref ? schemaNameOfRef(named.$ref) : named.title) ?? `Variant ${index + 1}`;
  };
  return (
    <div className="schema-variants" data-variants={kind}>
      <p className="variants-label">
        {kind === 'oneOf' ? 'One of' : 'Any of'}
        {discriminator ? (
          <>
            {' '}
            — chosen by <code>{discriminator.propertyName}</code>
          </>
        ) : null}
      </p>
      {variants.map((variant, index) => (
        <details key={index} className="variant" open={index === 0 ? true : undefined}>
          <summary className="variant-label">{labelOf(variant, index)}</summary>
          {/* Only the outermost variants are expanded: deeper ones link to their schema, or Stripe-sized descriptions explode. */}
          <SchemaBody schema={variant} context={context} depth={depth + 1} expandRef={depth === 0} parts={parts} />
        </details>
      ))}
    </div>
  );
}

/**
 * Merges allOf members (refs resolved) into one object view for display. A
 * member already being merged (`A: allOf [B]`, `B: allOf [A]`) adds nothing
 * more, so a cycle of allOfs ends.
 */
function mergeAllOf(schema: SchemaObject, context: SchemaContext, merging: ReadonlySet<SchemaObject> = new Set([schema])): SchemaObject {
  const merged: SchemaObject = { ...schema, allOf: undefined, properties: { ...(schema.properties ?? {}) }, required: [...(schema.required ?? [])] };
  for (const part of schema.allOf ?? []) {
    const resolved = resolveRef<SchemaObject>(context.document, part);
    if (merging.has(resolved)) continue;
    const flat = resolved.allOf ? mergeAllOf(resolved, context, new Set(merging).add(resolved)) : resolved;
    Object.assign(merged.properties ?? {}, flat.properties ?? {});
    merged.required?.push(...(flat.required ?? []));
    if (!merged.type && flat.type) merged.type = flat.type;
    if (!merged.discriminator && flat.discriminator) merged.discriminator = flat.discriminator;
  }
  return merged;
}

/** A field's description: plain sentences as one <p>, markdown through the renderer. */
export function Description({ text, context }: { text: string; context: SchemaContext }) {
  const html = context.md(text);
  const plain = /^<p>([^<]*)<\/p>$/.exec(html);
  if (plain) return <p className="prop-description" dangerouslySetInnerHTML={{ __html: plain[1] ?? '' }} />;
  return <div className="prop-description" dangerouslySetInnerHTML={{ __html: html }} />;
}

function Property({ name, schema: given, required, context, depth, soleChild, parts: around }: { name: string; schema: SchemaObject; required: boolean; context: SchemaContext; depth: number; soleChild: boolean; parts: Parts }) {
  const { schema, parts } = shown(given, context, around);
  const target = schema.items && !schema.$ref ? schema.items : schema;
  const nested = !target.$ref && (target.properties || target.oneOf || target.anyOf || target.allOf);
  const head = (
    <>
      {/* Spaces between the parts: flex layout ignores them, but text extraction (search, screen readers, copy) needs word breaks. */}
      <code className="prop-name">{name}</code>{' '}
      {required ? <><span className="required" title="required">required</span>{' '}</> : null}
      <span className="prop-type">
        {schema.$ref ? <RefLink refValue={schema.$ref} /> : schema.items?.$ref ? <>array of <RefLink refValue={schema.items.$ref} /></> : typeLabel(schema)}
      </span>{' '}
      <Constraints schema={schema} />
    </>
  );
  // An array described only by its items (common where the items come from another file): their description stands for it.
  const text = schema.description ?? (target === schema ? undefined : target.description);
  const description = text ? <Description text={text} context={context} /> : null;
  if (!spend(context)) return context.budget?.left === -1 ? <li className="prop schema-truncated">{TRUNCATED}</li> : null;
  // The head's parts sit in the item itself: a wrapper per field was ~1,400 of the MAPS reference's
  // elements, which must stay under 20,000 with JavaScript off too.
  if (!nested) {
    return (
      <li className="prop prop-flat">
        {head}
        {description}
      </li>
    );
  }
  // A lone field that is itself an object is shown open (the spec's "expand single-schema fields").
  return (
    <li className="prop">
      <details open={soleChild || depth < 1 ? true : undefined}>
        <summary className="prop-head">{head}</summary>
        {description}
        <SchemaBody schema={target} context={context} depth={depth + 1} parts={parts} />
      </details>
    </li>
  );
}

/** The body of a schema: its properties, variants or item type. $refs become links, so recursion renders once. */
export function SchemaBody({ schema: given, context, depth, expandRef = false, parts: around = NO_PARTS }: { schema: SchemaObject; context: SchemaContext; depth: number; expandRef?: boolean; parts?: Parts }) {
  if (!spend(context)) {
    // Said once, where the budget ran out; deeper bodies past it render nothing.
    return context.budget?.left === -1 ? <p className="schema-truncated">{TRUNCATED}</p> : null;
  }
  const { schema, parts } = shown(given, context, around);
  if (schema.$ref) {
    if (!expandRef || depth > 6) {
      return (
        <p className="schema-link">
          <RefLink refValue={schema.$ref} />
        </p>
      );
    }
    const resolved = resolveRef<SchemaObject>(context.document, schema);
    return (
      <div className="schema-expanded">
        <p className="schema-link">
          Schema <RefLink refValue={schema.$ref} />
        </p>
        <SchemaBody schema={resolved} context={context} depth={depth} parts={parts} />
      </div>
    );
  }
  if (schema.allOf) return <SchemaBody schema={mergeAllOf(schema, context)} context={context} depth={depth} parts={parts} />;
  const variants = schema.oneOf ?? schema.anyOf;
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const values = schema.additionalProperties && typeof schema.additionalProperties === 'object' ? shown(schema.additionalProperties, context, parts).schema : undefined;
  // Fragments, not wrappers: the reference's DOM size is a budget.
  return (
    <>
      {properties.length > 0 ? (
        <ul className="props">
          {properties.map(([name, prop]) => (
            <Property key={name} name={name} schema={prop} required={required.has(name)} context={context} depth={depth} soleChild={properties.length === 1} parts={parts} />
          ))}
        </ul>
      ) : null}
      {variants ? <Variants kind={schema.oneOf ? 'oneOf' : 'anyOf'} variants={variants} schema={schema} context={context} depth={depth} parts={parts} /> : null}
      {schema.items && properties.length === 0 ? (
        <div className="schema-items">
          <p>
            Array of {schema.items.$ref ? <RefLink refValue={schema.items.$ref} /> : typeLabel(schema.items)} <Constraints schema={schema.items} />
          </p>
          {!schema.items.$ref && schema.items.description ? <Description text={schema.items.description} context={context} /> : null}
          {!schema.items.$ref && (schema.items.properties || schema.items.oneOf) ? <SchemaBody schema={schema.items} context={context} depth={depth + 1} parts={parts} /> : null}
        </div>
      ) : null}
      {values ? (
        <p className="schema-additional">
          Map values: {values.$ref ? <RefLink refValue={values.$ref} /> : typeLabel(values)}
        </p>
      ) : null}
      {properties.length === 0 && !variants && !schema.items && !schema.additionalProperties ? (
        <p className="schema-scalar">
          <span className="prop-type">{typeLabel(schema)}</span> <Constraints schema={schema} />
        </p>
      ) : null}
    </>
  );
}
