import { cpSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dev, type DevServer } from '../../src/commands/dev.ts';
import { events } from '../helpers/devEvents.ts';
import { FIXTURES, tempProject } from '../helpers/tempSite.ts';

describe('mapsdocs dev, before its first build is done', () => {
  it('serves a page asked for at once, rendered alone with the whole sidebar, then the full build', async () => {
    // Enough pages, with code in several languages, that the first build is still running when the page is asked for.
    const langs = ['java', 'csharp', 'ruby', 'scala', 'python', 'yaml'];
    const files = Object.fromEntries(
      Array.from({ length: 240 }, (_, i) => [
        `content/docs/many/page-${i}.md`,
        `---\ntitle: Many ${i}\n---\n\n${langs.map((lang) => `\`\`\`${lang}\n// block ${i} ${lang}\nvalue_${i} = ${i}\n\`\`\`\n`).join('\n')}`,
      ]),
    );
    const project = tempProject({ fixture: 'basic', files });
    const server = await dev({ root: project.root, port: 0, quiet: !process.env['DEBUG_DEV'], signals: false });
    try {
      // Asked for before the build has parsed the other pages: their sidebar labels come from front matter.
      const response = await fetch(`${server.url}docs/intro`);
      expect(response.headers.get('x-mapsdocs-rendered')).toMatch(/^alone/);
      const early = await response.text();
      expect(early).toContain('<h1>Introduction</h1>');
      expect(early).toContain('/__mapsdocs/events');
      const sidebar = /<nav aria-label="Docs sidebar"[\s\S]*?<\/nav>/.exec(early)?.[0] ?? '';
      expect(sidebar).toMatch(/<a[^>]*href="\/docs\/guide\/setup"[^>]*>Setup<\/a>/);
      // The home page needs no markdown: it is served early too.
      const home = await fetch(server.url);
      expect(home.headers.get('x-mapsdocs-rendered')).toMatch(/^alone/);
      expect(await home.text()).toContain('class="hero');
      // Its stylesheet is served too, before the build ends.
      const css = /<link rel="stylesheet" href="([^"]+)"/.exec(early)?.[1];
      expect(css).toBeDefined();
      expect((await fetch(new URL(css ?? '', server.url))).status).toBe(200);
      await server.settled();
      const full = await fetch(`${server.url}docs/intro`);
      expect(full.headers.get('x-mapsdocs-rendered')).toBeNull();
      expect(await full.text()).toContain('<h1>Introduction</h1>');
      expect((await fetch(`${server.url}no/such/page`)).status).toBe(404);
    } finally {
      await server.close();
      project.cleanup();
    }
  });
});

describe('mapsdocs dev, started on content with an error', () => {
  it('shows the error in the browser and reloads the page once the file is fixed', async () => {
    const project = tempProject({ fixture: 'basic' });
    const file = path.join(project.content, 'docs/guide/setup.md');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, `${good}\n:::note\nnever closed\n`);
    const server = await dev({ root: project.root, port: 0, quiet: !process.env['DEBUG_DEV'], signals: false });
    try {
      await server.settled();
      const stream = await events(server.url);
      // The broken page cannot be rendered alone either: the browser gets a page that carries the overlay.
      const response = await fetch(`${server.url}docs/guide/setup`);
      expect(response.status).toBe(500);
      expect(await response.text()).toContain('/__mapsdocs/events');
      const overlay = (await stream.next('error-overlay')) as { message: string };
      expect(overlay.message).toMatch(/content\/docs\/guide\/setup\.md:\d+:1: error: admonition ":::note" opened on line \d+ is never closed/);
      writeFileSync(file, good);
      await stream.next('reload');
      stream.close();
      const fixed = await fetch(`${server.url}docs/guide/setup`);
      expect(fixed.status).toBe(200);
      expect(await fixed.text()).toContain('Set up the thing');
    } finally {
      await server.close();
      project.cleanup();
    }
  });
});

describe('mapsdocs dev', () => {
  const project = tempProject({ fixture: 'basic' });
  let server: DevServer;
  const page = async (route: string) => {
    const response = await fetch(`${server.url.replace(/\/$/, '')}${route}`);
    return { status: response.status, html: await response.text() };
  };

  beforeAll(async () => {
    server = await dev({ root: project.root, port: 0, quiet: !process.env['DEBUG_DEV'], signals: false });
  });
  afterAll(async () => {
    await server?.close();
    project.cleanup();
  });

  it('serves the site from memory with the same routing rules as serve', async () => {
    expect((await page('/docs/intro')).html).toContain('<h1>Introduction</h1>');
    expect((await page('/docs/intro')).html).toContain('/__mapsdocs/events');
    expect((await page('/no/such/page')).status).toBe(404);
    const redirect = await fetch(`${server.url}docs/intro.html`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/docs/intro');
  });

  it('pushes an update after a page edit and serves the new HTML', async () => {
    const stream = await events(server.url);
    const file = path.join(project.content, 'docs/intro.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Welcome to the fixture.', 'Welcome to the edited fixture.'));
    const update = (await stream.next('update')) as { rendered: number; pages: number };
    expect((await page('/docs/intro')).html).toContain('Welcome to the edited fixture.');
    // Nothing else shows that paragraph: the other pages keep the HTML of the last build.
    expect(update.rendered).toBe(1);
    expect(update.pages).toBeGreaterThan(3);
    stream.close();
  });

  it('serves a search index, made again after an edit', async () => {
    const entry = async (): Promise<string | undefined> => {
      const response = await fetch(`${server.url}search-index/meta.json`);
      return response.ok ? response.text() : undefined;
    };
    const waitFor = async (accept: (text: string | undefined) => boolean): Promise<string | undefined> => {
      for (let i = 0; i < 200; i += 1) {
        const text = await entry();
        if (accept(text)) return text;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('the search index did not change');
    };
    const before = await waitFor((text) => text !== undefined);
    const shard = (meta: string | undefined): string => `${server.url}search-index/s0.${(JSON.parse(meta ?? '{}') as { id: string }).id}.json`;
    expect((await fetch(shard(before))).status).toBe(200);
    const stream = await events(server.url);
    const file = path.join(project.content, 'docs/intro.md');
    // The previous test wrote this file a few milliseconds ago; the watcher folds such writes into one event, and an author is slower.
    await new Promise((r) => setTimeout(r, 150));
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nA paragraph about zanzibarite, a word no other page has.\n`);
    await stream.next('update');
    stream.close();
    // The page is rebuilt at once; until the new index is made, the last one is served.
    expect(await entry()).toBe(before);
    // The metadata names the index's files by a hash of their contents: a new name means a new index.
    const after = await waitFor((text) => text !== undefined && text !== before);
    const shards = (JSON.parse(after ?? '{}') as { shards: string[] }).shards.map((_, i) => shard(after).replace(/s0\./, `s${i}.`));
    const texts = await Promise.all(shards.map(async (url) => (await fetch(url)).text()));
    expect(texts.join()).toContain('"zanzibarite"');
  });

  it('updates every page’s sidebar when a title changes', async () => {
    const stream = await events(server.url);
    const file = path.join(project.content, 'docs/guide/setup.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('sidebar_label: Setup', 'sidebar_label: Installation'));
    const update = (await stream.next('update')) as { rendered: number; pages: number };
    expect((await page('/docs/intro')).html).toContain('>Installation</a>');
    // Every page with the sidebar shows the label; the landing and not-found pages do not.
    expect(update.rendered).toBeGreaterThan(1);
    expect(update.rendered).toBeLessThan(update.pages);
    stream.close();
  });

  it('shows a content error as an overlay, keeps the last good page, and clears it when fixed', async () => {
    const stream = await events(server.url);
    const file = path.join(project.content, 'docs/intro.md');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, `${good}\n:::note\nnever closed\n`);
    const overlay = (await stream.next('error-overlay', 10_000, (d) => String((d as { message?: string }).message).includes('never closed'))) as { message: string };
    expect(overlay.message).toMatch(/content\/docs\/intro\.md:\d+:1: error: admonition ":::note" opened on line \d+ is never closed/);
    expect((await page('/docs/intro')).html).toContain('<h1>Introduction</h1>');
    // The file watcher folds writes to one file within a few milliseconds into one event; an author is slower.
    await new Promise((r) => setTimeout(r, 150));
    writeFileSync(file, good);
    // Fixed: the error gives way to the fixture's one broken-anchor warning.
    const after = (await stream.next('error-overlay', 10_000, (d) => String((d as { message?: string }).message).startsWith('warning:'))) as { message: string };
    expect(after.message).toContain('broken anchor');
    await stream.next('update');
    stream.close();
  });

  it('picks up renamed and deleted files', async () => {
    const stream = await events(server.url);
    renameSync(path.join(project.content, 'docs/hidden.md'), path.join(project.content, 'docs/shown.md'));
    await stream.next('update');
    await server.settled();
    expect((await page('/docs/shown')).status).toBe(200);
    expect((await page('/docs/hidden')).status).toBe(404);
    rmSync(path.join(project.content, 'docs/shown.md'));
    // The watcher reports the rename's two events and the removal in its own time: wait for the removal's rebuild.
    await expect.poll(async () => (await page('/docs/shown')).status, { timeout: 10_000 }).toBe(404);
    stream.close();
  });
});

