import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';

/**
 * The bytes of `file`, which must be a regular file, not reached through a symbolic link. Opened
 * without blocking: reading a FIFO put in a cache's place would wait for a writer forever, and the
 * build could not even be interrupted (the thread is blocked in the system call). Anything else throws.
 */
export function readRegularFile(file: string): Buffer {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    if (!fstatSync(fd).isFile()) throw Object.assign(new Error(`${file} is not a regular file`), { code: 'EINVAL', path: file });
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}
