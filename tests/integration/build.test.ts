import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync, statSync, utimesSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cli, REPO } from '../helpers/cli.ts';
import { overwriteKeepingTime } from '../helpers/tamper.ts';
import { FIXTURES, tempProject } from '../helpers/tempSite.ts';

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** Changes a sentence of the fixture's introduction, as an author's edit; gives the page's file. */
function editIntro(content: string): string {
  const intro = path.join(content, 'docs', 'intro.md');
  writeFileSync(intro, readFileSync(intro, 'utf8').replace('Welcome to the fixture.', 'Welcome to the fixture, again.'));
  return intro;
}

describe('mapsdocs build on a fixture site', () => {
  const project = tempProject({ fixture: 'basic' });
  const out = path.join(project.root, 'dist');
  let result: Awaited<ReturnType<typeof cli>>;
  const read = (rel: string) => readFileSync(path.join(out, rel), 'utf8');

  beforeAll(async () => {
    result = await cli(['build', '--openapi', path.join(FIXTURES, 'openapi', 'small.yaml'), '--no-cache'], project.root);
  });
  afterAll(() => project.cleanup());

  it('succeeds and reports the broken anchor as a warning with its position', () => {
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('content/docs/guide/setup.md:9:55: broken anchor "/docs/intro#nope"');
    expect(result.stderr).toMatch(/✓ built 7 pages/);
  });

  it('reports the time of each phase, how long it then waited for the search index, and the compressed copies', async () => {
    expect(result.stderr).toMatch(/\(load \d+ ms · markdown \d+ ms · openapi \d+ ms · .* · render\+emit \d+ ms · search \d+ ms · compress \d+ ms\)/);
    const other = tempProject({ fixture: 'basic' });
    try {
      const bare = await cli(['build', '--no-cache', '--no-search'], other.root);
      expect(bare.code).toBe(0);
      expect(bare.stderr).toMatch(/render\+emit \d+ ms · compress \d+ ms\)/);
      expect(existsSync(path.join(other.root, 'dist', 'search-index'))).toBe(false);
    } finally {
      other.cleanup();
    }
  });

  it('shows no search button when built without the index (which it could only fail to load), nor answers its shortcuts', async () => {
    const other = tempProject({ fixture: 'basic', files: { 'content/site.yaml': ['title: Searchable', 'navbar:', '  items:', '    - { type: search }', ''].join('\n') } });
    try {
      const intro = (): string => readFileSync(path.join(other.root, 'dist', 'docs', 'intro.html'), 'utf8');
      expect((await cli(['build', '--no-search'], other.root)).code).toBe(0);
      // The client binds the shortcuts to the button: none, no shortcut.
      expect(intro()).not.toContain('data-search-open');
      expect((await cli(['build'], other.root)).code).toBe(0);
      expect(intro()).toContain('data-search-open');
    } finally {
      other.cleanup();
    }
  });

  it('writes one file per route, the not-found page and the sitemap', () => {
    for (const file of ['index.html', 'docs/intro.html', 'docs/guide/setup.html', 'docs/hidden.html', 'markdown-page.html', '404.html', 'docs/api/reference.html', 'sitemap.xml']) {
      expect(existsSync(path.join(out, file)), file).toBe(true);
    }
  });

  it('follows the markup contract', () => {
    const html = read('docs/intro.html');
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en" dir="ltr" data-theme="light">/);
    expect(html.indexOf('<a class="skip-link" href="#main">Skip to main content</a>')).toBeGreaterThan(html.indexOf('<body'));
    expect(html).toContain('<nav aria-label="Main"');
    expect(html).toContain('<nav aria-label="Docs sidebar"');
    expect(html).toContain('<nav aria-label="Breadcrumbs"');
    expect(html).toContain('<nav aria-label="On this page"');
    expect(html).toContain('<nav aria-label="Docs pages"');
    expect(html).toContain('aria-label="Switch between dark and light mode (currently light mode)"');
    expect(html).toContain('aria-label="Toggle navigation bar"');
    expect(html).toContain('aria-label="Close navigation bar"');
    expect(html.match(/<h1[ >]/g)).toHaveLength(2); // the page title and the crash fallback kept in a <template>
    expect(html).toContain('<main id="main"');
    expect(html).toContain('<template id="crash-fallback">');
    expect(html).toContain('This page crashed.');
  });

  it('leaves the sidebar out of pages marked displayed_sidebar: null', () => {
    expect(read('docs/hidden.html')).not.toContain('aria-label="Docs sidebar"');
    expect(read('docs/intro.html')).not.toContain('No sidebar page');
  });

  it('links previous and next in sidebar order', () => {
    const html = read('docs/intro.html');
    expect(html).toMatch(/<a class="pager-link pager-next" href="\/docs\/guide\/setup" rel="next">/);
  });

  it('renders the not-found page', () => {
    expect(read('404.html')).toContain('<h1>Page Not Found</h1>');
    expect(read('404.html')).toContain('<title>Page Not Found | MAPS Messaging</title>');
  });

  it('writes a sitemap with hourly change frequency and priority 0.5, without the 404 page', () => {
    const xml = read('sitemap.xml');
    expect(xml).toContain('<loc>https://docs.mapsmessaging.io/docs/intro</loc><changefreq>hourly</changefreq><priority>0.5</priority>');
    expect(xml).not.toContain('404');
  });

  it('renders the API reference with anchors for operations and schemas', () => {
    const html = read('docs/api/reference.html');
    expect(html).toContain('id="operation-listThings"');
    expect(html).toContain('id="schema-Node"');
    expect(html).toContain('href="#operation-createThing"');
    expect(existsSync(path.join(out, 'docs/api/small.yaml'))).toBe(true);
    expect(existsSync(path.join(out, 'docs/api/small.json'))).toBe(true);
  });

  it('produces valid HTML on every page', async () => {
    const validator = new HtmlValidate({
      extends: ['html-validate:recommended'],
      rules: {
        // Shiki emits inline CSS variables; the theme switches them.
        'no-inline-style': 'off',
        // Code samples and tables are focusable so keyboard users can scroll them.
        'no-redundant-role': 'off',
        'prefer-native-element': 'off',
        'long-title': 'off',
        // React writes void elements as <meta/>, boolean attributes as hidden="" and the charSet
        // attribute in camel case: all valid HTML, only a different style.
        'void-style': 'off',
        'attr-case': 'off',
        'attribute-empty-style': 'off',
        'attribute-boolean-style': 'off',
      },
    });
    const failures: string[] = [];
    for (const file of walk(out).filter((f) => f.endsWith('.html'))) {
      const report = await validator.validateString(readFileSync(file, 'utf8'), file);
      for (const r of report.results) for (const m of r.messages) failures.push(`${path.relative(out, file)}:${m.line}:${m.column} ${m.ruleId} ${m.message}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('build failures and options', () => {
  it('fails with --strict on a broken link and leaves the previous output untouched', async () => {
    // A previous output: what every build leaves, and one more file.
    const project = tempProject({ fixture: 'basic', files: { 'dist/keep.txt': 'old build', 'dist/404.html': '<p>old</p>', 'dist/sitemap.xml': '<urlset/>' } });
    try {
      const result = await cli(['build', '--strict'], project.root);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('broken anchor');
      expect(readFileSync(path.join(project.root, 'dist/keep.txt'), 'utf8')).toBe('old build');
    } finally {
      project.cleanup();
    }
  });

  it('builds a page with an unknown code language, and --strict turns the warning into a failure', async () => {
    const project = tempProject({ fixture: 'basic', files: { 'content/docs/typo.md': '---\ntitle: Typo\n---\n\n```bsah\nls\n```\n' } });
    try {
      const loose = await cli(['build', '--no-search'], project.root);
      expect(loose.code, loose.stderr).toBe(0);
      expect(loose.stderr).toContain('content/docs/typo.md:5:1: warning: unknown code language "bsah": shown as plain text\n  hint: did you mean "bash"? (or write "text")');
      expect(readFileSync(path.join(project.root, 'dist', 'docs', 'typo.html'), 'utf8')).toContain('<code class="language-bsah">ls</code>');
      const strict = await cli(['build', '--no-search', '--strict', '--no-cache'], project.root);
      expect(strict.code).toBe(1);
      expect(strict.stderr).toContain('build failed: 1 warning about the content (--strict)');
    } finally {
      project.cleanup();
    }
  });

  it('fails on content errors with file, line and column, and writes nothing', async () => {
    const project = tempProject({
      fixture: 'basic',
      files: { 'content/docs/broken.md': '---\ntitle: Broken\n---\n\nText.\n\n```yamll\na: 1\n```\n\n:::note\nnever closed\n' },
    });
    try {
      const result = await cli(['build'], project.root);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('content/docs/broken.md:7:1: warning: unknown code language "yamll": shown as plain text\n  hint: did you mean "yaml"? (or write "text")');
      expect(result.stderr).toContain('content/docs/broken.md:11:1: error: admonition ":::note" opened on line 11 is never closed');
      expect(result.stderr).toContain('✗ build failed: 1 error');
      expect(existsSync(path.join(project.root, 'dist'))).toBe(false);
    } finally {
      project.cleanup();
    }
  });

  it('reports a page without a title and a duplicate route', async () => {
    const project = tempProject({
      fixture: 'basic',
      files: { 'content/docs/untitled.md': 'No heading here.\n', 'content/docs/dup.md': '---\ntitle: Dup\nslug: /intro\n---\nx\n' },
    });
    try {
      const result = await cli(['build'], project.root);
      expect(result.code).toBe(1);
      // At the `slug:` that takes the route, whichever file was read first.
      expect(result.stderr).toContain('content/docs/dup.md:3:1: error: docs/dup.md and docs/intro.md both make the page /docs/intro\n  hint: give this page another `slug`');
    } finally {
      project.cleanup();
    }
  });

  it('refuses a file and a folder index that make one page, naming both', async () => {
    const project = tempProject({ fixture: 'basic', files: { 'content/docs/x.md': '# X\n', 'content/docs/x/index.md': '# X again\n' } });
    try {
      const result = await cli(['build', '--no-search'], project.root);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/content\/docs\/x(\/index)?\.md:1:1: error: docs\/x(\/index)?\.md and docs\/x(\/index)?\.md both make the page \/docs\/x\n/);
    } finally {
      project.cleanup();
    }
  });

  it('writes a slug ending in .html as that file, and serve answers it as it is', async () => {
    const project = tempProject({ fixture: 'basic', files: { 'content/docs/legacy.md': '---\ntitle: Legacy\nslug: /legacy.html\n---\n\nOld address.\n' } });
    try {
      const result = await cli(['build', '--no-search'], project.root);
      expect(result.code, result.stderr).toBe(0);
      expect(readFileSync(path.join(project.root, 'dist', 'docs', 'legacy.html'), 'utf8')).toContain('Old address.');
      expect(existsSync(path.join(project.root, 'dist', 'docs', 'legacy.html.html'))).toBe(false);
      const { serve } = await import('../../src/commands/serve.ts');
      const served = await serve({ dir: path.join(project.root, 'dist'), port: 0 });
      try {
        const response = await fetch(`${served.url}docs/legacy.html`, { redirect: 'manual' });
        expect(response.status).toBe(200);
        expect(await response.text()).toContain('Old address.');
      } finally {
        served.server.close();
      }
    } finally {
      project.cleanup();
    }
  });

  it('answers a usage error with exit code 2', async () => {
    const result = await cli(['build', '--no-such-flag'], FIXTURES);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown option '--no-such-flag'");
  });

  it('prints its version, the one in package.json, and exits 0', async () => {
    const { version } = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string };
    const result = await cli(['--version'], FIXTURES);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(version);
  });

  it('prefixes every link and asset with --base-url', async () => {
    const project = tempProject({ fixture: 'basic' });
    try {
      expect((await cli(['build', '--base-url', '/maps/'], project.root)).code).toBe(0);
      const html = readFileSync(path.join(project.root, 'dist/docs/intro.html'), 'utf8');
      expect(html).toContain('href="/maps/docs/guide/setup#install-it"');
      expect(html).toMatch(/href="\/maps\/assets\/css\/site\.[0-9a-f]+\.css"/);
      expect(readFileSync(path.join(project.root, 'dist/sitemap.xml'), 'utf8')).toContain('https://docs.mapsmessaging.io/maps/docs/intro');
    } finally {
      project.cleanup();
    }
  });

  it('is deterministic: with and without the cache, on workers or serial, and after an edit with the reference cached', async () => {
    const project = tempProject({ fixture: 'basic' });
    const api = ['--openapi', path.join(FIXTURES, 'openapi', 'small.yaml')];
    const same = (a: string, b: string): void => {
      const root = (dir: string): string => path.join(project.root, dir);
      const files = walk(root(a)).map((f) => path.relative(root(a), f)).sort();
      expect(files.some((f) => /^search-index\/f\d+\./.test(f))).toBe(true);
      expect(walk(root(b)).map((f) => path.relative(root(b), f)).sort()).toEqual(files);
      for (const rel of files) expect(readFileSync(path.join(root(b), rel)).equals(readFileSync(path.join(root(a), rel))), `${b}/${rel}`).toBe(true);
    };
    try {
      // The search index holds the reference's records and the pages; its files depend on the order it was fed.
      await cli(['build', '--no-cache', '--out', 'a', ...api], project.root);
      await cli(['build', '--out', 'b', ...api], project.root);
      await cli(['build', '--out', 'c', ...api], project.root);
      // Serial: the description is loaded on this thread, not on a worker.
      await cli(['build', '--no-cache', '--out', 'd', ...api], project.root, { MAPSDOCS_WORKERS: '0' });
      for (const other of ['b', 'c', 'd']) same('a', other);
      // One page edited: the reference (and its records) come from the cache, the pages are indexed again.
      writeFileSync(path.join(project.content, 'docs', 'intro.md'), `${readFileSync(path.join(project.content, 'docs', 'intro.md'), 'utf8')}\n\nRetained messages are kept per topic.\n`);
      await cli(['build', '--out', 'e', ...api], project.root);
      await cli(['build', '--no-cache', '--out', 'f', ...api], project.root);
      same('f', 'e');
      expect(readFileSync(path.join(project.root, 'e', 'docs', 'intro.html'), 'utf8')).toContain('Retained messages are kept per topic.');
    } finally {
      project.cleanup();
    }
  });

  /** `dist` holds byte for byte what a build without the cache makes of the same inputs. */
  async function expectAsBuiltWithoutCache(root: string): Promise<void> {
    expect((await cli(['build', '--no-search', '--no-cache', '--out', 'fresh'], root)).code).toBe(0);
    for (const file of walk(path.join(root, 'fresh'))) {
      const rel = path.relative(path.join(root, 'fresh'), file);
      expect(readFileSync(path.join(root, 'dist', rel), 'utf8'), rel).toBe(readFileSync(file, 'utf8'));
    }
  }

  it('keeps what it reuses beside its record: not needed to find the output up to date, never taken from another build', async () => {
    const project = tempProject({ fixture: 'basic' });
    const cache = path.join(project.root, 'node_modules', '.cache', 'mapsdocs');
    const kept = (output: string): number => Number(/\((\d+) unchanged, taken from the last build\)/.exec(output)?.[1] ?? 0);
    try {
      expect((await cli(['build', '--no-search'], project.root)).code).toBe(0);
      const record = JSON.parse(readFileSync(path.join(cache, 'last-build.json'), 'utf8')) as Record<string, unknown>;
      const reuse = JSON.parse(readFileSync(path.join(cache, 'last-build-reuse.json'), 'utf8')) as Record<string, unknown>;
      expect(record).not.toHaveProperty('pageKeys');
      expect(record).not.toHaveProperty('digests');
      // Nor the list of output files: the check compares their digest.
      expect(record).not.toHaveProperty('files');
      expect(reuse.files).toEqual(expect.arrayContaining([expect.arrayContaining([path.join('docs', 'intro.html')])]));
      expect(reuse.id).toBe(record.reuseId);
      expect(Object.keys(reuse.pageKeys as object)).toContain('docs/intro.html');
      // Up to date without it.
      const reuseFile = readFileSync(path.join(cache, 'last-build-reuse.json'));
      rmSync(path.join(cache, 'last-build-reuse.json'));
      const checked = await cli(['build', '--no-search'], project.root);
      expect(checked.stdout + checked.stderr).toMatch(/up to date/);
      // After an edit, with it: the unchanged pages are taken from the last output.
      writeFileSync(path.join(cache, 'last-build-reuse.json'), reuseFile);
      editIntro(project.content);
      const edited = await cli(['build', '--no-search'], project.root);
      expect(edited.code, edited.stderr).toBe(0);
      expect(kept(edited.stdout + edited.stderr)).toBeGreaterThan(0);
      await expectAsBuiltWithoutCache(project.root);
      // Data written with another record (a build stopped between the two writes) is not used: every page is made.
      const current = readFileSync(path.join(cache, 'last-build-reuse.json'), 'utf8');
      writeFileSync(path.join(cache, 'last-build-reuse.json'), current.replace(/"id":"[^"]+"/, '"id":"another"'));
      writeFileSync(path.join(project.content, 'docs', 'intro.md'), `${readFileSync(path.join(project.content, 'docs', 'intro.md'), 'utf8')}\nOne more line.\n`);
      const other = await cli(['build', '--no-search'], project.root);
      expect(other.code, other.stderr).toBe(0);
      expect(kept(other.stdout + other.stderr)).toBe(0);
      await expectAsBuiltWithoutCache(project.root);
    } finally {
      project.cleanup();
    }
  });

  it('parses again what it parsed from a content folder at another path: links to markdown files and images resolve where the content is now', async () => {
    const project = tempProject({ fixture: 'basic' });
    const moved = `${project.root}-moved`;
    try {
      writeFileSync(path.join(project.content, 'docs', 'pic.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      writeFileSync(path.join(project.content, 'docs', 'intro.md'), `${readFileSync(path.join(project.content, 'docs', 'intro.md'), 'utf8')}\n![A picture](pic.svg)\n`);
      expect((await cli(['build', '--no-search'], project.root)).code).toBe(0);
      // Another content folder, a copy whose picture differs: its own files, not the first folder's.
      cpSync(project.content, path.join(project.root, 'content2'), { recursive: true });
      writeFileSync(path.join(project.root, 'content2', 'docs', 'pic.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="2"/>');
      for (const out of ['cached', 'fresh']) {
        const result = await cli(['build', '--no-search', '--content', 'content2', '--out', out, ...(out === 'fresh' ? ['--no-cache'] : [])], project.root);
        expect(result.code, result.stderr).toBe(0);
        expect(result.stderr).not.toMatch(/is not a page of the site|no such file/);
      }
      const intro = (out: string): string => readFileSync(path.join(project.root, out, 'docs', 'intro.html'), 'utf8');
      expect(intro('cached')).toContain('href="/docs/guide/setup#install-it"');
      expect(intro('cached')).toBe(intro('fresh'));
      // The whole project moved, its cache with it (a CI cache restored at another path).
      renameSync(project.root, moved);
      const again = await cli(['build', '--no-search'], moved);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).not.toMatch(/is not a page of the site|no such file/);
      expect(readFileSync(path.join(moved, 'dist', 'docs', 'intro.html'), 'utf8')).toContain('href="/docs/guide/setup#install-it"');
      expect((await cli(['build', '--no-search', '--no-cache', '--out', 'fresh'], moved)).code).toBe(0);
      for (const file of walk(path.join(moved, 'fresh'))) {
        const rel = path.relative(path.join(moved, 'fresh'), file);
        expect(readFileSync(path.join(moved, 'dist', rel)).equals(readFileSync(file)), rel).toBe(true);
      }
    } finally {
      rmSync(moved, { recursive: true, force: true });
      project.cleanup();
    }
  });

  it('takes the pages an edit did not change from the last output, byte for byte what rendering them gives', async () => {
    const project = tempProject({ fixture: 'basic' });
    const read = (dir: string, rel: string): string => readFileSync(path.join(project.root, dir, rel), 'utf8');
    try {
      expect((await cli(['build', '--no-search'], project.root)).code).toBe(0);
      writeFileSync(path.join(project.content, 'docs', 'guide', 'setup.md'), `${read('content', 'docs/guide/setup.md')}\n\nOne more sentence.\n`);
      // A page changed by hand since is rendered again, not kept.
      writeFileSync(path.join(project.root, 'dist', 'docs', 'intro.html'), 'tampered');
      const again = await cli(['build', '--no-search'], project.root);
      expect(again.code, again.stderr).toBe(0);
      const pages = Number(/built (\d+) pages/.exec(again.stderr + again.stdout)?.[1]);
      const kept = Number(/\((\d+) unchanged, taken from the last build\)/.exec(again.stderr + again.stdout)?.[1]);
      expect(kept).toBeGreaterThan(0);
      expect(kept).toBeLessThanOrEqual(pages - 2);
      await expectAsBuiltWithoutCache(project.root);
    } finally {
      project.cleanup();
    }
  });

  it('parses a page again when an image it shows changed, even to the same size', async () => {
    const project = tempProject({ fixture: 'basic' });
    try {
      const image = path.join(project.content, 'docs', 'shot.svg');
      writeFileSync(image, '<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10" fill="red"/></svg>');
      const intro = path.join(project.content, 'docs', 'intro.md');
      writeFileSync(intro, `${readFileSync(intro, 'utf8')}\n\n![A shot](./shot.svg)\n`);
      expect((await cli(['build', '--no-search'], project.root)).code).toBe(0);
      writeFileSync(image, readFileSync(image, 'utf8').replace('red', 'tan'));
      const again = await cli(['build', '--no-search'], project.root);
      expect(again.code, again.stderr).toBe(0);
      const shown = /src="\/assets\/images\/(shot-[0-9a-f]{8}\.svg)"/.exec(readFileSync(path.join(project.root, 'dist', 'docs', 'intro.html'), 'utf8'))?.[1];
      expect(readFileSync(path.join(project.root, 'dist', 'assets', 'images', shown ?? 'none'), 'utf8')).toContain('tan');
      await expectAsBuiltWithoutCache(project.root);
    } finally {
      project.cleanup();
    }
  });

  it('renders again every page whose sidebar an edit changed, though its own text did not change', async () => {
    const project = tempProject({ fixture: 'basic' });
    const read = (dir: string, rel: string): string => readFileSync(path.join(project.root, dir, rel), 'utf8');
    try {
      expect((await cli(['build', '--no-search'], project.root)).code).toBe(0);
      const setup = path.join(project.content, 'docs', 'guide', 'setup.md');
      writeFileSync(setup, read('content', 'docs/guide/setup.md').replace('sidebar_label: Setup', 'sidebar_label: Installation'));
      const again = await cli(['build', '--no-search'], project.root);
      expect(again.code, again.stderr).toBe(0);
      // The label is in the sidebar of every docs page: none is taken from the last build.
      expect(read('dist', 'docs/intro.html')).toContain('Installation');
      await expectAsBuiltWithoutCache(project.root);
    } finally {
      project.cleanup();
    }
  });

  const SAVE_FAILED = /could not save the build cache in node_modules\/\.cache\/mapsdocs \(.*\): the next build will parse and highlight again/;
  const STORE_FAILED = /could not keep output files in the build cache in node_modules\/\.cache\/mapsdocs \(.*\): they were written instead/;
  it.each([
    // The cache's folder of entries replaced by a file: nothing can be saved under it.
    ['its cache cannot be written', 'cache-v3', SAVE_FAILED],
    ['its file store cannot be used', 'files', STORE_FAILED],
    ['its store of compressed copies cannot be used', 'compressed', STORE_FAILED],
  ])('builds the site when %s, and says so', async (_, folder, message) => {
    const project = tempProject({ fixture: 'basic' });
    try {
      expect((await cli(['build', '--no-search'], project.root)).code).toBe(0);
      const blocked = path.join(project.root, 'node_modules', '.cache', 'mapsdocs', folder);
      rmSync(blocked, { recursive: true });
      writeFileSync(blocked, 'not a folder');
      editIntro(project.content);
      const result = await cli(['build', '--no-search'], project.root);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
      expect(readFileSync(path.join(project.root, 'dist', 'docs', 'intro.html'), 'utf8')).toContain('Welcome to the fixture, again.');
      await expectAsBuiltWithoutCache(project.root);
    } finally {
      project.cleanup();
    }
  });

  it('never reads or links a file outside the output through a symbolic link put in it', async () => {
    const project = tempProject({ fixture: 'basic' });
    try {
      expect((await cli(['build', '--no-search'], project.root)).code).toBe(0);
      // A folder of the output moved elsewhere and replaced by a link to it: its pages are still as
      // the last build recorded them, but outside the output now.
      const outside = path.join(project.root, 'elsewhere');
      const guide = path.join(project.root, 'dist', 'docs', 'guide');
      renameSync(guide, outside);
      symlinkSync(outside, guide);
      const secret = path.join(outside, 'setup.html');
      const before = readFileSync(secret, 'utf8');
      editIntro(project.content);
      const result = await cli(['build', '--no-search'], project.root);
      expect(result.code, result.stderr).toBe(0);
      expect(lstatSync(guide).isDirectory()).toBe(true);
      expect(readFileSync(secret, 'utf8')).toBe(before);
      // Not hard-linked into the new site: a later write to either would change the other.
      expect(statSync(secret).nlink).toBe(1);
      await expectAsBuiltWithoutCache(project.root);
    } finally {
      project.cleanup();
    }
  });

  it('does not keep a compressed copy overwritten in the output in place (through its link to the cache)', async () => {
    const project = tempProject({ fixture: 'basic' });
    try {
      expect((await cli(['build', '--no-search'], project.root)).code).toBe(0);
      const dist = path.join(project.root, 'dist');
      const copies = walk(dist).filter((f) => f.endsWith('.html.gz'));
      expect(copies.length).toBeGreaterThan(1);
      // Written over in place, as `cp -p` does: the same inode (which the cache's copy may share),
      // here to the same size and modification time.
      const victim = copies[0] as string;
      overwriteKeepingTime(victim, Buffer.alloc(statSync(victim).size, 0x41));
      const intro = editIntro(project.content);
      for (let build = 0; build < 2; build += 1) {
        const result = await cli(['build', '--no-search'], project.root);
        expect(result.code, result.stderr).toBe(0);
        for (const copy of copies) expect(gunzipSync(readFileSync(copy)).equals(readFileSync(copy.slice(0, -'.gz'.length))), path.relative(dist, copy)).toBe(true);
        writeFileSync(intro, `${readFileSync(intro, 'utf8')}\nOne more line.\n`);
      }
    } finally {
      project.cleanup();
    }
  });

  it.each([
    ['an entry of its file store', (cache: string) => path.join(cache, 'files', 'site', readdirSync(path.join(cache, 'files', 'site'))[0] ?? 'none')],
    ['its record of the last build', (cache: string) => path.join(cache, 'last-build.json')],
    ['its record of what the last build left to reuse', (cache: string) => path.join(cache, 'last-build-reuse.json')],
    ['its manifest of compressed copies', (cache: string) => path.join(cache, 'compressed', 'manifest.json')],
  ])('does not hang on a FIFO in place of %s', async (_, place) => {
    const project = tempProject({ fixture: 'basic' });
    try {
      expect((await cli(['build', '--no-search'], project.root)).code).toBe(0);
      const fifo = place(path.join(project.root, 'node_modules', '.cache', 'mapsdocs'));
      rmSync(fifo, { force: true });
      execFileSync('mkfifo', [fifo]);
      editIntro(project.content);
      const result = await cli(['build', '--no-search'], project.root);
      expect(result.code, result.stderr).toBe(0);
      expect(result.ms).toBeLessThan(30_000);
      await expectAsBuiltWithoutCache(project.root);
    } finally {
      project.cleanup();
    }
  }, 60_000);

  it('does not use a build cache whose folder is a symbolic link, and touches nothing where it leads', async () => {
    const project = tempProject({ fixture: 'basic' });
    try {
      expect((await cli(['build', '--no-search'], project.root)).code).toBe(0);
      const cache = path.join(project.root, 'node_modules', '.cache', 'mapsdocs');
      const elsewhere = path.join(project.root, 'elsewhere');
      renameSync(cache, elsewhere);
      symlinkSync(elsewhere, cache);
      writeFileSync(path.join(elsewhere, 'compressed', 'not-an-entry.gz'), 'mine');
      const before = walk(elsewhere).map((f) => [f, readFileSync(f, 'utf8')]);
      editIntro(project.content);
      const result = await cli(['build', '--no-search'], project.root);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain('the build cache is not used: node_modules/.cache/mapsdocs is a symbolic link');
      expect(walk(elsewhere).map((f) => [f, readFileSync(f, 'utf8')])).toEqual(before);
      await expectAsBuiltWithoutCache(project.root);
    } finally {
      project.cleanup();
    }
  });

  it('leaves the previous site and no temporary folder when interrupted while writing', async () => {
    const project = tempProject({ fixture: 'basic' });
    try {
      expect((await cli(['build', '--no-cache'], project.root)).code).toBe(0);
      const before = readFileSync(path.join(project.root, 'dist', 'docs', 'intro.html'), 'utf8');
      // The real site: its pages take long enough to write to be caught at it.
      const child = spawn(process.execPath, [BIN, 'build', '--no-cache', '--out', path.join(project.root, 'dist')], { cwd: REPO, stdio: 'ignore' });
      const staging = path.join(project.root, `.dist.tmp-${child.pid}`);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      let caught = false;
      for (let i = 0; i < 6000 && child.exitCode === null; i++) {
        if (existsSync(staging)) {
          child.kill('SIGINT');
          caught = true;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      const code = await exited;
      expect(caught, 'the build ended before its output was being written').toBe(true);
      expect(code).toBe(130);
      expect(readdirSync(project.root).filter((name) => name.startsWith('.dist'))).toEqual([]);
      expect(readFileSync(path.join(project.root, 'dist', 'docs', 'intro.html'), 'utf8')).toBe(before);
    } finally {
      project.cleanup();
    }
  }, 60_000);

  it.each([
    ['of the same output', '.dist.lock', 'of dist'],
    ['with the same cache', 'node_modules/.cache/.mapsdocs.lock', 'using the cache node_modules/.cache/mapsdocs'],
  ])('waits for another build %s, and says which', async (_, lockFile, what) => {
    const project = tempProject({ fixture: 'basic' });
    // A running process holding the lock, as a build does while it writes.
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)', 'mapsdocs', 'build']);
    try {
      mkdirSync(path.dirname(path.join(project.root, lockFile)), { recursive: true });
      writeFileSync(path.join(project.root, lockFile), String(holder.pid));
      const child = spawn(process.execPath, [BIN, 'build', '--no-search'], { cwd: project.root });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      for (let i = 0; i < 300 && !stderr.includes('waiting'); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(stderr).toContain(`waiting for another build ${what} (process ${holder.pid}) to finish (if none is running, remove ${path.join(project.root, lockFile)})`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(child.exitCode).toBe(null);
      expect(existsSync(path.join(project.root, 'dist'))).toBe(false);
      holder.kill();
      expect(await exited).toBe(0);
      expect(existsSync(path.join(project.root, 'dist', 'docs', 'intro.html'))).toBe(true);
      // Both locks released.
      expect(readdirSync(project.root).filter((name) => name.startsWith('.dist'))).toEqual([]);
      expect(existsSync(path.join(project.root, 'node_modules', '.cache', '.mapsdocs.lock'))).toBe(false);
    } finally {
      holder.kill();
      project.cleanup();
    }
  }, 60_000);

  it('refuses an output folder that is a symbolic link, and leaves it and its target alone', async () => {
    const project = tempProject({ fixture: 'basic' });
    try {
      const target = path.join(project.root, 'published');
      mkdirSync(target);
      writeFileSync(path.join(target, 'keep.txt'), 'kept');
      symlinkSync(target, path.join(project.root, 'dist'));
      const result = await cli(['build', '--no-search'], project.root);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`is a symbolic link (to ${target}): a build replaces its output folder whole, so it would replace the link, not write into ${target}; pass --out ${target}, or remove the link`);
      expect(lstatSync(path.join(project.root, 'dist')).isSymbolicLink()).toBe(true);
      expect(readdirSync(target)).toEqual(['keep.txt']);
      // Given the folder itself, which holds files no build made, it refuses it too; emptied, it builds there.
      const foreign = await cli(['build', '--no-search', '--out', 'published'], project.root);
      expect(foreign.code).toBe(2);
      expect(foreign.stderr).toContain(`--out ${target} holds files that are not a site built by mapsdocs (it has no 404.html and sitemap.xml): a build replaces its output folder whole and would delete them; choose a new or empty folder, or remove this one first`);
      expect(readdirSync(target)).toEqual(['keep.txt']);
      rmSync(path.join(target, 'keep.txt'));
      expect((await cli(['build', '--no-search', '--out', 'published'], project.root)).code).toBe(0);
      expect(existsSync(path.join(target, 'docs', 'intro.html'))).toBe(true);
    } finally {
      project.cleanup();
    }
  });

  it.each([
    ['the API description\'s folder', ['--out', 'openapi'], 'would replace the API description\'s folder'],
    ['a folder inside it', ['--out', 'openapi/site'], 'would replace the API description\'s folder'],
    ['node_modules', ['--out', 'node_modules'], 'would replace the dependencies (node_modules) and the build cache'],
    ['the build cache', ['--out', 'node_modules/.cache/mapsdocs'], 'would replace the dependencies (node_modules) and the build cache'],
    ['a file', ['--out', 'notes.txt'], 'is not a folder'],
    ["the API description's folder through a symbolic link", ['--out', 'link-to-openapi/site'], "would replace the API description's folder"],
    ['node_modules through a symbolic link', ['--out', 'link-to-modules/site'], 'would replace the dependencies (node_modules) and the build cache'],
  ])('refuses an output folder that is %s, and changes nothing', async (_, args, message) => {
    const project = tempProject({ fixture: 'basic', files: { 'notes.txt': 'mine', 'openapi/api.yaml': readFileSync(path.join(FIXTURES, 'openapi', 'small.yaml'), 'utf8') } });
    try {
      mkdirSync(path.join(project.root, 'node_modules'), { recursive: true });
      symlinkSync(path.join(project.root, 'openapi'), path.join(project.root, 'link-to-openapi'));
      symlinkSync(path.join(project.root, 'node_modules'), path.join(project.root, 'link-to-modules'));
      const before = walk(project.root).map((f) => [f, readFileSync(f, 'utf8')]);
      const result = await cli(['build', '--no-search', '--openapi', 'openapi/api.yaml', ...args], project.root);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(message);
      expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
      expect(walk(project.root).map((f) => [f, readFileSync(f, 'utf8')])).toEqual(before);
    } finally {
      project.cleanup();
    }
  });

  it('renders a JSON description and offers it for download in both formats', async () => {
    const project = tempProject({ fixture: 'basic' });
    try {
      const { load } = await import('js-yaml');
      const description = load(readFileSync(path.join(FIXTURES, 'openapi', 'small.yaml'), 'utf8'));
      writeFileSync(path.join(project.root, 'api.json'), JSON.stringify(description));
      const result = await cli(['build', '--no-cache', '--openapi', 'api.json'], project.root);
      expect(result.code, result.stderr).toBe(0);
      const dir = path.join(project.root, 'dist', 'docs', 'api');
      expect(JSON.parse(readFileSync(path.join(dir, 'api.json'), 'utf8'))).toEqual(description);
      expect(load(readFileSync(path.join(dir, 'api.yaml'), 'utf8'))).toEqual(description);
    } finally {
      project.cleanup();
    }
  });

  it('builds a description split over several files, each $ref read from its own file\'s folder, and rebuilds when one of them changes', async () => {
    const split = path.join(FIXTURES, 'openapi', 'split');
    const files = Object.fromEntries(
      ['api.yaml', 'schemas/Device.yaml', 'schemas/Owner.yaml'].map((rel) => [`openapi/${rel}`, readFileSync(path.join(split, rel), 'utf8')]),
    );
    const project = tempProject({ fixture: 'basic', files });
    try {
      const first = await cli(['build', '--openapi', 'openapi/api.yaml'], project.root);
      expect(first.code, first.stderr).toBe(0);
      const dir = path.join(project.root, 'dist', 'docs', 'api');
      const html = readFileSync(path.join(dir, 'reference.html'), 'utf8');
      expect(html).toContain('A device the broker knows of.');
      expect(html).toContain('Who runs the device.');
      // Every link to a schema lands on one the page has.
      for (const [, id] of html.matchAll(/href="#(schema-[^"]+)"/g)) expect(html).toContain(`id="${id}"`);
      // The download is one file that stands alone.
      const { load } = await import('js-yaml');
      expect(JSON.stringify(load(readFileSync(path.join(dir, 'api.yaml'), 'utf8')))).not.toMatch(/"\$ref":"[^#]/);

      // An edit to a file the description refers to is an edit to the description.
      const owner = path.join(project.root, 'openapi', 'schemas', 'Owner.yaml');
      writeFileSync(owner, readFileSync(owner, 'utf8').replace('Who runs the device.', 'The operator of the device.'));
      const edited = await cli(['build', '--openapi', 'openapi/api.yaml'], project.root);
      expect(edited.stderr).not.toMatch(/are up to date/);
      expect(readFileSync(path.join(dir, 'reference.html'), 'utf8')).toContain('The operator of the device.');
      // Unchanged files are not read again to be found unchanged; one edited to the same size, its
      // modification time put back, is still seen (its change time moved).
      expect((await cli(['build', '--openapi', 'openapi/api.yaml'], project.root)).stderr).toMatch(/are up to date/);
      const before = statSync(owner);
      writeFileSync(owner, readFileSync(owner, 'utf8').replace('The operator of the device.', 'The operator of the machine'));
      expect(statSync(owner).size).toBe(before.size);
      utimesSync(owner, before.atime, before.mtime);
      const sameSize = await cli(['build', '--openapi', 'openapi/api.yaml'], project.root);
      expect(sameSize.stderr).not.toMatch(/are up to date/);
      expect(readFileSync(path.join(dir, 'reference.html'), 'utf8')).toContain('The operator of the machine');
      // A file the description now refers to, and that one edited: each seen.
      const api = path.join(project.root, 'openapi', 'api.yaml');
      writeFileSync(path.join(project.root, 'openapi', 'schemas', 'Site.yaml'), 'type: object\ndescription: Where the device stands.\n');
      writeFileSync(api, `${readFileSync(api, 'utf8').trimEnd()}\n    Site:\n      $ref: ./schemas/Site.yaml\n`);
      const added = await cli(['build', '--openapi', 'openapi/api.yaml'], project.root);
      expect(added.code, added.stderr).toBe(0);
      expect(readFileSync(path.join(dir, 'reference.html'), 'utf8')).toContain('Where the device stands.');
      writeFileSync(path.join(project.root, 'openapi', 'schemas', 'Site.yaml'), 'type: object\ndescription: Where the device is.\n');
      expect((await cli(['build', '--openapi', 'openapi/api.yaml'], project.root)).stderr).not.toMatch(/are up to date/);
      expect(readFileSync(path.join(dir, 'reference.html'), 'utf8')).toContain('Where the device is.');
      expect((await cli(['build', '--openapi', 'openapi/api.yaml'], project.root)).stderr).toMatch(/are up to date/);
      // The folder of the files it refers to moved out and linked back: each file is as it was, but it
      // now lies outside the description's folder, which a build refuses, cached or not.
      const schemas = path.join(project.root, 'openapi', 'schemas');
      renameSync(schemas, path.join(project.root, 'schemas-elsewhere'));
      symlinkSync(path.join(project.root, 'schemas-elsewhere'), schemas);
      const moved = await cli(['build', '--openapi', 'openapi/api.yaml'], project.root);
      expect(moved.code).toBe(1);
      expect(moved.stderr).toMatch(/openapi\/api\.yaml:\d+:\d+: error: the \$ref "[^"]+" names a file outside the description's folder/);
    } finally {
      project.cleanup();
    }
  });

  it('fails on an invalid description, loaded on a worker while pages parse, with the file, line and JSON pointer', async () => {
    const project = tempProject({ fixture: 'basic' });
    try {
      const bad = 'openapi: 3.1.0\ninfo:\n  title: x\n  version: "1"\npaths:\n  /a:\n    get:\n      responses:\n        "200":\n          descriptionx: oops\n';
      writeFileSync(path.join(project.root, 'bad.yaml'), bad);
      const invalid = await cli(['build', '--no-cache', '--openapi', 'bad.yaml'], project.root);
      expect(invalid.code).toBe(1);
      expect(invalid.stderr).toMatch(/bad\.yaml:(?:[6-9]|10):\d+: error: invalid OpenAPI description/);
      expect(invalid.stderr).toMatch(/hint: the fault is at #\/paths/);
      expect(invalid.stderr).not.toMatch(/internal error|at .*\.js:\d+/);

      // The page is built from the parsed description while the worker validates it; when the fault breaks
      // the page's model too, what is reported is still the validator's message.
      writeFileSync(path.join(project.root, 'bad.yaml'), 'openapi: 3.1.0\ninfo:\n  title: x\n  version: "1"\ntags: 5\npaths: {}\n');
      const breaking = await cli(['build', '--no-cache', '--openapi', 'bad.yaml'], project.root);
      expect(breaking.code).toBe(1);
      expect(breaking.stderr).toMatch(/bad\.yaml:5:\d+: error: invalid OpenAPI description[\s\S]*#\/tags must be array/);
      expect(breaking.stderr).not.toMatch(/internal error|TypeError/);

      // A reference to nothing is reported where the $ref is written.
      writeFileSync(
        path.join(project.root, 'bad.yaml'),
        'openapi: 3.0.3\ninfo: { title: x, version: "1" }\npaths:\n  /a:\n    get:\n      responses:\n        "200":\n          description: ok\n          content:\n            application/json:\n              schema: { $ref: "#/components/schemas/Nope" }\ncomponents:\n  schemas:\n    Thing: { type: object }\n',
      );
      const dangling = await cli(['build', '--no-cache', '--openapi', 'bad.yaml'], project.root);
      expect(dangling.code).toBe(1);
      expect(dangling.stderr).toMatch(/bad\.yaml:11:31: error: invalid OpenAPI description: Missing \$ref pointer "#\/components\/schemas\/Nope"/);
      expect(dangling.stderr).toContain('hint: this $ref points to #/components/schemas/Nope, which the description does not define');

      writeFileSync(path.join(project.root, 'bad.yaml'), 'openapi: 3.1.0\ninfo: [unclosed\n');
      const unparsable = await cli(['build', '--no-cache', '--openapi', 'bad.yaml'], project.root);
      expect(unparsable.code).toBe(1);
      expect(unparsable.stderr).toMatch(/bad\.yaml:\d+:\d+: error: invalid OpenAPI file/);
      // A failed build writes nothing.
      expect(existsSync(path.join(project.root, 'dist'))).toBe(false);

      // The reference is built while the last pages finish; a content error still comes first, alone.
      writeFileSync(path.join(project.content, 'docs', 'broken.md'), '---\ntitle: Broken\n---\n\n:::note\nnever closed\n');
      const both = await cli(['build', '--no-cache', '--openapi', 'bad.yaml'], project.root);
      expect(both.code).toBe(1);
      expect(both.stderr).toContain('content/docs/broken.md:5:1: error: admonition ":::note" opened on line 5 is never closed');
      expect(both.stderr).not.toMatch(/invalid OpenAPI|unhandled/i);
    } finally {
      project.cleanup();
    }
  });

  it('reuses the last output when no input changed, and builds again when an input or the output did', async () => {
    const project = tempProject({ fixture: 'basic' });
    const upToDate = /are up to date/;
    try {
      const first = await cli(['build'], project.root);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stderr).not.toMatch(upToDate);
      // Unchanged: the output is kept, and the warnings of the build are printed again.
      const again = await cli(['build'], project.root);
      expect(again.code).toBe(0);
      expect(again.stderr, `the first build printed:\n${first.stderr}`).toMatch(upToDate);
      expect(again.stderr).toContain('broken anchor "/docs/intro#nope"');
      // A page edited: built again, with the edit.
      const intro = path.join(project.content, 'docs', 'intro.md');
      writeFileSync(intro, readFileSync(intro, 'utf8').replace('Welcome to the fixture.', 'Welcome to the edited fixture.'));
      // A whole second, which a modification time set back later gives exactly.
      const second = Math.floor(Date.now() / 1000) - 60;
      utimesSync(intro, second, second);
      const edited = await cli(['build'], project.root);
      expect(edited.stderr).not.toMatch(upToDate);
      const page = path.join(project.root, 'dist', 'docs', 'intro.html');
      expect(readFileSync(page, 'utf8')).toContain('Welcome to the edited fixture.');
      // Edited again to the same size, its modification time set back: still seen (files unchanged
      // since the last check are not read, but the change time moves with any write).
      writeFileSync(intro, readFileSync(intro, 'utf8').replace('Welcome to the edited fixture.', 'Welcome to the editex fixture.'));
      utimesSync(intro, second, second);
      const sameSize = await cli(['build'], project.root);
      expect(sameSize.stderr).not.toMatch(upToDate);
      expect(readFileSync(page, 'utf8')).toContain('Welcome to the editex fixture.');
      writeFileSync(intro, readFileSync(intro, 'utf8').replace('Welcome to the editex fixture.', 'Welcome to the edited fixture.'));
      expect((await cli(['build'], project.root)).stderr).not.toMatch(upToDate);
      // An output file changed by hand: built again, which restores it.
      writeFileSync(page, 'tampered');
      const restored = await cli(['build'], project.root);
      expect(restored.stderr).not.toMatch(upToDate);
      expect(readFileSync(page, 'utf8')).toContain('Welcome to the edited fixture.');
      // A file added, removed, or one moved to another's name, or a link added: built again, which undoes it.
      const extra = path.join(project.root, 'dist', 'docs', 'extra.html');
      writeFileSync(extra, 'added');
      expect((await cli(['build'], project.root)).stderr).not.toMatch(upToDate);
      expect(existsSync(extra)).toBe(false);
      rmSync(path.join(project.root, 'dist', 'markdown-page.html.gz'));
      expect((await cli(['build'], project.root)).stderr).not.toMatch(upToDate);
      expect(existsSync(path.join(project.root, 'dist', 'markdown-page.html.gz'))).toBe(true);
      const setup = path.join(project.root, 'dist', 'docs', 'guide', 'setup.html');
      const setupHtml = readFileSync(setup, 'utf8');
      renameSync(page, setup);
      writeFileSync(page, setupHtml);
      expect((await cli(['build'], project.root)).stderr).not.toMatch(upToDate);
      expect(readFileSync(page, 'utf8')).toContain('Welcome to the edited fixture.');
      const link = path.join(project.root, 'dist', 'docs', 'link.html');
      symlinkSync(page, link);
      expect((await cli(['build'], project.root)).stderr).not.toMatch(upToDate);
      expect(existsSync(link)).toBe(false);
      expect((await cli(['build'], project.root)).stderr).toMatch(upToDate);
      // A folder added by hand, even empty, or a folder's permissions changed: built again, which undoes it.
      const planted = path.join(project.root, 'dist', 'docs', 'planted');
      mkdirSync(planted);
      expect((await cli(['build'], project.root)).stderr).not.toMatch(upToDate);
      expect(existsSync(planted)).toBe(false);
      const guide = path.join(project.root, 'dist', 'docs', 'guide');
      const mode = statSync(guide).mode;
      chmodSync(guide, 0o700);
      expect((await cli(['build'], project.root)).stderr).not.toMatch(upToDate);
      expect(statSync(guide).mode).toBe(mode);
      // Given another owner (as root; the same one otherwise, which moves its change time all the same).
      const uid = process.getuid?.() ?? 0;
      chownSync(guide, uid === 0 ? 65534 : uid, process.getgid?.() ?? 0);
      expect((await cli(['build'], project.root)).stderr).not.toMatch(upToDate);
      expect(statSync(guide).uid).toBe(uid);
      expect((await cli(['build'], project.root)).stderr).toMatch(upToDate);
      // Other options are other inputs: --strict is not answered by a lenient build.
      const strict = await cli(['build', '--strict'], project.root);
      expect(strict.code).toBe(1);
      expect((await cli(['build', '--no-cache'], project.root)).stderr).not.toMatch(upToDate);
    } finally {
      project.cleanup();
    }
  });

  it('removes what a killed build left beside the output, even when the output is up to date', async () => {
    const project = tempProject({ fixture: 'basic' });
    try {
      expect((await cli(['build', '--no-search'], project.root)).code).toBe(0);
      // The id of a process that has ended, as a build killed while writing leaves its folder.
      const ended = spawnSync(process.execPath, ['-e', '0']).pid;
      const left = path.join(project.root, `.dist.tmp-${ended}`);
      mkdirSync(path.join(left, 'docs'), { recursive: true });
      writeFileSync(path.join(left, 'docs', 'intro.html'), 'half written');
      const again = await cli(['build', '--no-search'], project.root);
      expect(again.stderr).toMatch(/are up to date/);
      expect(existsSync(left)).toBe(false);
    } finally {
      project.cleanup();
    }
  });

  it('says what the system refused, with the path, when the output cannot be written', async () => {
    const project = tempProject({ fixture: 'basic' });
    try {
      const result = await cli(['build', '--no-search', '--out', '/proc/mapsdocs-site'], project.root);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^error: could not \w+ \/proc\/\S+ \(ENOENT\): a folder on that path does not exist and cannot be made there: choose another one \(--out\)/m);
      expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
    } finally {
      project.cleanup();
    }
  });

  // A folder made immutable (chattr +i: as root, on ext2-4 and the like) refuses even root, with EPERM.
  const immutable = (dir: string): boolean => spawnSync('chattr', ['+i', dir]).status === 0;
  it('says a permission refused is one, with the path and what a build reads and writes', async () => {
    const project = tempProject({ fixture: 'basic' });
    const locked = path.join(project.root, 'locked');
    mkdirSync(locked);
    try {
      if (!immutable(locked)) return;
      const result = await cli(['build', '--no-search', '--no-cache', '--out', path.join(locked, 'site')], project.root);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^error: could not \w+ \S+locked\/\.?site\S* \(EPERM\): check its permissions: a build reads the content, the descriptions and the cache, and writes the output folder \(or another: --out\)/m);
      expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
    } finally {
      spawnSync('chattr', ['-i', locked]);
      project.cleanup();
    }
  });

  it('check reports broken links as text or JSON and fails with --strict', async () => {
    const project = tempProject({ fixture: 'basic' });
    try {
      const text = await cli(['check'], project.root);
      expect(text.code).toBe(0);
      expect(text.stdout).toContain('content/docs/guide/setup.md:9:55: broken anchor');
      const json = await cli(['check', '--format', 'json', '--strict'], project.root);
      expect(json.code).toBe(1);
      expect(JSON.parse(json.stdout)).toEqual([expect.objectContaining({ kind: 'anchor', file: 'content/docs/guide/setup.md', line: 9, column: 55 })]);
      writeFileSync(path.join(project.content, 'docs/guide/setup.md'), '---\nsidebar_label: Setup\n---\n\n# Set up\n\n## Install it\n\nFine.\n');
      expect((await cli(['check', '--strict'], project.root)).code).toBe(0);
    } finally {
      project.cleanup();
    }
  });

  it('check reports warnings about the content, and --strict fails on them as build --strict does', async () => {
    const project = tempProject({ fixture: 'basic' });
    try {
      writeFileSync(path.join(project.content, 'docs/guide/setup.md'), '---\nsidebar_label: Setup\n---\n\n# Set up\n\n## Install it\n\n```yml+\nx: 1\n```\n');
      const text = await cli(['check'], project.root);
      expect(text.code).toBe(0);
      expect(text.stdout).toContain('content/docs/guide/setup.md:9:1: warning: unknown code language "yml+"');
      expect(text.stdout).toMatch(/pages checked: no broken link or anchor; 1 warning about the content/);
      const strict = await cli(['check', '--strict', '--format', 'json'], project.root);
      expect(strict.code).toBe(1);
      expect(JSON.parse(strict.stdout)).toEqual([expect.objectContaining({ kind: 'warning', file: 'content/docs/guide/setup.md', line: 9, column: 1 })]);
    } finally {
      project.cleanup();
    }
  });

  it('check --format json gives the errors that stopped it as JSON, and still fails', async () => {
    const project = tempProject({ fixture: 'basic' });
    try {
      writeFileSync(path.join(project.content, 'docs/guide/setup.md'), '---\ntitle: [unclosed\n---\n\nText.\n');
      const json = await cli(['check', '--format', 'json'], project.root);
      expect(json.code).toBe(1);
      expect(JSON.parse(json.stdout)).toEqual([expect.objectContaining({ kind: 'error', file: 'content/docs/guide/setup.md', line: expect.any(Number), column: expect.any(Number), message: expect.any(String) })]);
      expect(json.stderr).toMatch(/content\/docs\/guide\/setup\.md:\d+:\d+: error/);
    } finally {
      project.cleanup();
    }
  });
});
