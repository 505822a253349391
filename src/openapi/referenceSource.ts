import { hashOf } from '../cache.ts';
import type { BuildContext } from '../context.ts';
import { MIN_PAGES_FOR_WORKERS } from '../markdown/pool.ts';
import { loadDescription } from './document.ts';
import { loadDescriptionOffThread, type DescriptionLoad } from './loadOffThread.ts';
import { buildReference, partsOf, type Reference, type ReferenceParts } from './reference.ts';
import type { SearchRecord } from './searchRecords.ts';
import { descriptionSources } from './sources.ts';

/** The API description a build renders, and the key its reference is cached under. */
export interface ReferenceSource {
  file: string;
  key: string;
  /** The description, being loaded on a worker since the build started. */
  prefetched?: DescriptionLoad | undefined;
  /** Its model and search records, made once for the search feed and the page. */
  parts: ReferenceParts;
}

/**
 * Keyed by content, not modification time, so the cache survives a fresh checkout. Read once per build:
 * it hashes the whole description, with every file its `$ref`s name.
 */
export function referenceKey(context: BuildContext, file: string): string {
  const { config } = context;
  const sources = descriptionSources(file).map((s) => `${s.file}\0${s.text ?? '\0missing'}`);
  return hashOf(context.engine, context.renderersKey, ...sources, config.baseUrl, config.site.openapi.route);
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
  if (context.cache.reference?.key === source.key) return undefined;
  return loadDescriptionOffThread(source.file);
}

export async function referenceFor(context: BuildContext, source: ReferenceSource | undefined): Promise<Reference | undefined> {
  if (!source) return undefined;
  const { config } = context;
  if (context.cache.reference?.key === source.key) return context.cache.reference.value;
  const value = await buildReference({
    file: source.file,
    route: config.site.openapi.route,
    baseUrl: config.baseUrl,
    render: context.renderers.renderReference,
    markdownCache: context.descriptionHtml,
    parts: source.parts,
    ...(source.prefetched ? { loaded: source.prefetched.result, parsed: source.prefetched.parsed } : {}),
  });
  context.cache.reference = { key: source.key, value };
  return value;
}

/**
 * The reference's search records as soon as the description is loaded, without waiting for the
 * reference's page: they go to the index ahead of the pages, so its final assembly can start
 * as soon as the last page is parsed. A rejection is the description's error, which the build
 * reports where it builds the reference.
 */
export function earlySearchRecords(context: BuildContext, source: ReferenceSource | undefined): Promise<readonly SearchRecord[]> | undefined {
  if (!source) return undefined;
  const cached = context.cache.reference;
  if (cached?.key === source.key) return Promise.resolve(cached.value.searchRecords);
  // No worker loads it: load it here now rather than after the pages, which would hold the index back.
  if (!source.prefetched) {
    const result = loadDescription(source.file);
    result.catch(() => undefined);
    source.prefetched = { parsed: result, result, cancel: () => undefined };
  }
  return source.prefetched.result.then((loaded) => partsOf(loaded.document, source.parts).searchRecords);
}
