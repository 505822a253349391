import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CURRENT, DOCS_ROUTE } from '../config/versions.ts';
import { UserError, UserErrors, userErrorsOf } from '../errors.ts';
import { createConfinement } from '../io/confinement.ts';
import { walkFiles } from '../io/walk.ts';
import { loadCategory, type Category, type CategoryMeta } from './categories.ts';
import { frontMatterKeyAt, splitFrontMatter, type FrontMatter } from './frontMatter.ts';

/** One markdown source, read and split, with its route decided. */
export interface SourcePage {
  kind: 'doc' | 'page';
  /** Absolute path of the file. */
  file: string;
  /** Path relative to the content folder, with `/`. */
  relFile: string;
  /** Docs: the path under its docs folder without `.md` (`security/impl/ldap`); pages: the name. */
  id: string;
  /** Docs: the folder under its docs folder (`security/impl`, `` for the root). */
  dir: string;
  /** Docs: the name of the version the page belongs to (`current` for content/docs); pages: undefined. */
  version: string | undefined;
  route: string;
  frontMatter: FrontMatter;
  body: string;
  /** Hash of the file's bytes, for caches. */
  hash: string;
}

/** A tree of docs pages: content/docs, or a version's snapshot, served under its route base. */
export interface DocsTree {
  version: string;
  /** Relative to the content folder, with `/`: `docs`, `versioned_docs/version-4.3`. */
  docsDir: string;
  /** `/docs`, `/docs/next`, `/docs/4.3`. */
  routeBase: string;
}

/** The one tree of an unversioned site. */
export const UNVERSIONED: readonly DocsTree[] = [{ version: CURRENT, docsDir: 'docs', routeBase: DOCS_ROUTE }];

/** A page component: a `.tsx` or `.jsx` file of content/pages, which becomes a route (src/pages). */
export interface ComponentSource {
  /** Absolute path of the file. */
  file: string;
  /** Path relative to the content folder, with `/`: `pages/index.tsx`. */
  relFile: string;
  route: string;
}

/** File extensions of page components. */
export const COMPONENT_EXTENSIONS = ['.tsx', '.jsx'] as const;

export interface LoadedContent {
  pages: SourcePage[];
  /** The page components of content/pages. */
  components: ComponentSource[];
  /** By version name, then by folder under its docs folder (`` is the root). */
  categories: Map<string, Map<string, Category>>;
}

/** The route of a docs file id, before any slug, under the route of its version. */
export function routeOfDocId(id: string, routeBase: string = DOCS_ROUTE): string {
  if (id === 'index') return `${routeBase}/`;
  if (id.endsWith('/index')) return `${routeBase}/${id.slice(0, -'/index'.length)}/`;
  return `${routeBase}/${id}`;
}

function applySlug(page: { dir: string; prefix: string }, slug: string): string {
  if (slug.startsWith('/')) return `${page.prefix}${slug === '/' ? '/' : slug}`;
  return `${page.prefix}/${page.dir ? `${page.dir}/` : ''}${slug}`;
}

