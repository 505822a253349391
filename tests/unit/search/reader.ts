import { openSearchIndex, type SearchOutcome } from '../../../src/client/searchIndex.ts';
import type { OutputFile } from '../../../src/emit/atomic.ts';
import { createSearchIndexer } from '../../../src/search/index.ts';

/** A page (title, body HTML) or an API record (title, text), under its URL. */
export type Fixture = { url: string; title: string; body: string } | { url: string; record: string; content: string };

const html = (title: string, body: string): string => `<!DOCTYPE html>\n<html lang="en"><head><title>${title}</title></head><body><article><h1>${title}</h1>${body}</article></body></html>`;

/** The index files the build would write for these pages and records. */
export function indexOf(fixtures: readonly Fixture[]): OutputFile[] {
  const indexer = createSearchIndexer();
  for (const f of fixtures) {
    if ('record' in f) indexer.addRecord(f.url, f.record, f.content);
    else indexer.add(f.url, html(f.title, f.body));
  }
  return indexer.files();
}

/** The dialog's reader over these files, through a loader that logs what it read. */
export async function readerOf(files: readonly OutputFile[]): Promise<{
  search: (query: string, sections?: number) => Promise<SearchOutcome | undefined>;
  urls: (query: string) => Promise<string[]>;
  read: string[];
}> {
  const byUrl = new Map(files.map((f) => [`/${f.path}`, String(f.contents)]));
  const read: string[] = [];
  const index = await openSearchIndex('/', async (url) => {
    read.push(url);
    const body = byUrl.get(url);
    if (body === undefined) throw new Error(`${url} answered 404`);
    return body;
  });
  return {
    search: (query, sections = 0) => index.search(query, 6, sections),
    urls: async (query) => ((await index.search(query, 6))?.results ?? []).map((r) => r.url),
    read,
  };
}
