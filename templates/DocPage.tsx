import type { DocView, PageView, SiteView } from '../src/render/viewModel.ts';
import { Article } from './Article.tsx';
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
        <div className={doc.toc.length > 0 ? 'doc-container has-toc' : 'doc-container'}>
          <Article
            content={{ kind: 'doc', title: page.title, html: doc.html, date: doc.date, authors: doc.authors }}
            before={<Breadcrumbs crumbs={doc.breadcrumbs} home={site.baseUrl} />}
            after={<Pager doc={doc} />}
          />
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
