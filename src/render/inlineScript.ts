/**
 * JSON that is safe inside an inline `<script>`, whatever strings it holds:
 * `<` cannot close the element or open a comment, `>` and `&` mean nothing to
 * the HTML parser, and U+2028/U+2029 (line breaks to older JavaScript parsers)
 * are escaped. Each escape is a JSON string escape, so `JSON.parse` and
 * JavaScript both read the same value back. Configuration values reach inline
 * scripts this way only.
 */
export function inlineScriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
