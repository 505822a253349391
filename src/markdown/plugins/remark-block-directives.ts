import { directiveFromMarkdown } from 'mdast-util-directive';
import { directive } from 'micromark-extension-directive';
import type { Processor } from 'unified';

/**
 * Directives on lines of their own only: `:::name` containers (admonitions)
 * and `::name` leaves. Text directives (`:name` within a line) are not parsed
 * at all: the engine has none, and prose is full of them by accident
 * (`key:name@host`, `mailto:a.b-c_d@a.b`), which a parser taking them would
 * have turned into nodes, losing the text or breaking a GFM autolink. A leaf
 * with a name the engine does not know goes back to its text
 * (remark-restore-directives).
 */
export default function remarkBlockDirectives(this: Processor) {
  const data = this.data();
  const { flow } = directive();
  // Named, so that remark-syntax-where-used can leave them out of pages without `::` (micromark's own have no name).
  const [container, leaf] = [flow?.[58]].flat();
  if (!container || !leaf) throw new Error('micromark-extension-directive changed: no container and leaf constructs at `:`');
  (data.micromarkExtensions ??= []).push({ flow: { 58: [{ ...container, name: 'directiveContainer' }, { ...leaf, name: 'directiveLeaf' }] } });
  (data.fromMarkdownExtensions ??= []).push(directiveFromMarkdown());
}
