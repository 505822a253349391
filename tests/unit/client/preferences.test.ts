import { describe, expect, it } from 'vitest';
import { MemoryStorage, useMemoryStorage } from '../../helpers/memoryStorage.ts';
import type { ClientConfig } from '../../../src/render/clientConfig.ts';
import type { SiteView } from '../../../src/render/viewModel.ts';
import {
  ColorModeError,
  KEYS,
  allowedColorModes,
  announcementPreference,
  colorModePreference,
  sidebarPreference,
  versionPreference,
} from '../../../src/client/preferences.ts';
import { headScript } from '../../../templates/headScript.ts';

function config(overrides: { colorMode?: Partial<ClientConfig['colorMode']>; announcement?: ClientConfig['announcement']; docs?: Partial<ClientConfig['docs']> } = {}): ClientConfig {
  return {
    colorMode: { defaultMode: 'light', respectPrefersColorScheme: false, disableSwitch: false, ...overrides.colorMode },
    announcement: overrides.announcement === undefined ? { id: 'news-1', closeable: true } : overrides.announcement,
    docs: { pluginId: 'default', versions: [{ name: 'current', label: '4.x', routeBase: '/docs' }, { name: 'legacy', label: '3.x', routeBase: '/docs/legacy' }], lastVersion: 'current', hideable: true, autoCollapseCategories: true, ...overrides.docs },
  };
}

const storage = useMemoryStorage();

describe('the colour mode preference', () => {
  it('offers light and dark, system only when the system preference is respected, and nothing when the switch is disabled', () => {
    expect(allowedColorModes(config())).toEqual(['light', 'dark']);
    expect(allowedColorModes(config({ colorMode: { respectPrefersColorScheme: true } }))).toEqual(['system', 'light', 'dark']);
    expect(allowedColorModes(config({ colorMode: { disableSwitch: true } }))).toEqual([]);
  });

  it('reads a stored mode the configuration allows', () => {
    storage.current().setItem(KEYS.theme, 'dark');
    expect(colorModePreference.read(config())).toBe('dark');
    expect(storage.current().getItem(KEYS.theme)).toBe('dark');
  });

  it.each([
    ['garbage', 'purple', config()],
    ['system when the system preference is not respected', 'system', config({ colorMode: { defaultMode: 'dark' } })],
    ['any value when the switch is disabled', 'light', config({ colorMode: { disableSwitch: true, defaultMode: 'dark' } })],
  ])('ignores and removes %s: the configured default applies', (_, stored, site) => {
    storage.current().setItem(KEYS.theme, stored);
    expect(colorModePreference.read(site)).toBe(site.colorMode.defaultMode);
    expect(storage.current().getItem(KEYS.theme)).toBeNull();
  });

  it('defaults to system when the system preference is respected', () => {
    expect(colorModePreference.read(config({ colorMode: { respectPrefersColorScheme: true } }))).toBe('system');
  });

  it('throws for a mode set in code that the configuration does not offer, naming what it does', () => {
    expect(() => colorModePreference.write('system', config())).toThrowErrorMatchingInlineSnapshot(`[ColorModeError: unexpected colour mode "system": expected "light", "dark"]`);
    expect(() => colorModePreference.write('dark', config({ colorMode: { disableSwitch: true } }))).toThrow(ColorModeError);
    expect(storage.current().getItem(KEYS.theme)).toBeNull();
    expect(colorModePreference.write('dark', config())).toBe('dark');
    expect(storage.current().getItem(KEYS.theme)).toBe('dark');
  });
});

describe('the announcement preference', () => {
  it('is dismissed only for the announcement it was made for', () => {
    const site = config();
    announcementPreference.dismiss(site);
    expect(announcementPreference.read(site)).toBe(true);
    expect(announcementPreference.read(config({ announcement: { id: 'news-2', closeable: true } }))).toBe(false);
  });

  it('ignores and removes a garbage dismissal, and a dismissal of a bar that cannot be closed', () => {
    storage.current().setItem(KEYS.announcementId, 'news-1');
    storage.current().setItem(KEYS.announcementDismissed, 'maybe');
    expect(announcementPreference.read(config())).toBe(false);
    expect(storage.current().getItem(KEYS.announcementDismissed)).toBeNull();
    storage.current().setItem(KEYS.announcementDismissed, 'true');
    expect(announcementPreference.read(config({ announcement: { id: 'news-1', closeable: false } }))).toBe(false);
    expect(storage.current().getItem(KEYS.announcementDismissed)).toBeNull();
  });

  it('starts a new announcement undismissed', () => {
    storage.current().setItem(KEYS.announcementId, 'older');
    storage.current().setItem(KEYS.announcementDismissed, 'true');
    announcementPreference.track(config());
    expect(storage.current().getItem(KEYS.announcementId)).toBe('news-1');
    expect(storage.current().getItem(KEYS.announcementDismissed)).toBe('false');
  });
});

