import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as beautifulMermaid from 'beautiful-mermaid';
import { resolveConfig } from '../../src/config/resolve.ts';
import { createBuildContext, persistCache, type BuildContext } from '../../src/context.ts';
import { createDiagramRenderer } from '../../src/diagrams/renderer.ts';
import { UserErrors } from '../../src/errors.ts';
import { loadContent } from '../../src/load/pages.ts';
import { parsePages } from '../../src/markdown/parsePages.ts';
import type { Reporter } from '../../src/util/task.ts';
import { cli } from '../helpers/cli.ts';
import { tempProject } from '../helpers/tempSite.ts';

const FLOW = '```mermaid\nflowchart LR\n  P["Sensor gateway"] -->|MQTT-SN| B(Edge broker)\n  B -. "sharedSecret" .- C[Core broker]\n```\n';
const SEQUENCE = '```mermaid\nsequenceDiagram\n  participant C as Client\n  C->>S: CONNECT with keep-alive\n  S-->>C: CONNACK\n```\n';
const STATE = '```mermaid\nstateDiagram-v2\n  Stopped --> Started: start\n  Started --> Paused: pause\n```\n';
const GANTT = '```mermaid\ngantt\n  title Rollout\n```\n';

const pageWith = (title: string, ...diagrams: string[]): string => `---\ntitle: ${title}\n---\n\nSome text.\n\n${diagrams.join('\nBetween.\n\n')}`;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => (statSync(path.join(dir, name)).isDirectory() ? walk(path.join(dir, name)) : [path.join(dir, name)]));
}

describe('diagrams drawn at build time', () => {
  const project = tempProject({ files: { 'content/docs/flows.md': pageWith('Flows', FLOW, SEQUENCE, STATE), 'content/docs/plain.md': pageWith('Plain') } });
  const out = path.join(project.root, 'dist');
  let result: Awaited<ReturnType<typeof cli>>;
  beforeAll(async () => {
    result = await cli(['build', '--strict'], project.root);
  });
  afterAll(() => project.cleanup());

  it('ships each diagram as an SVG whose labels are text, and no diagram script on any page', () => {
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('warning');
    const html = readFileSync(path.join(out, 'docs/flows.html'), 'utf8');
    expect(html.match(/<figure class="diagram" data-diagram="mermaid" data-rendered="true" tabindex="0"><div class="diagram-svg"><svg class="diagram-svg-image"/g)).toHaveLength(3);
    for (const label of ['Sensor gateway', 'MQTT-SN', 'Edge broker', 'sharedSecret', 'Core broker', 'CONNECT with keep-alive', 'CONNACK', 'Paused']) expect(html).toMatch(new RegExp(`<text[^>]*>${label}</text>`));
    // Its size is in its own attributes, there before any script or style: the space is reserved from the first paint.
    for (const [, w, h] of html.matchAll(/<svg class="diagram-svg-image"[^>]* width="([\d.]+)" height="([\d.]+)"/g)) expect(Number(w) * Number(h)).toBeGreaterThan(0);
    expect(html).not.toContain('diagram-source');
    for (const file of walk(out).filter((f) => f.endsWith('.html'))) expect(readFileSync(file, 'utf8'), file).not.toMatch(/<script[^>]+mermaid/);
  });

  it('indexes the labels for search', () => {
    const index = walk(path.join(out, 'search-index')).map((f) => readFileSync(f, 'utf8')).join('\n');
    expect(index).toContain('sharedsecret');
    expect(index).toContain('connack');
  });
});

