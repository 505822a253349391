import { cpSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures');

/** A throwaway project folder: a copy of a fixture content tree plus extra files. */
export function tempProject(options: { fixture?: string; files?: Record<string, string> } = {}): { root: string; content: string; cleanup: () => void } {
  const root = mkdtempSync(path.join(tmpdir(), 'mapsdocs-test-'));
  const content = path.join(root, 'content');
  if (options.fixture) cpSync(path.join(FIXTURES, options.fixture), content, { recursive: true });
  else mkdirSync(content, { recursive: true });
  for (const [rel, text] of Object.entries(options.files ?? {})) {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return { root, content, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
