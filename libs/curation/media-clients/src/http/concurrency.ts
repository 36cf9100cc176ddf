// Runs work over a list with at most `limit` calls in flight, results in input order: paged reads
// go faster than one by one without opening a connection per page at once.
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`concurrency limit must be >= 1, got ${limit}`);
  const results = new Array<R>(items.length);
  let next = 0;
  // The first failure stops workers from starting more work; calls already running finish.
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const index = next;
      next += 1;
      try {
        results[index] = await work(items[index] as T, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, () => worker()));
  return results;
}
