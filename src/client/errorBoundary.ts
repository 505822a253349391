/**
 * The client's error boundary: a behaviour that throws while setting up
 * replaces the page content with the crash fallback ("This page crashed.",
 * title "Page Error") and its "Try again" button restores the page and sets
 * up its behaviours again.
 */
export function showCrash(error: unknown, retry: () => void): void {
  const template = document.getElementById('crash-fallback');
  const root = document.getElementById('page-root');
  if (!(template instanceof HTMLTemplateElement) || !root) return;
  // A second failure while the fallback shows keeps the page it would restore.
  if (root.querySelector('.crash')) return;
  const previousTitle = document.title;
  const previous = [...root.childNodes];
  const fallback = template.content.cloneNode(true) as DocumentFragment;
  const details = fallback.querySelector('.crash-details');
  if (details) details.textContent = error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error);
  root.replaceChildren(fallback);
  document.title = 'Page Error';
  root.querySelector<HTMLButtonElement>('.crash-retry')?.addEventListener('click', () => {
    root.replaceChildren(...previous);
    document.title = previousTitle;
    retry();
  });
}

/** Runs one behaviour's setup inside the boundary; `retry` is what "Try again" runs. */
export function guarded(name: string, setup: () => void, retry: () => void = () => guarded(name, setup)): void {
  try {
    setup();
  } catch (error) {
    console.error(`[mapsdocs] ${name} failed`, error);
    showCrash(error, retry);
  }
}
