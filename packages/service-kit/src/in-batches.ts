/**
 * Runs `task` over `items`, at most `limit` at a time, keeping the order of the results: for handlers that ask a
 * backend once per item (user lookups, app details) without putting a whole page of calls on it at once.
 */
export async function inBatches<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += limit) {
    results.push(...(await Promise.all(items.slice(start, start + limit).map(task))));
  }
  return results;
}
