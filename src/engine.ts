import { readFileSync } from 'node:fs';
import path from 'node:path';
import { engineRoot } from './assets.ts';
import { hashOf } from './cache.ts';

/**
 * Identifies this build of the engine, so that caches made by other code are
 * ignored: the hash of every compiled file, which scripts/compile.mjs writes
 * next to them. Run from the sources (tests), each process counts as new.
 */
export function engineVersion(): string {
  try {
    return readFileSync(path.join(engineRoot(), 'lib', 'engine.stamp'), 'utf8');
  } catch {
    return hashOf('source', String(process.pid), String(Date.now()));
  }
}
