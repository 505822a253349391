import type { Processor } from 'unified';

/** A micromark syntax extension, as far as this plugin reads it: constructs by character code, per content type. */
type Construct = { name?: string };
export type SyntaxExtension = Record<string, Record<string, Construct | Construct[] | undefined> | undefined>;

const EMAIL_AUTOLINK = 'emailAutolink';

/** The extensions with every text construct of a name taken out, and how many were. */
export function withoutConstruct(extensions: readonly SyntaxExtension[], name: string): { extensions: SyntaxExtension[]; removed: number } {
  let removed = 0;
  const result = extensions.map((extension) => {
    const text = extension['text'];
    if (!text) return extension;
    const kept: Record<string, Construct[]> = {};
    for (const [code, value] of Object.entries(text)) {
      const constructs = value === undefined ? [] : Array.isArray(value) ? value : [value];
      const others = constructs.filter((construct) => construct.name !== name);
      removed += constructs.length - others.length;
      if (others.length > 0) kept[code] = others;
    }
    return { ...extension, text: kept };
  });
  return { extensions: result, removed };
}

/**
 * GFM's e-mail autolink literal is tried at the start of every word of running text (micromark looks
 * for the address's local part first, and for the `@` only then): ~0.2 s of a cold build of the site.
 * An address cannot be found in a page without an `@`, so such pages (most) are parsed without that
 * construct; the tree is the same. Use after every plugin that adds syntax (remark-gfm, remark-directive).
 */
export default function remarkEmailAutolinksWherePossible(this: Processor): void {
  const data = this.data() as { micromarkExtensions?: SyntaxExtension[] };
  const parse = this.parser;
  const withEmail = data.micromarkExtensions;
  if (!parse || !withEmail) return;
  const { extensions: withoutEmail, removed } = withoutConstruct(withEmail, EMAIL_AUTOLINK);
  // Nothing of that name: the extension changed, and every page is parsed with everything.
  if (removed === 0) return;
  this.parser = (document, file) => {
    if (document.includes('@')) return parse(document, file);
    // remark-parse reads the extensions when it parses: for this page, the list without the construct.
    data.micromarkExtensions = withoutEmail;
    try {
      return parse(document, file);
    } finally {
      data.micromarkExtensions = withEmail;
    }
  };
}
