// What the hot path works out once and looks up on later requests (a path's route match, its log
// line's middle, a cache key, a checked name), bounded without an LRU's bookkeeping: when full,
// it starts again, and the requests that keep coming fill it back at once.

/** Paths longer than this are worked out every time, so a kept path costs at most this much. */
export const MAX_KEPT_PATH = 200;

/** A map of at most `capacity` entries that is emptied when a new one would pass it. */
export class Kept<K, V> {
  private readonly map = new Map<K, V>();

  /** `capacity`: how many entries to keep (0: none). */
  constructor(readonly capacity: number) {}

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  set(key: K, value: V): void {
    if (this.capacity <= 0) return;
    if (this.map.size >= this.capacity) this.map.clear();
    this.map.set(key, value);
  }
}
