import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import type { Message, OnResolveResult, Plugin } from 'esbuild';
import React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import { hashOf } from '../cache.ts';
import type { OutputFile } from '../emit/atomic.ts';
import { UserError, UserErrors } from '../errors.ts';
import { createConfinement, type Confinement } from '../io/confinement.ts';
import { walkFiles } from '../io/walk.ts';
import * as pageApi from './api.ts';

/**
 * Page components (content/pages/**\/*.tsx, .jsx) compiled with esbuild: for
 * the server, one CommonJS bundle of every page, run in this process with the
 * engine's own React and `mapsdocs/page` handed in (a second React would not
 * share the renderer's hooks); for the browser, one module per 'use client'
 * file (an island), importing React from the island runtime's chunk.
 *
 * They are the site's own code, trusted as the templates are, but built only
 * from files under content/pages: every import is resolved here, not by
 * esbuild, and one that leads out of the folder (by `..`, an absolute path or
 * a symbolic link) or to a package other than React is an error at the
 * import. esbuild reads no file itself (no tsconfig.json, no package.json).
 */

export const PAGE_API = 'mapsdocs/page';
export const PAGES_DIR = 'pages';
/** Where the site's island modules are written in the output. */
export const ISLANDS_DIR = 'assets/js/site';

const LOADERS = { '.tsx': 'tsx', '.ts': 'ts', '.jsx': 'jsx', '.js': 'js', '.json': 'json' } as const;
type Extension = keyof typeof LOADERS;
const EXTENSIONS = Object.keys(LOADERS) as Extension[];
const NAMESPACE = 'mapsdocs-page';
/** Marks the import of a 'use client' file's own code, as opposed to the island put in its place. */
const ISLAND_SOURCE = '?island-source';
/** What the island modules run in: the engine's own browser bundles. */
const BROWSERS = ['chrome110', 'firefox110', 'safari16'];

