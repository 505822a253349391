import type { Node } from 'unist';
import type { VFile } from 'vfile';
import type { Diagnostic } from '../types.ts';

/** Diagnostics are collected on the file's data, never thrown mid-tree, so one pass reports them all. */
export function report(
  file: VFile,
  entry: { message: string; hint?: string | undefined; node?: Node | undefined; severity?: Diagnostic['severity'] } & Pick<Diagnostic, 'strict' | 'once'>,
): void {
  const diagnostics = diagnosticsOf(file);
  diagnostics.push({
    severity: entry.severity ?? 'error',
    message: entry.message,
    hint: entry.hint,
    line: entry.node?.position?.start.line ?? 1,
    column: entry.node?.position?.start.column ?? 1,
    ...(entry.strict ? { strict: true } : {}),
    ...(entry.once ? { once: true } : {}),
  });
}

export function diagnosticsOf(file: VFile): Diagnostic[] {
  const data = file.data as { diagnostics?: Diagnostic[] };
  data.diagnostics ??= [];
  return data.diagnostics;
}
