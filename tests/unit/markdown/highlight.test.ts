import { describe, expect, it } from 'vitest';
import type { HighlighterCore } from 'shiki/core';
import { createHighlighter, LINE_TIME_LIMIT_MS, renderCode, type CodeOptions, type RemoteHighlighter } from '../../../src/markdown/highlight.ts';

const options: CodeOptions = { lang: 'java', highlightLines: new Set(), showLineNumbers: false };

/** A helper thread that answers only when told to, and records the order blocks reach it. */
function heldHelper(): { remote: RemoteHighlighter; received: string[]; answerAll: () => void; closed: () => boolean } {
  const received: string[] = [];
  const answers: (() => void)[] = [];
  let closed = false;
  return {
    received,
    closed: () => closed,
    remote: {
      close: () => {
        closed = true;
      },
      highlight: (code) =>
        new Promise((resolve) => {
          received.push(code);
          answers.push(() => resolve(`<pre>${code}</pre>`));
        }),
    },
    answerAll: () => {
      for (const answer of answers.splice(0)) answer();
    },
  };
}

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('the highlighter with a helper thread', () => {
  it('sends the helper a few blocks at a time, and an urgent block ahead of every block still waiting', async () => {
    const helper = heldHelper();
    const highlighter = createHighlighter(new Map(), () => helper.remote);
    const normal = Array.from({ length: 20 }, (_, i) => highlighter.highlight(`block ${i}`, options));
    await settle();
    // Not all 20 at once: the rest wait on this side, where an urgent block can pass them.
    expect(helper.received.length).toBeLessThan(20);
    const sentBefore = helper.received.length;
    const urgent = highlighter.urgent().highlight('the page a reader waits for', options);
    await settle();
    helper.answerAll();
    await settle();
    // The first free place goes to the urgent block.
    expect(helper.received[sentBefore]).toBe('the page a reader waits for');
    // Everything is answered in the end, in order, and cached.
    for (let round = 0; round < 5; round += 1) {
      helper.answerAll();
      await settle();
    }
    expect(await urgent).toBe('<pre>the page a reader waits for</pre>');
    expect(await Promise.all(normal)).toEqual(Array.from({ length: 20 }, (_, i) => `<pre>block ${i}</pre>`));
    expect(helper.received.filter((code) => code.startsWith('block '))).toEqual(Array.from({ length: 20 }, (_, i) => `block ${i}`));
    expect(highlighter.cache.size).toBe(21);
  });

  it('stops its helper when released, and starts another for a block that comes later', async () => {
    const helpers: ReturnType<typeof heldHelper>[] = [];
    const highlighter = createHighlighter(new Map(), () => {
      const helper = heldHelper();
      helpers.push(helper);
      return helper.remote;
    });
    const first = highlighter.highlight('before', options);
    await settle();
    helpers[0]?.answerAll();
    expect(await first).toBe('<pre>before</pre>');
    highlighter.release();
    expect(helpers[0]?.closed()).toBe(true);
    // Released twice, or with no helper: nothing to stop.
    highlighter.release();
    const later = highlighter.highlight('after', options);
    await settle();
    expect(helpers).toHaveLength(2);
    helpers[1]?.answerAll();
    expect(await later).toBe('<pre>after</pre>');
    expect(helpers[1]?.closed()).toBe(false);
    // A block seen before is answered from the cache, without a helper.
    expect(await highlighter.highlight('before', options)).toBe('<pre>before</pre>');
    expect(helpers).toHaveLength(2);
  });

  it('highlights a block asked for again before its answer came once, and lets an urgent request for it go ahead', async () => {
    const helper = heldHelper();
    const highlighter = createHighlighter(new Map(), () => helper.remote);
    // Enough blocks to fill the helper's window, so that the repeated block waits on this side.
    const fillers = Array.from({ length: 20 }, (_, i) => highlighter.highlight(`block ${i}`, options));
    const first = highlighter.highlight('npm install mapsdocs', options);
    const again = highlighter.highlight('npm install mapsdocs', options);
    const urgently = highlighter.urgent().highlight('npm install mapsdocs', options);
    await settle();
    const sentBefore = helper.received.length;
    helper.answerAll();
    await settle();
    expect(helper.received[sentBefore]).toBe('npm install mapsdocs');
    for (let round = 0; round < 5; round += 1) {
      helper.answerAll();
      await settle();
    }
    expect(await Promise.all([first, again, urgently])).toEqual(Array(3).fill('<pre>npm install mapsdocs</pre>'));
    await Promise.all(fillers);
    expect(helper.received.filter((code) => code === 'npm install mapsdocs')).toHaveLength(1);
    // A block that failed is asked for anew the next time.
    const failing = createHighlighter(new Map(), () => ({ close: () => undefined, highlight: () => Promise.reject(new Error('no grammar')) }));
    await expect(failing.highlight('x', options)).rejects.toThrow('no grammar');
    await expect(failing.highlight('x', options)).rejects.toThrow('no grammar');
  });
});

describe('renderCode', () => {
  it('gives each line time enough that a busy machine colours it as an idle one does (shiki stops at 500 ms by default)', async () => {
    const seen: unknown[] = [];
    const core = { getLoadedLanguages: () => ['java'], codeToHtml: (_: string, opts: unknown) => (seen.push(opts), '<pre></pre>') } as unknown as HighlighterCore;
    await renderCode(() => Promise.resolve(core), 'int x;', options);
    expect(seen).toEqual([expect.objectContaining({ tokenizeTimeLimit: LINE_TIME_LIMIT_MS })]);
    expect(LINE_TIME_LIMIT_MS).toBeGreaterThanOrEqual(10_000);
  });
});
