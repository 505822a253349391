import type { ReactNode } from 'react';

/** What a page's article holds for search: everything in it that is not marked to be ignored. */
export interface ArticleContent {
  kind: 'doc' | 'page';
  title: string;
  /** The content's own title heading as HTML (inline markup kept), shown instead of `title` when the page starts with one. */
  titleHtml?: string | undefined;
  html: string;
  date?: string | undefined;
  authors?: string[];
}

/**
 * The article of a docs or content page, the part search indexes. Pages and
 * the search documents built while pages are still being parsed both render
 * it, so what search holds is what the page shows.
 */
export function Article({ content, before, after }: { content: ArticleContent; before?: ReactNode; after?: ReactNode }) {
  const body = <div className="markdown" dangerouslySetInnerHTML={{ __html: content.html }} />;
  const heading = content.titleHtml !== undefined ? <h1 dangerouslySetInnerHTML={{ __html: content.titleHtml }} /> : <h1>{content.title}</h1>;
  if (content.kind === 'page') {
    return (
      <article>
        {heading}
        {body}
      </article>
    );
  }
  return (
    <article className="doc-article">
      {before !== undefined ? <div data-search-ignore="">{before}</div> : null}
      <header>
        {heading}
        {content.date ? (
          <p className="doc-byline">
            <time dateTime={content.date}>{content.date}</time>
            {content.authors && content.authors.length > 0 ? ` · ${content.authors.join(', ')}` : ''}
          </p>
        ) : null}
      </header>
      {body}
      {after !== undefined ? <div data-search-ignore="">{after}</div> : null}
    </article>
  );
}

/** A minimal document holding just the article, fed to the search indexer. */
export function SearchDocument({ content }: { content: ArticleContent }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{content.title}</title>
      </head>
      <body>
        <Article content={content} />
      </body>
    </html>
  );
}
