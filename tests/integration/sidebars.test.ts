import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.ts';
import { tempProject } from '../helpers/tempSite.ts';

/**
 * Several sidebars, as Docusaurus has them: a sidebars file declares them by
 * id, a docs page shows the first that lists it (or the one its
 * `displayed_sidebar` names), a page no sidebar lists shows none, and each
 * docSidebar navbar item leads to the first page of its sidebar.
 */
const page = (title: string, extra = ''): string => `---\ntitle: ${title}\n${extra}---\n\nText of ${title}.\n`;
const files = {
  'content/site.yaml': 'navbar:\n  items:\n    - { type: docSidebar, sidebarId: guides, label: Guides, position: left }\n    - { type: docSidebar, sidebarId: api, label: API, position: left }\n',
  'content/sidebars.json': JSON.stringify({ guides: ['intro', { type: 'category', label: 'Setup', items: ['setup/install'] }, { type: 'link', label: 'Source code', href: 'https://github.com/Maps-Messaging/mapsmessaging_server' }], api: ['api-overview', 'intro'] }),
  'content/docs/intro.md': page('Introduction'),
  'content/docs/setup/install.md': page('Install'),
  'content/docs/api-overview.md': page('API overview'),
  'content/docs/shown-elsewhere.md': page('Shown elsewhere', 'displayed_sidebar: api\n'),
  'content/docs/orphan.md': page('Orphan'),
};

const sidebarLinks = (html: string): string[] => [...(/<nav aria-label="Docs sidebar"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1] ?? '');

describe('a site with several sidebars', () => {
  const project = tempProject({ files });
  const read = (rel: string): string => readFileSync(path.join(project.root, 'dist', rel), 'utf8');
  beforeAll(async () => {
    const result = await cli(['build', '--no-search'], project.root);
    expect(result.code, result.stderr).toBe(0);
  });
  afterAll(() => project.cleanup());

  it('shows on each page the first sidebar that lists it', () => {
    expect(sidebarLinks(read('docs/intro.html'))).toEqual(['/docs/intro', '/docs/setup/install', 'https://github.com/Maps-Messaging/mapsmessaging_server']);
    expect(sidebarLinks(read('docs/api-overview.html'))).toEqual(['/docs/api-overview', '/docs/intro']);
  });

  it('shows the sidebar displayed_sidebar names, and none on a page no sidebar lists', () => {
    expect(sidebarLinks(read('docs/shown-elsewhere.html'))).toEqual(['/docs/api-overview', '/docs/intro']);
    expect(read('docs/orphan.html')).not.toContain('aria-label="Docs sidebar"');
  });

  it('leads each docSidebar item to the first page of its sidebar', () => {
    const html = read('docs/orphan.html');
    expect(html).toMatch(/href="\/docs\/intro"[^>]*>Guides</);
    expect(html).toMatch(/href="\/docs\/api-overview"[^>]*>API</);
  });

  it('opens an outside link of a sidebar in a new tab, and never makes it a step of previous and next', () => {
    expect(read('docs/intro.html')).toMatch(/<a class="sidebar-link" href="https:\/\/github\.com\/Maps-Messaging\/mapsmessaging_server" target="_blank" rel="noopener noreferrer">Source code<svg/);
    expect(read('docs/setup/install.html')).not.toContain('pager-next');
  });

  it('orders previous and next within the page\'s sidebar', () => {
    expect(read('docs/api-overview.html')).toMatch(/pager-next" href="\/docs\/intro"/);
  });
});

describe('sidebar mistakes', () => {
  it.each([
    ['displayed_sidebar names no sidebar', { 'content/docs/orphan.md': page('Orphan', 'displayed_sidebar: nope\n') }, /content\/docs\/orphan\.md:3:1: error: displayed_sidebar: no sidebar "nope"\n  hint: sidebars of this version: guides, api/],
    ['a docSidebar item names no sidebar', { 'content/site.yaml': 'navbar:\n  items:\n    - { type: docSidebar, sidebarId: other, label: X }\n' }, /content\/site\.yaml:3:\d+: error: navbar\.items\[0\] \(type "docSidebar", label "X"\): sidebar "other" has nothing to link to\n  hint: use one of the sidebars that have pages: guides, api/],
    ['docs.sidebarId names a sidebar the file lacks', { 'content/site.yaml': 'docs:\n  sidebarId: tutorialSidebar\n' }, /content\/site\.yaml:2:\d+: error: docs\.sidebarId: sidebars\.json has no sidebar "tutorialSidebar"\n  hint: name one of its sidebars \(guides, api\)/],
    ['a link item with a script address', { 'content/sidebars.json': JSON.stringify({ guides: ['intro', { type: 'link', label: 'X', href: 'javascript:alert(1)' }] }, null, 2) }, /content\/sidebars\.json:\d+:\d+: error: guides\[1\]\.href: must be a path of the site starting with a single "\/" \(e\.g\. \/docs\/intro\) or an http, https or mailto address/],
  ])('refuses %s, at its line', async (_, change, message) => {
    const project = tempProject({ files: { ...files, ...change } });
    try {
      const result = await cli(['build', '--no-search'], project.root);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(message);
      // Relative to where the command ran, as warnings are.
      expect(result.stderr).toMatch(/^content\//);
    } finally {
      project.cleanup();
    }
  });
});

describe('an empty sidebars file', () => {
  it('shows no sidebar, even when docs.sidebarId names one (there is none to name)', async () => {
    const { 'content/docs/shown-elsewhere.md': _, ...rest } = files;
    const project = tempProject({ files: { ...rest, 'content/sidebars.json': '{}', 'content/site.yaml': 'docs:\n  sidebarId: guides\n' } });
    try {
      const result = await cli(['build', '--no-search'], project.root);
      expect(result.code, result.stderr).toBe(0);
      expect(readFileSync(path.join(project.root, 'dist', 'docs', 'intro.html'), 'utf8')).not.toContain('aria-label="Docs sidebar"');
    } finally {
      project.cleanup();
    }
  });
});
