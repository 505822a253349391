import { Children, createContext, createElement, isValidElement, useContext, type ComponentType, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { sitePath, type SiteConfig } from '../config/schema.ts';
import type { Json } from '../islands/markup.ts';
import { islandElement, notJson } from '../islands/server.ts';
import type { SidebarItem } from '../nav/sidebar.ts';

/**
 * `mapsdocs/page`: what a page component of content/pages imports.
 *
 *   import { Head, usePage, useBaseUrl, type PageProps } from 'mapsdocs/page';
 *
 *   export default function Showcase({ site }: PageProps) {
 *     return (
 *       <>
 *         <Head title="Showcase" description="Who runs MAPS Messaging" />
 *         <h1>Showcase</h1> …
 *       </>
 *     );
 *   }
 *
 * The build gives page components this very module (and its React), so the
 * state below is the build's, never a copy's.
 */

/** A docs version, as page components see it. */
export interface PageDocsVersion {
  name: string;
  label: string;
  /** Where its pages are served, without the base URL: `/docs`, `/docs/next`. */
  routeBase: string;
  /** Whether it is the version served at /docs. */
  isLast: boolean;
  sidebar: SidebarItem[];
}

/** The site, as page components see it. Routes in it (`href` of sidebar items, `routeBase`) are without the base URL: pass them to `useBaseUrl`. */
export interface PageSite {
  title: string;
  tagline: string;
  /** Where the site is published, e.g. `https://docs.mapsmessaging.io`. */
  url: string;
  /** The path the site is served under, starting and ending with `/`. */
  baseUrl: string;
  /** The site configuration (content/site.yaml), as resolved, defaults included. */
  config: SiteConfig;
  /** The docs sidebar of the version served at /docs. */
  sidebar: SidebarItem[];
  /** Every docs version built, current first. */
  versions: PageDocsVersion[];
}

/** The props of a page component (its default export); `usePage()` gives the same to any component below it. */
export interface PageProps {
  /** The page's route, without the base URL: `/`, `/showcase`. */
  route: string;
  site: PageSite;
}

/** The page's title (shown as "title | site title"), description and keywords. */
export interface HeadProps {
  title?: string;
  description?: string;
  keywords?: string[];
}

/** One render of a page component: its props, what `<Head>` said, and its islands. */
export interface PageRender {
  props: PageProps;
  head: HeadProps;
  /** The URL of the browser module of a 'use client' file, by its path in the content folder. */
  islandModule: (file: string) => string;
  /** A prefix for the next island's `useId` ids, unique on the page. */
  nextIslandId: () => string;
}

/** Internal: set by the renderer (src/pages/render.ts) around each page. */
export const PageRenderContext = createContext<PageRender | null>(null);

function currentRender(what: string): PageRender {
  const render = useContext(PageRenderContext);
  if (!render) throw new Error(`${what} works only in a page component of content/pages, while the site is built`);
  return render;
}

/** The page's props, from any component it renders. */
export function usePage(): PageProps {
  return currentRender('usePage()').props;
}

/**
 * A route of the site as a link: `/docs/intro` → `/maps/docs/intro` on a site served under `/maps/`. An
 * http, https or mailto address is kept. Anything else is refused as the configuration refuses it
 * (src/config/schema.ts: what landing.yaml's links were held to): `//host` would leave the site, and
 * `javascript:` or a backslash have no place in a link the site makes.
 */
export function useBaseUrl(to: string): string {
  const { baseUrl } = currentRender('useBaseUrl()').props.site;
  if (/^[a-z][a-z0-9+.-]*:/i.test(to)) {
    if (/^(?:https?|mailto):/i.test(to) && !/[\s\\]/.test(to)) return to;
  } else {
    const route = to.startsWith('/') ? to : `/${to}`;
    if (sitePath.safeParse(route).success) return `${baseUrl.replace(/\/$/, '')}${route}`;
  }
  throw new Error(`useBaseUrl(${JSON.stringify(to)}): a link must be a path of the site starting with a single "/" (e.g. /docs/intro), or an http, https or mailto address`);
}

/** Sets the page's title, description and keywords; renders nothing. A later `<Head>` overrides an earlier one, field by field. */
export function Head(props: HeadProps): null {
  const { head } = currentRender('<Head>');
  if (props.title !== undefined) head.title = props.title;
  if (props.description !== undefined) head.description = props.description;
  if (props.keywords !== undefined) head.keywords = props.keywords;
  return null;
}

/** A 'use client' module's default export that is not a component. */
export class IslandModuleError extends Error {
  constructor(
    message: string,
    readonly file: string,
  ) {
    super(message);
    this.name = 'IslandModuleError';
  }
}

/**
 * Internal: what a page sees of a 'use client' file's default export (the
 * build puts this between the two). Rendering it renders the component on the
 * server as an island (src/islands/server.ts), which the browser hydrates: its
 * props must be JSON, and its children are rendered here, once, as HTML.
 */
export function clientIsland<P extends object>(component: ComponentType<P> | undefined, file: string): ComponentType<P & { children?: ReactNode }> {
  if (typeof component !== 'function') {
    throw new IslandModuleError(`${file} is marked 'use client' but its default export is not a component`, file);
  }
  const name = component.displayName ?? component.name ?? file;
  const island = (props: P & { children?: ReactNode }) => {
    const render = useContext(PageRenderContext);
    // An island's own render has no page around it: the only way here without one is from another island.
    if (!render) throw new Error(`the island ${name} (${file}) is rendered by another island: an island cannot render an island; render both from the page component, or drop 'use client' from ${file} to use it as a plain component`);
    const { children, ...rest } = props as { children?: ReactNode } & Record<string, unknown>;
    for (const [key, value] of Object.entries(rest)) {
      if (isValidElement(value)) throw new Error(`the island ${name} (${file}): its prop "${key}" is a React element; pass markup as its children instead`);
    }
    const problem = notJson(rest, 'props');
    if (problem) throw new Error(`the island ${name} (${file}) takes JSON props only: ${problem}`);
    // Its children are part of the page: they see the page's context, and are sent as HTML.
    const slots = Children.toArray(children).map((child) => renderToStaticMarkup(createElement(PageRenderContext.Provider, { value: render }, child)));
    return islandElement({ module: render.islandModule(file), component, props: rest as { [key: string]: Json }, slots, id: render.nextIslandId() });
  };
  // Named after the component, so that a component stack reads "in Counter".
  Object.defineProperty(island, 'name', { value: name });
  return island;
}
