/** The line and column (from 1) where `text` is first written in `source`, or undefined when it is not. */
export function positionOf(source: string, text: string): { line: number; column: number } | undefined {
  const at = source.indexOf(text);
  if (at === -1) return undefined;
  const before = source.slice(0, at).split('\n');
  return { line: before.length, column: (before[before.length - 1]?.length ?? 0) + 1 };
}
