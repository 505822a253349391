import { parentPort } from 'node:worker_threads';
import { createShikiCore, renderCode, type CodeOptions } from './highlight.ts';

/** Highlights code blocks for the main thread: a worker has its own shiki and grammars. */
export type HighlightRequest = { id: number; code: string; options: CodeOptions };
export type HighlightResponse = { id: number; html?: string; error?: string };

const getCore = createShikiCore();
parentPort?.on('message', (request: HighlightRequest) => {
  renderCode(getCore, request.code, request.options).then(
    (html) => parentPort?.postMessage({ id: request.id, html } satisfies HighlightResponse),
    (error: unknown) => parentPort?.postMessage({ id: request.id, error: String(error) } satisfies HighlightResponse),
  );
});
