/**
 * Why a front-matter `slug` cannot be a route, or undefined when it can. A
 * slug becomes a file of the output, so it is held to what a route may be:
 * segments of plain characters, without `.` or `..`, empty segments,
 * backslashes, control characters, a scheme or drive letter, `?`, `#` or
 * percent escapes (which a server would decode into any of those).
 */
export function slugProblem(slug: string): string | undefined {
  if (/[\u0000-\u001f\u007f]/.test(slug)) return 'it contains a control character';
  if (slug.includes('\\')) return 'it contains a backslash';
  if (/^[a-z][a-z0-9+.-]*:/i.test(slug)) return 'it starts with a URL scheme or a drive letter';
  if (/[?#]/.test(slug)) return 'it contains "?" or "#"';
  if (slug.includes('%')) return 'it contains a percent escape';
  const segments = slug.replace(/^\//, '').replace(/\/$/, '').split('/');
  if (slug !== '/' && segments.some((segment) => segment === '.' || segment === '..')) return 'it has a "." or ".." segment';
  if (slug !== '/' && segments.some((segment) => segment === '')) return 'it has an empty segment ("//")';
  return undefined;
}
