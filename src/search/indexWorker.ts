import { parentPort } from 'node:worker_threads';
import { postedError, type PostedError } from '../errors.ts';
import { searchJobOf, type IndexWriting } from './index.ts';

/** What the build thread asks of the search worker. */
export type SearchWorkerRequest =
  | { type: 'add'; indexes: readonly string[]; url: string; html: string }
  | { type: 'record'; indexes: readonly string[]; url: string; title: string; content: string }
  | { type: 'finish'; cache?: { dir: string; keys: Readonly<Record<string, string>> } | undefined }
  | { type: 'write'; dir: string; writing?: IndexWriting | undefined }
  | { type: 'close' };

/** What it answers: an entry taken (for back-pressure), the index written, or a failure. It stops (exits) when asked to close. */
export type SearchWorkerResponse = { type: 'added' } | { type: 'written' } | { type: 'failed'; error: PostedError };

/**
 * Makes a build's search index off the build's thread: the pages' text is cut
 * into words here while that thread parses, and the index's files are written
 * into the output while it writes the pages, instead of after them.
 */
const port = parentPort;
if (port) {
  const post = (response: SearchWorkerResponse): void => port.postMessage(response);
  const failed = (error: unknown): void => post({ type: 'failed', error: postedError(error) });
  const index = searchJobOf();
  port.on('message', (request: SearchWorkerRequest) => {
    switch (request.type) {
      case 'add':
        return void index.add(request.indexes, request.url, request.html).then(() => post({ type: 'added' }), failed);
      case 'record':
        return void index.addRecord(request.indexes, request.url, request.title, request.content).then(() => post({ type: 'added' }), failed);
      case 'finish':
        return index.finish(request.cache);
      case 'write':
        return void index.writeInto(request.dir, request.writing).then(() => post({ type: 'written' }), failed);
      case 'close':
        return void index
          .close()
          .catch(failed)
          .finally(() => port.close());
    }
  });
}
