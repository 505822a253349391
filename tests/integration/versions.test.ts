import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { overwriteKeepingTime } from '../helpers/tamper.ts';
import type { Server } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dev } from '../../src/commands/dev.ts';
import { serve } from '../../src/commands/serve.ts';
import { events } from '../helpers/devEvents.ts';
import { cli } from '../helpers/cli.ts';
import { page, small, versionedSite } from '../helpers/versionedSite.ts';

describe('a versioned site, built', () => {
  const project = versionedSite();
  const out = path.join(project.root, 'dist');
  const read = (rel: string): string => readFileSync(path.join(out, rel), 'utf8');
  let stderr = '';
  let server: Server;
  let url = '';

  beforeAll(async () => {
    const result = await cli(['build', '--no-cache'], project.root);
    expect(result.code, result.stderr).toBe(0);
    stderr = result.stderr;
    ({ server, url } = await serve({ dir: out, port: 0 }));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    project.cleanup();
  });

  it('serves the last version at /docs, current at /docs/next and the older one at /docs/1.0', () => {
    for (const file of ['docs/intro.html', 'docs/guide/setup.html', 'docs/only-in-2.html', 'docs/next/intro.html', 'docs/next/guide/setup.html', 'docs/next/new-in-next.html', 'docs/1.0/intro.html']) {
      expect(existsSync(path.join(out, file)), file).toBe(true);
    }
    expect(read('docs/intro.html')).toContain('Docs of 2.0.');
    expect(read('docs/next/intro.html')).toContain('Current docs.');
    expect(read('docs/1.0/intro.html')).toContain('Docs of 1.0');
  });

  it('keeps links of a versioned page inside its version', () => {
    expect(read('docs/next/intro.html')).toContain('href="/docs/next/guide/setup"');
    expect(read('docs/next/intro.html')).toContain('href="/docs/next/new-in-next"');
    expect(read('docs/next/guide/setup.html')).toContain('href="/docs/next/intro"');
    expect(read('docs/intro.html')).toContain('href="/docs/guide/setup"');
  });

  it('reports a broken link of a versioned page at its own file, line and column', () => {
    expect(stderr).toMatch(/content\/versioned_docs\/version-1\.0\/intro\.md:6:40: broken link "\/docs\/guide\/setup": no page at \/docs\/1\.0\/guide\/setup/);
  });

  it('puts a banner over other versions, naming the version and leading to the same page in the last one, or its main doc', () => {
    const next = read('docs/next/guide/setup.html');
    expect(next).toMatch(/<div class="version-banner"[^>]*><p>This is unreleased documentation for Versioned <strong>Next<\/strong>\.<\/p><p>For up-to-date documentation, see the <a href="\/docs\/guide\/setup" data-version="2\.0">latest version<\/a> \(2\.0\)\.<\/p><\/div>/);
    expect(read('docs/1.0/intro.html')).toMatch(/This is documentation for Versioned <strong>1\.0<\/strong>, which is no longer actively maintained\.[\s\S]*?<a href="\/docs\/intro" data-version="2\.0">latest version<\/a>/);
    // A page the last version does not have leads to its main doc.
    expect(read('docs/next/new-in-next.html')).toMatch(/see the <a href="\/docs\/intro" data-version="2\.0">latest version<\/a>/);
    expect(read('docs/intro.html')).not.toContain('version-banner');
    expect(read('docs/intro.html')).toContain('<span class="version-badge">Version: 2.0</span>');
  });

  it('gives each version its own sidebar, previous/next links and breadcrumbs', () => {
    const sidebarLinks = (file: string): string[] => [...(/<nav aria-label="Docs sidebar"[\s\S]*?<\/nav>/.exec(read(file))?.[0] ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(sidebarLinks('docs/next/intro.html')).toEqual(['/docs/next/intro', '/docs/next/new-in-next', '/docs/next/api/reference', '/docs/next/api/changes', '/docs/next/guide/setup']);
    expect(sidebarLinks('docs/intro.html')).toEqual(['/docs/intro', '/docs/only-in-2', '/docs/api/reference', '/docs/guide/setup']);
    expect(sidebarLinks('docs/1.0/intro.html')).toEqual(['/docs/1.0/intro']);
    expect(read('docs/next/intro.html')).toMatch(/<a class="pager-link pager-next" href="\/docs\/next\/new-in-next"/);
  });

  it('leads each dropdown entry to the same page in that version, or that version\'s main doc', () => {
    const dropdown = (file: string): [string, string][] =>
      [...(/<details class="navbar-dropdown" data-kind="versions"[\s\S]*?<\/details>/.exec(read(file))?.[0] ?? '').matchAll(/<a class="dropdown-link[^"]*" href="([^"]+)"[^>]*data-value="([^"]+)"/g)].map((m) => [m[2] ?? '', m[1] ?? '']);
    expect(dropdown('docs/only-in-2.html')).toEqual([
      ['current', '/docs/next/intro'],
      ['2.0', '/docs/only-in-2'],
      ['1.0', '/docs/1.0/intro'],
    ]);
    expect(dropdown('docs/next/guide/setup.html')).toEqual([
      ['current', '/docs/next/guide/setup'],
      ['2.0', '/docs/guide/setup'],
      ['1.0', '/docs/1.0/intro'],
    ]);
    // The change log exists in Next alone (2.0's description is the oldest): the others lead to their main doc.
    expect(dropdown('docs/next/api/changes.html')).toEqual([
      ['current', '/docs/next/api/changes'],
      ['2.0', '/docs/intro'],
      ['1.0', '/docs/1.0/intro'],
    ]);
  });

  it("marks the page's own version as the current entry of the dropdown, and no other", () => {
    const current = (file: string): string[] => currentVersionEntries(read(file));
    // 2.0's entry leads to its main doc (/docs/intro, under /docs/ like every page): it is not this page's version.
    expect(current('docs/next/new-in-next.html')).toEqual(['current']);
    expect(current('docs/1.0/intro.html')).toEqual(['1.0']);
    expect(current('docs/only-in-2.html')).toEqual(['2.0']);
  });

  it('points the navbar docs items into the page\'s version, and leaves every version\'s target for the client outside the docs', () => {
    const nav = read('docs/next/intro.html');
    expect(nav).toMatch(/<a class="navbar-link[^"]*" href="\/docs\/next\/intro"[^>]*>Documentation/);
    expect(nav).toMatch(/<a class="navbar-link[^"]*" href="\/docs\/next\/guide\/setup"[^>]*>Setup/);
    expect(nav).not.toContain('data-version-hrefs');
    const outside = read('markdown-page.html');
    expect(outside).toMatch(/<a class="navbar-link" href="\/docs\/intro" data-version-hrefs="\{&quot;current&quot;:&quot;\/docs\/next\/intro&quot;,&quot;2\.0&quot;:&quot;\/docs\/intro&quot;,&quot;1\.0&quot;:&quot;\/docs\/1\.0\/intro&quot;\}"/);
    // The docsVersion item is labelled with the version it leads to.
    expect(outside).toMatch(/data-version-labels="\{&quot;current&quot;:&quot;Next&quot;,&quot;2\.0&quot;:&quot;2\.0&quot;,&quot;1\.0&quot;:&quot;1\.0&quot;\}">2\.0</);
  });

  it('builds each version\'s API reference from its own description, and none for a version without one', () => {
    expect(read('docs/next/api/reference.html')).toContain('id="operation-getHealth"');
    expect(read('docs/api/reference.html')).not.toContain('id="operation-getHealth"');
    expect(existsSync(path.join(out, 'docs/1.0/api/reference.html'))).toBe(false);
    expect(existsSync(path.join(out, 'docs/next/api/maps-messaging-api.yaml'))).toBe(true);
  });

  it("paints each version's reference after its first section, with its collapsed sections deferred, and states the caching of every version in _headers", () => {
    for (const rel of ['docs/next/api/reference.html', 'docs/api/reference.html']) {
      const html = read(rel);
      expect(html, rel).toContain('<link rel="expect" href="#reference-intro" blocking="render"/>');
      expect(html, rel).toMatch(/<header class="reference-header" id="reference-intro">/);
      expect(html, rel).toMatch(/<details class="component-schema">.*?<\/summary><noscript class="deferred">/s);
      expect(existsSync(path.join(out, `${rel}.br`)), rel).toBe(true);
    }
    // One rule covers every version's pages.
    expect(read('_headers')).toMatch(/^\/docs\/\*\n {2}Cache-Control: no-cache$/m);
  });

  it('writes the REST change log of current against 2.0, readable without JavaScript, with links into both references', () => {
    const changes = read('docs/next/api/changes.html');
    expect(changes).toContain('<h1>REST API changes in Next</h1>');
    expect(changes).toMatch(/id="operations-added">Operations added \(1\)<\/h2>[\s\S]*?<a href="\/docs\/next\/api\/reference#operation-getHealth">\/health<\/a>/);
    expect(changes).toMatch(/<a href="\/docs\/next\/api\/reference#operation-listThings">\/api\/v1\/things<\/a>[\s\S]*?query parameter <code>legacy<\/code> removed/);
    expect(changes).toContain('change-breaking');
    // 2.0 has no earlier description (1.0 has none): no change log.
    expect(existsSync(path.join(out, 'docs/api/changes.html'))).toBe(false);
  });

  it('lists every page of every version in the sitemap, and no not-found page', () => {
    const sitemap = read('sitemap.xml');
    for (const route of ['/docs/intro', '/docs/next/intro', '/docs/1.0/intro', '/docs/next/api/changes', '/docs/api/reference', '/docs/next/api/reference']) expect(sitemap).toContain(`<loc>https://docs.mapsmessaging.io${route}</loc>`);
    expect(sitemap).not.toMatch(/404/);
  });

  it('answers an unknown path of a version with that version\'s not-found page', async () => {
    const response = await fetch(`${url}docs/1.0/nope`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('Page Not Found');
    expect(html).toContain('href="/docs/1.0/intro"');
    const root = await (await fetch(`${url}nope`)).text();
    expect(root).toContain('href="/docs/intro"');
    // The last version's, under /docs: its own entry is the dropdown's current one.
    const last = await fetch(`${url}docs/nope`);
    expect(last.status).toBe(404);
    expect(currentVersionEntries(await last.text())).toEqual(['2.0']);
    expect(currentVersionEntries(await (await fetch(`${url}docs/next/nope`)).text())).toEqual(['current']);
  });

  /** Everything the index of a version's folder holds, as text. */
  const indexText = (version: string): string => {
    const dir = path.join(out, 'search-index', version);
    return readdirSync(dir)
      .map((name) => readFileSync(path.join(dir, name), 'utf8'))
      .join('\n');
  };

  it('makes one search index per version, each with its pages, its reference records and the pages outside the docs', () => {
    expect(readdirSync(path.join(out, 'search-index')).sort()).toEqual(['1.0', '2.0', 'current']);
    const next = indexText('current');
    for (const url of ['/docs/next/api/reference#operation-getHealth', '/docs/next/new-in-next', '/docs/next/intro', '/markdown-page']) expect(next).toContain(`"${url}"`);
    const last = indexText('2.0');
    for (const url of ['/docs/api/reference#operation-listThings', '/docs/only-in-2', '/docs/intro', '/markdown-page']) expect(last).toContain(`"${url}"`);
    expect(indexText('1.0')).toContain('"/docs/1.0/intro"');
    // Another version's pages and operations are never in it.
    expect(last).not.toMatch(/"\/docs\/(?:next|1\.0)\//);
    expect(next).not.toMatch(/"\/docs\/(?!next\/)[^"]*"/);
    expect(indexText('1.0')).not.toMatch(/"\/docs\/(?!1\.0\/)[^"]*"/);
  });

  it('indexes the REST change log in its version, the page and each change under its anchor', () => {
    const meta = readFileSync(path.join(out, 'search-index', 'current', 'meta.json'), 'utf8');
    expect(meta).toContain('/docs/next/api/changes"');
    expect(meta).toMatch(/\/docs\/next\/api\/changes#[^"]+"/);
    expect(meta).toContain('REST API changes in Next');
    expect(readFileSync(path.join(out, 'search-index', '1.0', 'meta.json'), 'utf8')).not.toContain('/api/changes');
  });
});

describe('the search indexes of a versioned site in the build cache', () => {
  it('makes again only the index of the version edited, and builds what a build without the cache builds', async () => {
    const project = versionedSite();
    const cached = (name: string): string => path.join(project.root, 'node_modules', '.cache', 'mapsdocs', 'search', `search-index@${name}`, 'key');
    try {
      expect((await cli(['build'], project.root)).code).toBe(0);
      const before = Object.fromEntries(['1.0', '2.0', 'current'].map((name) => [name, readFileSync(cached(name), 'utf8')]));
      const page = path.join(project.content, 'docs', 'intro.md');
      writeFileSync(page, readFileSync(page, 'utf8').replace(/\n*$/, '\n\nA zeppelin word only Next has.\n'));
      const again = await cli(['build'], project.root);
      expect(again.code, again.stderr).toBe(0);
      expect(readFileSync(cached('1.0'), 'utf8')).toBe(before['1.0']);
      expect(readFileSync(cached('2.0'), 'utf8')).toBe(before['2.0']);
      expect(readFileSync(cached('current'), 'utf8')).not.toBe(before['current']);
      const index = path.join(project.root, 'dist', 'search-index');
      expect(readdirSync(path.join(index, 'current')).some((name) => readFileSync(path.join(index, 'current', name), 'utf8').includes('zeppelin'))).toBe(true);
      expect(readdirSync(path.join(index, '2.0')).some((name) => readFileSync(path.join(index, '2.0', name), 'utf8').includes('zeppelin'))).toBe(false);
      const fresh = await cli(['build', '--no-cache', '--out', 'fresh'], project.root);
      expect(fresh.code, fresh.stderr).toBe(0);
      for (const version of ['1.0', '2.0', 'current']) {
        const names = readdirSync(path.join(index, version)).sort();
        expect(readdirSync(path.join(project.root, 'fresh', 'search-index', version)).sort()).toEqual(names);
        for (const name of names) expect(readFileSync(path.join(index, version, name), 'utf8')).toBe(readFileSync(path.join(project.root, 'fresh', 'search-index', version, name), 'utf8'));
      }
    } finally {
      project.cleanup();
    }
  });
});

/** The versions a page's dropdown marks as the current one (by their names). */
function currentVersionEntries(html: string): string[] {
  const dropdown = /<details class="navbar-dropdown" data-kind="versions"[\s\S]*?<\/details>/.exec(html)?.[0] ?? '';
  return [...dropdown.matchAll(/<a class="dropdown-link active"[^>]*aria-current="page"[^>]*data-value="([^"]+)"/g)].map((m) => m[1] ?? '');
}

describe('the version dropdown when the last version\'s main doc is /docs/', () => {
  it("marks the page's own version alone, though every docs route is under /docs/", async () => {
    const project = versionedSite();
    try {
      writeFileSync(path.join(project.content, 'versioned_docs', 'version-2.0', 'index.md'), '---\ntitle: Docs of 2.0\n---\n\nThe index of 2.0.\n');
      const result = await cli(['build', '--no-search'], project.root);
      expect(result.code, result.stderr).toBe(0);
      const current = (file: string): string[] => currentVersionEntries(readFileSync(path.join(project.root, 'dist', file), 'utf8'));
      expect(readFileSync(path.join(project.root, 'dist', 'docs', 'next', 'new-in-next.html'), 'utf8')).toMatch(/<a class="dropdown-link[^"]*" href="\/docs\/"[^>]*data-value="2\.0"/);
      expect(current('docs/next/new-in-next.html')).toEqual(['current']);
      expect(current('docs/1.0/intro.html')).toEqual(['1.0']);
      expect(current('docs/index.html')).toEqual(['2.0']);
    } finally {
      project.cleanup();
    }
  });
});

describe('the up-to-date check of a versioned site', () => {
  it("builds again when an older version's API description changes, and renders only what it changed", async () => {
    const project = versionedSite();
    const description = path.join(project.root, 'openapi', 'versioned', 'version-2.0', 'maps-messaging-api.yaml');
    try {
      expect((await cli(['build', '--no-search'], project.root)).code).toBe(0);
      expect((await cli(['build', '--no-search'], project.root)).stderr).toMatch(/up to date/);
      writeFileSync(description, readFileSync(description, 'utf8').replace(/title: .*/, 'title: Renamed in 2.0'));
      const again = await cli(['build', '--no-search'], project.root);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).not.toMatch(/up to date/);
      expect(readFileSync(path.join(project.root, 'dist', 'docs', 'api', 'reference.html'), 'utf8')).toContain('Renamed in 2.0');
    } finally {
      project.cleanup();
    }
  });
});

/** Every file under `dir`, by its path relative to it (folders followed as they are: the output holds no links). */
function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** `dist` holds exactly what a build without the cache makes of the same inputs. */
async function expectAsBuiltWithoutCache(root: string): Promise<void> {
  const fresh = await cli(['build', '--no-cache', '--out', 'fresh'], root);
  expect(fresh.code, fresh.stderr).toBe(0);
  const names = filesOf(path.join(root, 'fresh'));
  expect(filesOf(path.join(root, 'dist'))).toEqual(names);
  for (const name of names) expect(readFileSync(path.join(root, 'dist', name)).equals(readFileSync(path.join(root, 'fresh', name))), name).toBe(true);
  rmSync(path.join(root, 'fresh'), { recursive: true, force: true });
}

describe('an owner or extended attribute given to an output file the cache links (independent check, D3)', () => {
  const hasAttrTools = spawnSync('setfattr', ['--version']).status === 0;
  /** Every extended attribute of the user namespace under `dir` (getfattr's dump: empty when there is none). */
  const attributesUnder = (dir: string): string => execFileSync('getfattr', ['-R', '-d', '--absolute-names', dir], { encoding: 'utf8' });
  const uid = process.getuid?.() ?? 0;
  /** Files under `dir` that do not belong to the build's user. */
  const foreign = (dir: string): string[] => filesOf(dir).filter((name) => lstatSync(path.join(dir, name)).uid !== uid);

  // CI installs the attr package (.ci/run): there this runs.
  it.runIf(hasAttrTools || process.env.CI === 'true')('is undone by the next build, in every output file that shared it, and never handed out by the cache again', async () => {
    const project = versionedSite();
    const dist = path.join(project.root, 'dist');
    const cache = path.join(project.root, 'node_modules', '.cache', 'mapsdocs');
    try {
      expect((await cli(['build'], project.root)).code).toBe(0);
      // Linked from the cache's stores: the theme, compressed copies, the search index, the API download each version shares.
      const linked = filesOf(dist).filter((name) => statSync(path.join(dist, name)).nlink > 1);
      const chosen = [
        linked.find((name) => name.startsWith('assets/') && name.endsWith('.css')),
        linked.find((name) => name.endsWith('.html.br')),
        linked.find((name) => name.startsWith('search-index/current/') && !name.endsWith('.br') && !name.endsWith('.gz')),
        linked.find((name) => name.startsWith('docs/') && !/\.(?:html|gz|br)$/.test(name)),
      ];
      expect(chosen.every((name) => name !== undefined), JSON.stringify(chosen)).toBe(true);
      // A clock tick after the build: a change time taken in the same one would not tell the change.
      await new Promise((resolve) => setTimeout(resolve, 20));
      for (const name of chosen as string[]) {
        const file = path.join(dist, name);
        // Another owner as root; as anyone else the same one, which moves its change time all the same.
        chownSync(file, uid === 0 ? 65534 : uid, process.getgid?.() ?? 0);
        execFileSync('setfattr', ['-n', 'user.mapsdocs-test', '-v', 'planted', file]);
      }
      expect(attributesUnder(dist)).toContain('planted');
      const again = await cli(['build'], project.root);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).not.toMatch(/up to date/);
      expect(attributesUnder(dist)).toBe('');
      expect(foreign(dist)).toEqual([]);
      await expectAsBuiltWithoutCache(project.root);
      expect(attributesUnder(cache)).toBe('');
      expect(foreign(cache)).toEqual([]);
      // Undone for good: recorded as built, and a new output takes nothing of it from the cache.
      expect((await cli(['build'], project.root)).stderr).toMatch(/up to date/);
      rmSync(dist, { recursive: true, force: true });
      expect((await cli(['build'], project.root)).code).toBe(0);
      expect(attributesUnder(dist)).toBe('');
      expect(foreign(dist)).toEqual([]);
      await expectAsBuiltWithoutCache(project.root);
      // The output deleted after an owner was given (as root): nothing vouches for the cache's files
      // by their change times, which the deletion moved, but their owner is still compared.
      if (uid === 0) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        for (const name of chosen as string[]) chownSync(path.join(dist, name), 65534, process.getgid?.() ?? 0);
        rmSync(dist, { recursive: true, force: true });
        expect((await cli(['build'], project.root)).code).toBe(0);
        expect(foreign(dist)).toEqual([]);
        expect(foreign(cache)).toEqual([]);
      }
    } finally {
      project.cleanup();
    }
  });
});

describe('an extended attribute given through another output folder the cache linked (independent check, helper-29, defect A)', () => {
  const hasAttrTools = spawnSync('setfattr', ['--version']).status === 0;
  const attributesUnder = (dir: string): string => execFileSync('getfattr', ['-R', '-d', '--absolute-names', dir], { encoding: 'utf8' });

  // CI installs the attr package (.ci/run): there this runs.
  it.runIf(hasAttrTools || process.env.CI === 'true')('does not reach dist: the last build into any folder vouches for the cache\'s files', async () => {
    const project = versionedSite();
    const dist = path.join(project.root, 'dist');
    const other = path.join(project.root, 'other');
    try {
      expect((await cli(['build'], project.root)).code).toBe(0);
      // A second output, linked from the same cache: its files share inodes with dist's and the cache's.
      expect((await cli(['build', '--out', 'other'], project.root)).code).toBe(0);
      const shared = filesOf(other).filter((name) => statSync(path.join(other, name)).nlink > 2 && existsSync(path.join(dist, name)));
      expect(shared.length).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 20));
      for (const name of shared.slice(0, 5)) execFileSync('setfattr', ['-n', 'user.mapsdocs-test', '-v', 'planted', path.join(other, name)]);
      expect(attributesUnder(dist)).toContain('planted');
      const again = await cli(['build'], project.root);
      expect(again.code, again.stderr).toBe(0);
      expect(attributesUnder(dist)).toBe('');
      await expectAsBuiltWithoutCache(project.root);
      expect((await cli(['build'], project.root)).stderr).toMatch(/up to date/);
    } finally {
      project.cleanup();
    }
  });
});

describe('the folders of unchanged versions after an edit', () => {
  it('are moved whole into the new output (not linked file by file), unless changed since, and the output is what a build without the cache makes', async () => {
    const project = versionedSite();
    const dist = path.join(project.root, 'dist');
    const inode = (rel: string): number => statSync(path.join(dist, rel)).ino;
    const intro = path.join(project.content, 'docs', 'intro.md');
    const edit = (word: string): void => writeFileSync(intro, readFileSync(intro, 'utf8').replace(/\n*$/, `\n\nThe word ${word}.\n`));
    try {
      expect((await cli(['build'], project.root)).code).toBe(0);
      const carried = ['docs/1.0', 'search-index/1.0', 'search-index/2.0', 'docs/guide'];
      const before = Object.fromEntries(carried.map((rel) => [rel, inode(rel)]));
      const remade = inode('search-index/current');
      edit('zeppelin');
      const again = await cli(['build'], project.root);
      expect(again.code, again.stderr).toBe(0);
      for (const rel of carried) expect(inode(rel), rel).toBe(before[rel]);
      expect(inode('search-index/current')).not.toBe(remade);
      await expectAsBuiltWithoutCache(project.root);
      // What the build recorded of the carried folders holds: nothing changed, nothing is done.
      expect((await cli(['build'], project.root)).stderr).toMatch(/up to date/);

      // Changed since: a file put in one version's folder, a file of another's index written over in place.
      writeFileSync(path.join(dist, 'docs', '1.0', 'planted.html'), 'planted');
      const indexFile = readdirSync(path.join(dist, 'search-index', '2.0')).find((name) => name.endsWith('.json')) as string;
      overwriteKeepingTime(path.join(dist, 'search-index', '2.0', indexFile), Buffer.alloc(statSync(path.join(dist, 'search-index', '2.0', indexFile)).size, 0x20));
      edit('airship');
      const third = await cli(['build'], project.root);
      expect(third.code, third.stderr).toBe(0);
      expect(inode('docs/1.0')).not.toBe(before['docs/1.0']);
      expect(inode('search-index/2.0')).not.toBe(before['search-index/2.0']);
      expect(inode('search-index/1.0')).toBe(before['search-index/1.0']);
      expect(existsSync(path.join(dist, 'docs', '1.0', 'planted.html'))).toBe(false);
      await expectAsBuiltWithoutCache(project.root);
    } finally {
      project.cleanup();
    }
  });
});

describe('mapsdocs check on a versioned site', () => {
  it('checks every version and reports the versioned file', async () => {
    const project = versionedSite();
    try {
      const result = await cli(['check', '--format', 'json'], project.root);
      const broken = JSON.parse(result.stdout) as { file: string; line: number; column: number; url: string }[];
      expect(broken).toEqual([expect.objectContaining({ file: 'content/versioned_docs/version-1.0/intro.md', line: 6, column: 40 })]);
    } finally {
      project.cleanup();
    }
  });
});

describe('mapsdocs version', () => {
  it('snapshots the docs, the sidebar and the API description, and lists the version first', async () => {
    const project = versionedSite();
    try {
      const sidebars = path.join(project.content, 'sidebars.json');
      const { writeFileSync } = await import('node:fs');
      writeFileSync(sidebars, JSON.stringify({ tutorialSidebar: ['intro', 'guide/setup', 'new-in-next'] }));
      const result = await cli(['version', '3.0'], project.root);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toBe('✓ version 3.0: docs in content/versioned_docs/version-3.0, sidebar in content/versioned_sidebars/version-3.0-sidebars.json, API description in openapi/versioned/version-3.0; content/versions.json lists it first\n');
      expect(JSON.parse(readFileSync(path.join(project.content, 'versions.json'), 'utf8'))).toEqual(['3.0', '2.0', '1.0']);
      expect(readFileSync(path.join(project.content, 'versioned_docs', 'version-3.0', 'new-in-next.md'), 'utf8')).toContain('Only in the current docs.');
      expect(readFileSync(path.join(project.root, 'openapi', 'versioned', 'version-3.0', 'maps-messaging-api.yaml'), 'utf8')).toBe(small);
      // The new version is now the last one, at /docs.
      const build = await cli(['build', '--no-search'], project.root);
      expect(build.code, build.stderr).toBe(0);
      expect(readFileSync(path.join(project.root, 'dist', 'docs', 'new-in-next.html'), 'utf8')).toContain('Version: 3.0');
      expect(readFileSync(path.join(project.root, 'dist', 'docs', 'api', 'changes.html'), 'utf8')).toContain('REST API changes in 3.0');
    } finally {
      project.cleanup();
    }
  });

  it.each([
    ['an existing name', ['version', '2.0'], /^error: version "2\.0" already exists in content\/versions\.json\n$/],
    ['a name no URL segment can hold', ['version', 'a/b'], /^error: "a\/b" cannot name a version/],
    ['"current"', ['version', 'current'], /^error: "current" cannot name a version/],
    ['a name whose folder is left from an earlier snapshot', ['version', '1.5'], /^error: content\/versioned_docs\/version-1\.5 already exists: remove it, or choose another name\n$/],
    ['no name', ['version'], /^error: missing the release to snapshot/],
  ])('refuses %s with exit code 2 and changes nothing', async (_, args, message) => {
    const project = versionedSite();
    try {
      mkdirSync(path.join(project.content, 'versioned_docs', 'version-1.5'));
      const before = readFileSync(path.join(project.content, 'versions.json'), 'utf8');
      const result = await cli(args, project.root);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(readFileSync(path.join(project.content, 'versions.json'), 'utf8')).toBe(before);
      expect(existsSync(path.join(project.content, 'versioned_docs', 'version-a'))).toBe(false);
    } finally {
      project.cleanup();
    }
  });

  it('does nothing when `npm version` runs it as its lifecycle hook', async () => {
    const project = versionedSite();
    try {
      const result = await cli(['version'], project.root, { npm_command: 'version' });
      expect(result.code).toBe(0);
      expect(result.stderr).toMatch(/nothing to do for `npm version`/);
      expect(JSON.parse(readFileSync(path.join(project.content, 'versions.json'), 'utf8'))).toEqual(['2.0', '1.0']);
    } finally {
      project.cleanup();
    }
  });

  it('reports a damaged versions.json at its line and column as the version command failing, and changes nothing', async () => {
    const project = versionedSite();
    try {
      writeFileSync(path.join(project.content, 'versions.json'), '[\n  "2.0",\n  "1.0"\n');
      const result = await cli(['version', '3.0'], project.root);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/content\/versions\.json:\d+:\d+/);
      expect(result.stderr).toMatch(/✗ version failed: 1 error/);
      expect(result.stderr).not.toMatch(/build failed/);
      expect(existsSync(path.join(project.content, 'versioned_docs', 'version-3.0'))).toBe(false);
    } finally {
      project.cleanup();
    }
  });

  it('refuses to run without content/docs, and changes nothing', async () => {
    const project = versionedSite();
    try {
      rmSync(path.join(project.content, 'docs'), { recursive: true });
      const result = await cli(['version', '3.0'], project.root);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe('error: there is no content/docs to snapshot: the current docs live there\n');
      expect(JSON.parse(readFileSync(path.join(project.content, 'versions.json'), 'utf8'))).toEqual(['2.0', '1.0']);
    } finally {
      project.cleanup();
    }
  });
});

