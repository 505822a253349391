import { describe, expect, it } from 'vitest';
import { indexOf, readerOf, type Fixture } from './reader.ts';

const op = (id: string, summary: string, path: string, content: string): Fixture => ({
  url: `/docs/api/reference#operation-${id}`,
  record: `${summary} (POST ${path})`,
  content: `${summary}. POST ${path}. ${id}. ${content}`,
});
const schema = (name: string, content: string): Fixture => ({ url: `/docs/api/reference#schema-${name}`, record: `${name} (schema)`, content: `${name}. ${content}` });
const page = (url: string, title: string, body: string): Fixture => ({ url, title, body });
const filler = (n: number): string => Array.from({ length: n }, (_, i) => `filler${i % 7}`).join(' ');

describe('ranking that matches what an operator types', () => {
  it('ranks a word typed whole above the long rare identifiers it starts: the MQTT pages before the MQTT schemas', async () => {
    const { urls } = await readerOf(
      indexOf([
        ...['MqttSnProtocolInformation', 'MqttSnConfigDTO', 'MqttProtocolInformation', 'MqttV5ProtocolInformation', 'MqttConfigDTO', 'MqttV5ConfigDTO'].map((name) =>
          schema(name, `${name} describes a listener. mqtt listener.`),
        ),
        page('/docs/protocols/mqtt-3-1-1', 'MQTT 3.1.1', `<p>The MQTT listener. ${filler(80)} MQTT clients connect on 1883.</p>`),
        page('/docs/protocols/mqtt-5-0', 'MQTT 5.0', `<p>MQTT 5 adds properties. ${filler(80)}</p>`),
        page('/docs/intro', 'Introduction', `<p>Protocols: MQTT, AMQP and STOMP. ${filler(40)}</p>`),
      ]),
    );
    expect((await urls('mqtt')).slice(0, 2).sort()).toEqual(['/docs/protocols/mqtt-3-1-1', '/docs/protocols/mqtt-5-0']);
  });

  it('puts the operation whose summary is the query above schemas that only start with its words', async () => {
    const { urls } = await readerOf(
      indexOf([
        schema('PublishRequestDTO', 'A message to publish: destination, payload, retain.'),
        schema('MessageOverrideDTO', 'Overrides of a published message.'),
        schema('MessageDTO', 'A message.'),
        op('publishMessage', 'Publish a message', '/api/v1/messaging/publish', 'PublishRequestDTO request body. 401 Unauthorized.'),
      ]),
    );
    expect((await urls('publish message'))[0]).toBe('/docs/api/reference#operation-publishMessage');
  });

  it('leads with the guide whose title is the query, over pages that say it more often', async () => {
    const { urls } = await readerOf(
      indexOf([
        page('/docs/logging', 'Logging', `<p>Where the log goes. ${filler(60)}</p>`),
        page('/docs/chatty', 'Operations notes', `<h2 id="logging">Logging, logging</h2><p>logging logging logging, logging everywhere.</p>`),
      ]),
    );
    expect(await urls('logging')).toEqual(['/docs/logging', '/docs/chatty']);
  });

  it('keeps operations and schemas to three of the first five, unless the query names a path or an identifier', async () => {
    const fixtures = [
      ...Array.from({ length: 6 }, (_, i) => op(`statusCall${i}`, `Get status ${i}`, `/api/v1/status/${i}`, 'status status. 401 Unauthorized.')),
      page('/docs/monitoring', 'Monitoring overview', `<p>The broker reports its status. ${filler(200)}</p>`),
      page('/docs/health', 'Health checks', `<p>A status check. ${filler(200)}</p>`),
    ];
    const { urls } = await readerOf(indexOf(fixtures));
    const top = (await urls('status')).slice(0, 5);
    expect(top.filter((url) => url.includes('#operation-'))).toHaveLength(3);
    expect(top).toEqual(expect.arrayContaining(['/docs/monitoring', '/docs/health']));
    // Named as a path or as an identifier, the calls may fill the first results.
    expect((await urls('/api/v1/status')).slice(0, 5).every((url) => url.includes('#operation-'))).toBe(true);
    expect((await urls('statusCall3'))[0]).toBe('/docs/api/reference#operation-statusCall3');
  });

  it('favours the section where the words occur together over one that has them far apart', async () => {
    const { search } = await readerOf(
      indexOf([
        page('/docs/apart', 'Notes', `<p>Listeners are declared per port. ${filler(120)} Clients send credentials when asked.</p>`),
        page('/docs/together', 'More notes', `<p>${filler(120)} The shipped listeners accept clients without credentials. ${filler(20)}</p>`),
      ]),
    );
    const outcome = await search('listeners accept clients without credentials');
    expect(outcome?.results.map((r) => r.url)).toEqual(['/docs/together', '/docs/apart']);
  });

  it('matches identifiers whole and by their parts', async () => {
    const { urls } = await readerOf(
      indexOf([page('/docs/sn', 'Sensor networks', '<p>Set up mqtt-sn gateways; see client_id.</p>'), page('/docs/other', 'Other', '<p>Nothing here about gateways.</p>')]),
    );
    expect(await urls('mqtt-sn')).toEqual(['/docs/sn']);
    expect(await urls('sn gateways')).toEqual(['/docs/sn', '/docs/other']);
    expect(await urls('client_id')).toEqual(['/docs/sn']);
  });

  it('finds other forms of a word by its stem, below the form typed', async () => {
    const { urls } = await readerOf(
      indexOf([page('/docs/one', 'One', '<p>Each client connects.</p>'), page('/docs/many', 'Many', '<p>All clients connect.</p>')]),
    );
    expect(await urls('clients')).toEqual(['/docs/many', '/docs/one']);
  });

  it('ranks a document missing some words below those holding them all, rather than dropping it', async () => {
    const { urls } = await readerOf(
      indexOf([page('/docs/both', 'Both', '<p>Disable anonymous statistics here.</p>'), page('/docs/one', 'One', '<p>Anonymous statistics are sent daily.</p>')]),
    );
    expect(await urls('how to disable anonymous statistics')).toEqual(['/docs/both', '/docs/one']);
  });

  it('searches no function word: a query of them alone is not run', async () => {
    const { search } = await readerOf(indexOf([page('/docs/a', 'A page', '<p>How to do it with the broker.</p>')]));
    expect(await search('how to')).toBeUndefined();
    expect((await search('how to broker'))?.results.map((r) => r.url)).toEqual(['/docs/a']);
  });
});

