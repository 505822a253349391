import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../src/config/resolve.ts';
import { formatUserError, userErrorsOf } from '../../../src/errors.ts';
import { readSidebarsFile } from '../../../src/nav/sidebarsFile.ts';
import { tempProject } from '../../helpers/tempSite.ts';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

/** A project with content/docs, the given versions (folders made for those listed unless told), and files. */
function project(options: { versions?: string[]; folders?: string[]; files?: Record<string, string> } = {}) {
  const files: Record<string, string> = { 'content/docs/intro.md': '# Intro\n', ...options.files };
  if (options.versions) files['content/versions.json'] = JSON.stringify(options.versions, null, 2);
  const p = tempProject({ files });
  for (const name of options.folders ?? options.versions ?? []) {
    mkdirSync(path.join(p.content, 'versioned_docs', `version-${name}`), { recursive: true });
    writeFileSync(path.join(p.content, 'versioned_docs', `version-${name}`, 'intro.md'), '# Intro\n');
  }
  cleanup = p.cleanup;
  return p;
}

function errorsOf(root: string): string[] {
  try {
    resolveConfig({ root });
  } catch (error) {
    const found = userErrorsOf(error);
    if (found.length === 0) throw error;
    return found.map((e) => formatUserError(e).replace(root + path.sep, ''));
  }
  return [];
}

