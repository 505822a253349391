import path from 'node:path';
import { hashOf } from '../cache.ts';
import type { ResolvedConfig } from '../config/resolve.ts';
import { DOCS_ROUTE, type DocsVersion } from '../config/versions.ts';
import type { BuildContext } from '../context.ts';
import { hrefOf } from '../emit/paths.ts';
import { MIN_PAGES_FOR_WORKERS } from '../markdown/pool.ts';
import { compareDescriptions, type ApiChanges, type ApiChangeSet } from './changes.ts';
import { loadDescription, type LoadedDescription } from './document.ts';
import { loadDescriptionOffThread, type DescriptionLoad } from './loadOffThread.ts';
import { buildReference, partsOf, type Reference, type ReferenceParts } from './reference.ts';
import type { SearchRecord } from './searchRecords.ts';
import { descriptionSources } from './sources.ts';
import { withFields } from '../util/lazyText.ts';

/** An API description a build renders (one per docs version that has one), and the key its reference is cached under. */
export interface ReferenceSource {
  /** The docs version it belongs to. */
  version: DocsVersion;
  file: string;
  /** Where its reference is served. */
  route: string;
  key: string;
  /** The description, being loaded on a worker since the build started. */
  prefetched?: DescriptionLoad | undefined;
  /** The description, loaded once for whoever needs it first (the reference, its search records, a change log). */
  loaded?: Promise<LoadedDescription> | undefined;
  /** Its model and search records, made once for the search feed and the page. */
  parts: ReferenceParts;
}

/**
 * Where a version's reference is served: the configured route in the last
 * version; in another, the same route under that version's base
 * (`/docs/4.3/api/reference`).
 */
export function referenceRouteOf(config: ResolvedConfig, version: DocsVersion): string {
  const route = config.site.openapi.route;
  if (route.startsWith(`${DOCS_ROUTE}/`)) return `${version.routeBase}${route.slice(DOCS_ROUTE.length)}`;
  return version.isLast ? route : `${version.routeBase}/api/reference`;
}

/** The change log sits beside its version's reference: `/docs/4.4/api/changes`. */
export function changesRouteOf(referenceRoute: string): string {
  return `${path.posix.dirname(referenceRoute)}/changes`;
}

/**
 * Keyed by content, not modification time, so the cache survives a fresh checkout. Read once per build:
 * it hashes the whole description, with every file its `$ref`s name.
 */
export function referenceKey(context: BuildContext, file: string, route: string): string {
  const { config } = context;
  const sources = descriptionSources(file).map((s) => `${s.file}\0${s.text ?? '\0missing'}`);
  return hashOf(context.engine, context.renderersKey, ...sources, config.baseUrl, route);
}

/** A source for each docs version with a description, current first. */
export function referenceSourcesOf(context: BuildContext): ReferenceSource[] {
  return context.config.versions.flatMap((version) => {
    if (version.openapiFile === undefined) return [];
    const route = referenceRouteOf(context.config, version);
    return [{ version, file: version.openapiFile, route, key: referenceKey(context, version.openapiFile, route), parts: new WeakMap() }];
  });
}

/**
 * Starts loading the API description on a worker when the reference will have to be built, so it
 * loads while pages parse on this thread. Only for the first reference a process builds: after that
 * (dev), this thread's parser and validator are warm and load it faster than a new worker starts.
 */
export function prefetchDescription(context: BuildContext, source: ReferenceSource, pageCount: number): DescriptionLoad | undefined {
  // dev's first build leaves the other core to the page a reader is waiting for.
  if (!context.workers || context.gate || context.descriptionHtml.size > 0) return undefined;
  // With markdown workers on every core, this thread waits during that phase: one more worker only competes with them.
  if (pageCount >= MIN_PAGES_FOR_WORKERS) return undefined;
  if (context.cache.references.has(source.key)) return undefined;
  return loadDescriptionOffThread(source.file);
}

