import type { DocView, PageVersionView, PageView, SiteView } from '../src/render/viewModel.ts';
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

/** Over a page of a version other than the last: which version this is, and the way to the same page in the last one. */
function VersionBanner({ site, version }: { site: SiteView; version: PageVersionView }) {
  const { banner } = version;
  if (!banner) return null;
  return (
    <div className="version-banner" role="note" aria-label="Version notice">
      <p>
        {banner.kind === 'unreleased' ? (
          <>
            This is unreleased documentation for {site.title} <strong>{version.label}</strong>.
          </>
        ) : (
          <>
            This is documentation for {site.title} <strong>{version.label}</strong>, which is no longer actively maintained.
          </>
        )}
      </p>
      <p>
        For up-to-date documentation, see the <a href={banner.latest.href} data-version={banner.latest.name}>latest version</a> ({banner.latest.label}).
      </p>
    </div>
  );
}

export function DocPage({ site, page, doc }: { site: SiteView; page: PageView; doc: DocView }) {
  return (
    <div className={doc.sidebarHtml !== undefined ? 'doc-layout has-sidebar' : 'doc-layout'}>
      {doc.sidebarHtml !== undefined ? <Sidebar listHtml={doc.sidebarHtml} hideable={site.docs.hideable} /> : null}
      <main id="main" className="doc-main" tabIndex={-1}>
        <div className={doc.toc.length > 0 ? 'doc-container has-toc' : 'doc-container'}>
          <Article
            content={{ kind: 'doc', title: page.title, titleHtml: doc.titleHtml, html: doc.html, date: doc.date, authors: doc.authors }}
            before={
              page.version ? (
                <>
                  <VersionBanner site={site} version={page.version} />
                  <Breadcrumbs crumbs={doc.breadcrumbs} home={site.baseUrl} />
                  <span className="version-badge">Version: {page.version.label}</span>
                </>
              ) : (
                <Breadcrumbs crumbs={doc.breadcrumbs} home={site.baseUrl} />
              )
            }
            after={
              <>
                {doc.editUrl !== undefined ? (
                  <p className="edit-page">
                    <a href={doc.editUrl} target="_blank" rel="noopener noreferrer">
                      Edit this page
                    </a>
                  </p>
                ) : null}
                <Pager doc={doc} />
              </>
            }
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
