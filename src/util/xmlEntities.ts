const XML_ENTITY = /&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text of markup the engine made (an SVG, react-dom/server's HTML): XML's five named entities and numeric ones decoded. */
export function decodeXml(text: string): string {
  return text.replace(XML_ENTITY, (_, name: string) => {
    if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? '';
    return String.fromCodePoint(name[1]?.toLowerCase() === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10));
  });
}
