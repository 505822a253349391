import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LinkRef } from '../markdown/types.ts';
import { positionOf } from '../util/sourcePosition.ts';
import { decodeXml } from '../util/xmlEntities.ts';
import type { RenderedComponentPage } from '../pages/render.ts';
import type { GraphPage } from './links.ts';

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
    anchors.set(component.route, new Set([...component.html.matchAll(/\sid="([^"]+)"/g)].map((m) => decodeXml(m[1] ?? ''))));
    const links: LinkRef[] = [];
    for (const match of component.html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)) {
      const raw = decodeXml(match[1] ?? '');
      if (/^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('//')) continue;
      const [target = '', hash] = raw.split('#', 2);
      const absolute = target === '' || target.startsWith('/') ? target : new URL(target, `http://site${base}${component.route}`).pathname;
      const sitePath = absolute === '' ? component.route : absolute.startsWith(`${base}/`) || base === '' ? absolute.slice(base.length) || '/' : absolute;
      const written = target.startsWith(`${base}/`) ? target.slice(base.length) : target;
      links.push({ raw, path: sitePath.split('?')[0] ?? sitePath, hash, ...(positionOf(source, written || `#${hash ?? ''}`) ?? { line: 1, column: 1 }) });
    }
    pages.push({ route: component.route, file, links });
  }
  return { pages, anchors };
}
