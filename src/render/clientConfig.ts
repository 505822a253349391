import type { SiteView } from './viewModel.ts';

/**
 * The part of the site configuration the browser needs to judge what it finds
 * in storage: which colour modes, versions and sidebar states the site allows,
 * and their defaults. Rendered once into every page's head as JSON
 * (templates/ClientConfig.tsx) and read by src/client/config.ts; the client
 * imports only this type.
 */
export interface ClientConfig {
  colorMode: { defaultMode: 'light' | 'dark'; respectPrefersColorScheme: boolean; disableSwitch: boolean };
  /** The announcement bar, if there is one; only a closeable one can be dismissed. */
  announcement: { id: string; closeable: boolean } | null;
  docs: {
    /** Names the preferred-version key, as Docusaurus does per docs plugin. */
    pluginId: string;
    /** The versions the site builds, current first, with where their pages are (base URL included). */
    versions: { name: string; label: string; routeBase: string }[];
    /** The version served at /docs: the default when the reader has chosen none. */
    lastVersion: string;
    hideable: boolean;
    autoCollapseCategories: boolean;
  };
}

export const CLIENT_CONFIG_ID = 'mapsdocs-config';

export function clientConfigOf(site: SiteView): ClientConfig {
  return {
    colorMode: {
      defaultMode: site.colorMode.defaultMode,
      respectPrefersColorScheme: site.colorMode.respectPrefersColorScheme,
      disableSwitch: site.colorMode.disableSwitch,
    },
    announcement: site.announcement ? { id: site.announcement.id, closeable: site.announcement.isCloseable } : null,
    docs: {
      pluginId: site.docs.pluginId,
      versions: site.docs.versions.map((v) => ({ name: v.name, label: v.label, routeBase: v.routeBase })),
      lastVersion: site.docs.lastVersion,
      hideable: site.docs.hideable,
      autoCollapseCategories: site.docs.autoCollapseCategories,
    },
  };
}
