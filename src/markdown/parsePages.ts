import path from 'node:path';
import { hashOf } from '../cache.ts';
import { withFields } from '../util/lazyText.ts';
import { DOCS_ROUTE } from '../config/versions.ts';
import type { BuildContext } from '../context.ts';
import { formatUserError, UserError, UserErrors, userErrorsOf } from '../errors.ts';
import { createConfinement } from '../io/confinement.ts';
import type { SourcePage } from '../load/pages.ts';
import { mapConcurrent } from '../util/mapConcurrent.ts';
import { createMarkdownPool, MIN_PAGES_FOR_WORKERS } from './pool.ts';
import { imageHash, resolveFileLinks } from './plugins/remark-links.ts';
import { createMarkdownProcessor, processMarkdown, type MarkdownProcessor } from './processor.ts';
import type { ImageRef, MarkdownResult } from './types.ts';

/** A page after the markdown stage. */
export interface ParsedPage {
  source: SourcePage;
  result: MarkdownResult;
  title: string;
}

/**
 * Pages parsed at once on this thread: enough to keep parsing while the highlighting worker loads its
 * first grammars. In dev's first build (which pauses for readers) fewer, so that a page a reader asks
 * for waits behind less work.
 */
const PAGES_IN_FLIGHT = 32;

const PAGES_IN_FLIGHT_WITH_READERS = 8;

/**
 * What a page's parse depends on: its own text and route, the base URL, and the version routes its
 * links are kept within; not the other pages (the routes of the files it links to are filled in
 * after parsing), so adding or removing a page parses no other page again. And where the content
 * folder is: a parse names the files its links and images lead to by their absolute paths, and says
 * which lie outside that folder (helper-31: a cache carried to a project at another path, or used with
 * another --content, left every link to a markdown file unresolved).
 */
function pageCacheKey(context: BuildContext, page: SourcePage): string {
  return hashOf(context.engine, context.config.contentDir, page.relFile, page.route, page.hash, context.config.baseUrl, ...context.config.versions.map((v) => v.routeBase));
}

/**
 * Markdown → HTML for each page, with cached results reused; all content
 * errors are collected. `onParsed` sees each page as soon as it and every page
 * before it are parsed, in page order (the search index is fed this way, and
 * its output depends on the order). `onLastStarted` is called once every page
 * is under way, from when this thread has little left to do but wait: at once
 * when workers parse, else when the last page has started.
 */
