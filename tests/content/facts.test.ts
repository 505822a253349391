/**
 * "How to keep it true" (issue 31): every value a page calls default, shipped or sample,
 * every YAML key of a configuration example and every REST path must be backed by the
 * lists in tests/content/facts/, which record the fact sheet and the source each entry
 * comes from. CI runs on a clean checkout, so the lists live in the repository.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Root, Table } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { listSourceFiles } from '../../src/load/pages.ts';
import { readClaims } from './claims.ts';
import {
  callsIn,
  catalogueOperations,
  checkReleaseRow,
  checkValue,
  loadKnownKeys,
  loadRestReleases,
  loadValues,
  pathKnown,
  releaseServes,
  restPathsIn,
  unknownKeys,
} from './factCheck.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const CONTENT = path.join(ROOT, 'content');
const OPENAPI = path.join(ROOT, 'openapi', 'maps-messaging-api.yaml');

const values = loadValues();
const known = loadKnownKeys();
const releases = loadRestReleases();
const catalogue = catalogueOperations(OPENAPI);
const release = (name: string) => releases.releases[name]?.operations ?? [];

const pages = listSourceFiles(CONTENT).map((relFile) => {
  const source = readFileSync(path.join(CONTENT, relFile), 'utf8');
  return { relFile, source, claims: readClaims(source) };
});

/** Checks a markdown snippet as if it were a page. */
function problemsIn(markdown: string): string[] {
  const claims = readClaims(markdown);
  return [
    ...claims.values.map((v) => checkValue(v, values)).filter((p): p is string => p !== undefined),
    ...claims.yaml.flatMap((b) => unknownKeys(b, known)),
  ];
}

describe('the fact lists', () => {
  it('give every entry its fact sheet or source', () => {
    const bare = [
      ...values.filter((e) => !e.source || (!e.default && !e.shipped)).map((e) => `${e.section}.${e.key}`),
      ...Object.entries(known.broker).filter(([, v]) => !v.source).map(([k]) => k),
    ];
    expect(bare).toEqual([]);
  });
});

describe('the claim checker', () => {
  it('accepts a page that agrees with the facts', () => {
    const page = [
      '| Key | Type | Default | Meaning |',
      '|---|---|---|---|',
      '| `cacheLifetime` | long (ms) | 60000 (shipped 30000) | cache lifetime |',
      '| `power` | int | 0 | 20 (in `global`) is context, not a claim |',
      '| `priority` | int | 0 to 10 | a range is a bound, not a default |',
      '',
      'The shipped `RestApi.yaml` sets `cacheLifetime` (shipped 30000) and `enableCache` (default `true`).',
      'The realm `system`, which the shipped `UsernamePasswordLoginModule` uses, is a name, not a value.',
    ].join('\n');
    expect(problemsIn(page)).toEqual([]);
  });

  it('rejects a wrong default in a table', () => {
    const page = '| Key | Type | Default | Meaning |\n|---|---|---|---|\n| `inactiveTimeout` | int | 18000 | idle time |\n';
    expect(problemsIn(page)).toEqual([expect.stringContaining('`inactiveTimeout` is called default "18000"')]);
  });

  it('rejects a shipped value called the default, and the other way round', () => {
    const page = '| Key | Type | Default | Shipped | Meaning |\n|---|---|---|---|---|\n| `cacheSize` | int | 100 | 10000 | models |\n';
    expect(problemsIn(page)).toHaveLength(2);
  });

  it('rejects a wrong value in running prose', () => {
    expect(problemsIn('Responses are cached for `cacheLifetime` milliseconds (shipped 60000).')).toHaveLength(1);
    expect(problemsIn('`parseMode` defaults to `STRICT`.')).toHaveLength(1);
  });

  it('rejects a block titled as shipped whose values differ from the shipped file', () => {
    const page = '```yaml title="conf/MLModelManager.yaml (shipped sample)"\nMLModelManager:\n  eventStreams:\n    - maxTrainEvents: 1000\n```\n';
    expect(problemsIn(page)).toEqual([expect.stringContaining('"1000"')]);
  });

  it('rejects an unknown configuration key but not an operator-chosen name', () => {
    const page = [
      '```yaml title="conf/SecurityManager.yaml"',
      'SecurityManager:',
      '  myRealm: MyJaasEntry',
      '```',
      '```yaml title="conf/RestApi.yaml"',
      'RestApi:',
      '  cacheLifeTime: 30000',
      '```',
    ].join('\n');
    expect(problemsIn(page)).toEqual([expect.stringContaining('`cacheLifeTime`')]);
  });
});

