import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteConfigSchema } from '../../src/config/schema.ts';
import { cli, type CliResult } from '../helpers/cli.ts';
import { schemaKeys } from '../helpers/configKeys.ts';
import { FIXTURES, tempProject } from '../helpers/tempSite.ts';

/**
 * Accepted means it works: every key of the site configuration is set here to
 * a value other than its default, and its effect is found in the built
 * output. The list of keys comes from the schema itself: a key added to it
 * without a check here fails the first test.
 */
const SITE = `
title: Keys Site
tagline: Every key shows
url: https://keys.example.org
baseUrl: /kb/
locale: { default: en, locales: [en], direction: rtl }
onBrokenLinks: ignore
onBrokenAnchors: ignore
docs:
  sidebarId: mainSidebar
  sidebarCollapsible: false
  autoCollapseCategories: false
  hideable: false
  lastVersion: current
  onlyIncludeVersions: [current, "1.0"]
  versions:
    current: { label: Edge, path: "", banner: none }
    "1.0": { label: One, path: one, banner: unreleased }
  editUrl: "https://git.example.org/edit/main/{path}"
navbar:
  title: Keys Nav
  logo: { alt: Keys logo, src: img/logo.svg }
  hideOnScroll: true
  items:
    - { type: default, label: Ext, href: "https://ext.example.org/", position: right }
    - { type: default, label: Intro link, to: /docs/intro, position: left }
    - { type: dropdown, label: More, position: left, items: [{ label: Guide, to: /docs/guide/setup }, { label: Far, href: "https://far.example.org/" }] }
    - { type: search, position: left }
    - { type: html, value: "<b class='nav-html'>Hi</b>", position: right }
    - { type: doc, docId: guide/setup, position: left }
    - { type: doc, docId: intro, label: Start, position: left }
    - { type: docSidebar, sidebarId: mainSidebar, label: Sidebar docs, position: left }
    - { type: docsVersion, label: Ver, to: /docs/guide/setup, position: left }
    - { type: docsVersionDropdown, versions: ["1.0", current], position: right }
    - { type: localeDropdown, position: left }
footer:
  style: light
  links:
    - title: Col
      items: [{ label: In, to: /docs/intro }, { label: Out, href: "https://out.example.org/" }]
  logo: { alt: Foot logo, src: img/logo.svg, href: /docs/intro }
  copyright: "© Keys"
announcementBar: { id: ann-7, content: "Read <a href='/kb/docs/intro'>this</a>", backgroundColor: "#123456", textColor: "#fedcba", isCloseable: false }
colorMode: { defaultMode: dark, disableSwitch: true, respectPrefersColorScheme: true }
sitemap: { changefreq: weekly, priority: 0.7, ignorePatterns: ["/docs/hidden/**"] }
toc: { minHeadingLevel: 3, maxHeadingLevel: 4 }
openapi: { file: specs/api.yaml, route: /docs/api/ref }
`;

const doc = (title: string, body: string): string => `---\ntitle: ${title}\n---\n\n${body}\n`;
const INTRO = doc('Introduction', 'A [broken link](/docs/nope) and [broken anchor](/docs/guide/setup#nope).\n\n## Level two\n\n### Level three\n\n#### Level four');

function project(site: string, files: Record<string, string> = {}) {
  return tempProject({
    files: {
      'content/site.yaml': site,
      'content/versions.json': '["1.0", "0.9"]',
      'content/docs/intro.md': INTRO,
      'content/docs/guide/setup.md': doc('Setup', 'Set it up.'),
      'content/docs/hidden/secret.md': doc('Secret', 'Not in the sitemap.'),
      'content/versioned_docs/version-1.0/intro.md': doc('Introduction', 'One.'),
      'content/versioned_docs/version-0.9/intro.md': doc('Introduction', 'Older.'),
      'content/static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'specs/api.yaml': readFileSync(path.join(FIXTURES, 'openapi', 'small.yaml'), 'utf8'),
      ...files,
    },
  });
}

