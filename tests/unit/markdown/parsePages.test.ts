import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBuildContext } from '../../../src/context.ts';
import { parsePages } from '../../../src/markdown/parsePages.ts';
import { resolveConfig } from '../../../src/config/resolve.ts';
import { loadContent } from '../../../src/load/pages.ts';
import { silentReporter } from '../../../src/util/task.ts';
import { tempProject } from '../../helpers/tempSite.ts';

describe('parsing the pages', () => {
  it('says once, before the last page is parsed, that every page is under way (the build starts the reference then)', async () => {
    const project = tempProject({ fixture: 'basic' });
    try {
      const config = resolveConfig({ root: project.root, cache: false });
      const context = createBuildContext(config, silentReporter);
      const { pages } = await loadContent(config.contentDir, { includeDrafts: false });
      expect(pages.length).toBeGreaterThan(2);
      const events: string[] = [];
      const parsed = await parsePages(context, pages, {
        onParsed: async (page) => void events.push(`parsed ${path.basename(page.file)}`),
        onLastStarted: () => events.push('all under way'),
      });
      expect(parsed).toHaveLength(pages.length);
      expect(events.filter((e) => e === 'all under way')).toHaveLength(1);
      const last = `parsed ${path.basename(pages[pages.length - 1]?.file ?? '')}`;
      expect(events.indexOf('all under way')).toBeLessThan(events.indexOf(last));
    } finally {
      project.cleanup();
    }
  });

  it('parses no other page again when a page is added or removed, and still resolves links to it', async () => {
    const project = tempProject({ fixture: 'basic', files: { 'content/docs/linker.md': '---\ntitle: Linker\n---\n\nSee [the new page](./added.md).\n' } });
    try {
      const config = resolveConfig({ root: project.root, cache: false });
      const context = createBuildContext(config, silentReporter);
      const before = loadContent(config.contentDir, { includeDrafts: false }).pages;
      const first = await parsePages(context, before);
      const linker = first.find((p) => p.source.id === 'linker');
      expect(linker?.result.diagnostics.map((d) => d.message)).toEqual(['link to "./added.md": no such file']);
      const cached = context.cache.pages.size;
      const { writeFileSync } = await import('node:fs');
      writeFileSync(path.join(project.content, 'docs', 'added.md'), '---\ntitle: Added\n---\n\nNew.\n');
      const after = loadContent(config.contentDir, { includeDrafts: false }).pages;
      const second = await parsePages(context, after);
      // One parse more: the added page. The linker's parse came from the cache, and its link now leads to the new page.
      expect(context.cache.pages.size).toBe(cached + 1);
      const relinked = second.find((p) => p.source.id === 'linker');
      expect(relinked?.result.diagnostics).toEqual([]);
      expect(relinked?.result.html).toContain('href="/docs/added"');
      expect(relinked?.result.links).toContainEqual(expect.objectContaining({ raw: './added.md', path: '/docs/added' }));
      // The name of its HTML (what a page's reuse key hashes) changes with the link, and only where the HTML does.
      expect(relinked?.result.htmlKey).not.toBe(linker?.result.htmlKey);
      for (const page of first) {
        const again = second.find((p) => p.source.file === page.source.file);
        expect(again?.result.htmlKey === page.result.htmlKey, page.source.relFile).toBe(again?.result.html === page.result.html);
      }
    } finally {
      project.cleanup();
    }
  });
});
