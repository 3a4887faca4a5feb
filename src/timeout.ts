// A bound on how long the process waits for an answer it cannot cancel (a store ping, a queue
// look-up): the wait ends, the work itself carries on and its late answer is dropped.

/** `work`'s answer, or a rejection with an Error of `message` once `ms` have passed without one. */
export function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
