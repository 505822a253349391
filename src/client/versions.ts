import { clientConfig } from './config.ts';
import { KEYS, onStoredChange, versionPreference } from './preferences.ts';

/**
 * The preferred docs version, remembered per docs plugin when the reader picks
 * one in a versions dropdown. Pages outside the docs show it as the
 * dropdown's label, as Docusaurus does; docs pages show their own version.
 */
export function mountVersionPreference(signal: AbortSignal): void {
  const config = clientConfig();
  const showPreferred = (): void => {
    // Reading also drops a stored name the configuration does not list.
    const preferred = versionPreference.read(config);
    if (document.body.classList.contains('page-doc') || document.body.classList.contains('page-apiReference')) return;
    const label = config.docs.versions.find((v) => v.name === preferred)?.label;
    if (label === undefined) return;
    for (const current of document.querySelectorAll<HTMLElement>('.navbar-dropdown[data-kind="versions"] [data-current-label]')) current.textContent = label;
  };
  showPreferred();
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.('.navbar-dropdown[data-kind="versions"] a[data-value]');
      if (link instanceof HTMLAnchorElement && link.dataset['value'] && versionPreference.write(link.dataset['value'], config)) showPreferred();
    },
    { signal },
  );
  onStoredChange([KEYS.preferredVersion(config.docs.pluginId)], showPreferred, signal);
}
