import type { PreparedSite } from '../build.ts';
import type { BuildContext } from '../context.ts';
import { renderPages } from '../render/renderPages.ts';
import { writeSiteAtomically, type OutputFile } from './atomic.ts';
import type { PageReuse } from './pageReuse.ts';

/**
 * Renders and writes every page straight into the staging folder, adds the search index, then swaps it
 * into place. Gives the number of pages and how long the build then waited for the search index, which
 * is assembled after the last page is parsed and written alongside the pages.
 */
export async function emitSite(context: BuildContext, prepared: PreparedSite, reuse?: PageReuse): Promise<{ pages: number; searchWaitMs: number; reused: number }> {
  let count = 0;
  let reused = 0;
  let written = 0;
  let indexed = 0;
  function* all(): Generator<OutputFile> {
    for (const page of renderPages(prepared, context, reuse)) {
      count += 1;
      if (page.reused) reused += 1;
      yield page;
    }
    yield* prepared.files;
    written = performance.now();
  }
  try {
    const search = prepared.search;
    const alongside = search ? (staging: string) => search.writeInto(staging).then(() => void (indexed = performance.now())) : undefined;
    await writeSiteAtomically(context.config.outDir, all(), prepared.copies, alongside);
  } finally {
    await prepared.search?.close();
  }
  return { pages: count, searchWaitMs: Math.max(0, indexed - written), reused };
}
