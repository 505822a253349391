/**
 * Text made when first read. A build after an edit takes most pages' parses from the cache but renders
 * few of them: their HTML (16 MB on a site with three docs versions) is needed only for the pages
 * rendered again and the search indexes made again. Kept as bytes and decoded when asked for, it costs
 * nothing for the others.
 */

/**
 * Defines `field` of `target` as the text `make` gives, made on the first read and kept; writing the
 * field sets a plain value. Enumerable, so spreads, JSON and deep comparisons see the text as they
 * would a plain field (reading it).
 */
export function defineLazyText(target: object, field: string, make: () => string): void {
  let made: (() => string) | undefined = make;
  let text = '';
  Object.defineProperty(target, field, {
    enumerable: true,
    configurable: true,
    get(): string {
      if (made) {
        text = made();
        made = undefined;
      }
      return text;
    },
    set(this: object, value: unknown) {
      Object.defineProperty(this, field, { value, writable: true, enumerable: true, configurable: true });
    },
  });
}

/**
 * A copy of `object` with the fields of each of `sources` set on it in turn, as `{ ...object, ...source }`
 * would make it, but with lazy fields (defineLazyText) copied as they are: unread.
 */
export function withFields<T extends object>(object: T, ...sources: readonly object[]): T {
  const copy = Object.create(Object.getPrototypeOf(object) as object | null, Object.getOwnPropertyDescriptors(object)) as T;
  for (const source of sources) Object.defineProperties(copy, Object.getOwnPropertyDescriptors(source));
  return copy;
}