/** Runs `test` against dev serving a fresh copy of the versioned fixture once its first build is done, then stops both. */
async function withDevOnVersionedSite(test: (server: Awaited<ReturnType<typeof dev>>, project: ReturnType<typeof versionedSite>) => Promise<void>): Promise<void> {
  const project = versionedSite();
  const server = await dev({ root: project.root, port: 0, quiet: true, signals: false });
  try {
    await server.settled();
    await test(server, project);
  } finally {
    await server.close();
    project.cleanup();
  }
}

describe('mapsdocs dev on a versioned site', () => {
  it('serves every version, and an edit to one version re-renders only its pages', () =>
    withDevOnVersionedSite(async (server, project) => {
      const get = async (route: string): Promise<string> => (await fetch(`${server.url}${route.slice(1)}`)).text();
      expect(await get('/docs/1.0/intro')).toContain('Docs of 1.0');
      expect(await get('/docs/next/api/changes')).toContain('REST API changes in Next');
      const stream = await events(server.url);
      const { writeFileSync } = await import('node:fs');
      writeFileSync(path.join(project.content, 'versioned_docs', 'version-1.0', 'intro.md'), page('Introduction', 'Docs of 1.0, edited.'));
      const update = (await stream.next('update', 20_000)) as { rendered: number; pages: number };
      expect(await get('/docs/1.0/intro')).toContain('Docs of 1.0, edited.');
      // The edited page alone: the other versions' pages, and its version's other pages, are as they were.
      expect(update.rendered).toBe(1);
      stream.close();
    }));
});

