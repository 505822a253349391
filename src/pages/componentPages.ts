import type { SiteAssets } from '../assets.ts';
import type { ResolvedConfig } from '../config/resolve.ts';
import type { BuildContext } from '../context.ts';
import { UserErrors, userErrorsOf, type UserError } from '../errors.ts';
import type { ComponentSource } from '../load/pages.ts';
import type { VersionBuild } from '../nav/versionBuilds.ts';
import type { PageSite } from './api.ts';
import { compilePages, type CompiledPages } from './compile.ts';
import { renderComponentPage, type RenderedComponentPage } from './render.ts';

/**
 * The pages stage: content/pages/**\/*.{tsx,jsx} compiled (src/pages/compile.ts)
 * and rendered (src/pages/render.ts); the layout around them is the site's,
 * added when the page is rendered with the rest (templates/ComponentPage.tsx).
 */

/** Compiles the site's page components and islands; dev keeps the result while their files are unchanged. */
export async function compileComponentPages(context: Pick<BuildContext, 'config' | 'rendered'>, components: readonly ComponentSource[], assets: SiteAssets): Promise<CompiledPages> {
  const memo = context.rendered;
  const compiled = await compilePages({
    contentDir: context.config.contentDir,
    pages: components.map((c) => c.relFile),
    baseUrl: context.config.baseUrl,
    reactUrl: assets.features['react'],
    previous: memo?.components,
  });
  if (memo) memo.components = compiled;
  return compiled;
}

/** The site as page components see it. */
export function pageSiteOf(config: ResolvedConfig, versions: readonly VersionBuild[]): PageSite {
  const last = versions.find((v) => v.version.isLast) ?? versions[0];
  return {
    title: config.site.title,
    tagline: config.site.tagline,
    url: config.site.url,
    baseUrl: config.baseUrl,
    config: config.site,
    sidebar: last?.sidebar ?? [],
    versions: versions.map((v) => ({ name: v.version.name, label: v.version.label, routeBase: v.version.routeBase, isLast: v.version.isLast, sidebar: v.sidebar })),
  };
}

/** Renders every page component; the errors of all of them are reported together. */
export async function renderComponentPages(options: {
  compiled: CompiledPages;
  contentDir: string;
  components: readonly ComponentSource[];
  site: PageSite;
}): Promise<RenderedComponentPage[]> {
  const errors: UserError[] = [];
  const rendered: RenderedComponentPage[] = [];
  for (const component of options.components) {
    try {
      rendered.push(await renderComponentPage({ compiled: options.compiled, contentDir: options.contentDir, relFile: component.relFile, props: { route: component.route, site: options.site } }));
    } catch (error) {
      const found = userErrorsOf(error);
      if (found.length === 0) throw error;
      errors.push(...found);
    }
  }
  if (errors.length > 0) throw new UserErrors(errors);
  return rendered;
}
