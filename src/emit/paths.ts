/** Where a route's HTML lives in the output: `/docs/intro` → `docs/intro.html`, `/docs/` → `docs/index.html`. */
export function outputFileOf(route: string): string {
  if (route === '/') return 'index.html';
  // A route that is a file name already (a slug such as /legacy.html) is served as it is.
  if (route.endsWith('.html')) return route.slice(1);
  if (route.endsWith('/')) return `${route.slice(1)}index.html`;
  return `${route.slice(1)}.html`;
}

/** A route's URL on the site: the base URL (`/` or `/maps/`) before the route (`/docs/intro`). */
export function hrefOf(baseUrl: string, route: string): string {
  return `${baseUrl.replace(/\/$/, '')}${route}`;
}
