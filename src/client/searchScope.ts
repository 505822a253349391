import type { ClientConfig } from '../render/clientConfig.ts';

export interface SearchScope {
  /** Whether a result's URL is one the reader should see from this page. */
  accepts(url: string): boolean;
  /** The version searched, to say so; undefined on an unversioned site. */
  label: string | undefined;
}

/**
 * What search lists on a site with several docs versions: the pages and API
 * records of one version (the page's own, or the reader's preferred one on a
 * page outside the docs), and everything outside the docs. A URL belongs to
 * the version whose route base is its longest prefix (`/docs/next/x` is
 * current's, `/docs/x` the last version's).
 */
export function searchScope(config: ClientConfig, version: string | undefined): SearchScope {
  const { versions } = config.docs;
  if (versions.length < 2 || version === undefined) return { accepts: () => true, label: undefined };
  const bases = [...versions].sort((a, b) => b.routeBase.length - a.routeBase.length);
  const owner = (url: string): string | undefined => {
    const path = url.replace(/[?#].*$/, '');
    return bases.find((v) => path === v.routeBase || path.startsWith(`${v.routeBase.replace(/\/$/, '')}/`))?.name;
  };
  return {
    accepts: (url) => {
      const of = owner(url);
      return of === undefined || of === version;
    },
    label: versions.find((v) => v.name === version)?.label,
  };
}
