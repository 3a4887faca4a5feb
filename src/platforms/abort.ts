// Many waiters on one cancellation signal with a single listener on it. A sync hands one signal
// to every request of every league in flight; a listener per request made Node warn
// (MaxListenersExceededWarning, past 10) on every sync of 11 or more leagues. Here the signal
// gets one listener however many requests, retries and queue slots wait on it.

const waiters = new WeakMap<AbortSignal, Set<() => void>>();
const listeners = new WeakMap<AbortSignal, () => void>();

/**
 * Calls `callback` once when `signal` aborts (at once if it already has). Returns the function
 * that stops waiting; call it when the work ends, so nothing stays attached to the signal.
 */
export function whenAborted(signal: AbortSignal, callback: () => void): () => void {
  if (signal.aborted) {
    callback();
    return () => {};
  }
  let set = waiters.get(signal);
  if (set === undefined) {
    const created = new Set<() => void>();
    const listener = (): void => {
      waiters.delete(signal);
      listeners.delete(signal);
      for (const waiter of created) waiter();
    };
    waiters.set(signal, created);
    listeners.set(signal, listener);
    signal.addEventListener('abort', listener, { once: true });
    set = created;
  }
  // A wrapper per call, so the same callback registered twice is two waiters.
  const waiter = (): void => callback();
  set.add(waiter);
  return () => {
    const current = waiters.get(signal);
    if (current === undefined || !current.delete(waiter) || current.size > 0) return;
    const listener = listeners.get(signal);
    if (listener !== undefined) signal.removeEventListener('abort', listener);
    waiters.delete(signal);
    listeners.delete(signal);
  };
}

/** setTimeout as a promise that rejects with the signal's reason when it aborts first. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    let stop = (): void => {};
    const timer = setTimeout(() => {
      stop();
      resolve();
    }, ms);
    if (signal !== undefined) {
      stop = whenAborted(signal, () => {
        clearTimeout(timer);
        reject(signal.reason);
      });
    }
  });
}
