import type { ComponentView, PageView, SiteView } from '../src/render/viewModel.ts';
import { baseUrlBannerScript } from './baseUrlBanner.ts';

/**
 * A page component of content/pages, in the site's layout: its markup (its
 * own headings and sections) inside the page's one <main>. The home page
 * keeps the check that the site is served where it was built for.
 */
export function ComponentPage({ site, page, view }: { site: SiteView; page: PageView; view: ComponentView }) {
  const banner = page.route === '/' ? `<script>${baseUrlBannerScript(site.baseUrl)}</script>` : '';
  return <main id="main" className="component-page" tabIndex={-1} dangerouslySetInnerHTML={{ __html: `${banner}${view.html}` }} />;
}
