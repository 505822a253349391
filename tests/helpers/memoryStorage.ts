import { afterEach, beforeEach } from 'vitest';

/** A localStorage for Node: the client reads it through window.localStorage. */
export class MemoryStorage {
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

/** A fresh storage as window.localStorage for each test of the file; `current()` is the one in use. */
export function useMemoryStorage(): { current: () => MemoryStorage } {
  let store = new MemoryStorage();
  const globals = globalThis as unknown as { window?: unknown };
  beforeEach(() => {
    store = new MemoryStorage();
    globals.window = { localStorage: store };
  });
  afterEach(() => {
    delete globals.window;
  });
  return { current: () => store };
}
