import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Definition, Image, Link, Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { createConfinement } from '../../io/confinement.ts';
import { pageData } from '../context.ts';
import { report } from './report.ts';

export interface LinkOptions {
  /** The route of a markdown file, or undefined if it is not a page. */
  routeOfFile: (absoluteFile: string) => string | undefined;
  /** Prefix of every site path in the output, e.g. `/` or `/maps/`. */
  baseUrl: string;
  /** The folders a page may name files in (the content folder): an image or page outside them is an error. */
  readRoots: readonly string[];
  /** Where each docs version is served (`/docs`, `/docs/next`, `/docs/4.3`). */
  versionBases?: readonly string[] | undefined;
}

const OUTSIDE_HINT = 'a page may only use files inside the content folder: copy the file into content/static and link it from there, or put it next to this page';

/**
 * A link of a versioned page to a route under /docs leads into the page's own
 * version: copied docs keep linking to their own pages. A link that names
 * another version's route (`/docs/4.2/...`) is kept as it is.
 */
function withinVersion(target: string, docsBase: string | undefined, versionBases: readonly string[]): string {
  if (docsBase === undefined || !(target === '/docs' || target.startsWith('/docs/'))) return target;
  if (versionBases.some((other) => other !== '/docs' && (target === other || target.startsWith(`${other}/`)))) return target;
  return `${docsBase}${target.slice('/docs'.length)}`;
}

/** `decodeURIComponent`, keeping text that is not a valid escape as it is written. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Splits `path#hash` (query kept with the path). */
function splitHash(url: string): { pathPart: string; hash: string | undefined } {
  const index = url.indexOf('#');
  if (index === -1) return { pathPart: url, hash: undefined };
  return { pathPart: url.slice(0, index), hash: decoded(url.slice(index + 1)) };
}

/** Resolves a relative URL against a route the way a browser would. */
function resolveAgainstRoute(route: string, relative: string): string {
  return new URL(relative, `http://site${route}`).pathname;
}

/**
 * Resolves links to routes (relative `.md` files and site paths alike),
 * prefixes the base URL, records every link with its position for the link
 * checker, and copies images under a content-hashed name.
 */
export default function remarkLinks(options: LinkOptions) {
  const base = options.baseUrl.replace(/\/$/, '');
  const confinement = createConfinement(options.readRoots);
  const versionBases = options.versionBases ?? [];
  return (tree: Root, file: VFile) => {
    const page = pageData(file);
    const dir = path.dirname(page.path);

    visit(tree, (node) => {
      if (node.type !== 'link' && node.type !== 'definition') return;
      const link = node as Link | Definition;
      const raw = link.url;
      const line = link.position?.start.line ?? 1;
      const column = link.position?.start.column ?? 1;
      if (SCHEME.test(raw) || raw.startsWith('//')) return;
      const { pathPart, hash } = splitHash(raw);
      let target: string;
      if (pathPart === '') {
        target = page.route;
      } else if (/\.mdx?$/.test(pathPart.split('?')[0] ?? '') && !pathPart.startsWith('/')) {
        const absolute = path.resolve(dir, decoded(pathPart.split('?')[0] ?? ''));
        const located = confinement.locate(absolute);
        if (located.status === 'outside') {
          report(file, { message: `link to "${raw}": the file is outside the content folder`, hint: OUTSIDE_HINT, node: link });
          page.links.push({ raw, path: undefined, hash, line, column });
          return;
        }
        const route = options.routeOfFile(absolute);
        if (route === undefined) {
          report(file, {
            severity: 'warning',
            message: `link to "${raw}": ${located.status === 'inside' ? 'the file is not a page of the site' : 'no such file'}`,
            hint: 'fix the relative path, or link to a route such as /docs/intro',
            node: link,
          });
          // Keep the link checker's view consistent: it is reported once, here.
          page.links.push({ raw, path: undefined, hash, line, column });
          return;
        }
        target = route;
      } else if (pathPart.startsWith('/')) {
        target = withinVersion(pathPart.split('?')[0] ?? pathPart, page.docsBase, versionBases);
      } else {
        target = resolveAgainstRoute(page.route, pathPart.split('?')[0] ?? pathPart);
      }
      page.links.push({ raw, path: target, hash, line, column });
      const query = pathPart.includes('?') ? pathPart.slice(pathPart.indexOf('?')) : '';
      link.url = `${pathPart === '' ? '' : base + target + query}${hash !== undefined ? `#${encodeURIComponent(hash).replace(/%2F/g, '/')}` : ''}`;
    });

    visit(tree, 'image', (node: Image) => {
      const raw = node.url;
      if (SCHEME.test(raw) || raw.startsWith('//') || raw.startsWith('/')) return;
      const absolute = path.resolve(dir, decoded(raw));
      const located = confinement.locate(absolute);
      if (located.status === 'outside') {
        report(file, { message: `image "${raw}" is outside the content folder${located.real === undefined ? '' : ' (through a symbolic link)'}`, hint: OUTSIDE_HINT, node });
        return;
      }
      if (located.status === 'missing') {
        report(file, { message: `image not found: ${raw}`, hint: 'check the path relative to this markdown file', node });
        return;
      }
      const hash = createHash('sha1').update(readFileSync(located.real)).digest('hex').slice(0, 8);
      const ext = path.extname(absolute);
      // The name is the author's, reduced to characters that are safe in a URL and a file name.
      const name = path.basename(absolute, ext).replace(/[^\p{L}\p{N}._-]+/gu, '-');
      const output = `assets/images/${name}-${hash}${ext.replace(/[^A-Za-z0-9.]/g, '')}`;
      page.images.push({ file: located.real, output });
      node.url = `${options.baseUrl}${output}`;
    });
  };
}
