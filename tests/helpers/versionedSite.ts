import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FIXTURES, tempProject } from './tempSite.ts';

/**
 * A site with two released versions (2.0, the last, at /docs; 1.0 at /docs/1.0)
 * and the current docs (at /docs/next), laid out as Docusaurus lays them out,
 * with an API description for current and 2.0 but not 1.0.
 */
export const page = (title: string, body: string, position = 1): string => `---\ntitle: ${title}\nsidebar_position: ${position}\n---\n\n${body}\n`;
export const small = readFileSync(path.join(FIXTURES, 'openapi', 'small.yaml'), 'utf8');
// 2.0's description: without the health call, and with a query parameter current no longer has.
const older = small.replace(/ {2}\/health:\n[\s\S]*?(?= {2}\/api\/v1\/things:)/, '').replace('        - name: size\n', '        - name: legacy\n          in: query\n          schema: { type: string }\n        - name: size\n');

export function versionedSite() {
  return tempProject({
    files: {
      'content/site.yaml': [
        'title: Versioned',
        'navbar:',
        '  items:',
        '    - { type: docSidebar, sidebarId: tutorialSidebar, label: Documentation, position: left }',
        '    - { type: docsVersion, position: left }',
        '    - { type: doc, docId: guide/setup, label: Setup, position: left }',
        '    - { type: search }',
        '    - { type: docsVersionDropdown, position: right }',
      ].join('\n'),
      'content/versions.json': '["2.0", "1.0"]',
      'content/docs/intro.md': page('Introduction', 'Current docs. See [setup](./guide/setup.md) and [the new page](/docs/new-in-next).'),
      'content/docs/guide/setup.md': page('Setup', 'Back to the [introduction](/docs/intro).'),
      'content/docs/new-in-next.md': page('New in next', 'Only in the current docs.', 3),
      'content/versioned_docs/version-2.0/intro.md': page('Introduction', 'Docs of 2.0. See [setup](./guide/setup.md) and [only in 2.0](/docs/only-in-2).'),
      'content/versioned_docs/version-2.0/guide/setup.md': page('Setup', 'Back to the [introduction](/docs/intro).'),
      'content/versioned_docs/version-2.0/only-in-2.md': page('Only in 2.0', 'A page of 2.0 alone.', 2),
      'content/versioned_docs/version-1.0/intro.md': page('Introduction', 'Docs of 1.0, which had no setup guide: [setup](/docs/guide/setup).'),
      'content/pages/markdown-page.md': '---\ntitle: Markdown page\n---\n\nOutside the docs.\n',
      'openapi/maps-messaging-api.yaml': small,
      'openapi/versioned/version-2.0/maps-messaging-api.yaml': older,
    },
  });
}

