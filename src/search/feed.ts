import type { BuildContext } from '../context.ts';
import { hashOf } from '../cache.ts';
import path from 'node:path';
import { hrefOf } from '../emit/paths.ts';
import type { SourcePage } from '../load/pages.ts';
import type { ParsedPage } from '../markdown/parsePages.ts';
import type { MarkdownResult } from '../markdown/types.ts';
import { earlySearchRecords, type ReferenceSource } from '../openapi/referenceSource.ts';
import type { Reference } from '../openapi/reference.ts';
import { changeLogSearchRecords, type SearchRecord } from '../openapi/searchRecords.ts';
import type { ApiChanges } from '../openapi/changes.ts';
import { bylineOf, NOT_FOUND_ROUTE } from '../render/pageViews.ts';
import { loadSearchIndex, pruneSearchCache, recordUrl, searchJobOf, writeIndexFiles } from './index.ts';
import { indexDirOf } from './format.ts';
import type { OutputFile } from '../emit/atomic.ts';
import type { SearchEntry } from './liveIndex.ts';
import { startSearchJobOffThread } from './offThread.ts';
import type { StoreTrust } from '../emit/fileStore.ts';

/**
 * The search index of a build, fed while pages are parsed (the reference's
 * records first): a worker thread indexes them while this thread parses, then
 * makes the index and writes its files alongside the pages. A build whose
 * inputs match the last indexed one reuses its index.
 */
export interface SearchFeed {
  page?: (page: SourcePage, result: MarkdownResult) => Promise<void>;
  /** Records of a page of a docs version made after the pages (a REST change log), before `finish`. */
  records?: (version: string, route: string, records: readonly SearchRecord[]) => Promise<void>;
  /** No more entries: the worker makes the index. */
  finish: () => Promise<void>;
  /**
   * The indexes this build makes, each by its folder of the output, with the key it is cached under and,
   * when the cache held it, its files as an earlier build made them.
   */
  indexes: readonly SearchIndexOfBuild[];
  /**
   * Writes the index files into the output's temporary folder once assembled, but for the indexes
   * `carried` names (moved from the last output instead: see emit/carry.ts), whose files' digests the
   * store keeps (`keep`).
   */
  writeInto: (dir: string, carried?: CarriedIndexes) => Promise<void>;
  close: () => Promise<void>;
}

export interface SearchIndexOfBuild {
  name: string;
  key: string;
  kept?: readonly OutputFile[] | undefined;
}

export interface CarriedIndexes {
  names: ReadonlySet<string>;
  keep: readonly string[];
  /** What vouches for the files of the cache's store (fileStore.ts's StoreTrust). */
  trust?: StoreTrust | undefined;
}

/** What search indexes of a page, under its URL: its article rendered alone. */
function searchDocumentOf(context: BuildContext, page: SourcePage, result: MarkdownResult): [url: string, html: string] | undefined {
  const title = page.frontMatter.title ?? result.h1;
  // Untitled pages fail the build; the not-found route is never a search result.
  if (title === undefined || page.route === NOT_FOUND_ROUTE) return undefined;
  const html = context.renderers.renderSearchDocument({ kind: page.kind, title, html: result.html, ...(page.kind === 'doc' ? bylineOf(page.frontMatter) : {}) });
  return [hrefOf(context.config.baseUrl, page.route), html];
}

/** A reference's records, each under its URL: its anchor on the reference's page. */
function searchRecordsByUrl(context: BuildContext, route: string, records: readonly SearchRecord[]): [url: string, record: SearchRecord][] {
  const page = hrefOf(context.config.baseUrl, route);
  return records.map((record) => [recordUrl(page, record), record]);
}

/** Everything search holds for a built site, by URL, in the order a build indexes it: each version's reference records and change log, then the pages. */
export function searchEntriesOf(context: BuildContext, site: { parsed: readonly ParsedPage[]; versions: readonly { version: { name: string }; reference: Reference | undefined; changes: ApiChanges | undefined }[] }): Map<string, SearchEntry> {
  const entries = new Map<string, SearchEntry>();
  for (const { version, reference } of site.versions) {
    if (!reference) continue;
    for (const [url, { title, content }] of searchRecordsByUrl(context, reference.route, reference.searchRecords)) entries.set(url, { kind: 'record', title, content, version: version.name });
  }
  for (const { version, changes } of site.versions) {
    if (!changes) continue;
    for (const [url, { title, content }] of searchRecordsByUrl(context, changes.route, changeLogSearchRecords(changes))) entries.set(url, { kind: 'record', title, content, version: version.name });
  }
  for (const page of site.parsed) {
    const document = searchDocumentOf(context, page.source, page.result);
    if (document) entries.set(document[0], { kind: 'page', html: document[1], version: page.source.version });
  }
  return entries;
}