describe('the search indexes of mapsdocs dev on a versioned site', () => {
  it("serves one index per version, and after an edit makes again that version's alone", () =>
    withDevOnVersionedSite(async (server, project) => {
      const meta = async (version: string): Promise<string | undefined> => {
        const response = await fetch(`${server.url}search-index/${version}/meta.json`);
        return response.ok ? response.text() : undefined;
      };
      const waitFor = async (version: string, accept: (text: string | undefined) => boolean): Promise<string | undefined> => {
        for (let i = 0; i < 200; i += 1) {
          const text = await meta(version);
          if (accept(text)) return text;
          await new Promise((r) => setTimeout(r, 50));
        }
        throw new Error(`the search index of ${version} did not change`);
      };
      const before = Object.fromEntries(await Promise.all(['1.0', '2.0', 'current'].map(async (v) => [v, await waitFor(v, (text) => text !== undefined)] as const)));
      expect(before['1.0']).toContain('"/docs/1.0/intro"');
      expect(before['1.0']).not.toContain('"/docs/next/');
      expect(before['current']).toContain('"/docs/next/intro"');
      expect((await fetch(`${server.url}search-index/meta.json`)).status).toBe(404);
      const stream = await events(server.url);
      const { writeFileSync } = await import('node:fs');
      writeFileSync(path.join(project.content, 'versioned_docs', 'version-1.0', 'intro.md'), page('Renamed in one point oh', 'Docs of 1.0, edited.'));
      await stream.next('update', 20_000);
      stream.close();
      expect(await waitFor('1.0', (text) => text !== before['1.0'])).toContain('Renamed in one point oh');
      expect(await meta('2.0')).toBe(before['2.0']);
      expect(await meta('current')).toBe(before['current']);
    }));
});

