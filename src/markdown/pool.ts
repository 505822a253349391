import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { engineRoot } from '../assets.ts';
import type { DiagramResult } from '../diagrams/mermaidSvg.ts';
import type { MarkdownInput } from './processor.ts';
import type { MarkdownResult } from './types.ts';
import type { WorkerInit, WorkerResponse } from './worker.ts';

/** Below this many pages to parse, starting workers (each loads its own grammars) costs more than it saves: measured no gain at 1,000 pages, 15 % at 10,000. */
export const MIN_PAGES_FOR_WORKERS = 1500;

/** Enough pages per worker to keep it busy while it waits on highlighting, few enough to bound its memory. */
const MAX_IN_FLIGHT_PER_WORKER = 8;

export interface MarkdownPool {
  process(input: MarkdownInput): Promise<MarkdownResult>;
  close(): Promise<void>;
}

export function workerScript(): string | undefined {
  const file = path.join(engineRoot(), 'lib', 'markdown-worker.js');
  return existsSync(file) ? file : undefined;
}

/**
 * Parses pages on worker threads, one per core. Each worker has its own
 * processor and highlighter built from the same inputs, so the output is
 * identical to a serial build; newly highlighted code flows back into the
 * shared cache.
 */
export function createMarkdownPool(options: { init: WorkerInit; codeCache: Map<string, string>; diagramCache: Map<string, DiagramResult>; size?: number }): MarkdownPool | undefined {
  const script = workerScript();
  if (!script) return undefined;
  const size = options.size ?? Math.max(1, Math.min(availableParallelism(), 4));
  const pending = new Map<number, { resolve: (r: MarkdownResult) => void; reject: (e: Error) => void }>();
  const load = new Map<Worker, number>();
  let nextId = 0;
  // Pages wait here, not in the workers' message queues: a worker starts every page it receives at once,
  // and 5,000 half-parsed pages per worker took the build to 1.2 GiB.
  const queue: { id: number; input: MarkdownInput }[] = [];
  const dispatch = (): void => {
    for (const worker of workers) {
      while ((load.get(worker) ?? 0) < MAX_IN_FLIGHT_PER_WORKER && queue.length > 0) {
        const next = queue.shift();
        if (!next) break;
        load.set(worker, (load.get(worker) ?? 0) + 1);
        worker.postMessage(next);
      }
    }
  };
  const workers = Array.from({ length: size }, () => {
    const worker = new Worker(script, { workerData: options.init });
    load.set(worker, 0);
    worker.on('message', (response: WorkerResponse) => {
      load.set(worker, (load.get(worker) ?? 1) - 1);
      for (const [key, html] of response.code) options.codeCache.set(key, html);
      for (const [key, drawn] of response.diagrams) options.diagramCache.set(key, drawn);
      const entry = pending.get(response.id);
      pending.delete(response.id);
      dispatch();
      if (!entry) return;
      if (response.result) entry.resolve(response.result);
      else entry.reject(new Error(response.error ?? 'markdown worker failed'));
    });
    worker.on('error', (error) => {
      for (const entry of pending.values()) entry.reject(error instanceof Error ? error : new Error(String(error)));
      pending.clear();
    });
    return worker;
  });
  return {
    process(input) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        queue.push({ id, input });
        dispatch();
      });
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
