/**
 * Maps over items with at most `limit` calls in flight, results in input
 * order. `beforeEach` runs before each call starts: dev passes a gate there,
 * so that a page a reader is waiting for can jump ahead of a long build.
 */
export async function mapConcurrent<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
  beforeEach?: () => Promise<void>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      if (beforeEach) await beforeEach();
      results[index] = await fn(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return results;
}