describe('mapsdocs dev when the versions change', () => {
  it('moves every version\'s pages when a release is snapshotted, then when lastVersion changes, without a restart', () =>
    withDevOnVersionedSite(async (server, project) => {
      const status = async (route: string): Promise<number> => (await fetch(`${server.url}${route.slice(1)}`)).status;
      const get = async (route: string): Promise<string> => (await fetch(`${server.url}${route.slice(1)}`)).text();
      const stream = await events(server.url);
      const snapshot = await cli(['version', '3.0'], project.root);
      expect(snapshot.code, snapshot.stderr).toBe(0);
      await stream.next('update', 30_000, () => existsSync(path.join(project.content, 'versioned_docs', 'version-3.0')));
      await expect.poll(() => get('/docs/intro'), { timeout: 20_000 }).toContain('Current docs.');
      expect(await get('/docs/2.0/intro')).toContain('Docs of 2.0.');
      expect(await status('/docs/2.0/only-in-2')).toBe(200);
      expect(await get('/docs/1.0/intro')).toContain('Docs of 1.0');

      const site = readFileSync(path.join(project.content, 'site.yaml'), 'utf8');
      writeFileSync(path.join(project.content, 'site.yaml'), `${site}\ndocs:\n  lastVersion: current\n`);
      await expect.poll(() => status('/docs/next/intro'), { timeout: 20_000 }).toBe(404);
      expect(await status('/docs/3.0/intro')).toBe(200);
      expect(await get('/docs/intro')).toContain('Current docs.');
      stream.close();
    }));
});

