/**
 * How long browsers may keep each file of a built site: files under
 * `/assets/` are named by their content (a new build gives a changed file a
 * new name), so they are kept for a year without asking again; everything
 * else (pages, the search index, the sitemap, downloads, static files) keeps
 * its name when it changes, so it is asked for again each time, and a 304
 * answers when it did not change. `mapsdocs serve` follows this policy, and
 * the build writes it as a `_headers` file for hosts that read one (Netlify,
 * Cloudflare Pages).
 */

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** The output's folder of content-hashed files (src/assets.ts and the markdown stage's images write there). */
export const HASHED_FOLDER = 'assets';

/** The name of the headers file in the output; hosts read it and do not serve it. */
export const HEADERS_FILE = '_headers';

export function cacheControlFor(pathname: string): string {
  return pathname.startsWith(`/${HASHED_FOLDER}/`) ? IMMUTABLE : REVALIDATE;
}

/**
 * The policy as a `_headers` file, for an output whose top level holds these
 * entries. Hosts apply every rule whose pattern matches and join the values
 * of a header that several set, so no two rules here set Cache-Control for
 * one path: the rules name each top-level entry but the hashed folder, rather
 * than `/*` for all.
 */
export function headersFile(topLevel: readonly { name: string; directory: boolean }[]): string {
  const lines = [
    '# Written by mapsdocs build: the caching policy of `mapsdocs serve` (see its README), for hosts that read _headers.',
    '/*',
    '  X-Content-Type-Options: nosniff',
    `/${HASHED_FOLDER}/*`,
    `  Cache-Control: ${IMMUTABLE}`,
  ];
  const patterns = new Set<string>();
  for (const entry of [...topLevel].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (entry.name === HASHED_FOLDER || entry.name === HEADERS_FILE) continue;
    if (entry.directory) {
      patterns.add(`/${entry.name}`);
      patterns.add(`/${entry.name}/*`);
    } else if (entry.name === 'index.html') {
      patterns.add('/');
      patterns.add('/index.html');
    } else {
      patterns.add(`/${entry.name}`);
      // A page is asked for by its route, without the extension.
      if (entry.name.endsWith('.html')) patterns.add(`/${entry.name.slice(0, -'.html'.length)}`);
    }
  }
  for (const pattern of patterns) lines.push(pattern, `  Cache-Control: ${REVALIDATE}`);
  return `${lines.join('\n')}\n`;
}
