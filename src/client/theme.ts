import { clientConfig } from './config.ts';
import { KEYS, colorModePreference, onStoredChange, parseColorMode, type ColorMode } from './preferences.ts';

const LABELS: Record<ColorMode, string> = { light: 'light mode', dark: 'dark mode', system: 'system mode' };

/** The next choice: light ↔ dark, or system → light → dark → system when the system preference is respected. */
export function nextMode(current: ColorMode, respectSystem: boolean): ColorMode {
  if (respectSystem) return current === 'system' ? 'light' : current === 'light' ? 'dark' : 'system';
  return current === 'dark' ? 'light' : 'dark';
}

function systemMode(): 'light' | 'dark' {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Shows a choice: the page's colours, and every switch's label and icon (the navbar's and the mobile menu's). */
function apply(choice: ColorMode): void {
  const html = document.documentElement;
  const resolved = choice === 'system' ? systemMode() : choice;
  const changed = html.getAttribute('data-theme') !== resolved;
  html.setAttribute('data-theme', resolved);
  html.setAttribute('data-theme-choice', choice);
  const label = `Switch between dark and light mode (currently ${LABELS[choice]})`;
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-color-mode-toggle]')) {
    button.setAttribute('aria-label', label);
    button.title = label;
  }
  // Diagrams redraw in the new colours; a navigation that keeps the mode redraws nothing.
  if (changed) document.dispatchEvent(new CustomEvent('mapsdocs:theme', { detail: { mode: resolved } }));
}

/**
 * Sets the colour mode from code (not from storage): a mode the configuration
 * does not offer throws ColorModeError.
 */
export function setColorMode(mode: string): void {
  apply(colorModePreference.write(mode, clientConfig()));
}

/** The colour-mode switch, the system preference in system mode, and choices made in other tabs. */
export function mountColorMode(signal: AbortSignal): void {
  const config = clientConfig();
  const respectSystem = config.colorMode.respectPrefersColorScheme;
  // With the switch disabled, reading drops any saved choice: the configured mode applies.
  apply(colorModePreference.read(config));
  if (config.colorMode.disableSwitch) return;
  document.addEventListener(
    'click',
    (event) => {
      if (!(event.target as Element | null)?.closest?.('[data-color-mode-toggle]')) return;
      // What the page shows (storage may be unavailable, so the choice lives only in the page).
      const current = parseColorMode(document.documentElement.getAttribute('data-theme-choice') ?? '', config) ?? colorModePreference.read(config);
      setColorMode(nextMode(current, respectSystem));
    },
    { signal },
  );
  // In system mode the page follows the system as it changes (e.g. a scheduled switch at dusk).
  if (respectSystem) {
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener(
      'change',
      () => {
        if (document.documentElement.getAttribute('data-theme-choice') === 'system') apply('system');
      },
      { signal },
    );
  }
  // Another tab changed or removed the choice: follow it (removal returns to the configured default).
  onStoredChange([KEYS.theme], () => apply(colorModePreference.read(config)), signal);
}
