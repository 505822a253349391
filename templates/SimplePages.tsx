import { Fragment } from 'react';
import type { ContentPageView, PageView, SiteView } from '../src/render/viewModel.ts';
import { Article } from './Article.tsx';
import { Toc } from './Toc.tsx';

export function MarkdownPage({ page, view }: { page: PageView; view: ContentPageView }) {
  return (
    <main id="main" className="content-page" tabIndex={-1}>
      <div className={view.toc.length > 0 ? 'content-page-container has-toc' : 'content-page-container'}>
        <Article content={{ kind: 'page', title: page.title, titleHtml: view.titleHtml, html: view.html }} />
        {view.toc.length > 0 ? (
          <div className="toc-container">
            <Toc entries={view.toc} />
          </div>
        ) : null}
      </div>
    </main>
  );
}

export function NotFoundPage({ site, suggestions }: { site: SiteView; suggestions: { label: string; href: string }[] }) {
  const links = [...suggestions, { label: 'home page', href: site.baseUrl }];
  return (
    <main id="main" className="not-found" tabIndex={-1}>
      <h1>Page Not Found</h1>
      <p>We could not find what you were looking for.</p>
      <p>
        The page may have moved when the documentation was reorganised. Start again from the{' '}
        {links.map((link, index) => (
          <Fragment key={link.href}>
            {index === 0 ? '' : index === links.length - 1 ? ' or ' : ', '}
            <a href={link.href}>{link.label}</a>
          </Fragment>
        ))}
        .
      </p>
    </main>
  );
}
