import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LinkRef } from '../markdown/types.ts';
import type { RenderedComponentPage } from '../pages/render.ts';
import type { GraphPage } from './links.ts';

/** Decodes the five entities react-dom/server writes in attribute values. */
function unescapeAttribute(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" })[name] ?? '');
}

/** Where `text` is first written in the component's source, for the report; the file's start when it is built at run time. */
function locate(source: string, text: string): { line: number; column: number } {
  const at = source.indexOf(text);
  if (at === -1) return { line: 1, column: 1 };
  const before = source.slice(0, at).split('\n');
  return { line: before.length, column: (before[before.length - 1]?.length ?? 0) + 1 };
}

/**
 * The links and ids of page components, read from the HTML they rendered, so
 * that `check` and the build's link report cover them as they cover markdown:
 * a link of the site (`/docs/x`, `#anchor`) is checked, an outside one is not.
 */
export function componentLinkGraph(components: readonly RenderedComponentPage[], options: { contentDir: string; baseUrl: string }): { pages: GraphPage[]; anchors: Map<string, Set<string>> } {
  const base = options.baseUrl.replace(/\/$/, '');
  const pages: GraphPage[] = [];
  const anchors = new Map<string, Set<string>>();
  for (const component of components) {
    const file = path.join(options.contentDir, component.relFile);
    let source = '';
    try {
      source = readFileSync(file, 'utf8');
    } catch {
      // Compiled from this file a moment ago; without it, links are reported at its start.
    }
    anchors.set(component.route, new Set([...component.html.matchAll(/\sid="([^"]+)"/g)].map((m) => unescapeAttribute(m[1] ?? ''))));
    const links: LinkRef[] = [];
    for (const match of component.html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)) {
      const raw = unescapeAttribute(match[1] ?? '');
      if (/^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('//')) continue;
      const [target = '', hash] = raw.split('#', 2);
      const absolute = target === '' || target.startsWith('/') ? target : new URL(target, `http://site${base}${component.route}`).pathname;
      const sitePath = absolute === '' ? component.route : absolute.startsWith(`${base}/`) || base === '' ? absolute.slice(base.length) || '/' : absolute;
      const written = target.startsWith(`${base}/`) ? target.slice(base.length) : target;
      links.push({ raw, path: sitePath.split('?')[0] ?? sitePath, hash, ...locate(source, written || `#${hash ?? ''}`) });
    }
    pages.push({ route: component.route, file, links });
  }
  return { pages, anchors };
}
