import { describe, expect, it } from 'vitest';
import { limitDiagnostics, PAGE_LIMITS } from '../../../src/markdown/limits.ts';
import { render } from '../../helpers/markdown.ts';

const nestedList = (depth: number): string => Array.from({ length: depth }, (_, i) => `${' '.repeat(2 * i)}- item`).join('\n');

describe('limitDiagnostics', () => {
  it('accepts what documentation writes: nested lists, quotes and emphasis', () => {
    expect(limitDiagnostics(`${nestedList(8)}\n\n> > quote\n\nSome *emphasis*, **strong** and ~~struck~~ text.\n`)).toEqual([]);
  });

  it('refuses lists nested past the limit, at the line where they get too deep', () => {
    const [error] = limitDiagnostics(`intro\n\n${nestedList(PAGE_LIMITS.nesting + 10)}`);
    expect(error).toMatchObject({ severity: 'error', line: 3 + PAGE_LIMITS.nesting, column: 1 });
    expect(error?.message).toMatch(/lists or quotes are nested about \d+ levels deep here, more than the 64 a page may nest/);
  });

  it('counts block quotes and list markers on one line', () => {
    expect(limitDiagnostics(`${'> '.repeat(100)}x`)[0]?.severity).toBe('error');
    expect(limitDiagnostics(`${'- '.repeat(100)}x`)[0]?.severity).toBe('error');
    expect(limitDiagnostics(`${'> '.repeat(10)}x`)).toEqual([]);
  });

  it('does not count indentation or asterisks inside fenced code', () => {
    const code = ['```yaml', ...Array.from({ length: 200 }, (_, i) => `${' '.repeat(i)}key: value`), '```', '', '```c', '*'.repeat(10_000), '```'].join('\n');
    expect(limitDiagnostics(code)).toEqual([]);
  });

  it('refuses paragraphs whose emphasis markers would take markdown seconds to resolve', () => {
    const [error] = limitDiagnostics(`fine\n\n${'*a '.repeat(1500)}x${' b*'.repeat(1500)}`);
    expect(error).toMatchObject({ severity: 'error', line: 3 });
    expect(error?.message).toMatch(/too many emphasis markers/);
  });

  it('counts tildes as emphasis markers, and leaves out those in code spans', () => {
    const tildes = `${'~a '.repeat(1500)}x${' b~'.repeat(1500)}`;
    expect(limitDiagnostics(tildes)[0]?.message).toMatch(/too many emphasis markers/);
    expect(limitDiagnostics(tildes.replaceAll('~', '`~`'))).toEqual([]);
  });

  it('refuses a page whose tables have more cell separators than the limit, counting none in code spans', () => {
    const row = (cells: number): string => `|${' x |'.repeat(cells)}`;
    const rows = Math.ceil(PAGE_LIMITS.tableCells / 100) + 1;
    const table = [row(99), `|${' - |'.repeat(99)}`, ...Array.from({ length: rows }, () => row(99))].join('\n');
    expect(limitDiagnostics(table)[0]?.message).toMatch(/cell separators \(\|\)/);
    expect(limitDiagnostics(Array.from({ length: rows + 2 }, () => `\`${row(99)}\``).join('\n'))).toEqual([]);
  });

  it('counts brackets for links and images', () => {
    const [error] = limitDiagnostics(`${'!['.repeat(1300)}x${']'.repeat(1300)}`);
    expect(error?.message).toMatch(/too many brackets/);
  });

  it('warns about a page over 1 MB, and lets it build', () => {
    const [warning] = limitDiagnostics(`${'word '.repeat(220_000)}\n`);
    expect(warning).toMatchObject({ severity: 'warning', line: 1 });
    expect(warning?.message).toMatch(/the page is 1\.0 MB/);
  });
});

describe('the markdown stage under those limits', () => {
  it('does not parse a page past them, and reports the error', async () => {
    const result = await render(nestedList(1000));
    expect(result.html).toBe('');
    expect(result.diagnostics[0]?.message).toMatch(/nested about/);
  });

  it('cuts a tree nested past its depth limit, which the line check cannot see, and reports it', async () => {
    // Emphasis in emphasis, alternating * and _, 120 levels: few markers, but a deep tree.
    const open = Array.from({ length: 120 }, (_, i) => `${i % 2 ? '_' : '*'}w${i} `).join('');
    const close = Array.from({ length: 120 }, (_, i) => ((119 - i) % 2 ? '_' : '*')).join('');
    const body = `${open}x${close}`;
    const result = await render(body);
    expect(result.diagnostics.some((d) => d.severity === 'error' && /nested more than 100 levels deep/.test(d.message))).toBe(true);
  });
});
