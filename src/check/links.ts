import type { LinkRef } from '../markdown/types.ts';

/** One page of the link graph: where its links are written and what they say. */
export interface GraphPage {
  route: string;
  file: string;
  links: readonly LinkRef[];
}

export interface LinkGraph {
  pages: readonly GraphPage[];
  /** Every route of the site with the anchors it defines. */
  anchors: ReadonlyMap<string, ReadonlySet<string>>;
  /** Files that exist in the output without being pages (assets, sitemap…). */
  files?: ReadonlySet<string>;
  /** The route bases of the docs versions (`/docs`, `/docs/next`, …), on a versioned site. */
  versionBases?: readonly string[];
}

/** The version base a route lies under (the longest that holds it), or undefined outside the docs. */
function baseOf(route: string, bases: readonly string[]): string | undefined {
  let found: string | undefined;
  for (const base of bases) if ((route === base || route.startsWith(`${base}/`)) && (found === undefined || base.length > found.length)) found = base;
  return found;
}

export interface BrokenLink {
  kind: 'link' | 'anchor';
  file: string;
  line: number;
  column: number;
  /** The link as written. */
  raw: string;
  route: string;
  message: string;
  suggestion: string | undefined;
}

/** `/a/b.html` and `/a/b/index.html` mean `/a/b` unless a route has that exact name. */
export function normaliseRoute(route: string, routes: ReadonlyMap<string, unknown>): string {
  if (routes.has(route)) return route;
  if (route.endsWith('/index.html')) return route.slice(0, -'index.html'.length);
  if (route.endsWith('.html')) return route.slice(0, -'.html'.length);
  return route;
}

/** `%20`, `%C3%BC`: what a browser asks for once it decodes the link; malformed escapes stay as written. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function findRoute(route: string, routes: ReadonlyMap<string, ReadonlySet<string>>): string | undefined {
  for (const candidate of new Set([route, decoded(route)])) {
    const normal = normaliseRoute(candidate, routes);
    if (routes.has(normal)) return normal;
    const toggled = normal.endsWith('/') ? normal.slice(0, -1) : `${normal}/`;
    if (routes.has(toggled)) return toggled;
  }
  return undefined;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    let previous = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const current = row[j] ?? 0;
      row[j] = Math.min((row[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length] ?? 0;
}

/** The closest candidate, if it is close enough to be what the author meant. */
export function didYouMean(wanted: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  const last = (s: string): string => s.replace(/\/$/, '').slice(s.replace(/\/$/, '').lastIndexOf('/') + 1);
  for (const candidate of candidates) {
    // Compare the last segment too, so a page moved to another folder is still found.
    const score = Math.min(distance(wanted, candidate), distance(last(wanted), last(candidate)) + 2);
    if (score < bestScore) {
      bestScore = score;
      best = candidate;
    }
  }
  return best !== undefined && bestScore <= Math.max(3, Math.floor(wanted.length / 4)) ? best : undefined;
}

/** Finds every link whose page or anchor does not exist. Pure: no I/O, no printing. */
export function findBrokenLinks(graph: LinkGraph): BrokenLink[] {
  const broken: BrokenLink[] = [];
  const seen = new Set<string>();
  for (const page of graph.pages) {
    // A page's links are gathered by kind: each page's are reported in the order they are written.
    const start = broken.length;
    for (const link of page.links) {
      const key = `${page.file}:${link.line}:${link.column}:${link.raw}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const at = { file: page.file, line: link.line, column: link.column, raw: link.raw, route: page.route };
      if (link.path === undefined) {
        broken.push({ kind: 'link', ...at, message: `broken link "${link.raw}": no such page`, suggestion: undefined });
        continue;
      }
      const target = findRoute(link.path, graph.anchors);
      if (target === undefined) {
        if (graph.files?.has(link.path) || graph.files?.has(decoded(link.path))) continue;
        // A page of another version is no suggestion: written in this page, its route would mean this version's page.
        const bases = graph.versionBases ?? [];
        const own = baseOf(page.route, bases);
        const candidates = bases.length < 2 ? graph.anchors.keys() : [...graph.anchors.keys()].filter((route) => baseOf(route, bases) === undefined || baseOf(route, bases) === own);
        const suggestion = didYouMean(link.path, candidates);
        broken.push({ kind: 'link', ...at, message: `broken link "${link.raw}": no page at ${link.path}`, suggestion });
        continue;
      }
      if (link.hash === undefined || link.hash === '') continue;
      const anchors = graph.anchors.get(target) ?? new Set<string>();
      if (anchors.has(link.hash) || anchors.has(decoded(link.hash))) continue;
      broken.push({
        kind: 'anchor',
        ...at,
        message: `broken anchor "${link.raw}": ${target} has no heading or element with id "${link.hash}"`,
        suggestion: didYouMean(link.hash, anchors) ? `${target}#${didYouMean(link.hash, anchors) ?? ''}` : undefined,
      });
    }
    broken.push(...broken.splice(start).sort((x, y) => x.line - y.line || x.column - y.column));
  }
  return broken;
}

export type Severity = 'ignore' | 'warn' | 'throw';

export function formatBrokenLink(link: BrokenLink, root: string): string {
  const file = link.file.startsWith(root) ? link.file.slice(root.length + 1) : link.file;
  const hint = link.suggestion ? ` (did you mean ${link.suggestion}?)` : '';
  return `${file}:${link.line}:${link.column}: ${link.message}${hint}`;
}

/** One text block for a list of broken links, with a hint when one target breaks on many pages. */
export function formatReport(links: readonly BrokenLink[], root: string): string {
  if (links.length === 0) return '';
  const lines = links.map((link) => `  ${formatBrokenLink(link, root)}`);
  const byRaw = new Map<string, number>();
  for (const link of links) byRaw.set(link.raw, (byRaw.get(link.raw) ?? 0) + 1);
  const repeated = [...byRaw].filter(([, count]) => count >= 5);
  const notes = repeated.map(
    ([raw, count]) => `  note: "${raw}" is broken on ${count} pages; if it comes from the navbar, footer or a shared template, fix it there`,
  );
  const silence = '  (set onBrokenLinks / onBrokenAnchors in content/site.yaml to "ignore", "warn" or "throw")';
  return [`${links.length} broken link${links.length === 1 ? '' : 's'}:`, ...lines, ...notes, silence].join('\n');
}
