import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CopiedFile, OutputFile } from './emit/atomic.ts';
import { UserError } from './errors.ts';
import { createConfinement } from './io/confinement.ts';
import { walkFiles, type WalkedFile } from './io/walk.ts';

/** Where the engine itself is installed (holds lib/ and templates/). */
export function engineRoot(): string {
  // lib/cli.js when compiled; src/assets.ts under vitest. Both sit one level below the root.
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
}

export interface SiteAssets {
  css: string[];
  js: string[];
  /** Per-feature scripts, loaded only by the pages that need them. */
  features: Record<string, string>;
  files: OutputFile[];
  copies: CopiedFile[];
}

function hashed(name: string, contents: string | Buffer): string {
  const hash = createHash('sha1').update(contents).digest('hex').slice(0, 10);
  const ext = path.extname(name);
  return `${path.basename(name, ext)}.${hash}${ext}`;
}

/** `content/static/`, copied as it is: hidden files are left out, and a symbolic link may only point inside the content folder. */
function staticFiles(contentDir: string): WalkedFile[] {
  const dir = path.join(contentDir, 'static');
  const files = walkFiles(dir, {
    confinement: createConfinement([contentDir]),
    ignore: (rel) => rel.split('/').some((segment) => segment.startsWith('.')),
    include: () => true,
    describe: 'content/static',
  });
  const unservable = files.find((file) => /[\\\u0000-\u001f\u007f]/.test(file.rel));
  if (unservable) {
    throw new UserError(`content/static/${JSON.stringify(unservable.rel).slice(1, -1)}: the name holds a backslash or a control character, which no URL can name`, {
      location: { file: path.join(dir, unservable.rel) },
      hint: 'rename the file',
    });
  }
  return files;
}

/**
 * Names, sizes and modification times of every asset input: dev collects the
 * assets again only when this changes, instead of reading and hashing the
 * client bundles (the diagram renderer is megabytes) on every edit.
 */
export function assetsFingerprint(options: { contentDir: string }): string {
  const root = engineRoot();
  const dirs = [path.join(root, 'templates', 'css'), path.join(root, 'lib', 'client')];
  const parts: string[] = [];
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) {
      const stat = statSync(path.join(dir, name));
      parts.push(`${dir}/${name}:${stat.size}:${stat.mtimeMs}`);
    }
  }
  parts.push(...staticFiles(options.contentDir).map((file) => file.rel));
  return parts.join('\n');
}

/**
 * The theme's CSS (one file, in a fixed order) and the compiled client
 * entries, named by content hash so they can be cached forever.
 */
export function collectAssets(options: { baseUrl: string; contentDir: string }): SiteAssets {
  const root = engineRoot();
  const files: OutputFile[] = [];
  const copies: CopiedFile[] = [];
  const cssDir = path.join(root, 'templates', 'css');
  const css = readdirSync(cssDir)
    .filter((name) => name.endsWith('.css'))
    .sort()
    .map((name) => readFileSync(path.join(cssDir, name), 'utf8'))
    .join('\n');
  const cssName = `assets/css/${hashed('site.css', css)}`;
  files.push({ path: cssName, contents: css });

  const clientDir = path.join(root, 'lib', 'client');
  const js: string[] = [];
  const features: Record<string, string> = {};
  if (existsSync(clientDir)) {
    for (const name of readdirSync(clientDir).sort()) {
      if (!name.endsWith('.js')) continue;
      const contents = readFileSync(path.join(clientDir, name));
      // Chunks import each other by their plain names; keep them unhashed in their own folder.
      if (name.startsWith('chunk-')) {
        files.push({ path: `assets/js/${name}`, contents });
        continue;
      }
      const out = `assets/js/${hashed(name, contents)}`;
      files.push({ path: out, contents });
      if (name === 'main.js') js.push(`${options.baseUrl}${out}`);
      else features[path.basename(name, '.js')] = `${options.baseUrl}${out}`;
    }
  }
  for (const file of staticFiles(options.contentDir)) copies.push({ path: file.rel, from: file.source });
  return { css: [`${options.baseUrl}${cssName}`], js, features, files, copies };
}
