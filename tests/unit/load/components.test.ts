import { describe, expect, it } from 'vitest';
import { listComponentPages, routeOfComponent } from '../../../src/load/pages.ts';
import { tempProject } from '../../helpers/tempSite.ts';

describe('page components found in content/pages', () => {
  it('become routes as Docusaurus makes them: index is its folder', () => {
    expect(routeOfComponent('pages/index.tsx')).toBe('/');
    expect(routeOfComponent('pages/showcase.tsx')).toBe('/showcase');
    expect(routeOfComponent('pages/blog/index.jsx')).toBe('/blog/');
    expect(routeOfComponent('pages/blog/first-post.jsx')).toBe('/blog/first-post');
  });

  it('are the .tsx and .jsx files outside _ folders, hidden files and node_modules', () => {
    const project = tempProject({
      files: Object.fromEntries(
        ['pages/index.tsx', 'pages/a/b.jsx', 'pages/_components/Card.tsx', 'pages/_draft.tsx', 'pages/.hidden.tsx', 'pages/node_modules/x.tsx', 'pages/util.ts', 'pages/page.md'].map((f) => [`content/${f}`, '']),
      ),
    });
    try {
      expect(listComponentPages(project.content).map((c) => [c.relFile, c.route])).toEqual([
        ['pages/a/b.jsx', '/a/b'],
        ['pages/index.tsx', '/'],
      ]);
    } finally {
      project.cleanup();
    }
  });
});
