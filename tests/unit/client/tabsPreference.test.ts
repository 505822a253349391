import { describe, expect, it } from 'vitest';
import { useMemoryStorage } from '../../helpers/memoryStorage.ts';
import { tabsKey, tabsPreference } from '../../../src/client/tabsPreference.ts';

const storage = useMemoryStorage();

describe('the tabs preference', () => {
  it('is stored per group under the key Docusaurus uses', () => {
    tabsPreference.write('os', 'windows');
    expect(storage.current().getItem('docusaurus.tab.os')).toBe('windows');
    expect(tabsKey('os')).toBe('docusaurus.tab.os');
    expect(tabsPreference.read('os', ['linux', 'windows'])).toBe('windows');
    expect(tabsPreference.read('clients', ['linux', 'windows'])).toBeUndefined();
  });

  it('ignores a stored value the block does not offer, and keeps it for the blocks that do', () => {
    for (const stored of ['docker', '', 'WINDOWS', '<script>', 'x'.repeat(10_000)]) {
      storage.current().setItem(tabsKey('os'), stored);
      expect(tabsPreference.read('os', ['linux', 'windows']), stored).toBeUndefined();
      expect(storage.current().getItem(tabsKey('os'))).toBe(stored);
    }
    storage.current().setItem(tabsKey('os'), 'docker');
    expect(tabsPreference.read('os', ['linux', 'windows', 'docker'])).toBe('docker');
  });
});
