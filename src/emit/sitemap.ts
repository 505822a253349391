import { SitemapStream, streamToPromise } from 'sitemap';
import type { SiteConfig } from '../config/schema.ts';

/** `**` matches across segments, `*` within one. */
export function globToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('**')
    .map((part) => part.split('*').map((text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*'))
    .join('.*');
  return new RegExp(`^${source}$`);
}

/** The sitemap of every public route (not the not-found page), in route order for deterministic output. */
export async function buildSitemap(options: { routes: readonly string[]; site: SiteConfig; baseUrl: string }): Promise<string> {
  const ignore = options.site.sitemap.ignorePatterns.map(globToRegExp);
  const stream = new SitemapStream({ hostname: options.site.url, xmlns: { news: false, xhtml: false, image: false, video: false } });
  const base = options.baseUrl.replace(/\/$/, '');
  for (const route of [...options.routes].sort()) {
    if (ignore.some((re) => re.test(route))) continue;
    stream.write({ url: `${base}${route}`, changefreq: options.site.sitemap.changefreq, priority: options.site.sitemap.priority });
  }
  stream.end();
  return (await streamToPromise(stream)).toString();
}
