import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { REPO } from '../../helpers/cli.ts';

/** The compiled browser code (npm test compiles it first). */
const CLIENT = path.join(REPO, 'lib', 'client');
const read = (name: string): string => readFileSync(path.join(CLIENT, name), 'utf8');
const gz = (name: string): number => gzipSync(readFileSync(path.join(CLIENT, name)), { level: 9 }).length;

/** A module and every module it imports, statically or not: what a page with an island loads, sooner or later. */
function closure(entry: string, options: { dynamic: boolean }): Set<string> {
  const seen = new Set<string>();
  const pattern = options.dynamic ? /(?:from\s*|import\s*|import\()"\.\/(chunk-\w+\.js)"/g : /(?:from|import)\s*"\.\/(chunk-\w+\.js)"/g;
  const visit = (name: string): void => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const match of read(name).matchAll(pattern)) visit(match[1] ?? '');
  };
  visit(entry);
  return seen;
}

/** React's code: React DOM names React's error page, React its internals' field. */
const hasReact = (name: string): boolean => /react\.dev\/errors\/|__CLIENT_INTERNALS_DO_NOT_USE/.test(read(name));

describe('the island runtime’s weight (issue 30)', () => {
  it('keeps React’s client, the runtime, its hydration and the tabs island within 65 KB gzip', () => {
    const all = closure('islands.js', { dynamic: true });
    const total = [...all].reduce((sum, name) => sum + gz(name), 0);
    expect(total).toBeLessThanOrEqual(65 * 1024);
    // React's client is in there, in chunks of its own that the runtime loads once it has found an island.
    expect([...all].filter(hasReact).length).toBeGreaterThan(0);
    expect([...closure('islands.js', { dynamic: false })].filter(hasReact)).toEqual([]);
  });

  it('leaves React out of the main bundle: pages without an island load none of it', () => {
    expect([...closure('main.js', { dynamic: true })].filter(hasReact)).toEqual([]);
  });
});
