import type { SiteAssets } from '../assets.ts';
import type { SidebarItem } from '../nav/sidebar.ts';
import type { CompiledPages } from '../pages/compile.ts';
import type { SidebarRenderer } from './sidebarHtml.ts';
import type { PageView, SiteView } from './viewModel.ts';

/** What dev remembers of its last render: the site view and templates it used, and each page's view and HTML. */
export interface RenderMemo {
  site?: { view: SiteView; renderersKey: string };
  /** Each version's sidebar, by version name. */
  sidebars: Map<string, { items: SidebarItem[]; baseUrl: string; renderersKey: string; renderer: SidebarRenderer }>;
  assets?: { key: string; value: SiteAssets };
  sitemap?: { key: string; xml: string };
  pages: Map<string, { view: PageView; html: string }>;
  /** The page components and islands as last compiled (src/pages/compile.ts), reused while their files are unchanged. */
  components?: CompiledPages;
}

export function createRenderMemo(): RenderMemo {
  return { pages: new Map(), sidebars: new Map() };
}
