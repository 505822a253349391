import { guarded } from './errorBoundary.ts';

/**
 * The one place where interactive behaviours are set up. Client navigation
 * replaces the navbar and the page content, so every behaviour is mounted
 * again after each navigation (and after `mapsdocs dev` swaps a page in):
 * `mount` binds to the document as it now is, registering its listeners and
 * observers with `signal`, which aborts before the next mount. Nothing keeps
 * an element of a page that is gone.
 *
 * Page scripts (the API reference, diagrams) are separate bundles loaded by
 * the pages that need them, possibly after the first mount. They register
 * their behaviours with a `mapsdocs:behaviour` event whose detail is a
 * BehaviourDetail (an event rather than an import: a shared module would be
 * one more file for every page to fetch), and are mounted at once, then again
 * after every later navigation.
 */
export type Mount = (signal: AbortSignal) => void;

export interface BehaviourDetail {
  name: string;
  mount: Mount;
}


const behaviours: { name: string; mount: Mount }[] = [];
let current: AbortController | undefined;

function run(name: string, mount: Mount, signal: AbortSignal): void {
  guarded(name, () => mount(signal), remount);
}

export function behaviour(name: string, mount: Mount): void {
  behaviours.push({ name, mount });
  if (current) run(name, mount, current.signal);
}

/** Accepts the behaviours of page scripts (see above); the main bundle calls this once, before they load. */
export function acceptPageBehaviours(): void {
  document.addEventListener('mapsdocs:behaviour', (event) => {
    const { name, mount } = (event as CustomEvent<BehaviourDetail>).detail;
    behaviour(name, mount);
  });
}

/** Releases every binding of the previous page and binds every behaviour to the current one. */
export function remount(): void {
  current?.abort();
  current = new AbortController();
  const { signal } = current;
  for (const { name, mount } of behaviours) run(name, mount, signal);
}
