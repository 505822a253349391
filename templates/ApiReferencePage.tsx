import type { ApiReferenceView, PageView, SiteView } from '../src/render/viewModel.ts';

/** The reference body is rendered by src/openapi from the description; this frames it. */
export function ApiReferencePage({ site, page, view }: { site: SiteView; page: PageView; view: ApiReferenceView }) {
  const banner = page.version?.banner;
  return (
    <main id="main" className="api-reference" tabIndex={-1} aria-label={page.title}>
      {banner && page.version ? (
        <div className="version-banner" role="note" aria-label="Version notice">
          <p>
            {banner.kind === 'unreleased' ? `This is the unreleased REST API of ${site.title} ${page.version.label}.` : `This is the REST API of ${site.title} ${page.version.label}, which is no longer actively maintained.`}{' '}
            For the current one, see the <a href={banner.latest.href} data-version={banner.latest.name}>latest version</a> ({banner.latest.label}).
          </p>
        </div>
      ) : null}
      <div dangerouslySetInnerHTML={{ __html: view.html }} />
    </main>
  );
}