describe('typo tolerance', () => {
  const SITE = [
    page('/docs/mqtt', 'MQTT 5.0', '<p>The MQTT listener and its keys.</p>'),
    page('/docs/kubernetes', 'Kubernetes', '<p>Run the broker as a StatefulSet.</p>'),
    page('/docs/mqtt-guide', 'Using mqtt clients', '<p>mqqt is a common misspelling we mention once.</p>'),
  ];

  it('finds the word meant, says so, and marks it in the excerpts', async () => {
    const { search } = await readerOf(indexOf(SITE.slice(0, 2)));
    const outcome = await search('mqqt', 1);
    expect(outcome?.results.map((r) => r.url)).toEqual(['/docs/mqtt']);
    expect(outcome?.suggestion).toBe('mqtt');
    expect(outcome?.results[0]?.sections[0]?.excerpt).toContain('<mark>MQTT</mark>');
    expect((await search('kuberntes broker'))?.suggestion).toBe('kubernetes broker');
  });

  it('ranks what the word matches as typed above what it may be a misspelling of, with no suggestion', async () => {
    const { search } = await readerOf(indexOf(SITE));
    const outcome = await search('mqqt');
    expect(outcome?.results[0]?.url).toBe('/docs/mqtt-guide');
    expect(outcome?.suggestion).toBeUndefined();
  });

  it('does not guess for short words or words with digits', async () => {
    const { search } = await readerOf(indexOf([page('/docs/ports', 'Ports', '<p>TLS on 1883 and 8883.</p>')]));
    expect((await search('tsl'))?.results).toEqual([]);
    expect((await search('1884'))?.results).toEqual([]);
  });

  it('reads the vocabulary only for a word that matches nothing as typed', async () => {
    const { search, read } = await readerOf(indexOf(SITE));
    await search('kubernetes');
    expect(read.some((url) => /\/v\.[0-9a-f]+\.json$/.test(url))).toBe(false);
    await search('kubrenetes');
    expect(read.filter((url) => /\/v\.[0-9a-f]+\.json$/.test(url))).toHaveLength(1);
  });
});

describe('what a result shows', () => {
  it('lists results by title from the metadata, and loads section text only when asked for sections', async () => {
    const { search, read } = await readerOf(indexOf([page('/docs/retained', 'Retained messages', '<h2 id="keep">Keeping them</h2><p>A retained message is kept.</p>')]));
    const listed = await search('retained');
    expect(listed?.results).toEqual([{ url: '/docs/retained', title: 'Retained messages', sections: [] }]);
    expect(read.filter((url) => /\/f\d+\./.test(url))).toEqual([]);
    const detailed = await search('retained', 3);
    expect(detailed?.results[0]?.sections[0]).toMatchObject({ url: '/docs/retained#keep', heading: 'Keeping them' });
    expect(read.filter((url) => /\/f\d+\./.test(url))).toHaveLength(1);
  });
});
