import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildInMemory } from '../../src/build.ts';
import { createBuildContext } from '../../src/context.ts';
import { resolveConfig } from '../../src/config/resolve.ts';
import { loadContent } from '../../src/load/pages.ts';
import { silentReporter } from '../../src/util/task.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const CONTENT = path.join(ROOT, 'content');
const ROUTES_FILE = path.resolve(ROOT, '..', 'shared', 'spec', 'routes.txt');
/** Routes that are not markdown: the landing page and the generated API reference. */
const GENERATED = new Set(['/', '/docs/api/reference']);
const MIN_WORDS = 400;

interface SpecRoute {
  route: string;
  noSidebar: boolean;
}

function specRoutes(): SpecRoute[] {
  // The spec lives beside the repository; this copy keeps the test meaningful without it.
  const file = existsSync(ROUTES_FILE) ? ROUTES_FILE : path.join(ROOT, 'tests', 'content', 'routes.txt');
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [route = '', flag] = line.split('\t');
      return { route: route.trim(), noSidebar: flag?.trim() === 'no-sidebar' };
    });
}

/** Words of prose: code fences, front matter, tables' pipes and markup removed. */
export function proseWords(body: string): number {
  const withoutFences = body.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1\s*$/gm, ' ');
  const text = withoutFences
    .replace(/^:::.*$/gm, ' ')
    .replace(/`[^`]*`/g, ' x ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[|#>*_[\]-]+/g, ' ');
  return text.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w)).length;
}

/** Words of running prose: as proseWords, with table rows left out (issue 31: tables alone do not explain). */
export function runningProseWords(body: string): number {
  const withoutFences = body.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1\s*$/gm, ' ');
  return proseWords(withoutFences.split('\n').filter((line) => !line.trimStart().startsWith('|')).join('\n'));
}

const content = loadContent(CONTENT, { includeDrafts: false });
const byRoute = new Map(content.pages.map((p) => [p.route, p]));

describe('the documentation content', () => {
  const routes = specRoutes();

  it('has a page for every route of the spec', () => {
    const missing = routes.filter((r) => !GENERATED.has(r.route) && !byRoute.has(r.route)).map((r) => r.route);
    expect(missing).toEqual([]);
  });

  it('gives every page a title and a description', () => {
    const bad = content.pages.filter((p) => !p.frontMatter.title || !p.frontMatter.description).map((p) => p.relFile);
    expect(bad).toEqual([]);
  });

  it('hides the sidebar exactly on the pages the spec marks "no sidebar"', () => {
    const wrong = routes
      .filter((r) => byRoute.has(r.route))
      .filter((r) => (byRoute.get(r.route)?.frontMatter.displayed_sidebar === null) !== r.noSidebar)
      .map((r) => r.route);
    expect(wrong).toEqual([]);
  });

  it(`has at least ${MIN_WORDS} words of prose on every page`, () => {
    const short = content.pages
      .map((p) => ({ file: p.relFile, words: proseWords(p.body) }))
      .filter((p) => p.words < MIN_WORDS)
      .map((p) => `${p.file}: ${p.words} words`);
    expect(short).toEqual([]);
  });

  it(`has at least ${MIN_WORDS} words of running prose outside tables on every page`, () => {
    const short = content.pages
      .map((p) => ({ file: p.relFile, words: runningProseWords(p.body) }))
      .filter((p) => p.words < MIN_WORDS)
      .map((p) => `${p.file}: ${p.words} words`);
    expect(short).toEqual([]);
  });

  it('opens no paragraph with a sentence that only announces the page ("This page explains ...")', () => {
    const filler = content.pages.flatMap((p) =>
      [...p.body.matchAll(/(?:^|\n\n|\. )This page (?:explains|describes|covers|shows|lists|is|walks|gives|documents|helps)\b/g)].map(
        () => p.relFile,
      ),
    );
    expect(filler).toEqual([]);
  });

  it('labels and orders every docs folder with a _category_ file', () => {
    const missing: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (!statSync(full).isDirectory()) continue;
        const category = ['_category_.json', '_category_.yml'].map((f) => path.join(full, f)).find(existsSync);
        if (!category) missing.push(path.relative(CONTENT, full));
        else {
          const meta = JSON.parse(readFileSync(category, 'utf8')) as { label?: string; position?: number };
          if (!meta.label || typeof meta.position !== 'number') missing.push(`${path.relative(CONTENT, full)} (label or position)`);
        }
        walk(full);
      }
    };
    walk(path.join(CONTENT, 'docs'));
    expect(missing).toEqual([]);
  });

  it('links each page to at least two other pages', () => {
    const lonely = content.pages
      .filter((p) => p.kind === 'doc')
      .filter((p) => new Set([...p.body.matchAll(/\]\((\/docs\/[^)#\s]*|\.{1,2}\/[^)#\s]*\.md)/g)].map((m) => m[1])).size < 2)
      .map((p) => p.relFile);
    expect(lonely).toEqual([]);
  });

  it('builds with no content error and no broken link or anchor', async () => {
    const config = resolveConfig({ root: ROOT, cache: false });
    const site = await buildInMemory(createBuildContext(config, silentReporter));
    expect(site.broken.map((b) => `${path.relative(ROOT, b.file)}:${b.line}:${b.column} ${b.message}`)).toEqual([]);
  }, 120_000);
});
