import { storage } from './storage.ts';

export type ColorMode = 'light' | 'dark' | 'system';
const KEY = 'theme';
const LABELS: Record<ColorMode, string> = { light: 'light mode', dark: 'dark mode', system: 'system mode' };

export class ColorModeError extends Error {
  constructor(value: string) {
    super(`unexpected colour mode ${JSON.stringify(value)} in localStorage.theme: expected "light", "dark" or "system"`);
    this.name = 'ColorModeError';
  }
}

/** The saved choice; an unexpected value is an error (the head script already fell back to the default). */
export function savedMode(respectSystem: boolean): ColorMode | null {
  const value = storage.get(KEY);
  if (value === null) return null;
  if (value === 'light' || value === 'dark' || (value === 'system' && respectSystem)) return value;
  throw new ColorModeError(value);
}

/** The next choice: light ↔ dark, or system → light → dark → system when the system preference is respected. */
export function nextMode(current: ColorMode, respectSystem: boolean): ColorMode {
  if (respectSystem) return current === 'system' ? 'light' : current === 'light' ? 'dark' : 'system';
  return current === 'dark' ? 'light' : 'dark';
}

function apply(choice: ColorMode): void {
  const html = document.documentElement;
  const resolved = choice === 'system' ? (window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light') : choice;
  html.setAttribute('data-theme', resolved);
  html.setAttribute('data-theme-choice', choice);
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-color-mode-toggle]')) {
    const label = `Switch between dark and light mode (currently ${LABELS[choice]})`;
    button.setAttribute('aria-label', label);
    button.title = label;
  }
  document.dispatchEvent(new CustomEvent('mapsdocs:theme', { detail: { mode: resolved } }));
}

export function setupColorMode(): void {
  const toggle = document.querySelector<HTMLButtonElement>('[data-color-mode-toggle]');
  const defaultMode = (document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light') as ColorMode;
  if (!toggle) {
    // A disabled switch means the saved value no longer applies.
    storage.remove(KEY);
    return;
  }
  const respectSystem = toggle.dataset['respectSystem'] === 'true';
  const initial = savedMode(respectSystem) ?? (respectSystem ? 'system' : (document.documentElement.getAttribute('data-theme-choice') as ColorMode | null) ?? defaultMode);
  apply(initial);
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-color-mode-toggle]')) {
    if (button.dataset['bound']) continue;
    button.dataset['bound'] = 'true';
    button.addEventListener('click', () => {
      const current = (document.documentElement.getAttribute('data-theme-choice') as ColorMode | null) ?? 'light';
      const next = nextMode(current, respectSystem);
      storage.set(KEY, next);
      apply(next);
    });
  }
  // In system mode the page follows the system as it changes (e.g. a scheduled switch at dusk).
  if (respectSystem) {
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
      if (document.documentElement.getAttribute('data-theme-choice') === 'system') apply('system');
    });
  }
  // Another tab changed or removed the choice: follow it (removal returns to the default).
  window.addEventListener('storage', (event) => {
    if (event.key !== KEY) return;
    apply((event.newValue as ColorMode | null) ?? (respectSystem ? 'system' : 'light'));
  });
}
