import { parentPort, workerData } from 'node:worker_threads';
import { postedError } from '../errors.ts';
import { bundleDescription, parseDescription, validateDescription } from './document.ts';
import type { DescriptionResponse } from './loadOffThread.ts';

/**
 * Reads, parses and validates the API description for the main thread, which
 * is busy parsing pages meanwhile. The parsed description is sent as soon as
 * it is parsed, so the main thread can build the page while it is validated
 * here; validation then works on this thread's copy, which nothing else reads.
 */
const { file } = workerData as { file: string };
const post = (response: DescriptionResponse): void => parentPort?.postMessage(response);
try {
  const source = parseDescription(file);
  bundleDescription(file, source)
    .then((loaded) => {
      // Posting copies the description: validating this thread's object in place is safe afterwards.
      post({ parsed: loaded });
      return validateDescription(file, source);
    })
    .then(
      () => post({ valid: true }),
      (error: unknown) => post({ error: postedError(error) }),
    );
} catch (error) {
  post({ error: postedError(error) });
}
