import { describe, expect, it } from 'vitest';
import { IDLE_PREFETCH_BUDGET, idlePrefetchable, withinIdleBudget } from '../../../src/client/navigation.ts';

describe('what is loaded ahead without a sign of intent', () => {
  it('leaves every API reference, of any docs version, to a hovered link', () => {
    for (const route of ['/docs/api/reference', '/docs/4.3/api/reference', '/docs/next/api/reference/', '/docs/api/reference.html']) expect(idlePrefetchable(new URL(route, 'http://localhost')), route).toBe(false);
    for (const route of ['/docs/intro', '/docs/api/', '/docs/api/changes', '/docs/reference-guide']) expect(idlePrefetchable(new URL(route, 'http://localhost')), route).toBe(true);
  });

  it('keeps nothing over 100 KB on the wire', () => {
    expect(IDLE_PREFETCH_BUDGET).toBe(100 * 1024);
    expect(withinIdleBudget(new Headers({ 'content-length': String(100 * 1024) }))).toBe(true);
    expect(withinIdleBudget(new Headers({ 'content-length': String(100 * 1024 + 1), 'content-encoding': 'gzip' }))).toBe(false);
    // Sent in chunks (a host compressing on the fly): its weight is not known ahead, and the page is kept.
    expect(withinIdleBudget(new Headers())).toBe(true);
  });
});
