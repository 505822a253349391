/**
 * localStorage that never throws (private mode, disabled storage). Only
 * src/client/preferences.ts reads it: that is where stored values are checked.
 */
export const storage = {
  area(): Storage | null {
    try {
      return window.localStorage;
    } catch {
      return null;
    }
  },
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* storage unavailable: the choice lasts for this page only */
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* nothing saved */
    }
  },
};