describe('docs versions', () => {
  it('are current alone, at /docs, without content/versions.json', () => {
    const { root } = project();
    expect(resolveConfig({ root }).versions).toEqual([
      { name: 'current', label: 'Next', routeBase: '/docs', docsDir: 'docs', sidebarsFile: undefined, openapiFile: undefined, banner: 'none', isLast: true },
    ]);
  });

  it('follow Docusaurus: the first listed at /docs, current at /docs/next (unreleased), older ones under their name (unmaintained)', () => {
    const { root } = project({ versions: ['4.4', '4.3'] });
    const versions = resolveConfig({ root }).versions.map(({ name, label, routeBase, docsDir, banner, isLast }) => ({ name, label, routeBase, docsDir, banner, isLast }));
    expect(versions).toEqual([
      { name: 'current', label: 'Next', routeBase: '/docs/next', docsDir: 'docs', banner: 'unreleased', isLast: false },
      { name: '4.4', label: '4.4', routeBase: '/docs', docsDir: 'versioned_docs/version-4.4', banner: 'none', isLast: true },
      { name: '4.3', label: '4.3', routeBase: '/docs/4.3', docsDir: 'versioned_docs/version-4.3', banner: 'unmaintained', isLast: false },
    ]);
  });

  it('take label, path and banner from site.yaml, and docs.lastVersion moves /docs', () => {
    const { root } = project({
      versions: ['4.4', '4.3'],
      files: { 'content/site.yaml': 'docs:\n  lastVersion: current\n  versions:\n    current: { label: "4.5 (dev)" }\n    "4.4": { path: stable, banner: none }\n' },
    });
    const versions = resolveConfig({ root }).versions.map(({ name, label, routeBase, banner }) => ({ name, label, routeBase, banner }));
    expect(versions).toEqual([
      { name: 'current', label: '4.5 (dev)', routeBase: '/docs', banner: 'none' },
      { name: '4.4', label: '4.4', routeBase: '/docs/stable', banner: 'none' },
      { name: '4.3', label: '4.3', routeBase: '/docs/4.3', banner: 'unmaintained' },
    ]);
  });

  it('find a version description beside the current one, under versioned/version-<name>/, and its sidebars file', () => {
    const { root } = project({
      versions: ['4.3'],
      files: {
        'openapi/maps-messaging-api.yaml': 'openapi: 3.1.0\n',
        'openapi/versioned/version-4.3/maps-messaging-api.yaml': 'openapi: 3.1.0\n',
        'content/versioned_sidebars/version-4.3-sidebars.json': '{ "tutorialSidebar": ["intro"] }',
      },
    });
    const [current, v43] = resolveConfig({ root }).versions;
    expect(current?.openapiFile).toBe(path.join(root, 'openapi', 'maps-messaging-api.yaml'));
    expect(v43?.openapiFile).toBe(path.join(root, 'openapi', 'versioned', 'version-4.3', 'maps-messaging-api.yaml'));
    expect(v43?.sidebarsFile).toBe(path.join(root, 'content', 'versioned_sidebars', 'version-4.3-sidebars.json'));
    expect(current?.sidebarsFile).toBeUndefined();
  });

  it('build only docs.onlyIncludeVersions', () => {
    const { root } = project({ versions: ['4.4', '4.3'], files: { 'content/site.yaml': 'docs:\n  onlyIncludeVersions: ["4.4"]\n' } });
    expect(resolveConfig({ root }).versions.map((v) => v.name)).toEqual(['4.4']);
  });

  it('report every inconsistency at the value that is wrong', () => {
    const { root } = project({
      versions: ['4.4', '4.3', '4.4'],
      folders: ['4.4', '4.2'],
      files: { 'content/site.yaml': 'docs:\n  lastVersion: "9.9"\n  onlyIncludeVersions: [current, "7.0"]\n  versions:\n    "5.0": { label: Five }\n' },
    });
    expect(errorsOf(root)).toEqual([
      'content/versions.json:4:3: error: version "4.4" is listed twice\n  hint: list each version once, newest first',
    ]);
    const second = project({
      versions: ['4.4', '4.3'],
      folders: ['4.4', '4.2'],
      files: { 'content/site.yaml': 'docs:\n  lastVersion: "9.9"\n  onlyIncludeVersions: [current, "7.0"]\n  versions:\n    "5.0": { label: Five }\n' },
    });
    expect(errorsOf(second.root)).toEqual([
      'content/versions.json:3:3: error: version "4.3" has no folder content/versioned_docs/version-4.3\n  hint: run "mapsdocs version 4.3" to snapshot content/docs, or remove it from versions.json',
      'content/versioned_docs/version-4.2: error: content/versioned_docs/version-4.2 is not a version listed in versions.json\n  hint: add "4.2" to versions.json, or remove the folder',
      expect.stringMatching(/^content\/site\.yaml:5:5: error: docs\.versions\.5\.0: no such docs version\n  hint: versions: current, 4\.4, 4\.3/),
      expect.stringMatching(/^content\/site\.yaml:2:16: error: docs\.lastVersion: no docs version "9\.9"/),
      expect.stringMatching(/^content\/site\.yaml:3:34: error: docs\.onlyIncludeVersions\[1\]: no docs version "7\.0"/),
    ]);
  });

  it('refuses a name no URL segment can hold, and "current", at its line', () => {
    const { root } = project({ versions: ['4.4', '../x', 'current'], folders: [] });
    const errors = errorsOf(root);
    expect(errors[0]).toMatch(/^content\/versions\.json:3:3: error: \[1\]: must be a version name that a URL segment can hold/);
    expect(errors[1]).toMatch(/^content\/versions\.json:4:3: error: \[2\]: "current" names content\/docs: it cannot be listed/);
  });

  it('read versions.json and sidebars files as strict JSON, as Docusaurus does: each mistake at its line and column', () => {
    const cases: [string, string][] = [
      ['[\n  "4.4",\n  "4.3",\n]\n', 'content/versions.json:4:1: error: content/versions.json is not valid JSON: a trailing comma: JSON allows none after the last item'],
      ["[\n  '4.4'\n]\n", "content/versions.json:2:3: error: content/versions.json is not valid JSON: a single quote: JSON strings take double quotes"],
      ['[\n  "4.4" # newest\n]\n', 'content/versions.json:2:9: error: content/versions.json is not valid JSON: a comment: JSON has none'],
      ['[\n  "4.4" // newest\n]\n', 'content/versions.json:2:9: error: content/versions.json is not valid JSON: a comment: JSON has none'],
      ['[\n  "4.4"\n  "4.3"\n]\n', 'content/versions.json:3:3: error: content/versions.json is not valid JSON: a comma is expected between two items'],
      ['[\n  "4.4"\n', 'content/versions.json:3:1: error: content/versions.json is not valid JSON: the list is not closed: "]" is expected'],
      ['["4.4"] ["4.3"]\n', 'content/versions.json:1:9: error: content/versions.json is not valid JSON: text after the value: a JSON file holds one value'],
    ];
    for (const [text, error] of cases) {
      const { root } = project({ files: { 'content/versions.json': text, 'content/versioned_docs/version-4.4/intro.md': '# Intro\n' } });
      expect(errorsOf(root), text).toEqual([`${error}\n  hint: content/versions.json is JSON, as Docusaurus reads it: strings in double quotes, no comments, no comma after the last item`]);
    }
    const sidebars = project({ versions: ['4.4'], files: { 'content/versioned_sidebars/version-4.4-sidebars.json': '{\n  "tutorialSidebar": ["intro",],\n}\n' } });
    expect(() => readSidebarsFile(path.join(sidebars.content, 'versioned_sidebars', 'version-4.4-sidebars.json'))).toThrow(/^version-4\.4-sidebars\.json is not valid JSON: a trailing comma/);
    const thrown = (() => {
      try {
        readSidebarsFile(path.join(sidebars.content, 'versioned_sidebars', 'version-4.4-sidebars.json'));
      } catch (error) {
        return userErrorsOf(error)[0]?.location;
      }
      return undefined;
    })();
    expect(thrown).toMatchObject({ line: 2, column: 31 });
  });

  it('refuses two versions served at one path', () => {
    const { root } = project({ versions: ['4.4', '4.3'], files: { 'content/site.yaml': 'docs:\n  versions:\n    "4.3": { path: "" }\n' } });
    expect(errorsOf(root)[0]).toMatch(/^content\/site\.yaml:3:\d+: error: docs versions "4\.4" and "4\.3" would both be served at \/docs/);
  });
});
