import { describe, expect, it } from 'vitest';
import { didYouMean, findBrokenLinks, formatReport, normaliseRoute } from '../../../src/check/links.ts';

const anchors = new Map([
  ['/docs/intro', new Set(['install', 'ports'])],
  ['/docs/security/overview', new Set(['tls'])],
  ['/docs/protocols/nats/', new Set<string>()],
]);
const link = (raw: string, path: string | undefined, hash?: string, line = 3) => ({ raw, path, hash, line, column: 5 });

describe('link checker', () => {
  it('accepts existing pages and anchors, .html endings and a missing trailing slash', () => {
    const broken = findBrokenLinks({
      pages: [{ route: '/docs/intro', file: '/s/content/docs/intro.md', links: [link('/docs/security/overview#tls', '/docs/security/overview', 'tls'), link('x', '/docs/intro.html'), link('y', '/docs/protocols/nats')] }],
      anchors,
    });
    expect(broken).toEqual([]);
  });

  it('finds a page or an anchor named with percent-escapes, as a browser decodes them', () => {
    const withSpaces = new Map([...anchors, ['/docs/my page', new Set(['über'])], ['/docs/ünï', new Set<string>()]]);
    const links = [link('/docs/my%20page', '/docs/my%20page'), link('/docs/%C3%BCn%C3%AF', '/docs/%C3%BCn%C3%AF'), link('/docs/my%20page#%C3%BCber', '/docs/my%20page', '%C3%BCber'), link('bad', '/docs/my%2page')];
    const broken = findBrokenLinks({ pages: [{ route: '/docs/intro', file: 'f.md', links }], anchors: withSpaces });
    expect(broken.map((b) => b.raw)).toEqual(['bad']);
  });

  it('reports a missing page with its file position and a suggestion', () => {
    const [broken] = findBrokenLinks({
      pages: [{ route: '/docs/intro', file: '/s/content/docs/intro.md', links: [link('/docs/security/overveiw', '/docs/security/overveiw')] }],
      anchors,
    });
    expect(broken).toMatchObject({ kind: 'link', line: 3, column: 5, suggestion: '/docs/security/overview' });
    expect(formatReport(broken ? [broken] : [], '/s')).toMatchInlineSnapshot(`
      "1 broken link:
        content/docs/intro.md:3:5: broken link "/docs/security/overveiw": no page at /docs/security/overveiw (did you mean /docs/security/overview?)
        (set onBrokenLinks / onBrokenAnchors in content/site.yaml to "ignore", "warn" or "throw")"
    `);
  });

  it('reports a missing anchor separately from a missing page', () => {
    const [broken] = findBrokenLinks({
      pages: [{ route: '/docs/intro', file: 'f.md', links: [link('/docs/intro#instal', '/docs/intro', 'instal')] }],
      anchors,
    });
    expect(broken).toMatchObject({ kind: 'anchor', suggestion: '/docs/intro#install' });
  });

  it("reports a page's broken links in the order they are written, by line and column, each page's together", () => {
    const at = (raw: string, path: string | undefined, hash: string | undefined, line: number, column: number) => ({ raw, path, hash, line, column });
    // As a page gathers them: its links first, then its other references, each kind in its own order.
    const links = [at('/gone', '/gone', undefined, 9, 40), at('/docs/intro#nope', '/docs/intro', 'nope', 9, 84), at('/other', '/other', undefined, 2, 1), at('/x', '/x', undefined, 9, 5)];
    const broken = findBrokenLinks({ pages: [{ route: '/a', file: 'a.md', links }, { route: '/b', file: 'b.md', links: [at('/y', '/y', undefined, 1, 1)] }], anchors });
    expect(broken.map((b) => `${b.file}:${b.line}:${b.column}`)).toEqual(['a.md:2:1', 'a.md:9:5', 'a.md:9:40', 'a.md:9:84', 'b.md:1:1']);
  });

  it('reports each written link once', () => {
    const same = link('/nope', '/nope');
    expect(findBrokenLinks({ pages: [{ route: '/a', file: 'f.md', links: [same, same] }], anchors })).toHaveLength(1);
  });

  it('notes a link broken on many pages (a layout link)', () => {
    const pages = Array.from({ length: 5 }, (_, i) => ({ route: `/p${i}`, file: `p${i}.md`, links: [link('/gone', '/gone')] }));
    expect(formatReport(findBrokenLinks({ pages, anchors }), '/')).toContain('note: "/gone" is broken on 5 pages');
  });

  it('normalises .html endings unless a route has that exact name', () => {
    expect(normaliseRoute('/docs/intro.html', anchors)).toBe('/docs/intro');
    expect(normaliseRoute('/docs/index.html', anchors)).toBe('/docs/');
    expect(normaliseRoute('/a.html', new Map([['/a.html', 1]]))).toBe('/a.html');
  });

  it('suggests only close candidates', () => {
    expect(didYouMean('/docs/intro', ['/docs/intra', '/docs/other'])).toBe('/docs/intra');
    expect(didYouMean('/completely/else', ['/docs/intro'])).toBeUndefined();
  });
});

describe('suggestions on a versioned site', () => {
  it('suggest a page of the linking page\'s own version, never another version\'s (its route would mean this version\'s page)', () => {
    const anchors = new Map([
      ['/docs/brand-new-page', new Set<string>()],
      ['/docs/4.3/intro', new Set<string>()],
      ['/docs/4.3/only-43', new Set<string>()],
    ]);
    const page = (path: string) => ({ route: '/docs/4.3/intro', file: '/c/versioned_docs/version-4.3/intro.md', links: [{ raw: path, path, hash: undefined, line: 1, column: 1 }] });
    const [other] = findBrokenLinks({ pages: [page('/docs/4.3/brand-new-page')], anchors, versionBases: ['/docs', '/docs/4.3'] });
    expect(other?.suggestion).toBeUndefined();
    const [own] = findBrokenLinks({ pages: [page('/docs/4.3/only-4')], anchors, versionBases: ['/docs', '/docs/4.3'] });
    expect(own?.suggestion).toBe('/docs/4.3/only-43');
  });
});
