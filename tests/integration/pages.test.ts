import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { HtmlValidate } from 'html-validate';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, type CliResult } from '../helpers/cli.ts';
import { tempProject } from '../helpers/tempSite.ts';

/** Page components and islands through `mapsdocs build`, as an author runs it. */
describe('mapsdocs build with page components', () => {
  const project = tempProject({ fixture: 'islands' });
  let result: CliResult;
  const html = (file: string): string => readFileSync(path.join(project.root, 'dist', file), 'utf8');
  beforeAll(async () => {
    result = await cli(['build', '--no-search'], project.root);
  });
  afterAll(() => project.cleanup());

  it('makes a route of each .tsx of content/pages, index.tsx its folder route, inside the site layout', () => {
    expect(result.code, result.stderr).toBe(0);
    const home = html('index.html');
    expect(home).toContain('<title>MAPS Messaging | Intelligence Unleashed</title>');
    expect(home).toContain('<meta name="description" content="The fixture&#x27;s home page, a page component."/>');
    expect(home).toMatch(/<a class="skip-link" href="#main">Skip to main content<\/a>[\s\S]*<nav[^>]*aria-label="Main"[\s\S]*<main id="main" class="component-page" tabindex="-1"><script>[\s\S]*<\/script><h1>MAPS Messaging home<\/h1><p class="route">Route \/<\/p><ul class="sidebar-list"><li>Install<\/li><li>Clients<\/li><li>Plain<\/li><\/ul>[\s\S]*<\/main>[\s\S]*<footer/);
    const counter = html('counter.html');
    expect(counter).toContain('<title>Counter | MAPS Messaging</title>');
    expect(counter).toContain('<meta name="keywords" content="island, counter"/>');
    expect(html('../dist/sitemap.xml')).toMatch(/<loc>[^<]*\/counter<\/loc>/);
  });

  it('server-renders islands, and loads the island runtime on their pages only', () => {
    const counter = html('counter.html');
    expect(counter).toMatch(/<mapsdocs-island data-island="\/assets\/js\/site\/Counter-\w+\.js" data-island-props="{&quot;start&quot;:2,&quot;label&quot;:&quot;clicks&quot;}" data-island-id="i0-" data-island-slots="1"><div class="counter"><button type="button">2<!-- --> <!-- -->clicks<\/button>/);
    const islandsScript = /<script type="module" src="(\/assets\/js\/islands\.[0-9a-f]+\.js)"><\/script>/;
    expect(counter).toMatch(islandsScript);
    expect(html('docs/intro.html')).toMatch(islandsScript);
    for (const page of ['docs/plain.html', '404.html']) expect(html(page)).not.toMatch(/\/islands\.|<mapsdocs-island/);
    expect(readdirSync(path.join(project.root, 'dist', 'assets', 'js', 'site')).filter((f) => /^(Counter|Mismatch|Crashy)-\w+\.js$/.test(f))).toHaveLength(3);
  });

  it('writes valid HTML for page components, islands and tabs', async () => {
    // The rules of the basic fixture's check (tests/integration/build.test.ts), which explains them.
    const validator = new HtmlValidate({
      extends: ['html-validate:recommended'],
      rules: { 'no-inline-style': 'off', 'no-redundant-role': 'off', 'prefer-native-element': 'off', 'long-title': 'off', 'void-style': 'off', 'attr-case': 'off', 'attribute-empty-style': 'off', 'attribute-boolean-style': 'off' },
    });
    const failures: string[] = [];
    for (const file of ['index.html', 'counter.html', 'crash.html', 'mismatch.html', 'docs/intro.html', 'docs/clients.html']) {
      const report = await validator.validateString(html(file), file);
      for (const r of report.results) for (const m of r.messages) failures.push(`${file}:${m.line}:${m.column} ${m.ruleId} ${m.message}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('mapsdocs build refusing page components', () => {
  it('names the file of a page without a default export and of a component that throws, with its component stack, and writes nothing', async () => {
    const project = tempProject({
      fixture: 'basic',
      files: {
        'content/pages/nodefault.tsx': 'export function Page() {\n  return <p>no default</p>;\n}\n',
        'content/pages/boom.tsx': [
          'function Gauge({ value }: { value: number }) {',
          "  if (value > 1) throw new Error('the gauge cannot show ' + value);",
          '  return <meter value={value} />;',
          '}',
          'export default function Dashboard() {',
          '  return <section><Gauge value={2} /></section>;',
          '}',
        ].join('\n'),
      },
    });
    try {
      const failed = await cli(['build', '--no-search'], project.root);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain('content/pages/nodefault.tsx: error: the page has no default export\n  hint: export the page component as the default export: export default function MyPage() {…}');
      expect(failed.stderr).toContain(
        'content/pages/boom.tsx: error: the page component threw while it was rendered: the gauge cannot show 2\n  component stack:\n    in Gauge\n    in section\n    in Dashboard\n  hint: ',
      );
      // Both at once, and no stack trace.
      expect(failed.stderr).toContain('✗ build failed: 2 errors');
      expect(failed.stderr).not.toMatch(/^\s+at /m);
      expect(existsSync(path.join(project.root, 'dist'))).toBe(false);
    } finally {
      project.cleanup();
    }
  });

  it('refuses a page component and a markdown page that make one route', async () => {
    const project = tempProject({ fixture: 'basic', files: { 'content/pages/markdown-page.tsx': 'export default function P() {\n  return <p>p</p>;\n}\n' } });
    try {
      const failed = await cli(['build', '--no-search'], project.root);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(/error: pages\/markdown-page\.(md|tsx) and pages\/markdown-page\.(md|tsx) both make the page \/markdown-page/);
    } finally {
      project.cleanup();
    }
  });
});

describe('links of page components', () => {
  it('are checked as markdown links are, at the line of the component that writes them', async () => {
    const project = tempProject({
      fixture: 'basic',
      files: {
        'content/pages/links.tsx': [
          "import { useBaseUrl } from 'mapsdocs/page';",
          'export default function Links() {',
          '  return (<nav id="top">',
          '    <a href={useBaseUrl("/docs/nonexistent")}>gone</a>',
          '    <a href="/docs/intro#nope">no anchor</a>',
          '    <a href="#top">top</a> <a href={useBaseUrl("/docs/intro")}>intro</a> <a href="https://example.com/x">out</a>',
          '  </nav>);',
          '}',
        ].join('\n'),
      },
    });
    try {
      const checked = await cli(['check', '--format', 'json', '--strict'], project.root);
      expect(checked.code).toBe(1);
      const found = (JSON.parse(checked.stdout) as { kind: string; file: string; line: number; raw: string }[]).filter((b) => b.file === 'content/pages/links.tsx');
      expect(found.map(({ kind, line, raw }) => ({ kind, line, raw }))).toEqual([
        { kind: 'link', line: 4, raw: '/docs/nonexistent' },
        { kind: 'anchor', line: 5, raw: '/docs/intro#nope' },
      ]);
      const strict = await cli(['build', '--strict', '--no-search'], project.root);
      expect(strict.code).toBe(1);
      expect(strict.stderr).toContain('content/pages/links.tsx:4:');
    } finally {
      project.cleanup();
    }
  });
});

describe('the home page', () => {
  it.each([
    ['a markdown page', 'content/pages/index.md', '---\ntitle: Home\n---\n\nWelcome.\n', 'pages/index.md'],
    ['a page component', 'content/pages/index.tsx', 'export default function Home() {\n  return <p>home</p>;\n}\n', 'pages/index.tsx'],
  ])('made by %s and by landing.yaml at once is an error naming both, never one dropped unseen', async (_, file, text, rel) => {
    const project = tempProject({ fixture: 'basic', files: { 'content/landing.yaml': 'hero:\n  title: Hello\n', [file]: text } });
    try {
      const result = await cli(['build', '--no-search'], project.root);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`content/landing.yaml: error: ${rel} and landing.yaml both make the home page /`);
    } finally {
      project.cleanup();
    }
  });
});
