import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveFileLinks } from '../../../../src/markdown/plugins/remark-links.ts';

describe('links to markdown files, resolved once every page is known', () => {
  it('say whether the file linked to is there now, not when the page was parsed (a parse from the cache is older)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mapsdocs-links-'));
    try {
      const there = path.join(dir, 'there.md');
      writeFileSync(there, '# There\n');
      const link = (file: string) => ({ file, exists: true, raw: `./${path.basename(file)}`, hash: undefined, query: '', line: 3, column: 5 });
      const messages = (file: string): string[] =>
        resolveFileLinks({ html: '', links: [], diagnostics: [], fileLinks: [link(file)] }, { routeOfFile: () => undefined, baseUrl: '/' }).diagnostics.map((d) => d.message);
      // Found when the page was parsed, a draft (not a page) then, or removed since.
      expect(messages(there)).toEqual(['link to "./there.md": the file is not a page of the site']);
      expect(messages(path.join(dir, 'gone.md'))).toEqual(['link to "./gone.md": no such file']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
