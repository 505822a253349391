import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeEntry, encodeEntry } from '../../src/cache.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, type CliResult } from '../helpers/cli.ts';
import { tempProject } from '../helpers/tempSite.ts';

/**
 * Builds run in CI on pull requests, and their previews are published: a page
 * or a description is hostile input. Each case builds a small project and
 * checks that the build refuses it with the file and position, within a
 * couple of seconds, without a stack trace, leaving the last good output as it
 * was; and that nothing outside the project reaches the output (a marker file
 * planted outside is looked for in every output file).
 */

/** Generous for a loaded machine: each build here takes 0.2-0.5 s alone. */
const TIME_BOUND_MS = 5000;

const outside = mkdtempSync(path.join(tmpdir(), 'mapsdocs-outside-'));
const MARKER = `MARKER-${randomBytes(8).toString('hex')}`;
/** The file name a traversing slug aims at, unique to this run. */
const PWNED = `PWNED-${randomBytes(6).toString('hex')}`;
const secret = path.join(outside, 'secret.png');
writeFileSync(secret, `${MARKER}\n`);
writeFileSync(path.join(outside, 'secret.md'), `# ${MARKER}\n`);
writeFileSync(path.join(outside, 'secret.yaml'), `type: string\ndescription: ${MARKER}\n`);
mkdirSync(path.join(outside, 'folder'));
writeFileSync(path.join(outside, 'folder', 'inside-a-linked-folder.txt'), MARKER);
afterAll(() => rmSync(outside, { recursive: true, force: true }));

const GOOD_PAGE = '---\ntitle: Intro\n---\n\nA good page.\n';

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

function expectNoMarker(dir: string): void {
  for (const file of filesUnder(dir)) expect(readFileSync(file, 'latin1').includes(MARKER), `${file} holds the marker`).toBe(false);
}

/** A refusal: exit 1, the message and `file:line:col` on stderr, no stack trace, in bounded time. */
function expectRefused(result: CliResult, where: RegExp, what: RegExp): void {
  expect(result.code, result.stderr).toBe(1);
  expect(result.stderr).toMatch(where);
  expect(result.stderr).toMatch(what);
  expect(result.stderr).not.toMatch(/^\s+at /m);
  expect(result.stderr).not.toMatch(/internal error|Unhandled|Maximum call stack/);
  expect(result.ms).toBeLessThan(TIME_BOUND_MS);
}

/** A project with a good build in dist/, then `files` written over it: the hostile build must leave dist/ as it was. */
async function hostile(files: Record<string, string>, prepare?: (root: string) => void, search = false): Promise<{ result: CliResult; root: string; cleanup: () => void }> {
  const project = tempProject({ files: { 'content/docs/intro.md': GOOD_PAGE } });
  const good = await cli(['build', '--no-search'], project.root);
  expect(good.code, good.stderr).toBe(0);
  const before = readFileSync(path.join(project.root, 'dist', 'docs', 'intro.html'), 'utf8');
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(project.root, rel)), { recursive: true });
    writeFileSync(path.join(project.root, rel), text);
  }
  prepare?.(project.root);
  const result = await cli(['build', ...(search ? [] : ['--no-search']), '--no-cache'], project.root);
  if (result.code !== 0) expect(readFileSync(path.join(project.root, 'dist', 'docs', 'intro.html'), 'utf8')).toBe(before);
  expectNoMarker(path.join(project.root, 'dist'));
  return { result, root: project.root, cleanup: project.cleanup };
}

function page(body: string, frontMatter = 'title: Hostile'): string {
  return `---\n${frontMatter}\n---\n\n${body}\n`;
}

describe('a page cannot write outside the output folder', () => {
  const traversals: [string, string][] = [
    ['eight ../ segments', `../../../../../../../../tmp/${PWNED}`],
    ['a ./ and ../ mix', `/docs/./../../../../${PWNED}`],
    ['percent-encoded dots', `"%2e%2e/%2e%2e/${PWNED}"`],
    ['backslashes', `..\\\\..\\\\${PWNED}`],
    ['a drive letter', `C:\\\\${PWNED}`],
    ['a control character', '"/docs/a\\u0000b"'],
    ['an empty segment', `/docs//${PWNED}`],
  ];
  it.each(traversals)('refuses a slug with %s at its line in the front matter', async (_, slug) => {
    const { result, root, cleanup } = await hostile({ 'content/docs/x.md': page('x', `title: X\nslug: ${slug}`) });
    try {
      expectRefused(result, /content\/docs\/x\.md:3:7: error: slug: not a route/, /write the route the page should have/);
      // Wherever the slug aimed, from the output folder up to the file system's root, nothing was written.
      for (let dir = path.join(root, 'dist'); dir !== path.dirname(dir); dir = path.dirname(dir)) expect(existsSync(path.join(dir, `${PWNED}.html`))).toBe(false);
      expect(existsSync(path.join(tmpdir(), `${PWNED}.html`))).toBe(false);
      expect(filesUnder(root).filter((f) => f.includes(PWNED))).toEqual([]);
    } finally {
      cleanup();
    }
  });
});