describe('the pages', () => {
  it('call no value default, shipped or sample that the facts do not give', () => {
    const wrong = pages.flatMap((p) =>
      p.claims.values.flatMap((v) => {
        const problem = checkValue(v, values);
        return problem ? [`${p.relFile}:${v.line} ${problem}`] : [];
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('use only known keys in their YAML examples', () => {
    const unknown = pages.flatMap((p) =>
      p.claims.yaml.flatMap((b) => [
        ...(b.error ? [`${p.relFile}:${b.line} invalid YAML: ${b.error}`] : []),
        ...unknownKeys(b, known).map((u) => `${p.relFile} [${b.title}] ${u}`),
      ]),
    );
    expect(unknown).toEqual([]);
  });

  it('name only REST paths that the catalogue or a release serves', () => {
    const everything = [...catalogue, ...Object.values(releases.releases).flatMap((r) => r.operations)];
    const invented = pages.flatMap((p) =>
      restPathsIn(p.source)
        .filter((found) => !pathKnown(found.path, everything))
        .map((found) => `${p.relFile}: ${found.path}`),
    );
    expect(invented).toEqual([]);
  });
});

describe('the paths-by-release table on /docs/api/', () => {
  const source = readFileSync(path.join(CONTENT, 'docs', 'api', 'index.md'), 'utf8');
  const tree = unified().use(remarkParse).use(remarkGfm).parse(source) as Root;
  const headingIndex = tree.children.findIndex(
    (n) => n.type === 'heading' && source.slice(n.position?.start.offset, n.position?.end.offset).includes('Paths by release'),
  );
  const table = tree.children.slice(headingIndex).find((n): n is Table => n.type === 'table');
  const cell = (c: { position?: { start: { offset?: number }; end: { offset?: number } } }) =>
    source.slice(c.position?.start.offset, c.position?.end.offset).replace(/^\|/, '').replace(/\|$/, '').trim();

  it('has one column per release after the catalogue', () => {
    expect(table?.children[0]?.children.map(cell)).toEqual(['Catalogue call (API reference, 4.2.1)', '4.3.0 and 4.3.1', '4.4.0 and 4.4.1']);
  });

  it('agrees, row by row, with the operations read from the source at each release', () => {
    const problems = (table?.children.slice(1) ?? []).flatMap((row) => {
      const cells = row.children.map(cell);
      return checkReleaseRow(cells, catalogue, [
        { name: '4.3', operations: release('4.3') },
        { name: '4.4', operations: release('4.4') },
      ]).map((p) => `${cells[0]}: ${p}`);
    });
    expect(problems).toEqual([]);
  });

  it('credits the calls the catalogue lacks to the release that added them', () => {
    const bullet = (label: string) => source.split('\n').find((l) => l.startsWith(`- **${label}**`)) ?? '';
    const problems: string[] = [];
    for (const call of callsIn(bullet('Added in 4.3.0'))) {
      if (!releaseServes(call, release('4.3')) || releaseServes(call, release('4.2'))) problems.push(`4.3.0: ${call.path}`);
    }
    for (const call of callsIn(bullet('Added in 4.4.0'))) {
      if (!releaseServes(call, release('4.4')) || releaseServes(call, release('4.3'))) problems.push(`4.4.0: ${call.path}`);
    }
    expect(callsIn(bullet('Added in 4.4.0')).length).toBeGreaterThan(5);
    expect(problems).toEqual([]);
  });
});
