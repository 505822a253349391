import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteConfigSchema } from '../../../src/config/schema.ts';
import { schemaKeys } from '../../helpers/configKeys.ts';

const README = readFileSync(path.join(import.meta.dirname, '..', '..', '..', 'README.md'), 'utf8');
const section = README.slice(README.indexOf('## Configuration'), README.indexOf('## Versions'));

/** `navbar.items[]<doc>.docId` is documented as the `doc` row's `docId`; `docs.versions.*.label` as `.label`. */
function documented(key: string): boolean {
  const item = /^navbar\.items\[\]<(\w+)>\.(\w+)/.exec(key);
  if (item) {
    const row = section.split('\n').find((line) => line.startsWith(`| \`${item[1]}\` |`));
    return item[2] === 'type' || item[2] === 'position' || (row?.includes(`\`${item[2]}\``) ?? false);
  }
  const last = key.replace(/\[\]$/, '').split('.').pop() ?? key;
  const plain = key.replace(/\[\]/g, '').replace(/\.\*\./, '.<name>.');
  return section.includes(`\`${plain}\``) || section.includes(`.${last}\``) || section.includes(`\`${key.replace(/\[\].*$/, '')}\``);
}

describe('README', () => {
  it('documents every key of site.yaml the schema takes', () => {
    expect(section.length).toBeGreaterThan(1000);
    expect(schemaKeys(siteConfigSchema).filter((key) => !documented(key))).toEqual([]);
  });
});
