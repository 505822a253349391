import type { PageView, SiteView } from '../src/render/viewModel.ts';
import { ApiReferencePage } from './ApiReferencePage.tsx';
import { ComponentPage } from './ComponentPage.tsx';
import { DocPage } from './DocPage.tsx';
import { Document } from './Document.tsx';
import { LandingPage } from './LandingPage.tsx';
import { MarkdownPage, NotFoundPage } from './SimplePages.tsx';

/** The one entry point the renderer calls: picks the body template for the view. */
export function Page({ site, page }: { site: SiteView; page: PageView }) {
  const body = page.body;
  let content;
  switch (body.kind) {
    case 'doc':
      content = <DocPage site={site} page={page} doc={body} />;
      break;
    case 'page':
      content = <MarkdownPage page={page} view={body} />;
      break;
    case 'landing':
      content = <LandingPage site={site} view={body} />;
      break;
    case 'component':
      content = <ComponentPage site={site} page={page} view={body} />;
      break;
    case 'notFound':
      content = <NotFoundPage site={site} suggestions={body.suggestions} />;
      break;
    case 'apiReference':
      content = <ApiReferencePage site={site} page={page} view={body} />;
      break;
  }
  return (
    <Document site={site} page={page}>
      {content}
    </Document>
  );
}
