import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Definition, Image, ImageReference, Link, Root } from 'mdast';
import { normalizeUri } from 'micromark-util-sanitize-uri';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { createConfinement } from '../../io/confinement.ts';
import { pageData } from '../context.ts';
import type { MarkdownResult } from '../types.ts';
import { report } from './report.ts';
import { defineLazyText } from '../../util/lazyText.ts';

export interface LinkOptions {
  /** Prefix of every site path in the output, e.g. `/` or `/maps/`. */
  baseUrl: string;
  /** The folders a page may name files in (the content folder): an image or page outside them is an error. */
  readRoots: readonly string[];
  /** Where each docs version is served (`/docs`, `/docs/next`, `/docs/4.3`). */
  versionBases?: readonly string[] | undefined;
}

const OUTSIDE_HINT = 'a page may only use files inside the content folder: copy the file into content/static and link it from there, or put it next to this page';

/** The part of an image's output name that changes with its contents. */
export function imageHash(file: string): string {
  return createHash('sha1').update(readFileSync(file)).digest('hex').slice(0, 8);
}

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

/**
 * Resolves a relative path against a route as a browser resolves it, keeping
 * the author's bytes: percent-encoded as CommonMark encodes a destination
 * (`foo\bar` is `foo%5Cbar`, never `foo/bar` as a WHATWG URL would make it).
 */
export function resolveAgainstRoute(route: string, relative: string): string {
  const dir = route.endsWith('/') ? route : `${path.posix.dirname(route)}/`;
  const encoded = normalizeUri(relative);
  const resolved = path.posix.resolve(dir, encoded);
  return (encoded.endsWith('/') || /(?:^|\/)\.\.?$/.test(encoded)) && resolved !== '/' ? `${resolved}/` : resolved;
}

/**
 * The href a link to another markdown file is given while its page is parsed:
 * the route of that file is filled in afterwards ({@link resolveFileLinks}),
 * so a page's parse depends on its own text alone and stays cached when other
 * pages are added or removed.
 */
export const FILE_LINK_SCHEME = 'mapsdocs-file-link:';

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

    // A definition used by images names an image (copied like one); any other, a link.
    const imageDefinitions = new Set<string>();
    visit(tree, 'imageReference', (node: ImageReference) => void imageDefinitions.add(node.identifier));
    const linkDefinitions = new Set<string>();
    visit(tree, 'linkReference', (node) => void linkDefinitions.add(node.identifier));

    visit(tree, (node) => {
      if (node.type !== 'link' && node.type !== 'definition') return;
      if (node.type === 'definition' && imageDefinitions.has(node.identifier) && !linkDefinitions.has(node.identifier)) return;
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
        // Which route the file has is known once every page is loaded: filled in after parsing.
        const query = pathPart.includes('?') ? pathPart.slice(pathPart.indexOf('?')) : '';
        page.fileLinks.push({ file: absolute, exists: located.status === 'inside', raw, hash, query, line, column });
        link.url = `${FILE_LINK_SCHEME}${page.fileLinks.length - 1}`;
        return;
      } else if (pathPart.startsWith('/')) {
        target = withinVersion(pathPart.split('?')[0] ?? pathPart, page.docsBase, versionBases);
      } else {
        target = resolveAgainstRoute(page.route, pathPart.split('?')[0] ?? pathPart);
      }
      page.links.push({ raw, path: target, hash, line, column });
      const query = pathPart.includes('?') ? pathPart.slice(pathPart.indexOf('?')) : '';
      link.url = `${pathPart === '' ? '' : base + target + query}${hash !== undefined ? `#${encodeURIComponent(hash).replace(/%2F/g, '/')}` : ''}`;
    });

    const images: (Image | Definition)[] = [];
    visit(tree, (node) => {
      if (node.type === 'image' || (node.type === 'definition' && imageDefinitions.has(node.identifier) && !linkDefinitions.has(node.identifier))) images.push(node as Image | Definition);
    });
    for (const node of images) {
      const raw = node.url;
      if (SCHEME.test(raw) || raw.startsWith('//') || raw.startsWith('/')) continue;
      const absolute = path.resolve(dir, decoded(raw));
      const located = confinement.locate(absolute);
      if (located.status === 'outside') {
        report(file, { message: `image "${raw}" is outside the content folder${located.real === undefined ? '' : ' (through a symbolic link)'}`, hint: OUTSIDE_HINT, node });
        continue;
      }
      if (located.status === 'missing') {
        report(file, { message: `image not found: ${raw}`, hint: 'check the path relative to this markdown file', node });
        continue;
      }
      const hash = imageHash(located.real);
      const ext = path.extname(absolute);
      // The name is the author's, reduced to characters that are safe in a URL and a file name.
      const name = path.basename(absolute, ext).replace(/[^\p{L}\p{N}._-]+/gu, '-');
      const output = `assets/images/${name}-${hash}${ext.replace(/[^A-Za-z0-9.]/g, '')}`;
      page.images.push({ file: located.real, output });
      node.url = `${options.baseUrl}${output}`;
    }
  };
}

/**
 * Fills in the links a page makes to other markdown files, once every page's
 * route is known: each becomes its file's route (with the base URL), or, for
 * a file that is not a page, a warning at the link. Pure: a cached parse is
 * finished the same way in every build. The HTML is filled in when first read
 * (a page taken from the last output never is).
 */
export function resolveFileLinks(
  result: Pick<MarkdownResult, 'html' | 'links' | 'diagnostics' | 'fileLinks'>,
  options: { routeOfFile: (file: string) => string | undefined; baseUrl: string },
): Pick<MarkdownResult, 'html' | 'links' | 'diagnostics'> {
  const fileLinks = result.fileLinks ?? [];
  if (fileLinks.length === 0) return result;
  const base = options.baseUrl.replace(/\/$/, '');
  const links = [...result.links];
  const diagnostics = [...result.diagnostics];
  const hrefs = fileLinks.map(({ file, exists, raw, hash, query, line, column }) => {
    const route = options.routeOfFile(file);
    if (route === undefined) {
      // Asked now, not taken from the parse: a parse from the cache may be older than the file's removal.
      const there = exists && existsSync(file);
      diagnostics.push({
        severity: 'warning',
        message: `link to "${raw}": ${there ? 'the file is not a page of the site' : 'no such file'}`,
        hint: 'fix the relative path, or link to a route such as /docs/intro',
        line,
        column,
      });
      // Keep the link checker's view consistent: it is reported once, here.
      links.push({ raw, path: undefined, hash, line, column });
      return raw;
    }
    links.push({ raw, path: route, hash, line, column });
    return `${base}${route}${query}${hash !== undefined ? `#${encodeURIComponent(hash).replace(/%2F/g, '/')}` : ''}`;
  });
  const escapeAttribute = (text: string): string => text.replace(/&/g, '&#x26;').replace(/"/g, '&#x22;');
  const resolved = { links, diagnostics } as Pick<MarkdownResult, 'html' | 'links' | 'diagnostics'>;
  defineLazyText(resolved, 'html', () =>
    result.html.replace(new RegExp(`${FILE_LINK_SCHEME}(\\d+)`, 'g'), (match, index: string) => {
      const href = hrefs[Number(index)];
      return href === undefined ? match : escapeAttribute(normalizeUri(href));
    }),
  );
  return resolved;
}
