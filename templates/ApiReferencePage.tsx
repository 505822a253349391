import type { ApiReferenceView, PageView } from '../src/render/viewModel.ts';

/** The reference body is rendered by src/openapi from the description; this frames it. */
export function ApiReferencePage({ page, view }: { page: PageView; view: ApiReferenceView }) {
  return (
    <main id="main" className="api-reference" tabIndex={-1} aria-label={page.title}>
      <div dangerouslySetInnerHTML={{ __html: view.html }} />
    </main>
  );
}