describe('a page cannot read outside the content folder', () => {
  it('refuses an image given by a relative path that climbs out, and copies nothing', async () => {
    const { result, cleanup, root } = await hostile({ 'content/docs/x.md': page(`![e](${path.relative(path.join(tmpdir(), 'p', 'content', 'docs'), secret)})`) }, () => undefined);
    try {
      expectRefused(result, /content\/docs\/x\.md:5:1: error: image ".*secret\.png" is outside the content folder/, /copy the file into content\/static/);
      expect(existsSync(path.join(root, 'dist', 'assets', 'images'))).toBe(false);
    } finally {
      cleanup();
    }
  });

  it('takes an image given by an absolute path as a path of the site, and reads no file for it', async () => {
    const { result, root, cleanup } = await hostile({ 'content/docs/x.md': page(`![e](${secret})`) });
    try {
      expect(result.code, result.stderr).toBe(0);
      expect(readFileSync(path.join(root, 'dist', 'docs', 'x.html'), 'utf8')).toContain(`src="${secret}"`);
      expect(existsSync(path.join(root, 'dist', 'assets', 'images'))).toBe(false);
    } finally {
      cleanup();
    }
  });

  it.each([
    ['/proc/self/environ', () => '../../../../../../../../proc/self/environ'],
    ['/etc/passwd, percent-encoded', () => '..%2f..%2f..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd'],
  ])('refuses an image named by %s', async (_, target) => {
    const { result, cleanup } = await hostile({ 'content/docs/x.md': page(`![e](<${target()}>)`) });
    try {
      expectRefused(result, /content\/docs\/x\.md:5:1: error: image/, /outside the content folder/);
    } finally {
      cleanup();
    }
  });

  it('refuses an image that is a symbolic link to a file outside', async () => {
    const { result, cleanup } = await hostile({ 'content/docs/x.md': page('![e](../assets/pic.png)') }, (root) => {
      mkdirSync(path.join(root, 'content', 'assets'));
      symlinkSync(secret, path.join(root, 'content', 'assets', 'pic.png'));
    });
    try {
      expectRefused(result, /content\/docs\/x\.md:5:1: error: image "\.\.\/assets\/pic\.png" is outside the content folder \(through a symbolic link\)/, /hint/);
    } finally {
      cleanup();
    }
  });

  it('refuses any symbolic link out of the content folder among the pages, whatever it names', async () => {
    const { result, cleanup } = await hostile({ 'content/docs/x.md': page('![e](./pic.png)') }, (root) => symlinkSync(secret, path.join(root, 'content', 'docs', 'pic.png')));
    try {
      expectRefused(result, /content\/docs\/pic\.png: error: pic\.png in content\/docs is a symbolic link to a file outside/, /replace the link with a copy/);
    } finally {
      cleanup();
    }
  });

  it('refuses a link to a markdown file outside', async () => {
    const { result, cleanup } = await hostile({ 'content/docs/x.md': page(`[there](${path.relative(path.join(tmpdir(), 'p', 'content', 'docs'), path.join(outside, 'secret.md'))})`) });
    try {
      expectRefused(result, /content\/docs\/x\.md:5:1: error: link to ".*secret\.md": the file is outside the content folder/, /hint/);
    } finally {
      cleanup();
    }
  });

  it('refuses a page that is a symbolic link to a file outside', async () => {
    const { result, cleanup } = await hostile({}, (root) => symlinkSync(path.join(outside, 'secret.md'), path.join(root, 'content', 'docs', 'linked.md')));
    try {
      expectRefused(result, /content\/docs\/linked\.md: error: linked\.md in content\/docs is a symbolic link to a file outside/, /replace the link with a copy/);
    } finally {
      cleanup();
    }
  });

  it.each([
    ['a file outside', () => secret, /symbolic link to a file outside the folders the build reads/],
    ['a folder outside', () => path.join(outside, 'folder'), /symbolic link to a file outside the folders the build reads/],
    ['a folder inside, which could loop', () => '..', /symbolic link to a folder, which the build does not follow/],
  ])('refuses a file of static/ that is a symbolic link to %s', async (_, target, message) => {
    const { result, cleanup } = await hostile({ 'content/static/ok.txt': 'fine' }, (root) => symlinkSync(target(), path.join(root, 'content', 'static', 'linked')));
    try {
      expectRefused(result, /content\/static\/linked: error: linked in content\/static is a symbolic link/, message);
    } finally {
      cleanup();
    }
  });
});

