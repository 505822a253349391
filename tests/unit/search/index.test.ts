import { describe, expect, it, vi } from 'vitest';

/**
 * A stand-in for Pagefind's Node API that logs requests in the order they are
 * sent and answers only when the test says so, as a busy main thread would
 * read the answers late.
 */
const pagefind = vi.hoisted(() => {
  const log: string[] = [];
  const pending: (() => void)[] = [];
  const later = <T>(value: T): Promise<T> => new Promise((resolve) => pending.push(() => resolve(value)));
  return {
    log,
    answerAll: (): void => {
      for (const answer of pending.splice(0)) answer();
    },
    module: {
      createIndex: async () => ({
        errors: [],
        index: {
          addHTMLFile: ({ url }: { url: string }) => (log.push(`add ${url}`), later({ errors: [] })),
          addCustomRecord: ({ url }: { url: string }) => (log.push(`record ${url}`), later({ errors: [] })),
          getFiles: () => (log.push('getFiles'), later({ errors: [], files: [{ path: 'pagefind-entry.json', content: new Uint8Array([123, 125]) }] })),
          deleteIndex: async () => void log.push('delete'),
        },
      }),
      close: async () => undefined,
    },
  };
});
vi.mock('pagefind', () => pagefind.module);

const { createSearchIndexer } = await import('../../../src/search/index.ts');

describe('the search indexer', () => {
  it('asks for the index files right after the last page is sent, without waiting for the answers about the pages', async () => {
    const indexer = await createSearchIndexer();
    await indexer.add('/docs/a', '<p>a</p>');
    await indexer.addRecord('/docs/api/reference#op', 'Op', 'text');
    const files = indexer.files();
    // Pagefind handles requests in order, so the assembly covers both; a build that renders
    // without yielding reads their answers only at the end, and asking only then left Pagefind idle.
    expect(pagefind.log).toEqual(['add /docs/a', 'record /docs/api/reference#op', 'getFiles']);
    pagefind.answerAll();
    expect((await files).map((f) => f.path)).toEqual(['pagefind/pagefind-entry.json']);
  });
});
