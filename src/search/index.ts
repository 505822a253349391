import type { OutputFile } from '../emit/atomic.ts';

/**
 * Full-text search with Pagefind: pages are fed to its indexer as they are
 * rendered (it runs in its own process, on the other core), and its files
 * land in the output under pagefind/, loaded by readers only when they open
 * search, in small chunks.
 */
export interface SearchIndexer {
  add(url: string, html: string): void;
  /** Waits for every page and returns the index files. */
  finish(): Promise<OutputFile[]>;
}

export async function createSearchIndexer(): Promise<SearchIndexer> {
  const pagefind = await import('pagefind');
  const { index, errors } = await pagefind.createIndex({
    forceLanguage: 'en',
    // Identifiers such as sortBy, mqtt-sn and /api/v1 are searched as written.
    includeCharacters: '_/.',
  });
  if (!index) throw new Error(`search index could not start: ${errors.join('; ')}`);
  const pending: Promise<unknown>[] = [];
  return {
    add(url, html) {
      pending.push(
        index.addHTMLFile({ url, content: html }).then((response) => {
          if (response.errors.length > 0) throw new Error(`search index: ${url}: ${response.errors.join('; ')}`);
        }),
      );
    },
    async finish() {
      await Promise.all(pending);
      const { files, errors: fileErrors } = await index.getFiles();
      if (fileErrors.length > 0) throw new Error(`search index: ${fileErrors.join('; ')}`);
      await index.deleteIndex();
      // Pagefind also ships its own UIs; the site has its own dialog, so only the engine and the index are kept.
      return files
        .filter((file) => !/(-ui|-highlight)\.(js|css)$/.test(file.path))
        .map((file) => ({ path: `pagefind/${file.path.replace(/^\/+/, '')}`, contents: file.content }));
    },
  };
}

/** Stops Pagefind's indexing process; a build calls it once at the end, dev when it stops. */
export async function closeSearchService(): Promise<void> {
  const pagefind = await import('pagefind');
  await pagefind.close();
}