/**
 * The indexes a build makes (folders of the output: format.ts's indexDirOf), and which an entry
 * goes into: a site with one docs version has one index; a site with several has one per version,
 * holding its pages and API records, and the pages outside the docs.
 */
export interface SearchIndexes {
  names: readonly string[];
  /** The indexes of a page or record of this docs version (undefined: outside the docs). */
  of(version: string | undefined): readonly string[];
}

export function searchIndexesOf(versions: readonly { name: string }[]): SearchIndexes {
  const names = [...new Set(versions.map((v) => indexDirOf(versions, v.name)))];
  return { names, of: (version) => (version === undefined ? names : [indexDirOf(versions, version)]) };
}

export async function startSearchFeed(context: BuildContext, pages: readonly SourcePage[], sources: readonly ReferenceSource[]): Promise<SearchFeed> {
  const { config } = context;
  const indexes = searchIndexesOf(config.versions);
  // Each index is kept by what it is made of: its pages (those outside the docs in every index), its
  // version's description, and the one its change log compares with (the next older with one).
  const keys: Record<string, string> = {};
  for (const name of indexes.names) {
    const described = sources.flatMap((source, i) => (indexes.of(source.version.name).includes(name) ? [source, sources[i + 1]] : []));
    keys[name] = hashOf(
      context.engine,
      context.renderersKey,
      JSON.stringify(config.site),
      config.baseUrl,
      name,
      ...described.map((source) => source?.key ?? ''),
      ...pages.filter((p) => indexes.of(p.version).includes(name)).map((p) => `${p.route}\0${p.hash}`),
    );
  }
  const store = config.cache ? path.join(config.cacheDir, 'files', 'search') : undefined;
  if (config.cache) pruneSearchCache(config.cacheDir, indexes.names);
  const made: SearchIndexOfBuild[] = [];
  const making = new Set<string>();
  for (const name of indexes.names) {
    const key = keys[name] ?? '';
    const cached = config.cache ? loadSearchIndex(config.cacheDir, name, key) : undefined;
    made.push({ name, key, kept: cached });
    if (!cached) making.add(name);
  }
  // What an earlier build made of the indexes not carried from the last output.
  const keptBut = (carried: CarriedIndexes | undefined): OutputFile[] => made.flatMap((index) => (carried?.names.has(index.name) === true ? [] : (index.kept ?? [])));
  if (making.size === 0) return { indexes: made, finish: async () => undefined, writeInto: async (dir, carried) => writeIndexFiles(dir, keptBut(carried), { store, keep: carried?.keep, trust: carried?.trust }), close: async () => undefined };
  // What goes to the indexes being made: the others are as an earlier build made them.
  const into = (version: string | undefined): string[] => indexes.of(version).filter((name) => making.has(name));
  const job = startSearchJobOffThread() ?? searchJobOf();
  const records = sources.filter((source) => into(source.version.name).length > 0).map((source) => ({ source, list: earlySearchRecords(context, source) }));
  // The description's fault is reported where the reference is built; a build that fails first must not see it as unhandled.
  for (const { list } of records) list.catch(() => undefined);
  // Records first, whenever they are ready: an index numbers its documents in the order it is fed.
  let recordsSent: Promise<void> | undefined;
  const sendRecords = (): Promise<void> =>
    (recordsSent ??= (async () => {
      for (const { source, list } of records) {
        const to = into(source.version.name);
        for (const [url, { title, content }] of searchRecordsByUrl(context, source.route, await list.catch(() => []))) await job.addRecord(to, url, title, content);
      }
    })());
  return {
    async page(page, result) {
      const to = into(page.version);
      if (to.length === 0) return;
      await sendRecords();
      const document = searchDocumentOf(context, page, result);
      if (document) await job.add(to, ...document);
    },
    async records(version, route, list) {
      const to = into(version);
      if (to.length === 0) return;
      await sendRecords();
      for (const [url, { title, content }] of searchRecordsByUrl(context, route, list)) await job.addRecord(to, url, title, content);
    },
    async finish() {
      await sendRecords();
      job.finish(config.cache ? { dir: config.cacheDir, keys } : undefined);
    },
    indexes: made,
    writeInto: (dir, carried) => job.writeInto(dir, { store, kept: keptBut(carried), keep: carried?.keep, trust: carried?.trust }),
    close: () => job.close(),
  };
}