describe('the sidebar preference', () => {
  it('remembers a hidden sidebar where it can be hidden, and ignores and removes anything else', () => {
    sidebarPreference.write(true, config());
    expect(sidebarPreference.read(config())).toBe(true);
    expect(sidebarPreference.read(config({ docs: { hideable: false } }))).toBe(false);
    expect(storage.current().getItem(KEYS.sidebarHidden)).toBeNull();
    storage.current().setItem(KEYS.sidebarHidden, 'yes');
    expect(sidebarPreference.read(config())).toBe(false);
    expect(storage.current().getItem(KEYS.sidebarHidden)).toBeNull();
  });
});

describe('the preferred version', () => {
  it('is a version the configuration lists, else the first listed (the default)', () => {
    expect(versionPreference.read(config())).toBe('current');
    expect(versionPreference.write('legacy', config())).toBe(true);
    expect(versionPreference.read(config())).toBe('legacy');
    expect(versionPreference.write('next', config())).toBe(false);
    expect(storage.current().getItem(KEYS.preferredVersion('default'))).toBe('legacy');
    storage.current().setItem(KEYS.preferredVersion('default'), 'next');
    expect(versionPreference.read(config())).toBe('current');
    expect(storage.current().getItem(KEYS.preferredVersion('default'))).toBeNull();
  });
});

/** Runs the head script on stored values; returns the attributes it sets on <html> and what is left stored. */
function runHeadScript(site: ClientConfig, stored: Record<string, string>, systemDark = false) {
  const storage = new MemoryStorage();
  for (const [key, value] of Object.entries(stored)) storage.setItem(key, value);
  const attributes = new Map<string, string>();
  const html = { setAttribute: (name: string, value: string) => attributes.set(name, value), classList: { add: () => undefined } };
  const matchMedia = (): { matches: boolean } => ({ matches: systemDark });
  const view = {
    colorMode: site.colorMode,
    announcement: site.announcement ? { id: site.announcement.id, isCloseable: site.announcement.closeable } : undefined,
    docs: { hideable: site.docs.hideable },
  } as unknown as SiteView;
  new Function('document', 'window', 'matchMedia', headScript(view))({ documentElement: html }, { localStorage: storage, matchMedia }, matchMedia);
  return { attributes, storage };
}

describe('the head script', () => {
  const sites = [
    config(),
    config({ colorMode: { defaultMode: 'dark' } }),
    config({ colorMode: { respectPrefersColorScheme: true } }),
    config({ colorMode: { disableSwitch: true, defaultMode: 'dark' } }),
    config({ announcement: { id: 'news-1', closeable: false }, docs: { hideable: false } }),
  ];
  const themes = [undefined, 'light', 'dark', 'system', 'purple', ''];
  const flags = [undefined, 'true', 'false', 'maybe'];

  it('shows, before first paint, the colour mode, announcement and sidebar the client reads from the same storage', () => {
    for (const site of sites) {
      for (const theme of themes) {
        for (const flag of flags) {
          const stored: Record<string, string> = { 'announcement.id': 'news-1' };
          if (theme !== undefined) stored['theme'] = theme;
          if (flag !== undefined) {
            stored['announcement.dismiss'] = flag;
            stored['docs-sidebar-hidden'] = flag;
          }
          const { attributes } = runHeadScript(site, stored);
          for (const [key, value] of Object.entries(stored)) storage.current().setItem(key, value);
          const where = `${JSON.stringify(site.colorMode)} ${JSON.stringify(stored)}`;
          expect(attributes.get('data-theme-choice'), where).toBe(colorModePreference.read(site));
          expect(attributes.get('data-announcement-dismissed') === 'true', where).toBe(announcementPreference.read(site));
          expect(attributes.get('data-sidebar-hidden') === 'true', where).toBe(sidebarPreference.read(site));
          storage.current().values.clear();
        }
      }
    }
  });

  it('resolves system mode from the system preference, and removes a stored mode the configuration forbids', () => {
    const respecting = config({ colorMode: { respectPrefersColorScheme: true } });
    expect(runHeadScript(respecting, {}, true).attributes.get('data-theme')).toBe('dark');
    expect(runHeadScript(respecting, {}, false).attributes.get('data-theme')).toBe('light');
    const { attributes, storage } = runHeadScript(config({ colorMode: { defaultMode: 'dark' } }), { theme: 'system' });
    expect(attributes.get('data-theme')).toBe('dark');
    expect(storage.getItem('theme')).toBeNull();
  });
});
