import path from 'node:path';
import { Writable } from 'node:stream';
import { createElement, type ComponentType, type ReactElement } from 'react';
import { renderToPipeableStream, renderToStaticMarkup } from 'react-dom/server';
import { UserError } from '../errors.ts';
import { PageRenderContext, type HeadProps, type PageProps, type PageRender } from './api.ts';
import type { CompiledPages } from './compile.ts';

/** A page component, rendered: its markup and what its `<Head>` said. */
export interface RenderedComponentPage {
  route: string;
  relFile: string;
  html: string;
  head: HeadProps;
}

function isComponent(value: unknown): value is ComponentType<PageProps> {
  // Functions and classes; memo() and forwardRef() give objects React renders as components.
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}

/** A component stack as React gives it ("\n    at Card (file:///…:3:9)"), as names alone: "in Card", one per line. */
export function formatComponentStack(stack: string): string {
  return stack
    .split('\n')
    .map((line) => /^\s*at (\S+)/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined)
    .map((name) => `    in ${name}`)
    .join('\n');
}

/**
 * The component stack of a render that failed: the render again, streamed,
 * which (unlike a string render) tells where it failed. Only on the way to
 * an error, so successful renders never pay for it.
 */
function componentStackOf(element: ReactElement): Promise<string | undefined> {
  return new Promise((resolve) => {
    let stack: string | undefined;
    const stream = renderToPipeableStream(element, {
      onError(_error, info) {
        stack ??= info.componentStack ?? undefined;
      },
      onShellError: () => resolve(stack),
      onAllReady: () => resolve(stack),
    });
    stream.pipe(new Writable({ write: (_chunk, _encoding, done) => done() }));
  });
}

/**
 * Renders one page component with its props inside the render context that
 * `<Head>`, `usePage()` and islands read. A missing default export and a
 * component that throws are user errors at the page's file, the second with
 * the component stack.
 */
export async function renderComponentPage(options: {
  compiled: CompiledPages;
  contentDir: string;
  relFile: string;
  props: PageProps;
}): Promise<RenderedComponentPage> {
  const { compiled, contentDir, relFile, props } = options;
  const file = path.join(contentDir, relFile);
  const page = compiled.load(relFile).default;
  if (!isComponent(page)) {
    throw new UserError(page === undefined ? 'the page has no default export' : `the page's default export is ${typeof page}, not a component`, {
      location: { file },
      hint: 'export the page component as the default export: export default function MyPage() {…}',
    });
  }
  let islands = 0;
  const render: PageRender = {
    props,
    head: {},
    islandModule: (island) => {
      const url = compiled.client.urls.get(island);
      if (url === undefined) throw new Error(`${island} has no browser module`);
      return url;
    },
    nextIslandId: () => `i${islands++}-`,
  };
  const element = createElement(PageRenderContext.Provider, { value: render }, createElement(page, props));
  try {
    return { route: props.route, relFile, html: renderToStaticMarkup(element), head: render.head };
  } catch (error) {
    const stack = await componentStackOf(createElement(PageRenderContext.Provider, { value: { ...render, head: {} } }, createElement(page, props)));
    const message = error instanceof Error ? error.message : String(error);
    const where = stack ? `\n  component stack:\n${formatComponentStack(stack)}` : '';
    throw new UserError(`the page component threw while it was rendered: ${message}${where}`, {
      location: { file },
      hint: 'a page component is rendered at build time, in Node: code that needs the browser (window, document) belongs in an effect or in an island',
    });
  }
}
