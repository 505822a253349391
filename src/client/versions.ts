import { clientConfig } from './config.ts';
import { KEYS, onStoredChange, versionPreference } from './preferences.ts';

/** A JSON map of version name → text, as the server leaves it on a link; anything else is no map. */
function versionMap(text: string | undefined): Record<string, string> | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The preferred docs version, remembered per docs plugin when the reader picks
 * one in a versions dropdown. Pages outside the docs show it as the
 * dropdown's label, and their navbar links into the docs (docSidebar,
 * docsVersion and doc items, which carry a target per version) lead into it,
 * as Docusaurus does; a version's pages show and link their own version.
 */
export function mountVersionPreference(signal: AbortSignal): void {
  const config = clientConfig();
  const showPreferred = (): void => {
    // Reading also drops a stored name the configuration does not list.
    const preferred = versionPreference.read(config);
    // A page of a version (a doc, its reference, change log or not-found page) shows and links its own version.
    if (document.body.dataset['docsVersion'] !== undefined) return;
    if (preferred === undefined) return;
    const label = config.docs.versions.find((v) => v.name === preferred)?.label;
    if (label !== undefined) for (const current of document.querySelectorAll<HTMLElement>('.navbar-dropdown[data-kind="versions"] [data-current-label]')) current.textContent = label;
    for (const link of document.querySelectorAll<HTMLAnchorElement>('.navbar a[data-version-hrefs]')) {
      const href = versionMap(link.dataset['versionHrefs'])?.[preferred];
      // Only a path of this site: the map is the server's, but a link is never pointed elsewhere.
      if (href !== undefined && href.startsWith('/') && !href.startsWith('//')) link.setAttribute('href', href);
      const text = versionMap(link.dataset['versionLabels'])?.[preferred];
      if (text !== undefined) link.firstChild?.replaceWith(document.createTextNode(text));
    }
  };
  showPreferred();
  document.addEventListener(
    'click',
    (event) => {
      // A version picked in a dropdown, or the banner's way to the latest version, which makes that one
      // the preferred, as in Docusaurus: the navbar's docs links then lead there, not back to the version left.
      const link = (event.target as Element | null)?.closest?.('.navbar-dropdown[data-kind="versions"] a[data-value], .version-banner a[data-version]');
      const name = link instanceof HTMLAnchorElement ? (link.dataset['value'] ?? link.dataset['version']) : undefined;
      if (name && versionPreference.write(name, config)) showPreferred();
    },
    { signal },
  );
  onStoredChange([KEYS.preferredVersion(config.docs.pluginId)], showPreferred, signal);
}