describe('banner overrides', () => {
  it('show a banner site.yaml gives the last version (linking to its own page), and none where it says none', async () => {
    const project = versionedSite();
    try {
      const site = readFileSync(path.join(project.root, 'content', 'site.yaml'), 'utf8');
      writeFileSync(path.join(project.root, 'content', 'site.yaml'), `${site}\ndocs:\n  versions:\n    "2.0": { banner: unmaintained }\n    "1.0": { banner: none }\n`);
      const result = await cli(['build', '--no-search'], project.root);
      expect(result.code, result.stderr).toBe(0);
      const read = (rel: string): string => readFileSync(path.join(project.root, 'dist', rel), 'utf8');
      expect(read('docs/guide/setup.html')).toMatch(/<div class="version-banner"[^>]*><p>This is documentation for Versioned <strong>2\.0<\/strong>, which is no longer actively maintained\.<\/p><p>For up-to-date documentation, see the <a href="\/docs\/guide\/setup" data-version="2\.0">latest version<\/a>/);
      expect(read('docs/1.0/intro.html')).not.toContain('version-banner');
    } finally {
      project.cleanup();
    }
  });
});

describe('a navbar doc item on a versioned site', () => {
  it('is looked up in the version served at /docs, and the error says so', async () => {
    const project = versionedSite();
    try {
      const site = readFileSync(path.join(project.content, 'site.yaml'), 'utf8');
      writeFileSync(path.join(project.content, 'site.yaml'), site.replace('docId: guide/setup', 'docId: new-in-next'));
      const result = await cli(['build', '--no-search'], project.root);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('no docs page has the id "new-in-next"\n  hint: the page must exist in the version served at /docs (2.0); a doc id is the path under content/versioned_docs/version-2.0 without ".md"');
    } finally {
      project.cleanup();
    }
  });
});