describe('a diagram the renderer cannot draw', () => {
  it('is drawn in the browser, as before, with a warning at its fence; --strict fails the build and keeps the last output', async () => {
    const project = tempProject({ files: { 'content/docs/plan.md': pageWith('Plan', FLOW, GANTT), 'dist/keep.txt': 'old build', 'dist/404.html': '<p>old</p>', 'dist/sitemap.xml': '<urlset/>' } });
    try {
      const strict = await cli(['build', '--strict'], project.root);
      expect(strict.code).toBe(1);
      expect(strict.stderr).toContain('content/docs/plan.md:15:1: error: this diagram cannot be drawn at build time (Invalid mermaid header: "gantt".');
      expect(readFileSync(path.join(project.root, 'dist/keep.txt'), 'utf8')).toBe('old build');

      const lenient = await cli(['build'], project.root);
      expect(lenient.code).toBe(0);
      expect(lenient.stderr).toContain('content/docs/plan.md:15:1: warning: this diagram cannot be drawn at build time');
      const html = readFileSync(path.join(project.root, 'dist/docs/plan.html'), 'utf8');
      expect(html).toContain('<pre class="diagram-source">gantt\n  title Rollout</pre>');
      expect(html).toMatch(/<script type="module" src="\/assets\/js\/mermaid\.[0-9a-f]{10}\.js">/);
      // The other diagram of the page is still drawn at build time.
      expect(html).toContain('data-rendered="true"');
      // From the cache, the page still warns, and still fails --strict.
      expect((await cli(['build', '--strict', '--out', 'again'], project.root)).code).toBe(1);
    } finally {
      project.cleanup();
    }
  });
});

describe('the diagram cache', () => {
  const project = tempProject({ files: { 'content/docs/a.md': pageWith('A', FLOW, SEQUENCE), 'content/docs/b.md': pageWith('B', STATE) } });
  afterAll(() => project.cleanup());
  const warnings: string[] = [];
  const reporter: Reporter = { info: () => undefined, warn: (message) => void warnings.push(message) };

  /** A build's markdown stage, with a renderer that counts what it loads and draws. */
  async function parse(options: { strict?: boolean; load?: () => Promise<typeof beautifulMermaid> } = {}): Promise<{ context: BuildContext; loads: number; draws: number }> {
    const counts = { loads: 0, draws: 0 };
    const config = resolveConfig({ root: project.root, strict: options.strict });
    const context = createBuildContext(config, reporter);
    const load =
      options.load ??
      (async () => {
        counts.loads += 1;
        return { ...beautifulMermaid, renderMermaidSVG: (text: string) => ((counts.draws += 1), beautifulMermaid.renderMermaidSVG(text)) };
      });
    context.diagrams = createDiagramRenderer(context.cache.diagrams, load);
    const { pages } = await loadContent(config.contentDir, { includeDrafts: false });
    try {
      await parsePages(context, pages);
    } finally {
      context.highlighter.release();
    }
    persistCache(context);
    return { context, ...counts };
  }

  it('draws each diagram once: a warm build, and one with a page edited around its diagrams, draw none', async () => {
    const cold = await parse();
    expect([cold.loads, cold.draws]).toEqual([1, 3]);
    expect(existsSync(path.join(project.root, 'node_modules/.cache/mapsdocs'))).toBe(true);
    const warm = await parse();
    expect([warm.loads, warm.draws]).toEqual([0, 0]);
    writeFileSync(path.join(project.content, 'docs/a.md'), pageWith('A', FLOW, SEQUENCE).replace('Some text.', 'Edited text.'));
    const edited = await parse();
    expect([edited.loads, edited.draws]).toEqual([0, 0]);
    // A changed diagram is drawn again, alone.
    writeFileSync(path.join(project.content, 'docs/b.md'), pageWith('B', STATE.replace('pause', 'suspend')));
    const changed = await parse();
    expect([changed.loads, changed.draws]).toEqual([1, 1]);
  });

  it('says once that the renderer could not be loaded and leaves every diagram to the browser; --strict fails instead', async () => {
    const missing = () => Promise.reject(new Error("Cannot find package 'beautiful-mermaid'"));
    writeFileSync(path.join(project.content, 'docs/c.md'), pageWith('C', FLOW.replace('Core broker', 'Cloud broker')));
    writeFileSync(path.join(project.content, 'docs/d.md'), pageWith('D', STATE.replace('start', 'begin')));
    warnings.length = 0;
    const { context } = await parse({ load: missing });
    expect(warnings).toEqual([expect.stringContaining("warning: the diagram renderer (beautiful-mermaid) could not be loaded: diagrams are drawn in the browser instead")]);
    expect(context.cache.pages.size).toBeGreaterThan(0);
    for (const result of context.cache.pages.values()) expect(result.hasMermaid, 'a page left to the browser is not cached').toBe(false);
    await expect(parse({ load: missing, strict: true })).rejects.toThrow(UserErrors);
  });
});
