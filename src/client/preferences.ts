import type { ClientConfig } from '../render/clientConfig.ts';
import { storage } from './storage.ts';

/**
 * Every reader preference kept in localStorage, read through one place. A
 * stored value is the reader's data, written by an older version of the site,
 * another site on the same origin, or by hand: one that does not parse, or
 * that this site's configuration does not allow, is removed and the
 * configured default used. Only code that sets a value the configuration
 * forbids is an error (ColorModeError, as the spec asks).
 *
 * templates/headScript.ts applies the same rules before first paint, so the
 * first frame and the running page agree.
 */

export type ColorMode = 'light' | 'dark' | 'system';

export const KEYS = {
  theme: 'theme',
  announcementId: 'announcement.id',
  announcementDismissed: 'announcement.dismiss',
  sidebarHidden: 'docs-sidebar-hidden',
  /** One key per docs plugin, as Docusaurus names it. */
  preferredVersion: (pluginId: string): string => `docs-preferred-version-${pluginId}`,
} as const;

export class ColorModeError extends Error {
  constructor(value: string, allowed: readonly ColorMode[]) {
    super(
      allowed.length === 0
        ? `cannot set the colour mode ${JSON.stringify(value)}: the switch is disabled (colorMode.disableSwitch)`
        : `unexpected colour mode ${JSON.stringify(value)}: expected ${allowed.map((m) => JSON.stringify(m)).join(', ')}`,
    );
    this.name = 'ColorModeError';
  }
}

/** The modes a reader may choose: none when the switch is disabled; "system" only when the system preference is respected. */
export function allowedColorModes(config: ClientConfig): readonly ColorMode[] {
  const { disableSwitch, respectPrefersColorScheme } = config.colorMode;
  if (disableSwitch) return [];
  return respectPrefersColorScheme ? ['system', 'light', 'dark'] : ['light', 'dark'];
}

/** The mode of a reader who chose none. */
export function defaultColorMode(config: ClientConfig): ColorMode {
  return config.colorMode.respectPrefersColorScheme ? 'system' : config.colorMode.defaultMode;
}

export function parseColorMode(raw: string, config: ClientConfig): ColorMode | undefined {
  return allowedColorModes(config).find((mode) => mode === raw);
}

function parseFlag(raw: string): boolean | undefined {
  return raw === 'true' ? true : raw === 'false' ? false : undefined;
}

/** The stored value if `parse` accepts it; otherwise the value is removed and `fallback` returned. */
function readValidated<T>(key: string, parse: (raw: string) => T | undefined, fallback: T): T {
  const raw = storage.get(key);
  if (raw === null) return fallback;
  const value = parse(raw);
  if (value !== undefined) return value;
  storage.remove(key);
  return fallback;
}

export const colorModePreference = {
  read(config: ClientConfig): ColorMode {
    return readValidated(KEYS.theme, (raw) => parseColorMode(raw, config), defaultColorMode(config));
  },
  /** Stores a choice made in code; a mode the configuration does not offer is a programming error. */
  write(mode: string, config: ClientConfig): ColorMode {
    const valid = parseColorMode(mode, config);
    if (valid === undefined) throw new ColorModeError(mode, allowedColorModes(config));
    storage.set(KEYS.theme, valid);
    return valid;
  },
};

export const announcementPreference = {
  /** Whether the reader closed the current announcement; a bar that cannot be closed is never dismissed. */
  read(config: ClientConfig): boolean {
    const bar = config.announcement;
    if (!bar) return false;
    const dismissed = readValidated(KEYS.announcementDismissed, parseFlag, false);
    if (dismissed && !bar.closeable) {
      storage.remove(KEYS.announcementDismissed);
      return false;
    }
    // A dismissal belongs to the announcement it was made for: a new id shows the bar again.
    return dismissed && storage.get(KEYS.announcementId) === bar.id;
  },
  /** Records which announcement the stored dismissal is about (a new one starts undismissed). */
  track(config: ClientConfig): void {
    const bar = config.announcement;
    if (!bar || storage.get(KEYS.announcementId) === bar.id) return;
    storage.set(KEYS.announcementId, bar.id);
    storage.set(KEYS.announcementDismissed, 'false');
  },
  dismiss(config: ClientConfig): void {
    const bar = config.announcement;
    if (!bar?.closeable) return;
    storage.set(KEYS.announcementId, bar.id);
    storage.set(KEYS.announcementDismissed, 'true');
  },
};

export const sidebarPreference = {
  /** Whether the reader hid the docs sidebar; only a hideable sidebar can be hidden. */
  read(config: ClientConfig): boolean {
    const hidden = readValidated(KEYS.sidebarHidden, parseFlag, false);
    if (hidden && !config.docs.hideable) {
      storage.remove(KEYS.sidebarHidden);
      return false;
    }
    return hidden;
  },
  write(hidden: boolean, config: ClientConfig): void {
    if (!config.docs.hideable) return;
    storage.set(KEYS.sidebarHidden, String(hidden));
  },
};

export const versionPreference = {
  /** The preferred docs version's name: one the configuration lists, else the default (the last version, served at /docs). */
  read(config: ClientConfig): string | undefined {
    const names = config.docs.versions.map((v) => v.name);
    return readValidated(KEYS.preferredVersion(config.docs.pluginId), (raw) => (names.includes(raw) ? raw : undefined), config.docs.lastVersion);
  },
  /** Remembers a version the reader picked; a name the configuration does not list is not stored. */
  write(name: string, config: ClientConfig): boolean {
    if (!config.docs.versions.some((v) => v.name === name)) return false;
    storage.set(KEYS.preferredVersion(config.docs.pluginId), name);
    return true;
  },
};

/**
 * Calls `changed` when another tab changes or removes one of `keys`, or clears
 * the storage; the listener goes when `signal` aborts.
 */
export function onStoredChange(keys: readonly string[], changed: () => void, signal: AbortSignal): void {
  window.addEventListener(
    'storage',
    (event) => {
      if (event.storageArea !== storage.area()) return;
      if (event.key === null || keys.includes(event.key)) changed();
    },
    { signal },
  );
}
