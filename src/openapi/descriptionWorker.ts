import { parentPort, workerData } from 'node:worker_threads';
import { postedError } from '../errors.ts';
import { loadDescription } from './document.ts';
import type { DescriptionResponse } from './loadOffThread.ts';

/** Reads, parses and validates the API description for the main thread, which is busy parsing pages meanwhile. */
const { file } = workerData as { file: string };
loadDescription(file).then(
  (loaded) => parentPort?.postMessage({ loaded } satisfies DescriptionResponse),
  (error: unknown) => parentPort?.postMessage({ error: postedError(error) } satisfies DescriptionResponse),
);
