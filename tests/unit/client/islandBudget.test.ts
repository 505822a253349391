import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { REPO } from '../../helpers/cli.ts';

/** The compiled browser code (npm test compiles it first). */
const CLIENT = path.join(REPO, 'lib', 'client');
const read = (name: string): string => readFileSync(path.join(CLIENT, name), 'utf8');
const gz = (name: string): number => gzipSync(readFileSync(path.join(CLIENT, name)), { level: 9 }).length;

/** A module and every module it imports statically: what loads before it runs. */
function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string): void => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const match of read(name).matchAll(/(?:from|import)\s*"\.\/(chunk-\w+\.js)"/g)) visit(match[1] ?? '');
  };
  visit(entry);
  return seen;
}

const dynamicImports = (name: string): string[] => [...read(name).matchAll(/import\("\.\/(chunk-\w+\.js)"\)/g)].map((m) => m[1] ?? '');

describe('the island runtime’s weight (issue 30)', () => {
  it('keeps React’s client, the runtime and the tabs island within 65 KB gzip', () => {
    const runtime = staticClosure('islands.js');
    const tabs = dynamicImports('islands.js').flatMap((chunk) => [...staticClosure(chunk)]);
    expect(tabs.length).toBeGreaterThan(0);
    const total = [...new Set([...runtime, ...tabs])].reduce((sum, name) => sum + gz(name), 0);
    expect(total).toBeLessThanOrEqual(65 * 1024);
    // React's client is in there, in a chunk of its own.
    expect([...runtime].some((name) => name.startsWith('chunk-') && read(name).includes('hydrateRoot'))).toBe(true);
  });

  it('leaves the main bundle without React: pages without an island load none of it', () => {
    const main = staticClosure('main.js');
    const islands = staticClosure('islands.js');
    expect([...main].filter((name) => islands.has(name))).toEqual([]);
    for (const name of main) expect(read(name)).not.toMatch(/hydrateRoot|__CLIENT_INTERNALS/);
  });
});
