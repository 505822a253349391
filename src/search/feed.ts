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
import { createSearchIndexer, loadSearchIndex, recordUrl, searchJobOf, writeIndexFiles } from './index.ts';
import type { SearchEntry } from './liveIndex.ts';
import { startSearchJobOffThread } from './offThread.ts';

/**
 * The search index of a build, fed while pages are parsed (the reference's
 * records first): a worker thread indexes them while this thread parses, then
 * makes the index and writes its files alongside the pages. A build whose
 * inputs match the last indexed one reuses its index.
 */
export interface SearchFeed {
  page?: (page: SourcePage, result: MarkdownResult) => Promise<void>;
  /** Records of a page made after the pages (a REST change log), before `finish`. */
  records?: (route: string, records: readonly SearchRecord[]) => Promise<void>;
  /** No more entries: the worker makes the index. */
  finish: () => Promise<void>;
  /** Writes the index files into the output's temporary folder once assembled. */
  writeInto: (dir: string) => Promise<void>;
  close: () => Promise<void>;
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

/** Everything search holds for a built site, by URL, in the order a build indexes it: the references' records, then the pages. */
export function searchEntriesOf(context: BuildContext, site: { parsed: readonly ParsedPage[]; references: readonly Reference[]; changeLogs?: readonly ApiChanges[] }): Map<string, SearchEntry> {
  const entries = new Map<string, SearchEntry>();
  for (const reference of site.references) {
    for (const [url, { title, content }] of searchRecordsByUrl(context, reference.route, reference.searchRecords)) entries.set(url, { kind: 'record', title, content });
  }
  for (const log of site.changeLogs ?? []) {
    for (const [url, { title, content }] of searchRecordsByUrl(context, log.route, changeLogSearchRecords(log))) entries.set(url, { kind: 'record', title, content });
  }
  for (const page of site.parsed) {
    const document = searchDocumentOf(context, page.source, page.result);
    if (document) entries.set(document[0], { kind: 'page', html: document[1] });
  }
  return entries;
}

export async function startSearchFeed(context: BuildContext, pages: readonly SourcePage[], sources: readonly ReferenceSource[]): Promise<SearchFeed> {
  const { config } = context;
  const key = hashOf(
    context.engine,
    context.renderersKey,
    JSON.stringify(config.site),
    config.baseUrl,
    ...sources.map((source) => source.key),
    ...pages.map((p) => `${p.route}\0${p.hash}`),
  );
  const cached = config.cache ? loadSearchIndex(config.cacheDir, key) : undefined;
  const store = config.cache ? path.join(config.cacheDir, 'files', 'search') : undefined;
  if (cached) return { finish: async () => undefined, writeInto: async (dir) => writeIndexFiles(dir, cached, store), close: async () => undefined };
  const job = startSearchJobOffThread() ?? searchJobOf(createSearchIndexer());
  const records = sources.map((source) => ({ route: source.route, list: earlySearchRecords(context, source) }));
  // The description's fault is reported where the reference is built; a build that fails first must not see it as unhandled.
  for (const { list } of records) list.catch(() => undefined);
  // Records first, whenever they are ready: the index numbers its documents in the order it is fed.
  let recordsSent: Promise<void> | undefined;
  const sendRecords = (): Promise<void> =>
    (recordsSent ??= (async () => {
      for (const { route, list } of records) {
        for (const [url, { title, content }] of searchRecordsByUrl(context, route, await list.catch(() => []))) await job.addRecord(url, title, content);
      }
    })());
  return {
    async page(page, result) {
      await sendRecords();
      const document = searchDocumentOf(context, page, result);
      if (document) await job.add(...document);
    },
    async records(route, list) {
      await sendRecords();
      for (const [url, { title, content }] of searchRecordsByUrl(context, route, list)) await job.addRecord(url, title, content);
    },
    async finish() {
      await sendRecords();
      job.finish(config.cache ? { dir: config.cacheDir, key } : undefined);
    },
    writeInto: (dir) => job.writeInto(dir, store),
    close: () => job.close(),
  };
}