/** The description of a source, loaded once (on its worker when one was started). */
function descriptionOf(source: ReferenceSource): Promise<LoadedDescription> {
  if (!source.loaded) {
    source.loaded = source.prefetched?.result ?? loadDescription(source.file);
    // Whoever awaits it sees its fault; a build that fails first must not see it as unhandled.
    source.loaded.catch(() => undefined);
  }
  return source.loaded;
}

export async function referenceFor(context: BuildContext, source: ReferenceSource | undefined): Promise<Reference | undefined> {
  if (!source) return undefined;
  context.usedApi.add(source.key);
  const cached = context.cache.references.get(source.key);
  // Named by its key, its HTML need not be read to key its page (copied unread: util/lazyText.ts).
  if (cached) return withFields(cached, { htmlKey: source.key });
  const value = await buildReference({
    file: source.file,
    route: source.route,
    baseUrl: context.config.baseUrl,
    render: context.renderers.renderReference,
    markdownCache: context.descriptionHtml,
    parts: source.parts,
    loaded: descriptionOf(source),
    ...(source.prefetched ? { parsed: source.prefetched.parsed } : {}),
  });
  context.cache.references.set(source.key, value);
  return withFields(value, { htmlKey: source.key });
}

/**
 * The reference's search records as soon as the description is loaded, without waiting for the
 * reference's page: they go to the index ahead of the pages, so its final assembly can start
 * as soon as the last page is parsed. A rejection is the description's error, which the build
 * reports where it builds the reference.
 */
export function earlySearchRecords(context: BuildContext, source: ReferenceSource): Promise<readonly SearchRecord[]> {
  const cached = context.cache.references.get(source.key);
  if (cached) return Promise.resolve(cached.searchRecords);
  return descriptionOf(source).then((loaded) => partsOf(loaded.document, source.parts).searchRecords);
}

/**
 * The REST change log of each version whose description has an earlier one
 * (the next older version with a description): what changed from it, with
 * links into both references. Cached by both descriptions' keys.
 */
export async function changeLogsOf(context: BuildContext, sources: readonly ReferenceSource[], references: ReadonlyMap<string, Reference>): Promise<Map<string, ApiChanges>> {
  const { config } = context;
  const logs = new Map<string, ApiChanges>();
  for (let i = 0; i < sources.length - 1; i += 1) {
    const to = sources[i];
    const from = sources[i + 1];
    const toReference = to ? references.get(to.version.name) : undefined;
    const fromReference = from ? references.get(from.version.name) : undefined;
    if (!to || !from || !toReference || !fromReference) continue;
    const key = hashOf('changes', from.key, to.key);
    context.usedApi.add(key);
    let changes: ApiChangeSet | undefined = context.cache.changes.get(key);
    if (!changes) {
      const [before, after] = await Promise.all([descriptionOf(from), descriptionOf(to)]);
      changes = compareDescriptions({
        before: { document: before.document, model: partsOf(before.document, from.parts).model },
        after: { document: after.document, model: partsOf(after.document, to.parts).model },
        hrefOf: (side, anchor) => `${hrefOf(config.baseUrl, side === 'before' ? from.route : to.route)}#${anchor}`,
      });
      context.cache.changes.set(key, changes);
    }
    const route = changesRouteOf(to.route);
    const fromSide = { name: from.version.name, label: from.version.label, referenceRoute: from.route };
    const toSide = { name: to.version.name, label: to.version.label, referenceRoute: to.route };
    const html = context.renderers.renderChanges({
      changes,
      from: { label: from.version.label, href: hrefOf(config.baseUrl, from.route) },
      to: { label: to.version.label, href: hrefOf(config.baseUrl, to.route) },
    });
    logs.set(to.version.name, {
      route,
      title: `REST API changes in ${to.version.label}`,
      description: `What changed in the REST API from ${from.version.label} to ${to.version.label}: operations, parameters, bodies, responses and schemas, with breaking changes marked.`,
      to: toSide,
      from: fromSide,
      changes,
      html,
      anchors: ['operations-added', 'operations-removed', 'operations-changed', 'schemas-added', 'schemas-removed', 'schemas-changed', ...changes.operations.map((o) => o.anchor), ...changes.schemas.map((s) => s.anchor)],
    });
  }
  return logs;
}
