import type { ReactNode } from 'react';
import type { MediaTypeObject, OpenApiDocument, ParameterObject, ResponseObject } from '../../src/openapi/document.ts';
import { anchors, type OperationModel, type ReferenceModel } from '../../src/openapi/model.ts';
import { requestSamples, sampleFromSchema } from '../../src/openapi/samples.ts';
import { Constraints, Description, SchemaBody, withSchemaBudget, type SchemaContext } from './SchemaTree.tsx';

/** The id of the reference's first section: title, version, downloads and description. */
export const REFERENCE_INTRO = 'reference-intro';

export interface ApiReferenceProps {
  model: ReferenceModel;
  document: OpenApiDocument;
  md: (text: string) => string;
  downloads: { label: string; href: string }[];
}

const LOCATIONS: ParameterObject['in'][] = ['path', 'query', 'header', 'cookie'];

function pretty(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

function CodeSample({ lang, label, code }: { lang: string; label: string; code: string }) {
  return (
    <div className="code-block sample" data-lang={lang}>
      <div className="code-title">{label}</div>
      <pre tabIndex={0}>
        <code>{code}</code>
      </pre>
    </div>
  );
}

function Security({ op, model }: { op: OperationModel; model: ReferenceModel }) {
  if (op.security.length === 0 || op.security.every((s) => s.schemes.length === 0)) {
    return <p className="op-security">Authentication: none (open call).</p>;
  }
  const describe = (name: string): string => {
    const scheme = model.securitySchemes[name];
    if (!scheme) return name;
    if (scheme.type === 'http' && scheme.scheme === 'basic') return 'HTTP basic';
    if (scheme.type === 'http' && scheme.scheme === 'bearer') return `Bearer ${scheme.bearerFormat ?? 'token'}`;
    if (scheme.type === 'apiKey') return `${scheme.in ?? ''} ${scheme.name ?? name}`.trim();
    return name;
  };
  return (
    <p className="op-security">
      Authentication: {op.security.map((s) => s.schemes.map(describe).join(' + ')).join(' or ')}
    </p>
  );
}

function exampleOf(document: OpenApiDocument, media: MediaTypeObject): unknown {
  if (media.example !== undefined) return media.example;
  const first = media.examples ? Object.values(media.examples)[0] : undefined;
  if (first) return first.value;
  return sampleFromSchema(document, media.schema);
}

function Parameters({ op, context }: { op: OperationModel; context: SchemaContext }) {
  if (op.parameters.length === 0) return null;
  return (
    <>
      {LOCATIONS.map((location) => {
        const list = op.parameters.filter((p) => p.in === location);
        if (list.length === 0) return null;
        return (
          <section key={location} className="op-params">
            <h4>{location[0]?.toUpperCase() + location.slice(1)} parameters</h4>
            <ul className="props">
              {list.map((param) => (
                <li key={param.name} className="prop prop-flat">
                  <code className="prop-name">{param.name}</code>{' '}
                  {param.required ? <><span className="required">required</span>{' '}</> : null}
                  <span className="prop-type">{param.schema ? String(param.schema.type ?? 'string') : 'string'}</span>{' '}
                  {param.schema ? <><Constraints schema={param.schema} />{' '}</> : null}
                  {param.example !== undefined ? (
                    <span className="constraint">
                      example <code>{pretty(param.example)}</code>
                    </span>
                  ) : null}
                  {param.description ? <Description text={param.description} context={context} /> : null}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}

/** A body's schema per media type (request bodies and responses alike). */
function MediaTypes({ content, context }: { content: Record<string, MediaTypeObject>; context: SchemaContext }) {
  return (
    <>
      {Object.entries(content).map(([type, media]) => (
        <div key={type} className="media">
          <p className="media-type">
            <code>{type}</code>
          </p>
          {media.schema ? <SchemaBody schema={media.schema} context={withSchemaBudget(context)} depth={0} expandRef /> : null}
        </div>
      ))}
    </>
  );
}

/**
 * What a collapsed section shows once opened. Without scripts it is there as
 * markup, as in any <details>; with scripts a <noscript> holds it as text, no
 * elements at all, until the reader opens the section and the client turns it
 * into elements (api-reference.ts). The reference's collapsed schemas and
 * error responses were half of its 22,800 elements, parsed and kept by every
 * visit while few are ever opened.
 */
function Deferred({ children }: { children: ReactNode }) {
  return <noscript className="deferred">{children}</noscript>;
}

function Response({ status, response, context }: { status: string; response: ResponseObject; context: SchemaContext }) {
  const open = status.startsWith('2');
  const body = (
    <>
      {response.headers ? (
        <ul className="props">
          {Object.entries(response.headers).map(([name, header]) => (
            <li key={name} className="prop">
              <code className="prop-name">{name}</code> {header.description ?? ''}
            </li>
          ))}
        </ul>
      ) : null}
      <MediaTypes content={response.content ?? {}} context={context} />
    </>
  );
  return (
    <details className={`response status-${status[0] ?? 'x'}xx`} open={open ? true : undefined}>
      <summary>
        <span className="status">{status}</span> {response.description ?? ''}
      </summary>
      {open ? body : <Deferred>{body}</Deferred>}
    </details>
  );
}

function Operation({ op, model, context }: { op: OperationModel; model: ReferenceModel; context: SchemaContext }) {
  const jsonBody = op.requestBody?.content['application/json'];
  const multipart = op.requestBody?.content['multipart/form-data'];
  const fileField = multipart?.schema ? Object.keys(context.document && multipart.schema.properties ? multipart.schema.properties : {})[0] : undefined;
  const body = jsonBody ? exampleOf(context.document, jsonBody) : op.requestBody?.content['text/plain'] ? exampleOf(context.document, op.requestBody.content['text/plain']) : undefined;
  const headers: [string, string][] = [['Authorization', 'Bearer $TOKEN']];
  if (jsonBody) headers.push(['Content-Type', 'application/json']);
  if (op.security.length === 0 || op.security.every((s) => s.schemes.length === 0)) headers.shift();
  const samples = requestSamples({
    method: op.method,
    url: `${model.server}${op.path}`,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    fileField,
  });
  return (
    <section className="operation" data-anchor={op.anchor} aria-labelledby={op.anchor}>
      <h3 id={op.anchor} className="op-title">
        <a className="op-anchor" href={`#${op.anchor}`}>
          {op.summary}
        </a>
        {op.deprecated ? <span className="flag flag-warn">deprecated</span> : null}
      </h3>
      <p className="op-endpoint">
        <span className={`method method-${op.method}`}>{op.method.toUpperCase()}</span>{' '}
        <code className="op-path">
          <span className="op-server">{model.server}</span>
          {op.path}
        </code>
      </p>
      <div className="op-columns">
        <div className="op-main">
          {op.description ? <div className="op-description markdown" dangerouslySetInnerHTML={{ __html: context.md(op.description) }} /> : null}
          <Security op={op} model={model} />
          <Parameters op={op} context={context} />
          {op.requestBody ? (
            <section className="op-body">
              <h4>
                Request body{op.requestBody.required ? <span className="required">required</span> : null}
              </h4>
              {op.requestBody.description ? <div dangerouslySetInnerHTML={{ __html: context.md(op.requestBody.description) }} /> : null}
              <MediaTypes content={op.requestBody.content} context={context} />
            </section>
          ) : null}
          <section className="op-responses">
            <h4>Responses</h4>
            {op.responses.map(({ status, response, shared }) =>
              shared !== undefined && !status.startsWith('2') ? (
                <p key={status} className={`response response-shared status-${status[0] ?? 'x'}xx`}>
                  <span className="status">{status}</span> {response.description ?? ''} ·{' '}
                  <a href={`#${anchors.response(shared)}`}>{shared}</a>
                </p>
              ) : (
                <Response key={status} status={status} response={response} context={context} />
              ),
            )}
          </section>
        </div>
        <div className="op-samples">
          <div className="sample-group" role="group" aria-label="Request samples">
            {samples.map((sample) => (
              <CodeSample key={sample.label} lang={sample.lang} label={sample.label} code={sample.code} />
            ))}
          </div>
          {op.responses
            .filter(({ response }) => response.content && Object.keys(response.content).length > 0)
            .map(({ status, response }) => {
              const [type, media] = Object.entries(response.content ?? {})[0] ?? ['', {}];
              const example = exampleOf(context.document, media);
              if (example === undefined) return null;
              return <CodeSample key={status} lang={type.includes('json') ? 'json' : 'text'} label={`Response ${status} · ${type}`} code={pretty(example)} />;
            })}
        </div>
      </div>
    </section>
  );
}

export function ApiReference({ model, document, md, downloads }: ApiReferenceProps) {
  const context: SchemaContext = { document, md };
  return (
    <div className="reference">
      <div className="reference-menu-bar">
        <button type="button" className="reference-menu-toggle" aria-expanded="false" aria-controls="reference-menu" hidden>
          Menu
        </button>
      </div>
      <nav id="reference-menu" className="reference-menu" aria-label="API reference">
        <div className="reference-filter">
          <label htmlFor="reference-filter-input">Filter operations</label>
          <input id="reference-filter-input" type="search" placeholder="Path, method, summary…" autoComplete="off" />
        </div>
        <ul className="reference-menu-list">
          {model.tags.map((tag) => (
            <li key={tag.name} className="reference-menu-tag">
              <a className="reference-menu-tag-link" href={`#${tag.anchor}`}>
                {tag.name}
              </a>
              <ul>
                {tag.operations.map((op) => (
                  <li key={op.id} data-filter={`${op.method} ${op.path} ${op.summary} ${op.id}`.toLowerCase()}>
                    <a href={`#${op.anchor}`} className="reference-menu-op">
                      <span className={`method method-${op.method}`}>{op.method === 'delete' ? 'DEL' : op.method.toUpperCase()}</span>{' '}
                      <span className="reference-menu-summary">{op.summary}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
          <li className="reference-menu-tag">
            <a className="reference-menu-tag-link" href="#schemas">
              Schemas
            </a>
          </li>
        </ul>
      </nav>
      <div className="reference-content">
        {/* The first screen on a phone: the page's rendering waits for this, and no more (templates/Document.tsx). */}
        <header className="reference-header" id={REFERENCE_INTRO}>
          <h1>{model.title}</h1>
          <p className="reference-meta">
            Version <strong>{model.version}</strong>
            {model.license ? <> · Licence {model.license}</> : null} · Server <code>{model.server}</code>
          </p>
          <p className="reference-downloads">
            Download the description:{' '}
            {downloads.map((d, i) => (
              <span key={d.href}>
                {i > 0 ? ' · ' : ''}
                <a href={d.href} download>
                  {d.label}
                </a>
              </span>
            ))}
          </p>
          {model.description ? <div className="markdown" dangerouslySetInnerHTML={{ __html: md(model.description) }} /> : null}
        </header>
        {model.tags.map((tag) => (
          <section key={tag.name} className="reference-tag" aria-labelledby={tag.anchor}>
            <h2 id={tag.anchor}>{tag.name}</h2>
            {tag.description ? <div className="markdown" dangerouslySetInnerHTML={{ __html: md(tag.description) }} /> : null}
            {tag.operations.map((op) => (
              <Operation key={op.id} op={op} model={model} context={context} />
            ))}
          </section>
        ))}
        {model.sharedResponses.length > 0 ? (
          <section className="reference-responses" aria-labelledby="responses">
            <h2 id="responses">Common responses</h2>
            {model.sharedResponses.map(({ name, anchor, response }) => (
              <div key={name} className="shared-response">
                <h3 id={anchor} className="schema-name">
                  {name}
                </h3>
                <Response status={name} response={response} context={context} />
              </div>
            ))}
          </section>
        ) : null}
        <section className="reference-schemas" aria-labelledby="schemas">
          <h2 id="schemas">Schemas</h2>
          {model.schemas.map(({ name, anchor, schema }) => (
            <details key={name} className="component-schema">
              <summary>
                <h3 className="schema-name" id={anchor}>
                  {name}
                </h3>
              </summary>
              <Deferred>
                {schema.description ? <div className="markdown" dangerouslySetInnerHTML={{ __html: md(schema.description) }} /> : null}
                <SchemaBody schema={schema} context={withSchemaBudget(context)} depth={1} />
              </Deferred>
            </details>
          ))}
        </section>
      </div>
    </div>
  );
}
