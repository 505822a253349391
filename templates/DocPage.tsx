import type { DocView, PageView, SiteView } from '../src/render/viewModel.ts';
import { Sidebar } from './Sidebar.tsx';
import { Toc } from './Toc.tsx';

function Breadcrumbs({ crumbs, home }: { crumbs: DocView['breadcrumbs']; home: string }) {
  return (
    <nav aria-label="Breadcrumbs" className="breadcrumbs">
      <ol>
        <li>
          <a href={home} aria-label="Home page">
            Home
          </a>
        </li>
        {crumbs.map((crumb, index) => (
          <li key={index} aria-current={index === crumbs.length - 1 ? 'page' : undefined}>
            {crumb.href !== undefined && index < crumbs.length - 1 ? <a href={crumb.href}>{crumb.label}</a> : <span>{crumb.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function Pager({ doc }: { doc: DocView }) {
  if (!doc.previous && !doc.next) return null;
  return (
    <nav aria-label="Docs pages" className="pager">
      {doc.previous ? (
        <a className="pager-link pager-previous" href={doc.previous.href} rel="prev">
          <span className="pager-sub">Previous</span>
          <span className="pager-label">« {doc.previous.label}</span>
        </a>
      ) : (
        <span />
      )}
      {doc.next ? (
        <a className="pager-link pager-next" href={doc.next.href} rel="next">
          <span className="pager-sub">Next</span>
          <span className="pager-label">{doc.next.label} »</span>
        </a>
      ) : null}
    </nav>
  );
}

export function DocPage({ site, page, doc }: { site: SiteView; page: PageView; doc: DocView }) {
  return (
    <div className={doc.sidebarHtml !== undefined ? 'doc-layout has-sidebar' : 'doc-layout'}>
      {doc.sidebarHtml !== undefined ? <Sidebar listHtml={doc.sidebarHtml} hideable={site.docs.hideable} /> : null}
      <main id="main" className="doc-main" tabIndex={-1}>
        <div className="doc-container">
          <article className="doc-article" data-pagefind-body="">
            <div data-pagefind-ignore="all">
              <Breadcrumbs crumbs={doc.breadcrumbs} home={site.baseUrl} />
            </div>
            <header>
              <h1>{page.title}</h1>
              {doc.date ? (
                <p className="doc-byline">
                  <time dateTime={doc.date}>{doc.date}</time>
                  {doc.authors.length > 0 ? ` · ${doc.authors.join(', ')}` : ''}
                </p>
              ) : null}
            </header>
            <div className="markdown" dangerouslySetInnerHTML={{ __html: doc.html }} />
            <div data-pagefind-ignore="all">
              <Pager doc={doc} />
            </div>
          </article>
          {doc.toc.length > 0 ? (
            <div className="toc-container">
              <Toc entries={doc.toc} />
            </div>
          ) : null}
        </div>
      </main>
    </div>
  );
}