describe('an API description cannot read outside its folder', () => {
  const description = (ref: string): string =>
    `openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths:\n  /a:\n    get:\n      responses:\n        "200":\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: '${ref}'}\n`;
  it.each([
    ['its folder', (root: string) => symlinkSync(path.join(outside, 'api'), path.join(root, 'openapi', 'versioned', 'version-1.0'))],
    ['its file', (root: string) => {
      mkdirSync(path.join(root, 'openapi', 'versioned', 'version-1.0'));
      symlinkSync(path.join(outside, 'api', 'maps-messaging-api.yaml'), path.join(root, 'openapi', 'versioned', 'version-1.0', 'maps-messaging-api.yaml'));
    }],
  ])('refuses a version\'s description when %s is a symbolic link out of the project', async (_, link) => {
    mkdirSync(path.join(outside, 'api'), { recursive: true });
    writeFileSync(path.join(outside, 'api', 'maps-messaging-api.yaml'), `openapi: 3.0.3\ninfo: {title: "${MARKER}", version: "1"}\npaths: {}\n`);
    const { result, cleanup } = await hostile({ 'content/versions.json': '["1.0"]', 'content/versioned_docs/version-1.0/intro.md': GOOD_PAGE, 'openapi/maps-messaging-api.yaml': description('#/components/schemas/X').replace('paths:', 'components: {schemas: {X: {type: string}}}\npaths:') }, (root) => {
      mkdirSync(path.join(root, 'openapi', 'versioned'), { recursive: true });
      link(root);
    });
    try {
      expectRefused(result, /openapi\/versioned\/version-1\.0(\/maps-messaging-api\.yaml)?: error: version 1\.0's API description resolves to .*, outside/, /replace the symbolic link/);
    } finally {
      cleanup();
    }
  });

  it.each([
    ['an absolute path', () => path.join(outside, 'secret.yaml')],
    ['/proc/self/environ', () => '/proc/self/environ'],
    ['a relative path that climbs out', () => path.relative(path.join(tmpdir(), 'p', 'openapi'), path.join(outside, 'secret.yaml'))],
  ])('refuses a $ref to %s at the $ref', async (_, ref) => {
    const { result, cleanup } = await hostile({ 'openapi/maps-messaging-api.yaml': description(ref()) });
    try {
      expectRefused(result, /openapi\/maps-messaging-api\.yaml:11:30: error: the \$ref ".*" names a file outside the description's folder/, /copy the file there/);
    } finally {
      cleanup();
    }
  });

  it('refuses a $ref spelt so that a text scan cannot see it (a JSON escape), where the parser follows it', async () => {
    const json = JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: { '/a': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: path.join(outside, 'secret.yaml') } } } } } } } },
    }).replace('"$ref"', '"\\u0024ref"');
    const { result, cleanup } = await hostile({ 'content/site.yaml': 'openapi:\n  file: openapi/api.json\n', 'openapi/api.json': json });
    try {
      expectRefused(result, /openapi\/api\.json(:\d+:\d+)?: error: invalid OpenAPI description/, /outside the description's folder/);
    } finally {
      cleanup();
    }
  });
});

