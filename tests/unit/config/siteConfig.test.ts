import { afterEach, describe, expect, it } from 'vitest';
import { loadSiteConfig, resolveConfig } from '../../../src/config/resolve.ts';
import { UserError, UserErrors, formatUserError } from '../../../src/errors.ts';
import { buildSiteView, type VersionNav } from '../../../src/render/siteView.ts';
import type { SidebarItem } from '../../../src/nav/sidebar.ts';
import { tempProject } from '../../helpers/tempSite.ts';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

/** The navigation of one docs version, as the site view sees it. */
function versionNav(docRoutes: Map<string, string>, sidebar: SidebarItem[] = []): VersionNav {
  return { name: 'current', label: 'Next', routeBase: '/docs', isLast: true, docRoutes, sidebar, mainDoc: '/docs/intro' };
}

function configErrors(yaml: string, sidebar: SidebarItem[] = []): UserError[] {
  const project = tempProject({ files: { 'content/site.yaml': yaml } });
  cleanup = project.cleanup;
  try {
    const config = resolveConfig({ root: project.root });
    buildSiteView(config, { versions: [versionNav(new Map([['intro', '/docs/intro']]), sidebar)], assets: { css: [], js: [] } });
  } catch (error) {
    if (error instanceof UserErrors) return [...error.errors];
    if (error instanceof UserError) return [error];
    throw error;
  }
  return [];
}

