import { describe, expect, it } from 'vitest';
import { prepareSite } from '../../../src/build.ts';
import { createBuildContext } from '../../../src/context.ts';
import { resolveConfig } from '../../../src/config/resolve.ts';
import { silentReporter } from '../../../src/util/task.ts';
import { versionedSite } from '../../helpers/versionedSite.ts';

/**
 * A build after an edit keys every page to take the unchanged ones from the last output. A page's
 * HTML named by what it was made from (its parse's key, the reference's) is not read for its key:
 * coming from the cache, it is decoded only for the pages rendered again (src/util/lazyText.ts).
 */
describe('the views a page is keyed by', () => {
  it('never read the HTML of a docs page or an API reference that their key names', async () => {
    const project = versionedSite();
    try {
      const config = resolveConfig({ root: project.root, cache: false });
      const site = await prepareSite(createBuildContext(config, silentReporter), { search: false });
      const reads: string[] = [];
      const watch = (target: { html: string }, name: string): void => {
        const html = target.html;
        Object.defineProperty(target, 'html', {
          enumerable: true,
          configurable: true,
          get: () => {
            reads.push(name);
            return html;
          },
        });
      };
      for (const page of site.parsed) watch(page.result, page.source.route);
      for (const version of site.versions) if (version.reference) watch(version.reference, version.reference.route);
      const keyed = site.views.filter((view) => view.keyView);
      // Every docs page of the three versions, and the two references.
      expect(keyed.map((view) => view.route)).toEqual(expect.arrayContaining(['/docs/next/intro', '/docs/intro', '/docs/1.0/intro', '/docs/next/api/reference', '/docs/api/reference']));
      for (const view of keyed) {
        const body = view.keyView?.().body;
        expect(body && 'htmlKey' in body ? body.htmlKey : undefined, view.route).toBeDefined();
      }
      expect(reads).toEqual([]);
      // Rendering reads it.
      const intro = site.views.find((view) => view.route === '/docs/1.0/intro');
      const made = intro?.make().body;
      expect(made && 'html' in made ? made.html : '').toContain('Docs of 1.0');
      expect(reads).toEqual(['/docs/1.0/intro']);
    } finally {
      project.cleanup();
    }
  });
});