describe('inputs that would run for minutes end at once', () => {
  it('refuses a YAML alias bomb as the description', async () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i += 1) levels.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${String.fromCharCode(96 + i)}`).join(',')}]`);
    const bomb = `openapi: 3.0.3\ninfo: {title: Bomb, version: "1"}\npaths: {}\nx-bomb:\n${levels.map((l) => `  ${l}`).join('\n')}\n`;
    const { result, cleanup } = await hostile({ 'openapi/maps-messaging-api.yaml': bomb });
    try {
      expectRefused(result, /openapi\/maps-messaging-api\.yaml: error: the OpenAPI description expands to more than/, /YAML aliases/);
    } finally {
      cleanup();
    }
  });

  it('refuses a YAML alias bomb in front matter', async () => {
    const fm = ['title: X', 'a: &a [x,x,x,x,x,x,x,x,x]', ...Array.from({ length: 8 }, (_, i) => `${'bcdefghi'[i]}: &${'bcdefghi'[i]} [${Array(9).fill(`*${'abcdefgh'[i]}`).join(',')}]`)].join('\n');
    const { result, cleanup } = await hostile({ 'content/docs/x.md': page('x', fm) });
    try {
      expectRefused(result, /content\/docs\/x\.md:2:1: error: the YAML expands too far through aliases/, /write the values out/);
    } finally {
      cleanup();
    }
  });

  it('builds a recursive schema split over two files that fans out exponentially, showing a bounded part of it', async () => {
    const levels = Array.from({ length: 12 }, (_, i) => `L${i}:\n  type: object\n  properties:\n${Array.from({ length: 6 }, (__, k) => (i < 11 ? `    p${k}: {$ref: '#/L${i + 1}'}` : `    p${k}: {$ref: 'maps-messaging-api.yaml#/components/schemas/Root'}`)).join('\n')}`);
    const { result, root, cleanup } = await hostile({
      'openapi/maps-messaging-api.yaml': `openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths:\n  /a:\n    get:\n      responses:\n        "200":\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: 'other.yaml#/L0'}\ncomponents:\n  schemas:\n    Root: {$ref: 'other.yaml#/L0'}\n`,
      'openapi/other.yaml': `${levels.join('\n')}\n`,
    });
    try {
      expect(result.code, result.stderr).toBe(0);
      expect(result.ms).toBeLessThan(TIME_BOUND_MS);
      const html = readFileSync(path.join(root, 'dist', 'docs', 'api', 'reference.html'), 'utf8');
      expect(html).toContain('The rest of this schema is too large to show here');
      expect(statSync(path.join(root, 'dist', 'docs', 'api', 'reference.html')).size).toBeLessThan(2_000_000);
    } finally {
      cleanup();
    }
  });

  it('builds a cyclic allOf without overflowing the stack', async () => {
    const { result, root, cleanup } = await hostile({
      'openapi/maps-messaging-api.yaml': `openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths:\n  /a:\n    get:\n      responses:\n        "200":\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: '#/components/schemas/A'}\ncomponents:\n  schemas:\n    A:\n      allOf: [{$ref: '#/components/schemas/B'}, {properties: {a: {type: string}}}]\n    B:\n      allOf: [{$ref: '#/components/schemas/A'}, {properties: {b: {type: string}}}]\n`,
    });
    try {
      expect(result.code, result.stderr).toBe(0);
      expect(result.ms).toBeLessThan(TIME_BOUND_MS);
      expect(readFileSync(path.join(root, 'dist', 'docs', 'api', 'reference.html'), 'utf8')).toMatch(/prop-name">a<[\s\S]*prop-name">b</);
    } finally {
      cleanup();
    }
  });

  it('reports an invalid description built with --no-cache as an error, not a crash of the process', async () => {
    // The first page's code loads the highlighter, so the description's fault arrives before any page is indexed.
    const { result, cleanup } = await hostile({
      'content/docs/aaa.md': page('```java\nclass A {}\n```\n\n```python\nprint(1)\n```'),
      'openapi/maps-messaging-api.yaml': 'openapi: 3.0.3\ninfo:\n  title: T\n  versionx: 1\npaths: {}\n',
    }, undefined, true);
    try {
      expectRefused(result, /openapi\/maps-messaging-api\.yaml:\d+:\d+: error: invalid OpenAPI description/, /version/);
    } finally {
      cleanup();
    }
  });

  it.each([
    ['1,500 nested list items', Array.from({ length: 1_500 }, (_, i) => `${' '.repeat(2 * i)}- x`).join('\n'), /content\/docs\/x\.md:\d+:1: error: lists or quotes are nested about \d+ levels deep/],
    ['1,000 nested quotes', `${'>'.repeat(1000)} x`, /content\/docs\/x\.md:5:1: error: lists or quotes are nested about 1000 levels deep/],
    ['1,000 lists on one line', `${'- '.repeat(1000)}x`, /content\/docs\/x\.md:5:1: error: lists or quotes are nested/],
    ['3,000 unclosed emphasis openers', `${'*a '.repeat(3000)}x${' b*'.repeat(3000)}`, /content\/docs\/x\.md:5:1: error: too many emphasis markers/],
  ])('refuses %s with the page and line, in bounded time', async (_, body, where) => {
    const { result, cleanup } = await hostile({ 'content/docs/x.md': page(body) });
    try {
      expectRefused(result, where, /hint/);
    } finally {
      cleanup();
    }
  });
});

