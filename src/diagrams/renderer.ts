import { hashOf } from '../cache.ts';
import { RENDER_OPTIONS, renderDiagram, type BeautifulMermaid, type DiagramResult } from './mermaidSvg.ts';

/**
 * Diagrams drawn at build time, through a cache: the library loads only when
 * a diagram misses it, so a warm build neither loads it nor draws anything.
 */
export interface DiagramRenderer {
  /** The page-ready SVG of a mermaid source (ids to be prefixed per page), or why it stays for the browser to draw. */
  render(source: string): Promise<DiagramOutcome>;
  /** Drawn diagrams and failures, by source and theme, to persist between builds. */
  readonly cache: Map<string, DiagramResult>;
  /** Keys of the diagrams this build asked for. */
  readonly used: Set<string>;
}

export type DiagramOutcome =
  | { svg: string }
  /** The source is what the renderer could not draw: the same source fails again. */
  | { error: string }
  /** The renderer itself could not be loaded: every diagram of the build is left to the browser. */
  | { unavailable: string };

/** Loads the renderer library; the build's bundle holds it, a test may pass one that fails. */
export type DiagramLibraryLoader = () => Promise<BeautifulMermaid>;

const loadBeautifulMermaid: DiagramLibraryLoader = () => import('beautiful-mermaid');

/** What an SVG depends on besides its source: the renderer's options (its theme). The engine's build is part of the whole cache's key. */
const THEME_KEY = JSON.stringify(RENDER_OPTIONS);

export function diagramCacheKey(source: string): string {
  return hashOf('mermaid', THEME_KEY, source);
}

export function createDiagramRenderer(cache: Map<string, DiagramResult> = new Map(), load: DiagramLibraryLoader = loadBeautifulMermaid): DiagramRenderer {
  const used = new Set<string>();
  let library: Promise<BeautifulMermaid> | undefined;
  return {
    cache,
    used,
    async render(source) {
      const key = diagramCacheKey(source);
      used.add(key);
      const hit = cache.get(key);
      if (hit) return hit;
      library ??= load();
      let loaded: BeautifulMermaid;
      try {
        loaded = await library;
      } catch (error) {
        return { unavailable: error instanceof Error ? error.message : String(error) };
      }
      const result = renderDiagram(loaded, source);
      cache.set(key, result);
      return result;
    },
  };
}
