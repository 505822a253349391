import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { engineRoot } from '../assets.ts';
import { HELPER_LIMITS } from '../util/helperLimits.ts';
import { errorFromPosted, type PostedError } from '../errors.ts';
import type { LoadedDescription } from './document.ts';

/** What the worker sends: the parsed description, then that it is valid; or, at either step, the fault. */
export type DescriptionResponse = { parsed: LoadedDescription } | { valid: true } | { error: PostedError };

export interface DescriptionLoad {
  /** The description as parsed, before it is validated: enough to start building the page. */
  parsed: Promise<LoadedDescription>;
  /** The description once validated; rejects with the first fault, of parsing or validation. */
  result: Promise<LoadedDescription>;
  /** Stops the worker (a build that fails before it needs the description). */
  cancel(): void;
}

/**
 * Starts reading, parsing and validating the API description on a worker
 * thread, so that it happens on the other core while this thread parses the
 * pages: in a cold build that is ~250 ms (YAML parsing and validation, with
 * their code cold) off the critical path. The parsed description comes first,
 * so the page can be built while the description is validated. Undefined when
 * the engine is not compiled (tests running the sources); the description is
 * then loaded here.
 */
export function loadDescriptionOffThread(file: string): DescriptionLoad | undefined {
  const script = path.join(engineRoot(), 'lib', 'description-worker.js');
  if (!existsSync(script)) return undefined;
  const worker = new Worker(script, { workerData: { file }, resourceLimits: HELPER_LIMITS });
  let settleParsed!: { resolve: (loaded: LoadedDescription) => void; reject: (error: unknown) => void };
  const parsed = new Promise<LoadedDescription>((resolve, reject) => (settleParsed = { resolve, reject }));
  const result = new Promise<LoadedDescription>((resolve, reject) => {
    let loaded: LoadedDescription | undefined;
    const fail = (error: unknown): void => {
      settleParsed.reject(error);
      reject(error);
    };
    worker.on('message', (response: DescriptionResponse) => {
      if ('parsed' in response) {
        loaded = response.parsed;
        settleParsed.resolve(loaded);
      } else if ('valid' in response && loaded) resolve(loaded);
      else if ('error' in response) fail(errorFromPosted(response.error, `loading ${file} failed`));
    });
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`the worker loading ${file} stopped (exit code ${code})`)));
  });
  // Whoever needs the description sees a failure; a build that stops earlier must not see it as unhandled.
  parsed.catch(() => undefined);
  result.catch(() => undefined);
  return { parsed, result, cancel: () => void worker.terminate() };
}