describe('site configuration', () => {
  it('fills the defaults of the spec when there is no file', () => {
    const project = tempProject();
    cleanup = project.cleanup;
    const { site, file } = loadSiteConfig(project.content);
    expect(file).toBeUndefined();
    expect(site).toMatchObject({
      tagline: 'Intelligence Unleashed',
      onBrokenLinks: 'warn',
      onBrokenAnchors: 'warn',
      sitemap: { changefreq: 'hourly', priority: 0.5, ignorePatterns: ['/tags/**'] },
      colorMode: { defaultMode: 'light', respectPrefersColorScheme: false, disableSwitch: false },
      toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
      locale: { default: 'en', direction: 'ltr' },
      footer: { style: 'dark' },
    });
  });

  it('puts navbar items on the right by default', () => {
    const project = tempProject({ files: { 'content/site.yaml': 'navbar:\n  items:\n    - { type: search }\n' } });
    cleanup = project.cleanup;
    expect(loadSiteConfig(project.content).site.navbar.items[0]).toEqual({ type: 'search', position: 'right' });
  });

  it('rejects an unknown navbar item type, naming the entry and its line', () => {
    const [error] = configErrors('navbar:\n  items:\n    - { type: search }\n    - { type: fancy, label: X }\n');
    expect(error && formatUserError(error)).toMatch(/site\.yaml:4:15: error: navbar\.items\[1\]: unknown navbar item type "fancy"\n  hint: use one of default, dropdown, search, html, doc, docSidebar, docsVersion, docsVersionDropdown, localeDropdown/);
  });

  it('rejects a docSidebar item with nothing to link to', () => {
    const [error] = configErrors('navbar:\n  items:\n    - { type: docSidebar, sidebarId: missing, label: Docs }\n');
    expect(error?.message).toBe('navbar.items[0] (type "docSidebar", label "Docs"): sidebar "missing" has nothing to link to');
  });

  it('rejects a docsVersionDropdown naming an unknown version', () => {
    const [error] = configErrors('navbar:\n  items:\n    - { type: docsVersionDropdown, versions: [current, "9.x"] }\n');
    expect(error?.message).toBe('navbar.items[0] (type "docsVersionDropdown"): unknown docs version "9.x"');
    expect(error?.hint).toBe('docs versions: current');
    expect(error?.location).toMatchObject({ line: 3, column: 56 });
  });

  it('rejects a doc item whose page does not exist', () => {
    const [error] = configErrors('navbar:\n  items:\n    - { type: doc, docId: nope }\n');
    expect(error?.message).toBe('navbar.items[0] (type "doc"): no docs page has the id "nope"');
    expect(error?.hint).toBe('a doc id is the path under content/docs without ".md", e.g. "intro" or "security/overview"');
  });

  it('reports a wrong value with its dotted path and line', () => {
    const [error] = configErrors('title: Docs\nsitemap:\n  priority: 2\n');
    expect(error?.location?.line).toBe(3);
    expect(error?.message).toMatch(/^sitemap\.priority: /);
  });

  it('resolves a doc item and a docSidebar item to routes', () => {
    const project = tempProject({
      files: { 'content/site.yaml': 'docs:\n  sidebarId: s\nnavbar:\n  items:\n    - { type: doc, docId: intro, position: left }\n    - { type: docSidebar, sidebarId: s, label: Documentation, position: left }\n' },
    });
    cleanup = project.cleanup;
    const config = resolveConfig({ root: project.root });
    const view = buildSiteView(config, {
      versions: [versionNav(new Map([['intro', '/docs/intro']]), [{ type: 'link', label: 'Intro', href: '/docs/intro' }])],
      assets: { css: [], js: [] },
    });
    expect(view.navbar.left).toEqual([
      { type: 'link', label: 'intro', href: '/docs/intro', external: false },
      { type: 'link', label: 'Documentation', href: '/docs/intro', external: false },
    ]);
  });

  it('names a docSidebar item after its sidebar\'s first page when it has no label', () => {
    const project = tempProject({ files: { 'content/site.yaml': 'navbar:\n  items:\n    - { type: docSidebar, sidebarId: tutorialSidebar }\n' } });
    cleanup = project.cleanup;
    const view = buildSiteView(resolveConfig({ root: project.root }), {
      versions: [versionNav(new Map([['intro', '/docs/intro']]), [{ type: 'link', label: 'Getting started', href: '/docs/intro' }])],
      assets: { css: [], js: [] },
    });
    expect(view.navbar.right).toEqual([{ type: 'link', label: 'Getting started', href: '/docs/intro', external: false }]);
  });

  it.each([
    ['url: https://example.org/docs/\n', /^url: must be the address of the host only/, 1],
    ['navbar:\n  items:\n    - { type: doc, docId: intro, label: "" }\n', /^navbar\.items\[0\] \(type "doc"\): label: must not be empty/, 3],
    ['docs:\n  sidebarId: ""\n', /^docs\.sidebarId: must name a sidebar/, 2],
    ['footer:\n  logo: { alt: M, src: /img/logo.svg, href: "javascript:alert(1)" }\n', /^footer\.logo\.href: must be a path of the site/, 2],
    ['toc:\n  minHeadingLevel: 4\n  maxHeadingLevel: 3\n', /^toc\.maxHeadingLevel: must be at least toc\.minHeadingLevel/, 1],
  ])('refuses %j with a message naming the key', (yaml, message, line) => {
    const [error] = configErrors(yaml);
    expect(error?.message).toMatch(message);
    expect(error?.location?.line).toBeGreaterThanOrEqual(line);
  });

  it('refuses an openapi.file that names no file, but builds without a reference when the default is absent', () => {
    const [error] = configErrors('openapi:\n  file: openapi/missing.yaml\n');
    expect(error?.message).toMatch(/^openapi\.file: no file at openapi\/missing\.yaml/);
    expect(error?.location).toMatchObject({ line: 2 });
    expect(configErrors('title: Docs\n')).toEqual([]);
  });

  it('tells a set key from a default one', () => {
    const project = tempProject({ files: { 'content/site.yaml': 'docs:\n  sidebarId: guide\n' } });
    cleanup = project.cleanup;
    const config = resolveConfig({ root: project.root });
    expect(config.isSet(['docs', 'sidebarId'])).toBe(true);
    expect(config.isSet(['docs', 'sidebarCollapsible'])).toBe(false);
    expect(config.isSet(['title'])).toBe(false);
  });

  it('refuses a sidebars.js, which would run code, naming the JSON file to write instead', () => {
    const project = tempProject({ files: { 'content/sidebars.js': 'module.exports = {};\n' } });
    cleanup = project.cleanup;
    expect(() => resolveConfig({ root: project.root })).toThrow(/sidebars\.js is not read: sidebars are read from sidebars\.json only/);
  });

  it('refuses a logo that is not a file of content/static, at its src', () => {
    const [error] = configErrors('navbar:\n  logo: { alt: MAPS, src: img/missing.svg }\n');
    expect(error?.message).toBe('navbar.logo.src: no file img/missing.svg in content/static');
    expect(error?.location).toMatchObject({ line: 2 });
    expect(configErrors('footer:\n  logo: { alt: MAPS, src: ../../etc/passwd }\n')[0]?.message).toMatch(/^footer\.logo\.src: no file/);
    expect(configErrors('navbar:\n  logo: { alt: MAPS, src: "https://example.org/logo.svg" }\n')).toEqual([]);
  });
});