describe('mapsdocs dev with edited templates', () => {
  const project = tempProject({ fixture: 'basic' });
  // A copy of the engine's templates and renderers, so the test edits neither.
  const engine = path.join(project.root, 'engine');
  const ENGINE = path.resolve(import.meta.dirname, '..', '..');
  cpSync(path.join(ENGINE, 'src'), path.join(engine, 'src'), { recursive: true });
  cpSync(path.join(ENGINE, 'templates'), path.join(engine, 'templates'), { recursive: true });
  const footer = path.join(engine, 'templates', 'Footer.tsx');
  let server: DevServer;

  beforeAll(async () => {
    server = await dev({ root: project.root, port: 0, quiet: true, signals: false, engine });
    // dev listens before its first build ends, and that build's own update must not pass for the edit's.
    await server.settled();
  });
  afterAll(async () => {
    await server?.close();
    project.cleanup();
  });

  it('renders with the edited component without a restart, and survives a template that does not compile', async () => {
    const stream = await events(server.url);
    const good = readFileSync(footer, 'utf8');
    const edited = good.replace('<div className="footer-inner">', '<div className="footer-inner" data-edited="yes">');
    expect(edited).not.toBe(good);
    writeFileSync(footer, edited);
    const update = (await stream.next('update', 20_000)) as { rendered: number; pages: number };
    expect(update.rendered).toBe(update.pages);
    expect(await (await fetch(`${server.url}docs/intro`)).text()).toContain('<div class="footer-inner" data-edited="yes">');

    await new Promise((r) => setTimeout(r, 150));
    writeFileSync(footer, `${edited}\nexport const broken = <div>;\n`);
    const overlay = (await stream.next('error-overlay', 20_000, (d) => String((d as { message?: string }).message).includes('template does not compile'))) as { message: string };
    expect(overlay.message).toMatch(/templates\/Footer\.tsx:\d+:\d+: error: template does not compile/);
    // The file named is the one edited, relative to the project as warnings are (this copy of the engine lies inside it).
    expect(overlay.message.startsWith('engine/templates/Footer.tsx:'), overlay.message).toBe(true);
    // The last good templates stay in use.
    expect(await (await fetch(`${server.url}docs/intro`)).text()).toContain('<div class="footer-inner" data-edited="yes">');

    await new Promise((r) => setTimeout(r, 150));
    writeFileSync(footer, good);
    await stream.next('update', 20_000);
    const html = await (await fetch(`${server.url}docs/intro`)).text();
    expect(html).toContain('<div class="footer-inner">');
    stream.close();
  });
});

