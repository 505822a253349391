import type { ReactNode } from 'react';
import type { PageView, SiteView } from '../src/render/viewModel.ts';
import { REFERENCE_INTRO } from './api/ApiReference.tsx';
import { ClientConfigScript } from './ClientConfig.tsx';
import { headScript } from './headScript.ts';
import { Footer } from './Footer.tsx';
import { Navbar } from './Navbar.tsx';
import { CloseIcon } from './icons.tsx';

function AnnouncementBar({ site }: { site: SiteView }) {
  const bar = site.announcement;
  if (!bar) return null;
  return (
    <div
      className="announcement"
      role="region"
      aria-label="Announcement"
      data-announcement-id={bar.id}
      style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}
    >
      {/* The site's own configuration, trusted as Docusaurus trusts it: HTML (a link, emphasis) is kept. */}
      <p className="announcement-content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable ? (
        <button type="button" className="announcement-close" aria-label="Close" hidden>
          <CloseIcon />
        </button>
      ) : null}
    </div>
  );
}

/** Shown by the client when rendering a page crashes; kept inert in a <template> until then. */
function CrashFallback() {
  return (
    <template id="crash-fallback">
      <div className="crash" role="alert">
        <h1>This page crashed.</h1>
        <button type="button" className="button crash-retry">
          Try again
        </button>
        <pre className="crash-details" />
      </div>
    </template>
  );
}

export function Document({ site, page, children }: { site: SiteView; page: PageView; children: ReactNode }) {
  // A page component without a title of its own (<Head title>) is titled as the landing page is.
  const plain = page.body.kind === 'landing' || (page.body.kind === 'component' && !page.body.titled);
  const title = plain ? `${site.title} | ${site.tagline}` : `${page.title} | ${site.title}`;
  return (
    <html lang={site.lang} dir={site.dir} data-theme={site.colorMode.defaultMode}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        {page.description ? <meta name="description" content={page.description} /> : null}
        {page.keywords.length > 0 ? <meta name="keywords" content={page.keywords.join(', ')} /> : null}
        <meta property="og:title" content={title} />
        <link rel="canonical" href={`${site.siteUrl}${site.baseUrl.replace(/\/$/, '')}${page.route}`} />
        <meta name="mapsdocs:base-url" content={site.baseUrl} />
        <link rel="icon" href={site.navbar.logo?.src ?? 'data:,'} />
        <ClientConfigScript site={site} />
        <script dangerouslySetInnerHTML={{ __html: headScript(site) }} />
        {site.assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {/* Chromium paints a partly parsed page under load: a table of contents not yet parsed, then arriving,
            narrows the article (layout shift). Rendering waits until the layout is parsed; the reference waits
            only for its first screen (navbar, menu, and its first section), as its operations only append below
            what is already painted: a phone paints it before the rest of its megabyte arrives. */}
        <link rel="expect" href={page.body.kind === 'apiReference' ? `#${REFERENCE_INTRO}` : '#main'} blocking="render" />
        {site.assets.js.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
        {page.pageScripts.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
      </head>
      <body className={`page-${page.body.kind}`} data-docs-version={page.version?.name}>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <div className="progress-bar" aria-hidden="true" />
        <AnnouncementBar site={site} />
        <Navbar site={site} />
        <div className="page-root" id="page-root">
          {children}
        </div>
        <Footer site={site} />
        <CrashFallback />
      </body>
    </html>
  );
}
