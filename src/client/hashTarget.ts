/**
 * Jumps to the element a URL hash names, and keeps it where the jump put it
 * while the page still changes shape: images, diagrams or fonts that arrive
 * later would otherwise move a section link's heading away from the top, or
 * under the navbar. The hold ends as soon as the reader scrolls, types, clicks
 * or touches the page, and when another jump or a navigation starts.
 *
 * A jump dispatches `mapsdocs:hashjump` on the document (the navbar hides).
 */

/** Input that means the reader is moving the page themselves. */
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

let hold: AbortController | undefined;

/** The element a hash names: its id, percent-decoded (ids written in other scripts arrive encoded). */
export function hashTarget(hash: string): HTMLElement | null {
  if (hash.length <= 1) return null;
  const id = hash.slice(1);
  let decoded = id;
  try {
    decoded = decodeURIComponent(id);
  } catch {
    /* a malformed escape: the id as written */
  }
  return document.getElementById(decoded) ?? document.getElementById(id);
}

/** Whether a hash target is being held in place (the reader has not moved the page since the jump). */
export function holding(): boolean {
  return hold !== undefined;
}

/** Stops holding a hash target in place. */
export function release(): void {
  hold?.abort();
  hold = undefined;
}

/** Scrolls to `hash`'s target (CSS scroll-padding clears the navbar) and holds it there; false if the page has no such target. */
export function jumpToHash(hash: string = location.hash): boolean {
  release();
  const target = hashTarget(hash);
  if (!target) return false;
  // A target in a collapsed section (a schema of the API reference) opens it.
  for (let node = target.parentElement; node; node = node.parentElement) {
    if (node instanceof HTMLDetailsElement && !node.open) node.open = true;
  }
  target.scrollIntoView({ block: 'start' });
  const controller = new AbortController();
  hold = controller;
  const { signal } = controller;
  // A late change of size anywhere in the content moves what follows it: put the target back where a jump puts it.
  const observer = new ResizeObserver(() => {
    if (!target.isConnected) release();
    else target.scrollIntoView({ block: 'start' });
  });
  for (const element of [document.getElementById('page-root'), document.querySelector('main')]) if (element) observer.observe(element);
  signal.addEventListener('abort', () => observer.disconnect());
  for (const type of READER_INPUT) window.addEventListener(type, release, { capture: true, passive: true, signal });
  document.dispatchEvent(new CustomEvent('mapsdocs:hashjump', { detail: { id: target.id } }));
  return true;
}
