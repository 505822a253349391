import type { ContentPageView, PageView, SiteView } from '../src/render/viewModel.ts';
import { Toc } from './Toc.tsx';

export function MarkdownPage({ page, view }: { page: PageView; view: ContentPageView }) {
  return (
    <main id="main" className="content-page" tabIndex={-1}>
      <div className="content-page-container">
        <article data-pagefind-body="">
          <h1>{page.title}</h1>
          <div className="markdown" dangerouslySetInnerHTML={{ __html: view.html }} />
        </article>
        {view.toc.length > 0 ? (
          <div className="toc-container">
            <Toc entries={view.toc} />
          </div>
        ) : null}
      </div>
    </main>
  );
}

export function NotFoundPage({ site }: { site: SiteView }) {
  return (
    <main id="main" className="not-found" tabIndex={-1}>
      <h1>Page Not Found</h1>
      <p>We could not find what you were looking for.</p>
      <p>
        The page may have moved when the documentation was reorganised. Start again from the{' '}
        <a href={`${site.baseUrl}docs/intro`}>introduction</a>, the <a href={`${site.baseUrl}docs/`}>configuration index</a> or
        the <a href={site.baseUrl}>home page</a>.
      </p>
    </main>
  );
}
