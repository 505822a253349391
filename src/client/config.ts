import { CLIENT_CONFIG_ID, type ClientConfig } from '../render/clientConfig.ts';

/** What a page without the configuration block (an old cached page, a hand-made one) is taken to allow. */
const FALLBACK: ClientConfig = {
  colorMode: { defaultMode: 'light', respectPrefersColorScheme: false, disableSwitch: false },
  announcement: null,
  docs: { pluginId: 'default', versions: [], lastVersion: 'current', hideable: false, autoCollapseCategories: true },
};

let cached: { element: Element | null; config: ClientConfig } | undefined;

/** The site configuration the page was rendered with, from its head (kept across client navigation). */
export function clientConfig(): ClientConfig {
  const element = document.getElementById(CLIENT_CONFIG_ID);
  if (cached && cached.element === element) return cached.config;
  let config = FALLBACK;
  try {
    if (element?.textContent) config = { ...FALLBACK, ...(JSON.parse(element.textContent) as Partial<ClientConfig>) };
  } catch (error) {
    console.error('[mapsdocs] the page configuration could not be read; defaults apply', error);
  }
  cached = { element, config };
  return config;
}
