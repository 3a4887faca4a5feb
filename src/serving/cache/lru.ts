// A map bounded by the bytes its values claim, evicting the least recently used with a "second
// chance" sweep: a hit only sets a flag (no re-insertion on the hot path), and eviction moves
// flagged entries to the back once before dropping unflagged ones from the front.

interface Slot<V> {
  value: V;
  bytes: number;
  used: boolean;
}

export class ByteLru<K, V> {
  private readonly slots = new Map<K, Slot<V>>();
  private total = 0;

  constructor(
    readonly maxBytes: number,
    /** Called for every value leaving the map (evicted, deleted, replaced or cleared). */
    private readonly onRemove?: (key: K, value: V) => void,
  ) {}

  get size(): number {
    return this.slots.size;
  }

  get bytes(): number {
    return this.total;
  }

  get(key: K): V | undefined {
    const slot = this.slots.get(key);
    if (slot === undefined) return undefined;
    slot.used = true;
    return slot.value;
  }

  has(key: K): boolean {
    return this.slots.has(key);
  }

  /** Adds or replaces; a value larger than the whole budget is not kept. */
  set(key: K, value: V, bytes: number): void {
    this.delete(key);
    if (bytes > this.maxBytes) {
      this.onRemove?.(key, value);
      return;
    }
    this.slots.set(key, { value, bytes, used: false });
    this.total += bytes;
    this.evict();
  }

  /** Accounts for bytes a value gained after it was stored (a compressed variant). */
  grow(key: K, bytes: number): void {
    const slot = this.slots.get(key);
    if (slot === undefined) return;
    slot.bytes += bytes;
    this.total += bytes;
    this.evict();
  }

  delete(key: K): boolean {
    const slot = this.slots.get(key);
    if (slot === undefined) return false;
    this.slots.delete(key);
    this.total -= slot.bytes;
    this.onRemove?.(key, slot.value);
    return true;
  }

  clear(): void {
    for (const key of [...this.slots.keys()]) this.delete(key);
  }

  private evict(): void {
    // Bounded: each flagged slot is moved back at most once per call before unflagged ones go.
    let chances = this.slots.size;
    while (this.total > this.maxBytes) {
      const oldest = this.slots.entries().next();
      if (oldest.done === true) return;
      const [key, slot] = oldest.value;
      if (slot.used && chances-- > 0) {
        slot.used = false;
        this.slots.delete(key);
        this.slots.set(key, slot);
        continue;
      }
      this.delete(key);
    }
  }
}
