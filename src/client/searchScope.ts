import type { ClientConfig } from '../render/clientConfig.ts';
import { indexDirOf } from '../search/format.ts';

export interface SearchScope {
  /** The folder of the index searched (format.ts's indexDirOf), under the site's base URL. */
  dir: string;
  /** The version searched, to say so; undefined on an unversioned site. */
  label: string | undefined;
}

/**
 * What search reads on a site with several docs versions: the index of one
 * version (the page's own, or the reader's preferred one on a page outside
 * the docs), which holds that version's pages and API records and everything
 * outside the docs. A site with one version has one index.
 */
export function searchScope(config: ClientConfig, version: string | undefined): SearchScope {
  const { versions } = config.docs;
  const searched = versions.find((v) => v.name === version) ?? versions.find((v) => v.name === config.docs.lastVersion) ?? versions[0];
  return { dir: indexDirOf(versions, searched?.name ?? ''), label: versions.length < 2 ? undefined : searched?.label };
}