/** Whether a module starts with the 'use client' directive (after comments and blank lines). */
export function isUseClient(source: string): boolean {
  return /^(?:\s+|\/\/[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*(['"])use client\1/.test(source);
}

/** A file of content/pages that is a module (a page, a component it imports, an island). */
export interface PageModuleFile {
  /** Relative to the content folder, with `/`: `pages/_components/Counter.tsx`. */
  relFile: string;
  file: string;
  source: string;
  island: boolean;
}

/** Every module file under content/pages, `_` folders included (where components live); hidden files and node_modules are not. */
export function pageModuleFiles(contentDir: string): PageModuleFile[] {
  const dir = path.join(contentDir, PAGES_DIR);
  return walkFiles(dir, {
    confinement: createConfinement([dir]),
    ignore: (rel) => rel.split('/').some((segment) => segment.startsWith('.') || segment === 'node_modules'),
    include: (rel) => EXTENSIONS.some((ext) => rel.endsWith(ext)),
    describe: `content/${PAGES_DIR}`,
  }).map((walked) => {
    const source = readFileSync(walked.source, 'utf8');
    return { relFile: `${PAGES_DIR}/${walked.rel}`, file: walked.source, source, island: !walked.rel.endsWith('.json') && isUseClient(source) };
  });
}

type Resolved = { status: 'found'; file: string } | { status: 'outside' } | { status: 'missing' };

/** An import as TypeScript resolves it (extension optional, `.js` naming a `.ts` file, a folder's index), inside the confinement only. */
function resolveImport(spec: string, from: string, confinement: Confinement): Resolved {
  const base = path.resolve(from, spec);
  const candidates = [base, ...(base.endsWith('.js') ? [`${base.slice(0, -3)}.ts`, `${base.slice(0, -3)}.tsx`] : []), ...EXTENSIONS.map((ext) => `${base}${ext}`), ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`))];
  for (const candidate of candidates) {
    const located = confinement.locate(candidate);
    if (located.status === 'outside') return { status: 'outside' };
    if (located.status === 'inside' && statSync(located.real).isFile()) return { status: 'found', file: located.real };
  }
  return { status: 'missing' };
}

function pagesPlugin(options: {
  contentDir: string;
  /** What a bare import (a package) becomes; undefined: not allowed. */
  bare: (spec: string) => OnResolveResult | undefined;
  allowedPackages: string;
  /** Server: a 'use client' file's default export becomes an island; browser: it is the component itself. */
  islands: 'server' | 'browser';
}): Plugin {
  const pagesDir = path.join(options.contentDir, PAGES_DIR);
  const confinement = createConfinement([pagesDir]);
  const rel = (file: string): string => path.relative(options.contentDir, file).split(path.sep).join('/');
  return {
    name: 'mapsdocs-pages',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        const islandSource = args.path.endsWith(ISLAND_SOURCE);
        const spec = islandSource ? args.path.slice(0, -ISLAND_SOURCE.length) : args.path;
        if (!spec.startsWith('.') && !path.isAbsolute(spec)) {
          const provided = options.bare(spec);
          if (provided) return provided;
          return { errors: [{ text: `cannot import "${spec}": ${options.allowedPackages}` }] };
        }
        const found = resolveImport(spec, args.resolveDir || pagesDir, confinement);
        if (found.status === 'outside') {
          return { errors: [{ text: `cannot import "${spec}": it is outside content/${PAGES_DIR}, and page components are built from the files under it alone` }] };
        }
        if (found.status === 'missing') return { errors: [{ text: `cannot import "${spec}": no such file in content/${PAGES_DIR}` }] };
        return { path: found.file, namespace: NAMESPACE, suffix: islandSource ? ISLAND_SOURCE : '' };
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        const ext = path.extname(args.path) as Extension;
        const loader = LOADERS[ext] as (typeof LOADERS)[Extension] | undefined;
        if (!loader) return { errors: [{ text: `cannot import ${rel(args.path)}: page components import .tsx, .ts, .jsx, .js and .json files only` }] };
        const source = readFileSync(args.path, 'utf8');
        const resolveDir = path.dirname(args.path);
        if (options.islands === 'server' && args.suffix !== ISLAND_SOURCE && loader !== 'json' && isUseClient(source)) {
          // Pages import the island in place of the component; its named exports (types, constants) pass through.
          const own = JSON.stringify(`${args.path}${ISLAND_SOURCE}`);
          return {
            contents: `import * as source from ${own};\nimport { clientIsland } from ${JSON.stringify(PAGE_API)};\nexport * from ${own};\nexport default clientIsland(source.default, ${JSON.stringify(rel(args.path))});\n`,
            loader: 'js',
            resolveDir,
          };
        }
        return { contents: source, loader, resolveDir };
      });
    },
  };
}

/** esbuild's errors as user errors at the file, line and column they name. */
function compileErrors(error: unknown, contentDir: string): UserErrors | undefined {
  const messages = (error as { errors?: Message[] }).errors;
  if (!Array.isArray(messages) || messages.length === 0) return undefined;
  return new UserErrors(
    messages.map((message) => {
      const location = message.location;
      // Files of the plugin's namespace are named "mapsdocs-page:/abs/path".
      const file = location ? location.file.replace(/^[a-z-]+:(?=\/|[A-Za-z]:)/, '').replace(/\?.*$/, '') : undefined;
      return new UserError(`page component does not compile: ${message.text}`, {
        location: file ? { file: path.resolve(contentDir, file), line: location?.line, column: (location?.column ?? 0) + 1 } : undefined,
        hint: 'fix the file; page components are built with esbuild from content/pages alone',
      });
    }),
  );
}

/** What React and `mapsdocs/page` are to a page component: the engine's own modules. */
const PROVIDED: Readonly<Record<string, unknown>> = { react: React, 'react/jsx-runtime': JsxRuntime, [PAGE_API]: pageApi };
const SERVER_PACKAGES = `page components may import react, react/jsx-runtime, ${PAGE_API} and files under content/${PAGES_DIR}`;

/** A page module as the renderer takes it. */
export interface PageModule {
  default?: unknown;
}

export interface CompiledPages {
  /** Identifies the inputs: the same key, the same result. */
  key: string;
  /** A page's module, run on first use; its failure is a user error at its file. */
  load: (relFile: string) => PageModule;
  /** The site's island modules for the browser, and the URL of each 'use client' file's. */
  client: { files: OutputFile[]; urls: ReadonlyMap<string, string> };
}

async function compileServer(contentDir: string, pages: readonly PageModuleFile[]): Promise<Map<string, () => PageModule>> {
  const { build } = await import('esbuild');
  const entry = `module.exports = {\n${pages.map((page) => `  ${JSON.stringify(page.relFile)}: () => require(${JSON.stringify(page.file)}),`).join('\n')}\n};\n`;
  let code: string;
  try {
    const result = await build({
      stdin: { contents: entry, loader: 'js', resolveDir: path.join(contentDir, PAGES_DIR), sourcefile: 'mapsdocs-pages.js' },
      bundle: true,
      write: false,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      absWorkingDir: contentDir,
      logLevel: 'silent',
      plugins: [pagesPlugin({ contentDir, bare: (spec) => (spec in PROVIDED ? { path: spec, external: true } : undefined), allowedPackages: SERVER_PACKAGES, islands: 'server' })],
    });
    code = result.outputFiles[0]?.text ?? '';
  } catch (error) {
    throw compileErrors(error, contentDir) ?? error;
  }
  const module: { exports: Record<string, () => PageModule> } = { exports: {} };
  const require = (id: string): unknown => {
    if (id in PROVIDED) return PROVIDED[id];
    throw new Error(`a page component asked for ${id}, which the build does not provide`);
  };
  vm.compileFunction(code, ['require', 'module', 'exports'], { filename: path.join(contentDir, PAGES_DIR, 'mapsdocs-pages.js') })(require, module, module.exports);
  return new Map(Object.entries(module.exports));
}

async function compileBrowser(options: { contentDir: string; islands: readonly PageModuleFile[]; baseUrl: string; reactUrl: string }): Promise<CompiledPages['client']> {
  const { contentDir, islands, baseUrl, reactUrl } = options;
  if (islands.length === 0) return { files: [], urls: new Map() };
  const { build } = await import('esbuild');
  const outdir = path.join(contentDir, '.mapsdocs-islands');
  try {
    const result = await build({
      entryPoints: islands.map((island) => island.file),
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'esm',
      target: BROWSERS,
      splitting: true,
      minify: true,
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      outdir,
      entryNames: '[name]-[hash]',
      chunkNames: 'chunk-[hash]',
      metafile: true,
      absWorkingDir: contentDir,
      logLevel: 'silent',
      legalComments: 'none',
      plugins: [
        pagesPlugin({
          contentDir,
          bare: (spec) => (spec === 'react' || spec === 'react/jsx-runtime' ? { path: reactUrl, external: true } : undefined),
          allowedPackages: `an island runs in the browser, where it may import react, react/jsx-runtime and files under content/${PAGES_DIR}`,
          islands: 'browser',
        }),
      ],
    });
    const files = result.outputFiles.map((file) => ({ path: `${ISLANDS_DIR}/${path.basename(file.path)}`, contents: file.contents }));
    const urls = new Map<string, string>();
    for (const [out, meta] of Object.entries(result.metafile.outputs)) {
      const source = meta.entryPoint?.replace(/^[a-z-]+:/, '');
      const island = islands.find((i) => i.file === source);
      if (island) urls.set(island.relFile, `${baseUrl}${ISLANDS_DIR}/${path.basename(out)}`);
    }
    return { files, urls };
  } catch (error) {
    throw compileErrors(error, contentDir) ?? error;
  }
}

/**
 * Compiles the page components (`pages`, paths relative to the content
 * folder) and the site's islands; with `previous` (dev), inputs unchanged
 * since it was made give it back as it is.
 */
export async function compilePages(options: {
  contentDir: string;
  pages: readonly string[];
  baseUrl: string;
  /** Where the island runtime's React is served (src/client/islands/react.ts, compiled). */
  reactUrl: string | undefined;
  previous?: CompiledPages | undefined;
}): Promise<CompiledPages> {
  const { contentDir, baseUrl } = options;
  const files = pageModuleFiles(contentDir);
  const key = hashOf(baseUrl, options.reactUrl ?? '', ...options.pages, ...files.flatMap((f) => [f.relFile, f.source]));
  if (options.previous?.key === key) return options.previous;
  const pages = options.pages.map((relFile) => files.find((f) => f.relFile === relFile)).filter((f) => f !== undefined);
  const islands = files.filter((f) => f.island);
  if (islands.length > 0 && options.reactUrl === undefined) throw new Error('the island runtime is not compiled (lib/client/react.js is missing): run npm run compile');
  const [server, client] = await Promise.all([
    pages.length > 0 ? compileServer(contentDir, pages) : Promise.resolve(new Map<string, () => PageModule>()),
    compileBrowser({ contentDir, islands, baseUrl, reactUrl: options.reactUrl ?? '' }),
  ]);
  const loaded = new Map<string, PageModule>();
  return {
    key,
    client,
    load(relFile) {
      const known = loaded.get(relFile);
      if (known) return known;
      const run = server.get(relFile);
      if (!run) throw new Error(`${relFile} is not a compiled page`);
      let module: PageModule;
      try {
        module = run();
      } catch (error) {
        if (error instanceof pageApi.IslandModuleError) {
          throw new UserError(error.message, { location: { file: path.join(contentDir, error.file) }, hint: "export the island's component as the file's default export: export default function Counter() {…}" });
        }
        throw new UserError(`the module threw when it was loaded: ${error instanceof Error ? error.message : String(error)}`, {
          location: { file: path.join(contentDir, relFile) },
          hint: 'code at the top level of a page module runs at build time, in Node: move what needs a browser into an effect or an island',
        });
      }
      loaded.set(relFile, module);
      return module;
    },
  };
}