describe('configuration reaches scripts and links encoded', () => {
  it('encodes an announcement id for the inline script it is read by', async () => {
    const project = tempProject({
      files: {
        'content/docs/intro.md': GOOD_PAGE,
        'content/site.yaml': 'announcementBar:\n  id: "</script><script>alert(1)</script>"\n  content: Hello\n',
      },
    });
    try {
      const result = await cli(['build', '--no-search'], project.root);
      expect(result.code, result.stderr).toBe(0);
      const html = readFileSync(path.join(project.root, 'dist', 'docs', 'intro.html'), 'utf8');
      expect(html).not.toContain('<script>alert(1)');
      expect(html).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e');
    } finally {
      project.cleanup();
    }
  });

  it.each([
    ['a javascript: link', 'navbar:\n  items:\n    - { type: default, label: X, href: "javascript:alert(1)" }\n', /site\.yaml:3:\d+: error: .*must be an http, https or mailto address/],
    ['a data: link in the footer', 'footer:\n  links:\n    - { label: X, href: "data:text/html,<script>alert(1)</script>" }\n', /site\.yaml:3:\d+: error: .*must be an http, https or mailto address/],
    ['a route that leaves the site', 'navbar:\n  items:\n    - { type: default, label: X, to: "//evil.example/" }\n', /site\.yaml:3:\d+: error: .*must be a path of the site starting with a single "\/"/],
    ['a colour that is not one', 'announcementBar:\n  id: a\n  content: b\n  backgroundColor: "red; background-image: url(https://evil.example/)"\n', /site\.yaml:4:\d+: error: .*must be a CSS colour/],
  ])('refuses %s in site.yaml at its line', async (_, yaml, where) => {
    const project = tempProject({ files: { 'content/docs/intro.md': GOOD_PAGE, 'content/site.yaml': yaml } });
    try {
      const result = await cli(['build', '--no-search'], project.root);
      expectRefused(result, where, /error/);
    } finally {
      project.cleanup();
    }
  });
});

