/** The commonmark-spec package (the spec's examples as data) ships no types. */
declare module 'commonmark-spec' {
  const spec: { text: string; tests: { markdown: string; html: string; section: string; number: number }[] };
  export default spec;
}