describe('mapsdocs dev, with a description split over several files', () => {
  it('builds the reference again when a file it refers to changes, even outside the folders it watches', async () => {
    // The description lives in specs/ (named by site.yaml), which dev does not watch as a folder.
    const api = readFileSync(path.join(FIXTURES, 'openapi', 'split', 'api.yaml'), 'utf8').replaceAll('schemas/Device.yaml', 'shared/Device.yaml');
    const project = tempProject({
      fixture: 'basic',
      files: {
        'content/site.yaml': 'openapi:\n  file: specs/maps-messaging-api.yaml\n',
        'specs/maps-messaging-api.yaml': api,
        'specs/shared/Device.yaml': readFileSync(path.join(FIXTURES, 'openapi', 'split', 'schemas', 'Device.yaml'), 'utf8'),
        'specs/shared/Owner.yaml': readFileSync(path.join(FIXTURES, 'openapi', 'split', 'schemas', 'Owner.yaml'), 'utf8'),
      },
    });
    const server = await dev({ root: project.root, port: 0, quiet: !process.env['DEBUG_DEV'], signals: false });
    try {
      const reference = async (): Promise<string> => (await fetch(`${server.url}docs/api/reference`)).text();
      await server.settled();
      expect(await reference()).toContain('Who runs the device.');
      const stream = await events(server.url);
      const owner = path.join(project.root, 'specs', 'shared', 'Owner.yaml');
      writeFileSync(owner, readFileSync(owner, 'utf8').replace('Who runs the device.', 'The operator of the device.'));
      await stream.next('update', 20_000);
      expect(await reference()).toContain('The operator of the device.');
      stream.close();
    } finally {
      await server.close();
      project.cleanup();
    }
  });
});