describe('the API reference shows the description as text, never as script', () => {
  let root: string;
  let cleanup: () => void;
  beforeAll(async () => {
    const project = tempProject({
      files: {
        'content/docs/intro.md': GOOD_PAGE,
        'openapi/maps-messaging-api.yaml': `openapi: 3.0.3\ninfo:\n  title: T\n  version: "1"\n  description: "[click](javascript:alert(1)) and [data](data:text/html,x) and <img src=x onerror=alert(1)> and [ok](https://example.com/)"\npaths:\n  /a:\n    get:\n      summary: "<script>alert(1)</script>"\n      description: "[x](JaVaScRiPt:alert(1))\\n\\n[y](vbscript:msgbox(1))"\n      responses:\n        "200": {description: ok}\n`,
      },
    });
    root = project.root;
    cleanup = project.cleanup;
    const result = await cli(['build', '--no-search'], root);
    expect(result.code, result.stderr).toBe(0);
  });
  afterAll(() => cleanup());

  it('keeps no javascript:, vbscript: or data: link and no raw HTML of the description', () => {
    const html = readFileSync(path.join(root, 'dist', 'docs', 'api', 'reference.html'), 'utf8');
    // (The page's own empty icon, <link rel="icon" href="data:,">, is not a link of the description.)
    expect(html).not.toMatch(/<a [^>]*href="(?:javascript|vbscript|data):/i);
    expect(html).not.toContain('onerror=');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('href="https://example.com/"');
  });
});

describe('what an independent check found after the first fixes', () => {
  it.each([
    ['a slug that lands on a folder index', { 'content/docs/guide/index.md': page('Guide'), 'content/docs/aaa.md': page('Other', 'title: Other\nslug: /guide/index') }, /(docs\/aaa\.md and docs\/guide\/index\.md|docs\/guide\/index\.md and docs\/aaa\.md) would both be written to docs\/guide\/index\.html/],
    ['a page on the reference route', { 'content/docs/ref.md': page('Ref', 'title: Ref\nslug: /api/reference'), 'openapi/maps-messaging-api.yaml': readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'openapi', 'small.yaml'), 'utf8') }, /the generated page \/docs\/api\/reference and docs\/ref\.md would both be written to docs\/api\/reference\.html|docs\/ref\.md and the generated page \/docs\/api\/reference would both be written/],
    ['a static file named like a generated one', { 'content/static/sitemap.xml': '<urlset/>' }, /content\/static\/sitemap\.xml and the generated file sitemap\.xml would both be written to sitemap\.xml|the generated file sitemap\.xml and content\/static\/sitemap\.xml would both be written/],
  ])('refuses %s, naming both', async (_, files, message) => {
    const { result, cleanup } = await hostile(files);
    try {
      expectRefused(result, /error:/, message);
    } finally {
      cleanup();
    }
  });

  it('refuses a page file name that holds a backslash, at the file, without a stack trace', async () => {
    const { result, cleanup } = await hostile({ 'content/docs/a\\b.md': page('A') });
    try {
      expectRefused(result, /content\/docs\/a\\b\.md: error: docs\/a\\\\b\.md: the file name holds a backslash/, /rename the file/);
    } finally {
      cleanup();
    }
  });

  it.each([
    ['the docs folder', (root: string) => {
      rmSync(path.join(root, 'content', 'docs'), { recursive: true });
      symlinkSync(path.join(outside, 'folder'), path.join(root, 'content', 'docs'));
    }, /content\/docs: error: content\/docs is a symbolic link to a folder outside the folders the build reads/],
    ['the static folder', (root: string) => symlinkSync(path.join(outside, 'folder'), path.join(root, 'content', 'static')), /content\/static: error: content\/static is a symbolic link to a folder outside/],
    ['a category file', (root: string) => {
      mkdirSync(path.join(root, 'content', 'docs', 'sec'));
      writeFileSync(path.join(root, 'content', 'docs', 'sec', 'p.md'), page('P'));
      writeFileSync(path.join(outside, 'cat.json'), `{"label":"${MARKER}"}`);
      symlinkSync(path.join(outside, 'cat.json'), path.join(root, 'content', 'docs', 'sec', '_category_.json'));
    }, /content\/docs\/sec\/_category_\.json: error: sec\/_category_\.json is a symbolic link to a file outside/],
    ['site.yaml', (root: string) => {
      writeFileSync(path.join(outside, 'site.yaml'), `title: ${MARKER}\n`);
      symlinkSync(path.join(outside, 'site.yaml'), path.join(root, 'content', 'site.yaml'));
    }, /content\/site\.yaml: error: content\/site\.yaml is a symbolic link to a file outside/],
    ['the API description', (root: string) => {
      writeFileSync(path.join(outside, 'api.yaml'), `openapi: 3.0.3\ninfo: {title: ${MARKER}, version: "1"}\npaths: {}\n`);
      mkdirSync(path.join(root, 'openapi'), { recursive: true });
      symlinkSync(path.join(outside, 'api.yaml'), path.join(root, 'openapi', 'maps-messaging-api.yaml'));
    }, /openapi\/maps-messaging-api\.yaml: error: the API description \(openapi\/maps-messaging-api\.yaml\) is a symbolic link to .*, outside the project/],
  ])('refuses %s as a symbolic link out of the project, and reads nothing of it', async (_, prepare, where) => {
    const { result, cleanup } = await hostile({}, prepare);
    try {
      expectRefused(result, where, /replace the link/);
    } finally {
      cleanup();
    }
  });

  it('refuses an output folder that would replace the project or its content, and deletes nothing', async () => {
    const project = tempProject({ files: { 'content/docs/intro.md': GOOD_PAGE } });
    try {
      for (const out of ['.', 'content', '..', 'content/dist']) {
        const result = await cli(['build', '--no-search', '--out', out], project.root);
        expect(result.code, out).toBe(2);
        expect(result.stderr).toMatch(/^error: --out .* (would replace|is inside the content folder)/);
        expect(readFileSync(path.join(project.root, 'content', 'docs', 'intro.md'), 'utf8')).toBe(GOOD_PAGE);
      }
    } finally {
      project.cleanup();
    }
  });

  it.each([
    ['5,000 nested image labels', `${'!['.repeat(5000)}x${'](a.png)'.repeat(5000)}`, /too many brackets/],
    ['50,000 brackets', `${'['.repeat(50_000)}x${']'.repeat(50_000)}`, /too many brackets/],
    ['a table of a million cells', `|${'a|'.repeat(500)}\n|${'-|'.repeat(500)}\n${`|${'a|'.repeat(500)}\n`.repeat(2000)}`, /cell separators/],
    ['a page of 5 MB', 'word '.repeat(1_100_000), /more than the 4 MB a page may be/],
  ])('refuses %s at once', async (_, body, message) => {
    const { result, cleanup } = await hostile({ 'content/docs/x.md': page(body) });
    try {
      expectRefused(result, /content\/docs\/x\.md:\d+:1: error:/, message);
    } finally {
      cleanup();
    }
  });

  it('refuses front matter whose aliases repeat a long text', async () => {
    const fm = `title: &s "${'K'.repeat(900_000)}"\nkeywords: [${Array(95).fill('*s').join(', ')}]`;
    const { result, cleanup } = await hostile({ 'content/docs/x.md': page('x', fm) });
    try {
      expectRefused(result, /content\/docs\/x\.md:2:1: error: the YAML expands to more than 4 MB of text through aliases/, /write the values out/);
    } finally {
      cleanup();
    }
  });

  it('refuses a description whose aliases repeat a long text, by its size rather than its count of values', async () => {
    const long = 'L'.repeat(6000);
    const levels = [`a: &a [${Array(10).fill(`"${long}"`).join(', ')}]`];
    for (const [i, name] of ['b', 'c', 'd', 'e'].entries()) levels.push(`${name}: &${name} [${Array(10).fill(`*${'abcd'[i]}`).join(', ')}]`);
    const description = `openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths: {}\nx-anchors:\n${levels.map((l) => `  ${l}`).join('\n')}\nx-all: [${Array(10).fill('*e').join(', ')}]\n`;
    const { result, cleanup } = await hostile({ 'openapi/maps-messaging-api.yaml': description });
    try {
      expectRefused(result, /openapi\/maps-messaging-api\.yaml: error: the OpenAPI description expands to more than 64 MB of text through YAML aliases/, /YAML aliases/);
    } finally {
      cleanup();
    }
  });

  it('shows description markdown past a page\'s limits as plain text, at once', async () => {
    const deep = Array.from({ length: 1000 }, (_, i) => `${' '.repeat(2 * i)}- x`).join('\n');
    const { result, root, cleanup } = await hostile({
      'openapi/maps-messaging-api.yaml': `openapi: 3.0.3\ninfo:\n  title: T\n  version: "1"\n  description: ${JSON.stringify(`${'!['.repeat(5000)}x${'](a.png)'.repeat(5000)}\n\n${deep}`)}\npaths: {}\n`,
    });
    try {
      expect(result.code, result.stderr).toBe(0);
      expect(result.ms).toBeLessThan(TIME_BOUND_MS);
      expect(readFileSync(path.join(root, 'dist', 'docs', 'api', 'reference.html'), 'utf8')).toContain('<p>![![![');
    } finally {
      cleanup();
    }
  });

  it('refuses a protocol-relative link in landing.yaml', async () => {
    const { result, cleanup } = await hostile({ 'content/landing.yaml': 'hero:\n  cta: { label: Go, to: "//evil.example" }\n' });
    try {
      expectRefused(result, /content\/landing\.yaml:2:\d+: error: .*must be a path of the site starting with a single "\/"/, /error/);
    } finally {
      cleanup();
    }
  });

  it('does not take an image from a cached page that names a file outside the content', async () => {
    const { result, root, cleanup } = await hostile({ 'content/docs/pic.md': page('![p](./p.png)'), 'content/docs/p.png': 'PNG' });
    try {
      expect(result.code, result.stderr).toBe(0);
      // hostile() builds without the cache: build once more to fill it.
      const cached = await cli(['build', '--no-search'], root);
      expect(cached.code, cached.stderr).toBe(0);
      const cacheDir = path.join(root, 'node_modules', '.cache', 'mapsdocs');
      // The cache's entries (src/cache.ts): the one naming the picture is made to name the secret instead.
      const entries = readdirSync(path.join(cacheDir, 'cache-v3'), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith('.v8'))
        .map((entry) => path.join(entry.parentPath, entry.name))
        .filter((file) => JSON.stringify(decodeEntry(readFileSync(file))).includes(JSON.stringify(path.join(root, 'content', 'docs', 'p.png')).slice(1, -1)));
      expect(entries).toHaveLength(1);
      for (const file of entries) {
        const [key, value] = JSON.parse(JSON.stringify(decodeEntry(readFileSync(file))).split(JSON.stringify(path.join(root, 'content', 'docs', 'p.png')).slice(1, -1)).join(JSON.stringify(secret).slice(1, -1))) as [string, unknown];
        writeFileSync(file, encodeEntry(key, value));
      }
      rmSync(path.join(root, 'dist'), { recursive: true });
      const again = await cli(['build', '--no-search'], root);
      expect(again.code, again.stderr).toBe(0);
      expectNoMarker(path.join(root, 'dist'));
    } finally {
      cleanup();
    }
  });
});

