import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';

/** Flags to open a file for reading that never follow a symbolic link nor wait for a FIFO's writer. */
export const READ_REGULAR = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * The bytes of `file`, which must be a regular file, not reached through a symbolic link. Opened
 * without blocking: reading a FIFO put in a cache's place would wait for a writer forever, and the
 * build could not even be interrupted (the thread is blocked in the system call). Anything else throws.
 */
export function readRegularFile(file: string): Buffer {
  const fd = openSync(file, READ_REGULAR);
  try {
    if (!fstatSync(fd).isFile()) throw Object.assign(new Error(`${file} is not a regular file`), { code: 'EINVAL', path: file });
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}
