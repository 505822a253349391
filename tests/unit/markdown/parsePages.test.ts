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
      const parsed = await parsePages(
        context,
        pages,
        async (page) => void events.push(`parsed ${path.basename(page.file)}`),
        () => events.push('all under way'),
      );
      expect(parsed).toHaveLength(pages.length);
      expect(events.filter((e) => e === 'all under way')).toHaveLength(1);
      const last = `parsed ${path.basename(pages[pages.length - 1]?.file ?? '')}`;
      expect(events.indexOf('all under way')).toBeLessThan(events.indexOf(last));
    } finally {
      project.cleanup();
    }
  });
});