describe('a page component is confined as a markdown page is', () => {
  const component = (text: string): string => `export default function P() {\n  return <p>${text}</p>;\n}\n`;

  it.each([
    ['a docs page', { 'content/pages/docs/intro.tsx': component('x') }, /pages\/docs\/intro\.tsx and docs\/intro\.md both make the page \/docs\/intro|docs\/intro\.md and pages\/docs\/intro\.tsx both make the page \/docs\/intro/],
    ['a markdown page', { 'content/pages/about.tsx': component('x'), 'content/pages/about.md': page('About') }, /pages\/about\.(tsx|md) and pages\/about\.(md|tsx) both make the page \/about/],
    ['the not-found page', { 'content/pages/404.tsx': component('x') }, /(pages\/404\.tsx and the generated page \/404|the generated page \/404 and pages\/404\.tsx) would both be written to 404\.html/],
    ['a static file', { 'content/pages/legacy.tsx': component('x'), 'content/static/legacy.html': '<p>old</p>' }, /(content\/static\/legacy\.html and pages\/legacy\.tsx|pages\/legacy\.tsx and content\/static\/legacy\.html) would both be written to legacy\.html/],
  ])('refuses one on the route of %s, naming both files', async (_, files, message) => {
    const { result, cleanup } = await hostile(files);
    try {
      expectRefused(result, /error:/, message);
    } finally {
      cleanup();
    }
  });

  it.each([
    ['a backslash', 'a\\b.tsx', /content\/pages\/a\\b\.tsx: error: pages\/a\\\\b\.tsx: the file name holds a backslash/],
    ['a percent sign', '%2e%2e.tsx', /content\/pages\/%2e%2e\.tsx: error: pages\/%2e%2e\.tsx: the file name holds "\?", "#" or "%"/],
    ['a control character', 'a\u0001.tsx', /error: pages\/a\\u0001\.tsx: the file name holds a control character/],
  ])('refuses a file name with %s, which no route may hold', async (_, name, message) => {
    const { result, cleanup } = await hostile({ [`content/pages/${name}`]: component('x') });
    try {
      expectRefused(result, message, /rename the file/);
    } finally {
      cleanup();
    }
  });

  it('refuses a protocol-relative link on the home page, as landing.yaml refuses one', async () => {
    const home = "import { useBaseUrl } from 'mapsdocs/page';\nexport default function Home() {\n  return <a href={useBaseUrl('//evil.example')}>Go</a>;\n}\n";
    const { result, cleanup } = await hostile({ 'content/pages/index.tsx': home });
    try {
      expectRefused(result, /content\/pages\/index\.tsx: error: the page component threw while it was rendered: useBaseUrl\("\/\/evil\.example"\): a link must be a path of the site starting with a single "\/"/, /in Home/);
    } finally {
      cleanup();
    }
  });

  it('refuses a page component that is a symbolic link out of the content, and reads nothing of it', async () => {
    writeFileSync(path.join(outside, 'page.tsx'), component(MARKER));
    const { result, cleanup } = await hostile({}, (root) => {
      mkdirSync(path.join(root, 'content', 'pages'), { recursive: true });
      symlinkSync(path.join(outside, 'page.tsx'), path.join(root, 'content', 'pages', 'linked.tsx'));
    });
    try {
      expectRefused(result, /content\/pages\/linked\.tsx: error: .*symbolic link to a file outside/, /replace the link/);
    } finally {
      cleanup();
    }
  });
});
