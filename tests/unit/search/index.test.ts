import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSearchIndex, type SearchOutcome, type SearchResult } from '../../../src/client/searchIndex.ts';
import type { OutputFile } from '../../../src/emit/atomic.ts';
import { INDEX_DIR, type IndexMeta } from '../../../src/search/format.ts';
import { anchors } from '../../../src/openapi/model.ts';
import { API_ANCHORS, createSearchIndexer, isApiRecord } from '../../../src/search/index.ts';
import { excerptOf } from '../../../src/search/query.ts';

type Fixture = { url: string; title: string; body: string } | { url: string; record: string; content: string };

const html = (title: string, body: string): string => `<!DOCTYPE html>\n<html lang="en"><head><title>${title}</title></head><body><article><h1>${title}</h1>${body}</article></body></html>`;

function indexOf(fixtures: readonly Fixture[]): OutputFile[] {
  const indexer = createSearchIndexer();
  for (const f of fixtures) {
    if ('record' in f) indexer.addRecord(f.url, f.record, f.content);
    else indexer.add(f.url, html(f.title, f.body));
  }
  return indexer.files();
}

/** The dialog's own reader of the index, over these files: what it fetched is logged. */
async function reader(files: readonly OutputFile[]): Promise<{ search: (query: string) => Promise<SearchResult[] | undefined>; outcome: (query: string) => Promise<SearchOutcome | undefined>; fetched: string[] }> {
  const byUrl = new Map(files.map((f) => [`/${f.path}`, String(f.contents)]));
  const fetched: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(url);
    const body = byUrl.get(url);
    return { ok: body !== undefined, status: body === undefined ? 404 : 200, text: async () => body ?? '' };
  });
  const index = await openSearchIndex('/');
  return { search: async (query) => (await index.search(query, 6, 3))?.results, outcome: (query) => index.search(query, 6, 3), fetched };
}

const urls = (results: SearchResult[] | undefined): string[] => (results ?? []).flatMap((r) => r.sections.map((s) => s.url));

const SITE: Fixture[] = [
  { url: '/docs/api/reference#operation-publishMessage', record: 'Publish a message (POST /api/v1/messaging/publish)', content: 'Publish a message. POST /api/v1/messaging/publish. publishMessage. retain body parameter.' },
  { url: '/docs/api/reference#operation-listDestinations', record: 'List destinations (GET /api/v1/server/destinations)', content: 'List destinations. sortBy query parameter The counter to sort by. size query parameter.' },
  {
    url: '/docs/protocols/mqtt-sn',
    title: 'MQTT-SN 1.2',
    body: '<p>MQTT-SN for sensors; topics are registered.</p><h2 id="listener">Listener</h2><p>A udp listener; topics and predefined ids are set here.</p><h2 id="predefined-topics">Predefined topics</h2><p>Ids fixed in the configuration.</p>',
  },
  { url: '/docs/guides/topics', title: 'Topic names', body: '<p>Topics, topics everywhere: predefined topics exist for MQTT-SN, and topics for everything else.</p>' },
  { url: '/docs/guides/publishing', title: 'Publishing from devices', body: '<p>How devices send data.</p><h2 id="retained">Retained messages</h2><p>A retained message is kept.</p>' },
  { url: '/docs/guides/chatty', title: 'Notes', body: '<p>We publish, publish, publish and publish again; publish everything.</p>' },
  { url: '/docs/intl', title: 'Internationalisation', body: '<p>Der Broker unterstützt Zeichensätze: Säure, café &amp; naïve.</p>' },
];

