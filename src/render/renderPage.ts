import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Page } from '../../templates/Page.tsx';
import type { PageView, SiteView } from './viewModel.ts';
import { forPageVersion, withActiveLinks } from './siteView.ts';

/**
 * Server-renders one page to a complete HTML document. Static markup: the
 * client adds behaviour to it with small islands, never re-renders it.
 */
export function renderPage(site: SiteView, page: PageView): string {
  const html = renderToStaticMarkup(createElement(Page, { site: withActiveLinks(forPageVersion(site, page), page.route), page }));
  return `<!DOCTYPE html>\n${html}\n`;
}