describe('mapsdocs dev, when a page is added or deleted', () => {
  it('shows the new page and its sidebar entry at once, parsing no other page, and forgets a deleted one as fast', async () => {
    const project = tempProject({ fixture: 'basic' });
    const server = await dev({ root: project.root, port: 0, quiet: true, signals: false });
    try {
      await server.settled();
      const stream = await events(server.url);
      const added = path.join(project.content, 'docs', 'guide', 'added.md');
      let started = performance.now();
      writeFileSync(added, '---\ntitle: Added page\n---\n\nJust written.\n');
      await stream.next('update', 20_000);
      const addMs = performance.now() - started;
      expect(await (await fetch(`${server.url}docs/guide/added`)).text()).toContain('Just written.');
      // Every docs page shows it in its sidebar, and was updated in place, not rendered again.
      expect(await (await fetch(`${server.url}docs/intro`)).text()).toContain('href="/docs/guide/added"');
      started = performance.now();
      rmSync(added);
      await stream.next('update', 20_000);
      const deleteMs = performance.now() - started;
      expect((await fetch(`${server.url}docs/guide/added`)).status).toBe(404);
      expect(await (await fetch(`${server.url}docs/intro`)).text()).not.toContain('href="/docs/guide/added"');
      // Under 300 ms on a quiet machine (watcher included); bounded loosely here for a loaded CI machine.
      expect(addMs).toBeLessThan(2000);
      expect(deleteMs).toBeLessThan(2000);
      stream.close();
    } finally {
      await server.close();
      project.cleanup();
    }
  });
});

describe('mapsdocs dev, with page components', () => {
  it('renders an edited page component again, and shows a compile or render error in the overlay until it is fixed', async () => {
    const good = "import { Head } from 'mapsdocs/page';\nimport Counter from './_islands/Counter.tsx';\nexport default function Showcase() {\n  return <><Head title=\"Showcase\" /><h1>Showcase</h1><Counter start={1} label=\"clicks\" /></>;\n}\n";
    const project = tempProject({
      fixture: 'basic',
      files: {
        'content/pages/showcase.tsx': good,
        'content/pages/_islands/Counter.tsx': "'use client';\nimport { useState } from 'react';\nexport default function Counter({ start, label }: { start: number; label: string }) {\n  const [n, set] = useState(start);\n  return <button type=\"button\" onClick={() => set(n + 1)}>{n} {label}</button>;\n}\n",
      },
    });
    const file = path.join(project.content, 'pages/showcase.tsx');
    const server = await dev({ root: project.root, port: 0, quiet: !process.env['DEBUG_DEV'], signals: false });
    const page = async (): Promise<string> => (await fetch(`${server.url}showcase`)).text();
    const pause = (): Promise<void> => new Promise((r) => setTimeout(r, 150));
    try {
      await server.settled();
      expect(await page()).toContain('<h1>Showcase</h1>');
      const stream = await events(server.url);
      writeFileSync(file, good.replace('<h1>Showcase</h1>', '<h1>Our showcase</h1>'));
      await stream.next('update');
      expect(await page()).toContain('<h1>Our showcase</h1>');

      // An island edited: the page names the island's new module.
      const before = /data-island="([^"]+)"/.exec(await page())?.[1];
      const counter = path.join(project.content, 'pages/_islands/Counter.tsx');
      await pause();
      writeFileSync(counter, readFileSync(counter, 'utf8').replace('{n} {label}', '{label}: {n}'));
      await stream.next('update');
      const after = /data-island="([^"]+)"/.exec(await page())?.[1];
      expect(after).not.toBe(before);
      expect((await fetch(new URL(after ?? '', server.url))).status).toBe(200);

      await pause();
      writeFileSync(file, good.replace('</h1>', '</h2>'));
      const compileError = (await stream.next('error-overlay', 10_000, (d) => String((d as { message?: string }).message).includes('does not compile'))) as { message: string };
      expect(compileError.message).toMatch(/content\/pages\/showcase\.tsx:4:\d+: error: page component does not compile: /);
      // The last good page stays served.
      expect(await page()).toContain('<h1>Our showcase</h1>');

      await pause();
      writeFileSync(file, good.replace('<h1>Showcase</h1>', "{(() => { throw new Error('not today'); })()}"));
      const renderError = (await stream.next('error-overlay', 10_000, (d) => String((d as { message?: string }).message).includes('not today'))) as { message: string };
      expect(renderError.message).toContain('content/pages/showcase.tsx: error: the page component threw while it was rendered: not today\n  component stack:\n    in Showcase');

      await pause();
      writeFileSync(file, good);
      // Fixed: the error gives way to the basic fixture's one broken-anchor warning.
      await stream.next('error-overlay', 10_000, (d) => String((d as { message?: string }).message).startsWith('warning:'));
      await stream.next('update');
      expect(await page()).toContain('<h1>Showcase</h1>');
      stream.close();
    } finally {
      await server.close();
      project.cleanup();
    }
  });
});
