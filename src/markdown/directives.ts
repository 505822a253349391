import { ADMONITIONS } from './plugins/remark-admonitions.ts';
import { TAB_DIRECTIVE, TABS_DIRECTIVE } from './plugins/remark-tabs.ts';

/**
 * Every directive the engine knows, by kind: the one place a new directive
 * is registered. A `::name` line (or any directive) whose name is not here is
 * not a directive but text, and remark-restore-directives puts it back
 * exactly as it was written.
 */
export const KNOWN_DIRECTIVES: Readonly<Record<'containerDirective' | 'leafDirective' | 'textDirective', ReadonlySet<string>>> = {
  /** `:::name` … `:::` blocks: the admonitions, and tabs. */
  containerDirective: new Set([...Object.keys(ADMONITIONS), TABS_DIRECTIVE]),
  /** `::name` lines: a tab inside a block of tabs. */
  leafDirective: new Set([TAB_DIRECTIVE]),
  textDirective: new Set(),
};

export function isKnownDirective(node: { type: string; name?: unknown }): boolean {
  const names = KNOWN_DIRECTIVES[node.type as keyof typeof KNOWN_DIRECTIVES] as ReadonlySet<string> | undefined;
  return names !== undefined && typeof node.name === 'string' && names.has(node.name);
}
