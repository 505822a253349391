import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ApiChanges, type ApiChangesProps } from '../../templates/api/ApiChanges.tsx';
import { ApiReference, type ApiReferenceProps } from '../../templates/api/ApiReference.tsx';
import { SearchDocument, type ArticleContent } from '../../templates/Article.tsx';
import { renderPage } from './renderPage.ts';
import { createSidebarRenderer } from './sidebarHtml.ts';

/**
 * Everything that turns view data into markup with the React templates, in
 * one place: the build uses this module as compiled into the engine, and
 * `mapsdocs dev` swaps in a freshly compiled copy when a template changes,
 * without a restart.
 */
export interface Renderers {
  renderPage: typeof renderPage;
  createSidebarRenderer: typeof createSidebarRenderer;
  renderReference(props: ApiReferenceProps): string;
  /** The REST change log between two versions, as a docs page's body. */
  renderChanges(props: ApiChangesProps): string;
  /** A page's article alone, as search indexes it: made as soon as the page is parsed. */
  renderSearchDocument(content: ArticleContent): string;
}

export const renderers: Renderers = {
  renderPage,
  createSidebarRenderer,
  renderReference: (props) => renderToStaticMarkup(createElement(ApiReference, props)),
  renderChanges: (props) => renderToStaticMarkup(createElement(ApiChanges, props)),
  renderSearchDocument: (content) => `<!DOCTYPE html>\n${renderToStaticMarkup(createElement(SearchDocument, { content }))}`,
};
