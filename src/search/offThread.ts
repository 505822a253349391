import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { engineRoot } from '../assets.ts';
import { HELPER_LIMITS } from '../util/helperLimits.ts';
import { errorFromPosted } from '../errors.ts';
import type { SearchIndexJob } from './index.ts';
import type { SearchWorkerRequest, SearchWorkerResponse } from './indexWorker.ts';

/** Entries sent but not yet taken by the worker: bounds what waits in memory on a large site. */
const MAX_UNTAKEN = 32;

/**
 * A build's search index on a worker thread (lib/search-worker.js), which
 * makes the index and writes its files. Undefined when the engine is not
 * compiled (tests running the sources): the index is then built on this thread.
 */
export function startSearchJobOffThread(script = path.join(engineRoot(), 'lib', 'search-worker.js')): SearchIndexJob | undefined {
  if (!existsSync(script)) return undefined;
  const worker = new Worker(script, { resourceLimits: HELPER_LIMITS });
  let failure: Error | undefined;
  let untaken = 0;
  const waiting: (() => void)[] = [];
  let written: { resolve: () => void; reject: (error: Error) => void } | undefined;
  let exited = false;
  let closing = false;
  const exit = new Promise<void>((resolve) =>
    worker.once('exit', (code) => {
      exited = true;
      if (!closing) fail(new Error(`the search index's worker stopped unexpectedly (exit code ${code})`));
      resolve();
    }),
  );
  function fail(error: Error): void {
    failure ??= error;
    written?.reject(failure);
    for (const wake of waiting.splice(0)) wake();
  }
  worker.on('message', (response: SearchWorkerResponse) => {
    if (response.type === 'added') {
      untaken -= 1;
      waiting.shift()?.();
    } else if (response.type === 'written') written?.resolve();
    else if (response.type === 'failed') fail(errorFromPosted(response.error, 'search index'));
  });
  worker.on('error', (error) => fail(error instanceof Error ? error : new Error(String(error))));
  // A failure is reported when the index is written, as the indexer on this thread does: entries
  // sent after it are dropped, and the pages go on being parsed (their own errors come first).
  const send = async (request: SearchWorkerRequest): Promise<void> => {
    if (failure) return;
    worker.postMessage(request);
    untaken += 1;
    while (untaken >= MAX_UNTAKEN && !failure) await new Promise<void>((wake) => waiting.push(wake));
  };
  return {
    add: (indexes, url, html) => send({ type: 'add', indexes, url, html }),
    addRecord: (indexes, url, title, content) => send({ type: 'record', indexes, url, title, content }),
    finish(cache) {
      worker.postMessage({ type: 'finish', cache } satisfies SearchWorkerRequest);
    },
    writeInto(dir, writing) {
      if (failure) return Promise.reject(failure);
      if (exited) return Promise.reject(new Error("internal error: the search index's worker was stopped before the index was written"));
      return new Promise<void>((resolve, reject) => {
        written = { resolve, reject };
        worker.postMessage({ type: 'write', dir, writing } satisfies SearchWorkerRequest);
      });
    },
    async close() {
      closing = true;
      if (!exited) worker.postMessage({ type: 'close' } satisfies SearchWorkerRequest);
      await exit;
    },
  };
}
