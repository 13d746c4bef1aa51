/**
 * A Map that holds at most `limit` entries and forgets the least recently used first. Every cache that
 * requests add to is one of these, so no stream of requests can grow it past its bound (docs/scaling.md
 * "Memory").
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly limit: number) {}

  get size() {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    // A Map keeps its insertion order: inserted again, the entry becomes the most recently used.
    if (value !== undefined) this.set(key, value);
    return value;
  }

  set(key: K, value: V) {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as K);
    return this;
  }
}
