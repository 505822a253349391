import { describe, expect, it } from 'vitest';
import { createHighlighter, type CodeOptions, type RemoteHighlighter } from '../../../src/markdown/highlight.ts';

const options: CodeOptions = { lang: 'java', highlightLines: new Set(), showLineNumbers: false };

/** A helper thread that answers only when told to, and records the order blocks reach it. */
function heldHelper(): { remote: RemoteHighlighter; received: string[]; answerAll: () => void } {
  const received: string[] = [];
  const answers: (() => void)[] = [];
  return {
    received,
    remote: {
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
});
