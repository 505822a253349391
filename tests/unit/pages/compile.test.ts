import { symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatUserError, userErrorsOf } from '../../../src/errors.ts';
import { compilePages, isUseClient } from '../../../src/pages/compile.ts';
import { tempProject } from '../../helpers/tempSite.ts';

const REACT_URL = '/assets/js/react.0123456789.js';

/** Compiles `pages` of a project made of `files`; the user errors as the CLI prints them, relative to the project. */
async function compile(files: Record<string, string>, pages: string[], prepare?: (content: string) => void) {
  const project = tempProject({ files });
  prepare?.(project.content);
  try {
    const compiled = await compilePages({ contentDir: project.content, pages, baseUrl: '/', reactUrl: REACT_URL });
    return { compiled, errors: [] as string[], project };
  } catch (error) {
    const errors = userErrorsOf(error).map((e) => formatUserError(e).replaceAll(`${project.root}/`, ''));
    if (errors.length === 0) throw error;
    return { compiled: undefined, errors, project };
  } finally {
    project.cleanup();
  }
}

describe('page components compiled', () => {
  it("tells a 'use client' file by its first statement", () => {
    expect(isUseClient("'use client';\nexport default 1;")).toBe(true);
    expect(isUseClient('// A counter\n/* island */\n"use client"\n')).toBe(true);
    expect(isUseClient("import x from './x';\n'use client';")).toBe(false);
    expect(isUseClient("const a = 'use client';")).toBe(false);
  });

  it('runs each page module with the engine React and mapsdocs/page, and reads JSON and nested folders', async () => {
    const { compiled } = await compile(
      {
        'content/pages/hello.tsx': "import data from './_data/site.json';\nimport { Title } from './_parts';\nexport default function Hello() { return <Title text={data.name} />; }\nexport const kind = typeof Title;",
        'content/pages/_parts/index.tsx': "import { useState } from 'react';\nexport function Title({ text }: { text: string }) { const [t] = useState(text); return <h1>{t}</h1>; }",
        'content/pages/_data/site.json': '{ "name": "Hello" }',
      },
      ['pages/hello.tsx'],
    );
    const module = compiled?.load('pages/hello.tsx') as { default: unknown; kind: string };
    expect(typeof module.default).toBe('function');
    expect(module.kind).toBe('function');
    expect(compiled?.client.files).toEqual([]);
  });

  it('compiles each island for the browser, importing React from the runtime', async () => {
    const { compiled } = await compile(
      {
        'content/pages/p.tsx': "import Counter from './_islands/Counter.tsx';\nexport default function P() { return <Counter start={1} />; }",
        'content/pages/_islands/Counter.tsx': "'use client';\nimport { useState } from 'react';\nexport default function Counter({ start }: { start: number }) { const [n, set] = useState(start); return <button onClick={() => set(n + 1)}>{n}</button>; }",
      },
      ['pages/p.tsx'],
    );
    const url = compiled?.client.urls.get('pages/_islands/Counter.tsx');
    expect(url).toMatch(/^\/assets\/js\/site\/Counter-\w+\.js$/);
    const module = compiled?.client.files.find((f) => `/${f.path}` === url);
    const code = Buffer.from(module?.contents ?? '').toString('utf8');
    expect(code).toContain(`from"${REACT_URL}"`);
    expect(code).not.toContain('react.production');
  });

  it('reports code that does not compile at its file, line and column', async () => {
    const { errors } = await compile({ 'content/pages/bad.tsx': 'export default function Bad() {\n  return <div>;\n}\n' }, ['pages/bad.tsx']);
    expect(errors[0]).toBe('content/pages/bad.tsx:3:1: error: page component does not compile: The character "}" is not valid inside a JSX element\n  hint: fix the file; page components are built with esbuild from content/pages alone');
  });

  it('refuses imports from outside content/pages, and of packages other than React, at the import', async () => {
    const { errors } = await compile(
      {
        'content/pages/out.tsx': "import text from '../docs/secret.json';\nimport fs from 'node:fs';\nimport lodash from 'lodash';\nimport abs from '/etc/hostname';\nexport default function Out() { return <p>{String(text)}{String(fs)}{String(lodash)}{String(abs)}</p>; }",
        'content/docs/secret.json': '{}',
      },
      ['pages/out.tsx'],
    );
    expect(errors).toEqual([
      'content/pages/out.tsx:1:18: error: page component does not compile: cannot import "../docs/secret.json": it is outside content/pages, and page components are built from the files under it alone\n  hint: fix the file; page components are built with esbuild from content/pages alone',
      expect.stringContaining('content/pages/out.tsx:2:16: error: page component does not compile: cannot import "node:fs": page components may import react, react/jsx-runtime, mapsdocs/page and files under content/pages'),
      expect.stringContaining('content/pages/out.tsx:3:20: error: page component does not compile: cannot import "lodash"'),
      expect.stringContaining('content/pages/out.tsx:4:17: error: page component does not compile: cannot import "/etc/hostname": it is outside content/pages'),
    ]);
  });

  it('refuses a symbolic link out of content/pages', async () => {
    const { errors } = await compile({ 'content/pages/linked.tsx': "import value from './_link.json';\nexport default function L() { return <p>{String(value)}</p>; }", 'content/outside.json': '1' }, ['pages/linked.tsx'], (content) =>
      symlinkSync(path.join(content, 'outside.json'), path.join(content, 'pages', '_link.json')),
    );
    expect(errors).toEqual(['content/pages/_link.json: error: _link.json in content/pages is a symbolic link to a file outside the folders the build reads\n  hint: replace the link with a copy of the file']);
  });

  it('refuses an island that imports mapsdocs/page: islands run in the browser', async () => {
    const { errors } = await compile(
      {
        'content/pages/p.tsx': "import I from './_i.tsx';\nexport default function P() { return <I />; }",
        'content/pages/_i.tsx': "'use client';\nimport { usePage } from 'mapsdocs/page';\nexport default function I() { return <p>{usePage().route}</p>; }",
      },
      ['pages/p.tsx'],
    );
    expect(errors).toEqual([expect.stringContaining('content/pages/_i.tsx:2:25: error: page component does not compile: cannot import "mapsdocs/page": an island runs in the browser')]);
  });

  it('reads no configuration around the content: a tsconfig.json above it changes nothing', async () => {
    const { compiled, errors } = await compile(
      {
        'tsconfig.json': JSON.stringify({ compilerOptions: { jsx: 'react-jsx', jsxImportSource: 'preact', paths: { react: ['./nowhere'] } } }),
        'content/pages/a.tsx': "import { useState } from 'react';\nexport default function A() { const [a] = useState('a'); return <p>{a}</p>; }",
      },
      ['pages/a.tsx'],
    );
    expect(errors).toEqual([]);
    expect(typeof compiled?.load('pages/a.tsx').default).toBe('function');
  });

  it('gives back the previous result while no file changed', async () => {
    const project = tempProject({ files: { 'content/pages/a.tsx': 'export default function A() { return <p>a</p>; }' } });
    try {
      const options = { contentDir: project.content, pages: ['pages/a.tsx'], baseUrl: '/', reactUrl: REACT_URL };
      const first = await compilePages(options);
      expect(await compilePages({ ...options, previous: first })).toBe(first);
      writeFileSync(path.join(project.content, 'pages/_b.tsx'), 'export const b = 1;');
      expect(await compilePages({ ...options, previous: first })).not.toBe(first);
    } finally {
      project.cleanup();
    }
  });
});
