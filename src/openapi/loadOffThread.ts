import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { engineRoot } from '../assets.ts';
import { errorFromPosted, type PostedError } from '../errors.ts';
import type { LoadedDescription } from './document.ts';

export type DescriptionResponse =
  | { loaded: LoadedDescription; error?: undefined }
  | { loaded?: undefined; error: PostedError };

export interface DescriptionLoad {
  result: Promise<LoadedDescription>;
  /** Stops the worker (a build that fails before it needs the description). */
  cancel(): void;
}

/**
 * Starts reading, parsing and validating the API description on a worker
 * thread, so that it happens on the other core while this thread parses the
 * pages: in a cold build that is ~250 ms (YAML parsing and validation, with
 * their code cold) off the critical path. Undefined when the engine is not
 * compiled (tests running the sources); the description is then loaded here.
 */
export function loadDescriptionOffThread(file: string): DescriptionLoad | undefined {
  const script = path.join(engineRoot(), 'lib', 'description-worker.js');
  if (!existsSync(script)) return undefined;
  const worker = new Worker(script, { workerData: { file } });
  const result = new Promise<LoadedDescription>((resolve, reject) => {
    worker.once('message', (response: DescriptionResponse) => {
      if (response.loaded) resolve(response.loaded);
      else reject(errorFromPosted(response.error, `loading ${file} failed`));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the worker loading ${file} stopped (exit code ${code})`)));
  });
  // Whoever needs the description sees a failure; a build that stops earlier must not see it as unhandled.
  result.catch(() => undefined);
  return { result, cancel: () => void worker.terminate() };
}
