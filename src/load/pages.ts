import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { UserError, UserErrors, userErrorsOf } from '../errors.ts';
import { createConfinement } from '../io/confinement.ts';
import { walkFiles } from '../io/walk.ts';
import { loadCategory, type Category } from './categories.ts';
import { splitFrontMatter, type FrontMatter } from './frontMatter.ts';

/** One markdown source, read and split, with its route decided. */
export interface SourcePage {
  kind: 'doc' | 'page';
  /** Absolute path of the file. */
  file: string;
  /** Path relative to the content folder, with `/`. */
  relFile: string;
  /** Docs: the path under docs/ without `.md` (`security/impl/ldap`); pages: the name. */
  id: string;
  /** Docs: the folder under docs/ (`security/impl`, `` for the root). */
  dir: string;
  route: string;
  frontMatter: FrontMatter;
  body: string;
  /** Hash of the file's bytes, for caches. */
  hash: string;
}

export interface LoadedContent {
  pages: SourcePage[];
  /** Keyed by folder under docs/ (`` is the root). */
  categories: Map<string, Category>;
}

export const DOCS_ROUTE = '/docs';

/** The route of a docs file id, before any slug. */
export function routeOfDocId(id: string): string {
  if (id === 'index') return `${DOCS_ROUTE}/`;
  if (id.endsWith('/index')) return `${DOCS_ROUTE}/${id.slice(0, -'/index'.length)}/`;
  return `${DOCS_ROUTE}/${id}`;
}

function applySlug(page: { dir: string; kind: 'doc' | 'page' }, slug: string): string {
  const prefix = page.kind === 'doc' ? DOCS_ROUTE : '';
  if (slug.startsWith('/')) return `${prefix}${slug === '/' ? '/' : slug}`;
  return `${prefix}/${page.dir ? `${page.dir}/` : ''}${slug}`;
}

export function readSourcePage(contentDir: string, relFile: string, previous?: SourcePage): SourcePage {
  const file = path.join(contentDir, relFile);
  const source = readFileSync(file, 'utf8');
  const hash = createHash('sha1').update(source).digest('base64url');
  // Unchanged since the last build of this session: its front matter need not be parsed again.
  if (previous && previous.file === file && previous.hash === hash) return previous;
  const kind = relFile.startsWith('docs/') ? 'doc' : 'page';
  const inner = relFile.slice(kind === 'doc' ? 'docs/'.length : 'pages/'.length).replace(/\.md$/, '');
  const dir = kind === 'doc' && inner.includes('/') ? inner.slice(0, inner.lastIndexOf('/')) : '';
  const { frontMatter, body } = splitFrontMatter(source, file);
  let route = kind === 'doc' ? routeOfDocId(inner) : inner === 'index' ? '/' : `/${inner}`;
  if (frontMatter.slug !== undefined) route = applySlug({ dir, kind }, frontMatter.slug);
  return {
    kind,
    file,
    relFile,
    id: inner,
    dir,
    route,
    frontMatter,
    body,
    hash,
  };
}

/** Hidden files, `_`-prefixed partials and categories, and `node_modules`: never pages. */
export function isIgnoredContentPath(rel: string): boolean {
  return rel.split('/').some((segment) => segment.startsWith('.') || segment.startsWith('_') || segment === 'node_modules');
}

/** The markdown files of `docs/` and `pages/`, relative to the content folder; a symbolic link out of it is an error. */
export function listSourceFiles(contentDir: string): string[] {
  const confinement = createConfinement([contentDir]);
  return ['docs', 'pages'].flatMap((top) =>
    walkFiles(path.join(contentDir, top), { confinement, ignore: isIgnoredContentPath, include: (rel) => rel.endsWith('.md'), describe: `content/${top}` }).map((file) => `${top}/${file.rel}`),
  );
}

/** Reads every page and category; all user errors of the tree are reported together. */
export function loadContent(
  contentDir: string,
  options: {
    includeDrafts: boolean;
    /** The pages of the previous build of a dev session, by relative file. */
    previous?: ReadonlyMap<string, SourcePage>;
    /** Its categories, by folder. */
    previousCategories?: ReadonlyMap<string, Category>;
  },
): LoadedContent {
  const errors: UserError[] = [];
  const pages: SourcePage[] = [];
  for (const relFile of listSourceFiles(contentDir)) {
    try {
      const page = readSourcePage(contentDir, relFile, options.previous?.get(relFile));
      if (page.frontMatter.draft === true && !options.includeDrafts) continue;
      pages.push(page);
    } catch (error) {
      const found = userErrorsOf(error);
      if (found.length === 0) throw error;
      errors.push(...found);
    }
  }
  const byRoute = new Map<string, SourcePage>();
  for (const page of pages) {
    const other = byRoute.get(page.route);
    if (other) {
      errors.push(
        new UserError(`duplicate route ${page.route}: also produced by ${other.relFile}`, {
          location: { file: page.file, line: 1, column: 1 },
          hint: 'rename one of the files or give it another `slug` in its front matter',
        }),
      );
    } else byRoute.set(page.route, page);
  }
  const categories = new Map<string, Category>();
  const docsDir = path.join(contentDir, 'docs');
  const dirs = new Set<string>();
  for (const page of pages) {
    if (page.kind !== 'doc') continue;
    const parts = page.dir ? page.dir.split('/') : [];
    for (let i = 1; i <= parts.length; i += 1) dirs.add(parts.slice(0, i).join('/'));
  }
  for (const dir of [...dirs].sort()) {
    try {
      categories.set(dir, loadCategory(docsDir, dir, options.previousCategories?.get(dir)));
    } catch (error) {
      const found = userErrorsOf(error);
      if (found.length === 0) throw error;
      errors.push(...found);
    }
  }
  if (errors.length > 0) throw new ContentErrors(errors, pages);
  return { pages, categories };
}

/** Load errors, with whatever pages could be read (dev mode keeps serving those). */
export class ContentErrors extends UserErrors {
  constructor(
    errors: UserError[],
    readonly pages: SourcePage[],
  ) {
    super(errors);
    this.name = 'ContentErrors';
  }
}
