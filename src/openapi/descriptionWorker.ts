import { parentPort, workerData } from 'node:worker_threads';
import { UserError } from '../errors.ts';
import { loadDescription } from './document.ts';
import type { DescriptionResponse } from './loadOffThread.ts';

/** Reads, parses and validates the API description for the main thread, which is busy parsing pages meanwhile. */
const { file } = workerData as { file: string };
loadDescription(file).then(
  (loaded) => parentPort?.postMessage({ loaded } satisfies DescriptionResponse),
  (error: unknown) =>
    parentPort?.postMessage({
      error:
        error instanceof UserError
          ? { message: error.message, hint: error.hint, location: error.location, user: true }
          : { message: error instanceof Error ? (error.stack ?? error.message) : String(error), user: false },
    } satisfies DescriptionResponse),
);
