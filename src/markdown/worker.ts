import { parentPort, workerData } from 'node:worker_threads';
import type { DiagramResult } from '../diagrams/mermaidSvg.ts';
import { createDiagramRenderer } from '../diagrams/renderer.ts';
import { createHighlighter } from './highlight.ts';
import { createMarkdownProcessor, processMarkdown, type MarkdownInput } from './processor.ts';
import type { MarkdownResult } from './types.ts';

/** Data a markdown worker starts with: the same inputs the main thread's processor has. */
export interface WorkerInit {
  baseUrl: string;
  /** The folders a page may name files in. */
  readRoots: string[];
  versionBases: string[];
  code: [string, string][];
  diagrams: [string, DiagramResult][];
}

export type WorkerRequest = { id: number; input: MarkdownInput };
export type WorkerResponse = { id: number; result?: MarkdownResult; error?: string; code: [string, string][]; diagrams: [string, DiagramResult][] };

/** The code cache, remembering what this worker added since it last reported, so a report costs only what is new. */
class RecordingMap<V> extends Map<string, V> {
  private fresh: [string, V][] = [];
  override set(key: string, value: V): this {
    // Undefined while Map's constructor adds the initial entries, which are not new.
    if (!this.has(key)) this.fresh?.push([key, value]);
    return super.set(key, value);
  }
  drain(): [string, V][] {
    const fresh = this.fresh;
    this.fresh = [];
    return fresh;
  }
}

const init = workerData as WorkerInit;
const code = new RecordingMap(init.code);
const highlighter = createHighlighter(code);
const drawn = new RecordingMap(init.diagrams);
const processor = createMarkdownProcessor({ highlighter, diagrams: createDiagramRenderer(drawn), baseUrl: init.baseUrl, readRoots: init.readRoots, versionBases: init.versionBases });

parentPort?.on('message', (request: WorkerRequest) => {
  void processMarkdown(processor, request.input).then(
    (result) => {
      // Send back only the code blocks this worker highlighted, for the shared cache.
      parentPort?.postMessage({ id: request.id, result, code: code.drain(), diagrams: drawn.drain() } satisfies WorkerResponse);
    },
    (error: unknown) => {
      parentPort?.postMessage({ id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error), code: [], diagrams: [] } satisfies WorkerResponse);
    },
  );
});