/** Reads one page: a docs page of `tree`, or (without a tree) a page of content/pages. */
export function readSourcePage(contentDir: string, relFile: string, tree: DocsTree | undefined, previous?: SourcePage, frontMatters?: Map<string, FrontMatter>): SourcePage {
  const file = path.join(contentDir, relFile);
  const source = readFileSync(file, 'utf8');
  const hash = createHash('sha1').update(source).digest('base64url');
  const kind = tree ? 'doc' : 'page';
  const inner = relFile.slice(tree ? tree.docsDir.length + 1 : 'pages/'.length).replace(/\.md$/, '');
  const dir = tree && inner.includes('/') ? inner.slice(0, inner.lastIndexOf('/')) : '';
  const routeOf = (frontMatter: FrontMatter): string =>
    frontMatter.slug !== undefined ? applySlug({ dir, prefix: tree ? tree.routeBase : '' }, frontMatter.slug) : tree ? routeOfDocId(inner, tree.routeBase) : inner === 'index' ? '/' : `/${inner}`;
  // Unchanged since the last build of this session: its front matter need not be parsed again. Its route is
  // worked out again, as a change of versions (a new release, another lastVersion) moves a version's pages.
  if (previous && previous.file === file && previous.hash === hash && previous.version === tree?.version) {
    const route = routeOf(previous.frontMatter);
    return route === previous.route ? previous : { ...previous, route };
  }
  const { frontMatter, body } = splitFrontMatter(source, file, frontMatters);
  const route = routeOf(frontMatter);
  return {
    kind,
    file,
    relFile,
    id: inner,
    dir,
    version: tree?.version,
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

function markdownFilesUnder(contentDir: string, top: string): string[] {
  const confinement = createConfinement([contentDir]);
  const files = walkFiles(path.join(contentDir, top), { confinement, ignore: isIgnoredContentPath, include: (rel) => rel.endsWith('.md'), describe: `content/${top}` });
  for (const file of files) checkRouteFileName(contentDir, top, file.rel);
  return files.map((file) => `${top}/${file.rel}`);
}

/** A page's file name is its route (a markdown page's or a page component's): it is held to what a route may hold, as a slug is. */
function checkRouteFileName(contentDir: string, top: string, rel: string): void {
  const problem = /[\u0000-\u001f\u007f]/.test(rel) ? 'a control character' : rel.includes('\\') ? 'a backslash' : /[?#%]/.test(rel) ? '"?", "#" or "%"' : undefined;
  if (problem) {
    throw new UserError(`${top}/${JSON.stringify(rel).slice(1, -1)}: the file name holds ${problem}, which a page's address cannot`, {
      location: { file: path.join(contentDir, top, rel) },
      hint: "rename the file: its name is the page's route",
    });
  }
}

/** A page component's route: `pages/index.tsx` → `/`, `pages/blog/index.tsx` → `/blog/`, `pages/showcase.tsx` → `/showcase`. */
export function routeOfComponent(relFile: string): string {
  const inner = relFile.slice('pages/'.length).replace(/\.[jt]sx$/, '');
  if (inner === 'index') return '/';
  if (inner.endsWith('/index')) return `/${inner.slice(0, -'index'.length)}`;
  return `/${inner}`;
}

/** The page components of content/pages (files and folders starting with `_` hold the components they import, not pages). */
export function listComponentPages(contentDir: string): ComponentSource[] {
  const confinement = createConfinement([contentDir]);
  return walkFiles(path.join(contentDir, 'pages'), {
    confinement,
    ignore: isIgnoredContentPath,
    include: (rel) => COMPONENT_EXTENSIONS.some((ext) => rel.endsWith(ext)),
    describe: 'content/pages',
  }).map((walked) => {
    checkRouteFileName(contentDir, 'pages', walked.rel);
    const relFile = `pages/${walked.rel}`;
    return { file: path.join(contentDir, relFile), relFile, route: routeOfComponent(relFile) };
  });
}

/** The markdown files of every docs tree and of `pages/`, relative to the content folder; a symbolic link out of it is an error. */
export function listSourceFiles(contentDir: string, trees: readonly DocsTree[] = UNVERSIONED): string[] {
  return [...trees.map((tree) => tree.docsDir), 'pages'].flatMap((top) => markdownFilesUnder(contentDir, top));
}

/** Reads every page and category of every docs tree, and the pages of content/pages; all user errors are reported together. */
export function loadContent(
  contentDir: string,
  options: {
    includeDrafts: boolean;
    /** The docs trees: content/docs alone on an unversioned site. */
    trees?: readonly DocsTree[];
    /** The pages of the previous build of a dev session, by relative file. */
    previous?: ReadonlyMap<string, SourcePage>;
    /** Its categories, by their folder relative to the content folder. */
    previousCategories?: ReadonlyMap<string, Category>;
  },
): LoadedContent {
  const trees = options.trees ?? UNVERSIONED;
  const errors: UserError[] = [];
  const pages: SourcePage[] = [];
  const frontMatters = new Map<string, FrontMatter>();
  const read = (relFile: string, tree: DocsTree | undefined): void => {
    try {
      const page = readSourcePage(contentDir, relFile, tree, options.previous?.get(relFile), frontMatters);
      if (page.frontMatter.draft === true && !options.includeDrafts) return;
      pages.push(page);
    } catch (error) {
      const found = userErrorsOf(error);
      if (found.length === 0) throw error;
      errors.push(...found);
    }
  };
  for (const tree of trees) for (const relFile of markdownFilesUnder(contentDir, tree.docsDir)) read(relFile, tree);
  for (const relFile of markdownFilesUnder(contentDir, 'pages')) read(relFile, undefined);
  const components = listComponentPages(contentDir);
  // `/docs/x` and `/docs/x/` are one page to a reader (a host serves either at both): one route.
  // Markdown pages and page components share the routes; only a markdown page can have a `slug`.
  const owners = [...pages.map((p) => ({ relFile: p.relFile, file: p.file, route: p.route, slug: p.frontMatter.slug })), ...components.map((c) => ({ ...c, slug: undefined }))];
  const byRoute = new Map<string, (typeof owners)[number]>();
  for (const page of owners) {
    const key = page.route.length > 1 ? page.route.replace(/\/$/, '').replace(/\.html$/, '') : page.route;
    const other = byRoute.get(key);
    if (other) {
      // Point at the `slug:` that made the collision when there is one: that is the line to change.
      const [blamed, also] = page.slug === undefined && other.slug !== undefined ? [other, page] : [page, other];
      errors.push(
        new UserError(`${blamed.relFile} and ${also.relFile} both make the page ${key}`, {
          location: { file: blamed.file, ...((blamed.slug === undefined ? undefined : frontMatterKeyAt(blamed.file, 'slug')) ?? { line: 1, column: 1 }) },
          hint: blamed.slug === undefined ? 'rename one of the files or give it another `slug` in its front matter' : 'give this page another `slug`, or remove it to use the path of the file',
        }),
      );
    } else byRoute.set(key, page);
  }
  const categories = new Map<string, Map<string, Category>>();
  const parsedCategories = new Map<string, CategoryMeta>();
  for (const tree of trees) {
    const docsDir = path.join(contentDir, tree.docsDir);
    const dirs = new Set<string>();
    for (const page of pages) {
      if (page.version !== tree.version) continue;
      const parts = page.dir ? page.dir.split('/') : [];
      for (let i = 1; i <= parts.length; i += 1) dirs.add(parts.slice(0, i).join('/'));
    }
    const own = new Map<string, Category>();
    for (const dir of [...dirs].sort()) {
      try {
        own.set(dir, loadCategory(docsDir, dir, options.previousCategories?.get(`${tree.docsDir}/${dir}`), parsedCategories));
      } catch (error) {
        const found = userErrorsOf(error);
        if (found.length === 0) throw error;
        errors.push(...found);
      }
    }
    categories.set(tree.version, own);
  }
  if (errors.length > 0) throw new ContentErrors(errors, pages);
  return { pages, components, categories };
}

/** The categories of every tree in one map, keyed by their folder relative to the content folder: what a dev session keeps. */
export function categoriesByFolder(content: LoadedContent, trees: readonly DocsTree[]): Map<string, Category> {
  const flat = new Map<string, Category>();
  for (const tree of trees) for (const [dir, category] of content.categories.get(tree.version) ?? []) flat.set(`${tree.docsDir}/${dir}`, category);
  return flat;
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

