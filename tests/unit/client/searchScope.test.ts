import { describe, expect, it } from 'vitest';
import type { ClientConfig } from '../../../src/render/clientConfig.ts';
import { searchScope } from '../../../src/client/searchScope.ts';

const config = (versions: ClientConfig['docs']['versions'], lastVersion: string): ClientConfig => ({
  colorMode: { defaultMode: 'light', respectPrefersColorScheme: false, disableSwitch: false },
  announcement: null,
  docs: { pluginId: 'default', versions, lastVersion, hideable: false, autoCollapseCategories: false },
});

const versioned = config(
  [
    { name: 'current', label: 'Next', routeBase: '/docs/next' },
    { name: '2.0', label: '2.0', routeBase: '/docs' },
    { name: '1.0', label: '1.0', routeBase: '/docs/1.0' },
  ],
  '2.0',
);

describe('which search index a page reads', () => {
  it('is the one index of a site with one docs version, which names no version', () => {
    expect(searchScope(config([{ name: 'current', label: '4.x', routeBase: '/docs' }], 'current'), 'current')).toEqual({ dir: 'search-index', label: undefined });
  });

  it("is the index of the version read, named by the version's label", () => {
    expect(searchScope(versioned, '1.0')).toEqual({ dir: 'search-index/1.0', label: '1.0' });
    expect(searchScope(versioned, 'current')).toEqual({ dir: 'search-index/current', label: 'Next' });
  });

  it('is the last version’s for a version the site does not build (a stale page, a foreign value)', () => {
    expect(searchScope(versioned, '0.9')).toEqual({ dir: 'search-index/2.0', label: '2.0' });
    expect(searchScope(versioned, undefined)).toEqual({ dir: 'search-index/2.0', label: '2.0' });
  });
});
