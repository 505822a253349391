import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tabsKey, tabsPreference } from '../../../src/client/tabsPreference.ts';

/** A localStorage for Node: the client reads it through window.localStorage. */
class MemoryStorage {
  readonly values = new Map<string, string>();
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.values.set(key, String(value));
  }
  removeItem(key: string): void {
    this.values.delete(key);
  }
}

let store: MemoryStorage;
const globals = globalThis as unknown as { window?: unknown };

beforeEach(() => {
  store = new MemoryStorage();
  globals.window = { localStorage: store };
});
afterEach(() => {
  delete globals.window;
});

describe('the tabs preference', () => {
  it('is stored per group under the key Docusaurus uses', () => {
    tabsPreference.write('os', 'windows');
    expect(store.getItem('docusaurus.tab.os')).toBe('windows');
    expect(tabsKey('os')).toBe('docusaurus.tab.os');
    expect(tabsPreference.read('os', ['linux', 'windows'])).toBe('windows');
    expect(tabsPreference.read('clients', ['linux', 'windows'])).toBeUndefined();
  });

  it('ignores a stored value the block does not offer, and keeps it for the blocks that do', () => {
    for (const stored of ['docker', '', 'WINDOWS', '<script>', 'x'.repeat(10_000)]) {
      store.setItem(tabsKey('os'), stored);
      expect(tabsPreference.read('os', ['linux', 'windows']), stored).toBeUndefined();
      expect(store.getItem(tabsKey('os'))).toBe(stored);
    }
    store.setItem(tabsKey('os'), 'docker');
    expect(tabsPreference.read('os', ['linux', 'windows', 'docker'])).toBe('docker');
  });
});