export async function parsePages(
  context: BuildContext,
  pages: readonly SourcePage[],
  options: {
    onParsed?: ((page: SourcePage, result: MarkdownResult) => Promise<void>) | undefined;
    onLastStarted?: (() => void) | undefined;
    /** Every page of the site, whose routes links are resolved to: by default, the pages parsed. */
    site?: readonly SourcePage[];
  } = {},
): Promise<ParsedPage[]> {
  const { onParsed, onLastStarted } = options;
  const byFile = new Map((options.site ?? pages).map((p) => [p.file, p.route]));
  // A parse the cache holds under `key` is named by it, the images it shows (an image edited since is
  // parsed again under the same key, and named anew) and the routes its file links resolve to. One the
  // cache does not hold (a diagram's renderer failed) is not named: its HTML is hashed as it is.
  const finish = (result: MarkdownResult, key: string | undefined): MarkdownResult => {
    const htmlKey = key === undefined ? undefined : hashOf(key, ...result.images.map((image) => image.output), '\0', ...(result.fileLinks ?? []).map((link) => byFile.get(link.file) ?? '\0none'));
    // Copied with its HTML unread (util/lazyText.ts): a page taken from the last output never reads it.
    return result.fileLinks ? withFields(result, resolveFileLinks(result, { routeOfFile: (file) => byFile.get(file), baseUrl: context.config.baseUrl }), { htmlKey }) : withFields(result, { htmlKey });
  };
  const keys = pages.map((page) => pageCacheKey(context, page));
  const contentConfinement = createConfinement([context.config.contentDir]);
  // Each image read once a build, however many pages (and versions) show it.
  const imageHashes = new Map<string, string | undefined>();
  const imageUnchanged = (image: ImageRef): boolean => {
    if (!imageHashes.has(image.file)) {
      try {
        imageHashes.set(image.file, imageHash(image.file));
      } catch {
        imageHashes.set(image.file, undefined);
      }
    }
    const hash = imageHashes.get(image.file);
    return hash !== undefined && path.basename(image.output, path.extname(image.output)).endsWith(`-${hash}`);
  };
  const misses = pages.filter((_, i) => !context.cache.pages.has(keys[i] ?? ''));
  // Many pages to parse: spread them over worker threads; few: parse here, where grammars may already be loaded.
  const pool =
    misses.length >= MIN_PAGES_FOR_WORKERS && context.workers
      ? createMarkdownPool({
          init: { baseUrl: context.config.baseUrl, readRoots: [context.config.contentDir], versionBases: context.config.versions.map((v) => v.routeBase), code: [...context.highlighter.cache], diagrams: [...context.diagrams.cache] },
          codeCache: context.highlighter.cache,
          diagramCache: context.diagrams.cache,
        })
      : undefined;
  if (pool || pages.length === 0) onLastStarted?.();
  let processor: MarkdownProcessor | undefined;
  const parseOne = (page: SourcePage): Promise<MarkdownResult> => {
    const docsBase = page.version === undefined ? undefined : context.config.versions.find((v) => v.name === page.version)?.routeBase;
    const input = { body: page.body, path: page.file, route: page.route, ...(docsBase !== undefined && docsBase !== DOCS_ROUTE ? { docsBase } : {}) };
    if (pool) return pool.process(input);
    processor ??= createMarkdownProcessor({
      highlighter: context.highlighter,
      diagrams: context.diagrams,
      baseUrl: context.config.baseUrl,
      readRoots: [context.config.contentDir],
      versionBases: context.config.versions.map((v) => v.routeBase),
    });
    return processMarkdown(processor, input);
  };
  const ready = new Map<number, MarkdownResult>();
  let nextToFeed = 0;
  let feeding: Promise<void> = Promise.resolve();
  const feed = (index: number, result: MarkdownResult): void => {
    if (!onParsed) return;
    ready.set(index, result);
    for (let next = ready.get(nextToFeed); next !== undefined; next = ready.get(nextToFeed)) {
      const page = pages[nextToFeed];
      const parsedResult = next;
      ready.delete(nextToFeed);
      nextToFeed += 1;
      if (page) feeding = feeding.then(() => onParsed(page, parsedResult));
    }
  };
  let results: MarkdownResult[];
  try {
    results = await mapConcurrent(
      pages,
      pool ? pages.length : context.gate ? PAGES_IN_FLIGHT_WITH_READERS : PAGES_IN_FLIGHT,
      async (page, i) => {
        if (i === pages.length - 1 && !pool) onLastStarted?.();
        const key = keys[i] ?? '';
        context.usedPages.add(key);
        const cached = context.cache.pages.get(key);
        // The cache is a file anyone with write access to node_modules can change: an image it names must
        // still be content. And an image edited since gets another name: the page is parsed again.
        const hit = cached && cached.images.every((image) => contentConfinement.locate(image.file).status === 'inside' && imageUnchanged(image)) ? cached : undefined;
        if (hit) {
          for (const diagram of hit.diagrams ?? []) context.diagrams.used.add(diagram);
          const finished = finish(hit, key);
          feed(i, finished);
          return finished;
        }
        try {
          const result = await parseOne(page);
          // A page whose diagrams waited for a renderer that could not load is parsed again once it can.
          const cacheable = !result.diagnostics.some((d) => d.severity === 'error' || d.once);
          if (cacheable) context.cache.pages.set(key, result);
          const finished = finish(result, cacheable ? key : undefined);
          feed(i, finished);
          return finished;
        } catch (error) {
          // The limits checked before parsing should make this unreachable; should a page still exhaust
          // the stack, it is named, rather than the build ending in a stack dump.
          if (error instanceof RangeError || /Maximum call stack size exceeded/.test(String(error))) {
            throw new UserError('the page is nested too deeply to be rendered', { location: { file: page.file, line: 1, column: 1 }, hint: 'simplify its nesting (lists, quotes, emphasis or links inside each other)' });
          }
          if (userErrorsOf(error).length > 0) throw error;
          throw new Error(`while parsing ${page.relFile}`, { cause: error });
        }
      },
      context.gate,
    );
    await feeding;
  } finally {
    await pool?.close();
  }
  if (pool) {
    // Code highlighted and diagrams drawn by workers count as used, so the cache keeps them.
    for (const key of context.highlighter.cache.keys()) context.highlighter.used.add(key);
    for (const key of context.diagrams.cache.keys()) context.diagrams.used.add(key);
  }
  const errors: UserError[] = [];
  const parsed: ParsedPage[] = [];
  const said = new Set<string>();
  pages.forEach((page, i) => {
    const result = results[i];
    if (!result) return;
    for (const diagnostic of result.diagnostics) {
      if (diagnostic.once && said.has(diagnostic.message)) continue;
      if (diagnostic.once) said.add(diagnostic.message);
      const location = { file: page.file, line: diagnostic.line, column: diagnostic.column };
      if (diagnostic.severity === 'error' || (diagnostic.strict && context.config.strict)) errors.push(new UserError(diagnostic.message, { location, hint: diagnostic.hint }));
      else {
        const warning = new UserError(diagnostic.message, { location, hint: diagnostic.hint });
        context.contentWarnings.push(warning);
        context.reporter.warn(formatUserError(warning, context.config.root, 'warning'));
      }
    }
    const title = page.frontMatter.title ?? result.h1;
    // A page refused before parsing (past the limits) has no heading to find: its error says why.
    if (title === undefined && !result.diagnostics.some((d) => d.severity === 'error')) {
      errors.push(
        new UserError('the page has no title', {
          location: { file: page.file, line: 1, column: 1 },
          hint: 'add `title:` to the front matter or start the page with a "# Title" heading',
        }),
      );
      return;
    }
    if (title === undefined) return;
    parsed.push({ source: page, result, title });
  });
  if (errors.length > 0) throw new UserErrors(errors);
  return parsed;
}
