import * as beautifulMermaid from 'beautiful-mermaid';
import { describe, expect, it } from 'vitest';
import type { DiagramResult } from '../../../src/diagrams/mermaidSvg.ts';
import { createDiagramRenderer, diagramCacheKey } from '../../../src/diagrams/renderer.ts';

const source = 'flowchart LR\n  A[Publisher] --> B[Broker]';

describe('the diagram renderer', () => {
  it('draws a diagram once: the same source and theme come from the cache, in this build and the next', async () => {
    let loads = 0;
    let draws = 0;
    const load = async () => {
      loads += 1;
      return { renderMermaidSVG: (text: string) => ((draws += 1), beautifulMermaid.renderMermaidSVG(text)) };
    };
    const cache = new Map<string, DiagramResult>();
    const first = createDiagramRenderer(cache, load);
    const drawn = await first.render(source);
    expect(drawn).toEqual({ svg: expect.stringContaining('Publisher') });
    expect(await first.render(source)).toEqual(drawn);
    expect([loads, draws]).toEqual([1, 1]);
    expect(first.used).toEqual(new Set([diagramCacheKey(source)]));
    // A warm build: the library is not even loaded.
    const warm = createDiagramRenderer(new Map(cache), load);
    expect(await warm.render(source)).toEqual(drawn);
    expect([loads, draws]).toEqual([1, 1]);
  });

  it('says so when the library cannot be loaded, and draws nothing', async () => {
    const renderer = createDiagramRenderer(new Map(), () => Promise.reject(new Error('Cannot find package beautiful-mermaid')));
    expect(await renderer.render(source)).toEqual({ unavailable: 'Cannot find package beautiful-mermaid' });
    expect(renderer.cache.size).toBe(0);
  });
});