describe('search over an index built from pages and API records', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('ranks title matches first: the publish call and the publishing page above a page that only says it often', async () => {
    const { search } = await reader(indexOf(SITE));
    const results = await search('publish');
    const titles = (results ?? []).map((r) => r.title);
    expect(titles.slice(0, 2)).toEqual(expect.arrayContaining(['Publish a message (POST /api/v1/messaging/publish)', 'Publishing from devices']));
    expect(titles.indexOf('Notes')).toBeGreaterThan(1);
  });

  it('leads with the section whose heading holds the words, linked by its anchor', async () => {
    const { search } = await reader(indexOf(SITE));
    const results = await search('mqtt-sn predefined topics');
    expect(urls(results)[0]).toBe('/docs/protocols/mqtt-sn#predefined-topics');
    expect(results?.[0]?.sections[0]?.heading).toBe('Predefined topics');
    // The page on topic names has the words too (lower: no heading holds them); the call to publish has none.
    expect(results?.map((r) => r.url)).toEqual(['/docs/protocols/mqtt-sn', '/docs/guides/topics']);
  });

  it('finds an API call by a parameter, under the call’s anchor', async () => {
    const { search } = await reader(indexOf(SITE));
    expect(urls(await search('sortBy'))).toEqual(['/docs/api/reference#operation-listDestinations']);
  });

  it('matches words by their start while typing, the whole word ranking above a longer one', async () => {
    const { search } = await reader(indexOf(SITE));
    expect((await search('publ'))?.map((r) => r.title)).toEqual(expect.arrayContaining(['Publishing from devices', 'Notes']));
    const other = await reader(
      indexOf([
        { url: '/docs/longer', title: 'One', body: '<p>The broker has retained it.</p>' },
        { url: '/docs/exact', title: 'Two', body: '<p>The broker can retain it.</p>' },
      ]),
    );
    expect((await other.search('retain'))?.map((r) => r.url)).toEqual(['/docs/exact', '/docs/longer']);
  });

  it('folds case and diacritics in the text and in the query', async () => {
    const { search } = await reader(indexOf(SITE));
    expect((await search('SAURE'))?.map((r) => r.url)).toEqual(['/docs/intl']);
    expect((await search('unterstutzt'))?.map((r) => r.url)).toEqual(['/docs/intl']);
    expect((await search('Café'))?.map((r) => r.url)).toEqual(['/docs/intl']);
  });

  it('searches no one-letter word: alone, the query is not run', async () => {
    const { search, fetched } = await reader(indexOf(SITE));
    expect(await search('p')).toBeUndefined();
    expect(fetched).toEqual([`/${INDEX_DIR}/meta.json`]);
    expect((await search('retained m'))?.map((r) => r.url)[0]).toBe('/docs/guides/publishing');
  });

  it('finds nothing for a word no page holds', async () => {
    const { search } = await reader(indexOf(SITE));
    expect(await search('zeppelin')).toEqual([]);
  });
});

describe('what a query downloads', () => {
  afterEach(() => vi.unstubAllGlobals());
  // 400 pages of distinct words: the index is cut into many shards and fragment files.
  const MANY: Fixture[] = Array.from({ length: 400 }, (_, i) => ({
    url: `/docs/p${i}`,
    title: `Page ${i}`,
    body: `<p>${Array.from({ length: 30 }, (_, j) => `w${i}x${j}`).join(' ')} common</p>`,
  }));

  it('is the metadata, the shards of the words typed and the fragments of the results shown', async () => {
    const files = indexOf(MANY);
    const meta = JSON.parse(String(files.find((f) => f.path.endsWith('meta.json'))?.contents)) as IndexMeta;
    expect(meta.shards.length).toBeGreaterThan(10);
    expect(meta.fragments.length).toBeGreaterThan(10);
    const { search, fetched } = await reader(files);
    expect(urls(await search('w123x7'))).toEqual(['/docs/p123']);
    const shards = fetched.filter((url) => /\/s\d+\./.test(url));
    const fragments = fetched.filter((url) => /\/f\d+\./.test(url));
    expect(shards.length).toBeLessThanOrEqual(2);
    expect(fragments).toHaveLength(1);
    // Each file is fetched once: the same query again downloads nothing.
    const before = fetched.length;
    await search('w123x7');
    expect(fetched).toHaveLength(before);
  });

  it('names its files after their content, so a host may cache them and a changed index is never mixed with the old', () => {
    const first = indexOf(MANY).map((f) => f.path);
    expect(indexOf(MANY).map((f) => f.path)).toEqual(first);
    const changed = indexOf([...MANY.slice(0, 399), { url: '/docs/p399', title: 'Changed', body: '<p>new words</p>' }]).map((f) => f.path);
    expect(changed.filter((p) => !p.endsWith('meta.json')).some((p) => first.includes(p))).toBe(false);
  });
});

describe('the excerpt of a section', () => {
  it('marks the words matched, around where they are densest, and escapes everything else', () => {
    const text = `${'lead '.repeat(40)}the <retained> flag keeps a retained message${' tail'.repeat(40)}`;
    const excerpt = excerptOf(text, ['retained']);
    expect(excerpt).toMatch(/^… /);
    expect(excerpt).toContain('&#60;<mark>retained</mark>&#62; flag keeps a <mark>retained</mark> message');
    expect(excerpt).toMatch(/ …$/);
    expect(excerpt.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });

  it('marks a word whose part starts with the query, and shows a short text whole', () => {
    expect(excerptOf('Use mqtt-sn here.', ['sn'])).toBe('Use <mark>mqtt-sn</mark> here.');
  });
});

describe('which records are the API’s operations and schemas', () => {
  it('knows them by the anchors the reference gives them', () => {
    expect(API_ANCHORS).toEqual([anchors.operation('x').slice(0, -1), anchors.schema('x').slice(0, -1)]);
    expect(isApiRecord('/docs/api/reference#operation-publishMessage')).toBe(true);
    expect(isApiRecord('/docs/api/reference#schema-MessageDTO')).toBe(true);
    expect(isApiRecord('/docs/api/reference')).toBe(false);
    expect(isApiRecord('/docs/api/reference#tag-messaging')).toBe(false);
  });
});
