// Starts async work for every item with at most `limit` running at once. Returns one promise per
// item, in item order, so a caller can consume results in order while later items still run.

export function startWithLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R>[] {
  const waiting: Array<() => void> = [];
  let running = 0;
  const acquire = (): Promise<void> => {
    if (running < Math.max(1, limit)) {
      running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = (): void => {
    // The slot passes straight to the next waiter, so `running` stays at the limit.
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return items.map(async (item, index) => {
    await acquire();
    try {
      return await work(item, index);
    } finally {
      release();
    }
  });
}
