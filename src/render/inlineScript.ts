/**
 * A value as a JavaScript literal that is safe inside an inline `<script>`:
 * JSON, with `<` written as `\u003c` (so no text can close the element or open
 * a comment), and the line separators U+2028/U+2029 escaped (older engines end
 * a string at them). Configuration values reach inline scripts this way only.
 */
export function inlineScriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
