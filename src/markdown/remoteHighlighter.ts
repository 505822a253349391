import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { engineRoot } from '../assets.ts';
import { HELPER_LIMITS } from '../util/helperLimits.ts';
import type { RemoteHighlighter } from './highlight.ts';
import type { HighlightResponse } from './highlightWorker.ts';

/** A highlighting worker thread; unreferenced, so it never keeps the process alive on its own. */
export function startRemoteHighlighter(): RemoteHighlighter | undefined {
  const script = path.join(engineRoot(), 'lib', 'highlight-worker.js');
  if (!existsSync(script)) return undefined;
  const worker = new Worker(script, { resourceLimits: HELPER_LIMITS });
  const pending = new Map<number, { resolve: (html: string) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  worker.on('message', (response: HighlightResponse) => {
    const entry = pending.get(response.id);
    pending.delete(response.id);
    if (pending.size === 0) worker.unref();
    if (response.html !== undefined) entry?.resolve(response.html);
    else entry?.reject(new Error(response.error ?? 'highlighting failed'));
  });
  worker.on('error', (error) => {
    for (const entry of pending.values()) entry.reject(error instanceof Error ? error : new Error(String(error)));
    pending.clear();
  });
  // Referenced only while it owes answers: an idle worker must not keep the process alive, and a
  // busy one must (an unreferenced worker with work pending lets Node exit mid-build).
  // This comes after the listeners, since attaching a 'message' listener refs the worker again.
  worker.unref();
  return {
    highlight(code, options) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        if (pending.size === 0) worker.ref();
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, code, options });
      });
    },
    close() {
      for (const entry of pending.values()) entry.reject(new Error('the highlighting worker was stopped'));
      pending.clear();
      void worker.terminate();
    },
  };
}