describe('every configuration key', () => {
  const site = project(SITE);
  const out = path.join(site.root, 'dist');
  const read = (rel: string): string => readFileSync(path.join(out, rel), 'utf8');
  let build: CliResult;
  let intro = '';
  let home = '';
  beforeAll(async () => {
    build = await cli(['build', '--no-cache'], site.root);
    expect(build.code, build.stderr).toBe(0);
    intro = read('docs/intro.html');
    home = read('index.html');
  });
  afterAll(() => site.cleanup());

  /** Where each key shows. Keys sharing a check are listed together. */
  const checks: [keys: string[], check: () => void | Promise<void>][] = [
    [['title'], () => expect(intro).toContain('<title>Introduction | Keys Site</title>')],
    [['tagline'], () => expect(home).toContain('<title>Keys Site | Every key shows</title>')],
    [['url', 'sitemap.changefreq', 'sitemap.priority', 'sitemap.ignorePatterns[]'], () => {
      const sitemap = read('sitemap.xml');
      expect(sitemap).toContain('<url><loc>https://keys.example.org/kb/docs/intro</loc><changefreq>weekly</changefreq><priority>0.7</priority></url>');
      expect(sitemap).not.toContain('/docs/hidden/secret');
    }],
    [['baseUrl'], () => expect(intro).toContain('href="/kb/docs/guide/setup"')],
    [['locale.default', 'locale.direction'], () => expect(intro).toMatch(/<html lang="en" dir="rtl"/)],
    [['locale.locales[]', 'navbar.items[]<localeDropdown>.type', 'navbar.items[]<localeDropdown>.position'], () => expect(intro).not.toContain('data-kind="locales"')],
    [['onBrokenLinks', 'onBrokenAnchors'], async () => {
      expect(build.stderr).not.toContain('broken');
      const strict = project(SITE.replace('onBrokenLinks: ignore', 'onBrokenLinks: throw').replace('onBrokenAnchors: ignore', 'onBrokenAnchors: warn'));
      try {
        const result = await cli(['build', '--no-search'], strict.root);
        expect(result.code).toBe(1);
        expect(result.stderr).toContain('broken link "/docs/nope"');
        expect(result.stderr).toContain('broken anchor "/docs/guide/setup#nope"');
      } finally {
        strict.cleanup();
      }
    }],
    [['docs.sidebarId', 'navbar.items[]<docSidebar>.type', 'navbar.items[]<docSidebar>.sidebarId', 'navbar.items[]<docSidebar>.label', 'navbar.items[]<docSidebar>.position'], () =>
      expect(intro).toMatch(/<ul class="navbar-items navbar-left">[\s\S]*?<a class="navbar-link[^"]*" href="\/kb\/docs\/api\/ref"[^>]*>Sidebar docs<\/a>/)],
    [['docs.sidebarCollapsible'], () => {
      // Categories that cannot be collapsed have no toggle at all: no <details> to close.
      expect(intro).toContain('sidebar-category-fixed');
      expect(intro).not.toMatch(/<nav aria-label="Docs sidebar"[\s\S]*<details[\s\S]*<\/nav>/);
    }],
    [['docs.autoCollapseCategories', 'docs.hideable'], () => {
      expect(intro).toContain('"autoCollapseCategories":false');
      expect(intro).not.toContain('sidebar-hide');
    }],
    [['docs.versions.*.label', 'docs.versions.*.path', 'docs.versions.*.banner', 'docs.lastVersion', 'docs.onlyIncludeVersions[]'], () => {
      expect(read('docs/one/intro.html')).toContain('This is unreleased documentation for Keys Site <strong>One</strong>.');
      expect(intro).not.toContain('version-banner');
      expect(intro).toContain('Version: Edge');
      expect(existsSync(path.join(out, 'docs/0.9/intro.html'))).toBe(false);
    }],
    [['docs.editUrl'], () => expect(intro).toContain('<a href="https://git.example.org/edit/main/content/docs/intro.md" target="_blank" rel="noopener noreferrer">Edit this page</a>')],
    [['navbar.title', 'navbar.logo.alt', 'navbar.logo.src'], () => expect(intro).toMatch(/<img class="navbar-logo" src="\/kb\/img\/logo\.svg" alt="Keys logo"[^>]*\/><span class="navbar-title">Keys Nav<\/span>/)],
    [['navbar.hideOnScroll'], () => expect(intro).toContain('data-hide-on-scroll="true"')],
    [['navbar.items[]<default>.type', 'navbar.items[]<default>.label', 'navbar.items[]<default>.to', 'navbar.items[]<default>.href', 'navbar.items[]<default>.position'], () => {
      expect(intro).toMatch(/<ul class="navbar-items navbar-right">[\s\S]*?href="https:\/\/ext\.example\.org\/" target="_blank" rel="noopener noreferrer">Ext/);
      expect(intro).toMatch(/<ul class="navbar-items navbar-left">[\s\S]*?href="\/kb\/docs\/intro"[^>]*>Intro link</);
    }],
    [['navbar.items[]<dropdown>.type', 'navbar.items[]<dropdown>.label', 'navbar.items[]<dropdown>.position', 'navbar.items[]<dropdown>.items[].label', 'navbar.items[]<dropdown>.items[].to', 'navbar.items[]<dropdown>.items[].href'], () =>
      expect(intro).toMatch(/<ul class="navbar-items navbar-left">[\s\S]*?<summary class="navbar-link"[^>]*>More<\/summary><ul class="dropdown-menu"><li><a class="dropdown-link[^"]*" href="\/kb\/docs\/guide\/setup"[^>]*>Guide<\/a><\/li><li><a class="dropdown-link" href="https:\/\/far\.example\.org\/"/)],
    [['navbar.items[]<search>.type', 'navbar.items[]<search>.position'], () => {
      // Left, where it was put: between the start of the left list and the right one.
      const at = intro.indexOf('data-search-open');
      expect(at).toBeGreaterThan(intro.indexOf('navbar-items navbar-left'));
      expect(at).toBeLessThan(intro.indexOf('navbar-items navbar-right'));
    }],
    [['navbar.items[]<html>.type', 'navbar.items[]<html>.value', 'navbar.items[]<html>.position'], () => expect(intro).toMatch(/<ul class="navbar-items navbar-right">[\s\S]*?<b class='nav-html'>Hi<\/b>/)],
    [['navbar.items[]<doc>.type', 'navbar.items[]<doc>.docId', 'navbar.items[]<doc>.label', 'navbar.items[]<doc>.position'], () => {
      // Without a label, the doc's title.
      expect(intro).toMatch(/<a class="navbar-link[^"]*" href="\/kb\/docs\/guide\/setup"[^>]*>Setup<\/a>/);
      expect(intro).toMatch(/<a class="navbar-link[^"]*" href="\/kb\/docs\/intro"[^>]*>Start<\/a>/);
    }],
    [['navbar.items[]<docsVersion>.type', 'navbar.items[]<docsVersion>.label', 'navbar.items[]<docsVersion>.to', 'navbar.items[]<docsVersion>.position'], () =>
      expect(intro).toMatch(/<a class="navbar-link[^"]*" href="\/kb\/docs\/guide\/setup"[^>]*>Ver<\/a>/)],
    [['navbar.items[]<docsVersionDropdown>.type', 'navbar.items[]<docsVersionDropdown>.versions[]', 'navbar.items[]<docsVersionDropdown>.position'], () =>
      expect(intro).toMatch(/<ul class="navbar-items navbar-right">[\s\S]*?data-kind="versions"[\s\S]*?data-value="1\.0">One<\/a><\/li><li><a [^>]*data-value="current">Edge<\/a>/)],
    [['footer.style', 'footer.links[].title', 'footer.links[].items[].label', 'footer.links[].items[].to', 'footer.links[].items[].href'], () =>
      expect(intro).toMatch(/<footer class="footer footer-light">[\s\S]*?<h2 class="footer-title">Col<\/h2><ul><li><a class="footer-link" href="\/kb\/docs\/intro">In<\/a><\/li><li><a class="footer-link" href="https:\/\/out\.example\.org\/"/)],
    [['footer.links[].label', 'footer.links[].to', 'footer.links[].href'], async () => {
      const flat = project(SITE.replace(/ {2}links:\n {4}- title: Col\n {6}items: (\[.*\])\n/, (_, items: string) => `  links: ${items}\n`));
      try {
        const result = await cli(['build', '--no-search'], flat.root);
        expect(result.code, result.stderr).toBe(0);
        expect(readFileSync(path.join(flat.root, 'dist', 'index.html'), 'utf8')).toMatch(/<ul class="footer-flat"><li><a class="footer-link" href="\/kb\/docs\/intro">In<\/a>/);
      } finally {
        flat.cleanup();
      }
    }],
    [['footer.logo.alt', 'footer.logo.src', 'footer.logo.href'], () => expect(intro).toContain('<div class="footer-logo"><a href="/kb/docs/intro"><img src="/kb/img/logo.svg" alt="Foot logo"')],
    [['footer.copyright'], () => expect(intro).toContain('<p class="footer-copyright">© Keys</p>')],
    [['announcementBar.id', 'announcementBar.content', 'announcementBar.backgroundColor', 'announcementBar.textColor', 'announcementBar.isCloseable'], () => {
      expect(intro).toMatch(/data-announcement-id="ann-7" style="background-color:#123456;color:#fedcba"><p class="announcement-content">Read <a href='\/kb\/docs\/intro'>this<\/a><\/p><\/div>/);
      expect(intro).not.toContain('announcement-close');
    }],
    [['colorMode.defaultMode', 'colorMode.disableSwitch', 'colorMode.respectPrefersColorScheme'], () => {
      expect(intro).toContain('data-theme="dark"');
      expect(intro).not.toContain('color-mode-toggle');
      expect(intro).toContain('"respectPrefersColorScheme":true');
    }],
    [['toc.minHeadingLevel', 'toc.maxHeadingLevel'], () => {
      const toc = /<nav aria-label="On this page"[\s\S]*?<\/nav>/.exec(intro)?.[0] ?? '';
      expect(toc).toContain('Level three');
      expect(toc).toContain('Level four');
      expect(toc).not.toContain('Level two');
    }],
    [['openapi.file', 'openapi.route'], () => expect(read('docs/api/ref.html')).toContain('Small Test API')],
  ];

  it('has a check for each key of the schema', () => {
    const covered = new Set(checks.flatMap(([keys]) => keys));
    expect(schemaKeys(siteConfigSchema).filter((key) => !covered.has(key))).toEqual([]);
    expect([...covered].filter((key) => !schemaKeys(siteConfigSchema).includes(key))).toEqual([]);
  });

  it.each(checks.map(([keys, check]) => [keys.join(', '), check] as const))('shows %s in the built site', async (_, check) => {
    await check();
  });

  it('refuses a key the schema does not know, at the key, with the nearest known key', async () => {
    const unknown = project(SITE.replace('  hideOnScroll: true', '  hideOnScroll: true\n  sticky: true\n  hideOnScrol: true'));
    try {
      const result = await cli(['build', '--no-search'], unknown.root);
      expect(result.code).toBe(1);
      const line = SITE.slice(0, SITE.indexOf('  hideOnScroll: true')).split('\n').length;
      expect(result.stderr).toContain(`content/site.yaml:${line + 1}:3: error: navbar: unknown key "sticky"\n  hint: keys taken here: hideOnScroll, items, logo, title`);
      expect(result.stderr).toContain(`content/site.yaml:${line + 2}:3: error: navbar: unknown key "hideOnScrol"\n  hint: did you mean "hideOnScroll"?`);
    } finally {
      unknown.cleanup();
    }
  });

  it('refuses several locales, which it does not build, at their line', async () => {
    const locales = project(SITE.replace('locales: [en]', 'locales: [en, fr]'));
    try {
      const result = await cli(['build', '--no-search'], locales.root);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/content\/site\.yaml:6:\d+: error: locale\.locales lists 2 locales \(en, fr\): translated sites are not supported/);
    } finally {
      locales.cleanup();
    }
  });
});
