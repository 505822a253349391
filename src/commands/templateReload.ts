import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { engineRoot } from '../assets.ts';
import { UserError, UserErrors } from '../errors.ts';
import type { Renderers } from '../render/renderers.ts';

export interface CompiledRenderers {
  renderers: Renderers;
  /** Hash of the compiled code: the same templates give the same key. */
  key: string;
}

export interface TemplateCompiler {
  /** Compiles `src/render/renderers.ts` with the templates as they are on disk now, and loads it. */
  compile(): Promise<CompiledRenderers>;
  close(): void;
}

/** The shape of esbuild's build failure, read defensively: only the located messages matter here. */
interface EsbuildFailure {
  errors?: { text: string; location?: { file: string; line: number; column: number } | null }[];
}

/**
 * Lets `mapsdocs dev` pick up an edited React template without a restart:
 * the renderers and the templates they import are bundled again with esbuild
 * (React included, so the new module shares nothing stale with the old one)
 * and imported under a new file name, which bypasses Node's module cache.
 */
export function createTemplateCompiler(options: { root?: string } = {}): TemplateCompiler {
  const root = options.root ?? engineRoot();
  const outDir = mkdtempSync(path.join(tmpdir(), 'mapsdocs-templates-'));
  const loaded = new Map<string, Renderers>();
  return {
    async compile() {
      const { build } = await import('esbuild');
      let code: string;
      try {
        const result = await build({
          entryPoints: [path.join(root, 'src', 'render', 'renderers.ts')],
          bundle: true,
          write: false,
          platform: 'node',
          format: 'esm',
          target: 'node20',
          jsx: 'automatic',
          define: { 'process.env.NODE_ENV': '"production"' },
          // A copy of the engine (tests) resolves its packages from the installed engine.
          nodePaths: [path.join(engineRoot(), 'node_modules')],
          banner: { js: "import { createRequire as __mapsdocsCreateRequire } from 'node:module'; const require = __mapsdocsCreateRequire(import.meta.url);" },
          logLevel: 'silent',
        });
        code = result.outputFiles[0]?.text ?? '';
      } catch (error) {
        const located = (error as EsbuildFailure).errors ?? [];
        if (located.length === 0) throw error;
        throw new UserErrors(
          located.map(
            (e) =>
              new UserError(`template does not compile: ${e.text}`, {
                // esbuild names files relative to its working directory, the process's.
                location: e.location ? { file: path.resolve(e.location.file), line: e.location.line, column: e.location.column + 1 } : undefined,
                hint: 'fix the template; the last good version stays in use until then',
              }),
          ),
        );
      }
      const key = createHash('sha1').update(code).digest('hex').slice(0, 16);
      let renderers = loaded.get(key);
      if (!renderers) {
        const file = path.join(outDir, `renderers-${key}.mjs`);
        mkdirSync(outDir, { recursive: true });
        writeFileSync(file, code);
        const module = (await import(pathToFileURL(file).href)) as { renderers: Renderers };
        renderers = module.renderers;
        loaded.set(key, renderers);
      }
      return { renderers, key };
    },
    close() {
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
