import path from 'node:path';
import { emptyCache, loadCache, saveCache, type BuildCache } from './cache.ts';
import type { ResolvedConfig } from './config/resolve.ts';
import { engineVersion } from './engine.ts';
import { createDiagramRenderer, type DiagramRenderer } from './diagrams/renderer.ts';
import type { Category } from './load/categories.ts';
import type { SourcePage } from './load/pages.ts';
import { createHighlighter, type Highlighter } from './markdown/highlight.ts';
import { startRemoteHighlighter } from './markdown/remoteHighlighter.ts';
import type { RenderMemo } from './render/memo.ts';
import { renderers as builtInRenderers, type Renderers } from './render/renderers.ts';
import type { UserError } from './errors.ts';
import type { Reporter, Timing } from './util/task.ts';

/** State of one build (or one dev session): never module globals. */
export interface BuildContext {
  config: ResolvedConfig;
  reporter: Reporter;
  timings: Timing[];
  cache: BuildCache;
  highlighter: Highlighter;
  /** Draws mermaid diagrams as SVG, through the cache. */
  diagrams: DiagramRenderer;
  engine: string;
  usedPages: Set<string>;
  /** Warnings about the content (an unknown code language, a link to a file that is not a page): --strict fails on them. */
  contentWarnings: UserError[];
  /** Keys of the references and change sets this build used, which the cache keeps. */
  usedApi: Set<string>;
  /** Parse on worker threads when there is enough to parse. */
  workers: boolean;
  /** The React templates: the engine's own, or (dev) a copy compiled after a template changed. */
  renderers: Renderers;
  /** Identifies `renderers`, for caches of rendered output. */
  renderersKey: string;
  /**
   * Pages rendered by the previous build of this session, by route, with the
   * inputs they were rendered from: dev re-renders only the pages whose inputs
   * changed. Absent in one-off builds, which render every page once anyway.
   */
  rendered?: RenderMemo;
  /** Source pages of the previous build of a dev session, reused while their file is unchanged. */
  sources?: Map<string, SourcePage>;
  /** Categories of the previous build of a dev session, reused while their file is unchanged. */
  categories?: Map<string, Category>;
  /** The API description's markdown texts, rendered: kept by dev between rebuilds, as most survive an edit. */
  descriptionHtml: Map<string, string>;
  /** Awaited before each page is parsed: dev holds a long build here while it answers a waiting reader. */
  gate?: () => Promise<void>;
}

/** A context for the next rebuild of a dev session: same caches and loaded grammars, fresh timings and config. */
export function nextBuildContext(previous: BuildContext, config: ResolvedConfig): BuildContext {
  return { ...previous, config, timings: [], usedPages: new Set(), usedApi: new Set(), contentWarnings: [] };
}

export function createBuildContext(config: ResolvedConfig, reporter: Reporter): BuildContext {
  const engine = engineVersion();
  const cache = config.cache ? loadCache(config.cacheDir, engine) : emptyCache();
  return {
    config,
    reporter,
    timings: [],
    cache,
    highlighter: createHighlighter(cache.code, process.env['MAPSDOCS_WORKERS'] === '0' ? undefined : startRemoteHighlighter),
    diagrams: createDiagramRenderer(cache.diagrams),
    engine,
    usedPages: new Set(),
    usedApi: new Set(),
    contentWarnings: [],
    workers: process.env['MAPSDOCS_WORKERS'] !== '0',
    renderers: builtInRenderers,
    renderersKey: 'built-in',
    descriptionHtml: new Map(),
  };
}

/** Saves what this build made for the next one; a cache that cannot be written costs the next build time, never this one its result. */
export function persistCache(context: BuildContext): void {
  if (!context.config.cache) return;
  try {
    saveCache(context.config.cacheDir, context.engine, context.cache, { code: context.highlighter.used, pages: context.usedPages, api: context.usedApi, diagrams: context.diagrams.used });
  } catch (error) {
    const where = path.relative(process.cwd(), context.config.cacheDir) || '.';
    context.reporter.warn(`could not save the build cache in ${where} (${error instanceof Error ? error.message : String(error)}): the next build will parse and highlight again what this one did; delete the folder if it is damaged`);
  }
}
