import { parentPort, workerData } from 'node:worker_threads';
import { createHighlighter } from './highlight.ts';
import { createMarkdownProcessor, processMarkdown, type MarkdownInput } from './processor.ts';
import type { MarkdownResult } from './types.ts';

/** Data a markdown worker starts with: the same inputs the main thread's processor has. */
export interface WorkerInit {
  baseUrl: string;
  routes: [string, string][];
  code: [string, string][];
}

export type WorkerRequest = { id: number; input: MarkdownInput };
export type WorkerResponse = { id: number; result?: MarkdownResult; error?: string; code: [string, string][] };

const init = workerData as WorkerInit;
const routes = new Map(init.routes);
const highlighter = createHighlighter(new Map(init.code));
const processor = createMarkdownProcessor({ highlighter, baseUrl: init.baseUrl, routeOfFile: (file) => routes.get(file) });
const known = new Set(init.code.map(([key]) => key));

parentPort?.on('message', (request: WorkerRequest) => {
  void processMarkdown(processor, request.input).then(
    (result) => {
      // Send back only the code blocks this worker highlighted, for the shared cache.
      const fresh: [string, string][] = [];
      for (const [key, html] of highlighter.cache) {
        if (!known.has(key)) {
          known.add(key);
          fresh.push([key, html]);
        }
      }
      parentPort?.postMessage({ id: request.id, result, code: fresh } satisfies WorkerResponse);
    },
    (error: unknown) => {
      parentPort?.postMessage({ id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error), code: [] } satisfies WorkerResponse);
    },
  );
});
