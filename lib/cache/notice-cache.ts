/**
 * A bounded cache of host answers that only the host's notices make stale (docs/architecture.md#push): no time-to-live,
 * so it is right exactly as long as every notice reaches it. `live()` says whether they do (the instance's
 * hub connection is up, lib/cache/settings.ts): while it is not, every read goes to the host and nothing
 * is kept, and whoever sees the connection drop clears the cache, since a notice may have been missed.
 *
 * An entry carries tags (what it was read from: a firm, a lookup group) that notices drop it by. Every drop
 * or clear starts a new generation; a read that began in an older one returns its answer but does not keep
 * it (the answer may predate the change the drop announced). Least recently used entries go first when
 * the cache is full. Dependency-free and synchronous apart from the load, so tests drive it directly.
 */
export class NoticeCache<V> {
  private readonly entries = new Map<string, { value: V; tags: readonly string[] }>();
  private generation = 0;

  constructor(
    private readonly max: number,
    private readonly live: () => boolean,
  ) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError('NoticeCache: max must be a positive integer');
  }

  get size(): number {
    return this.entries.size;
  }

  /** The entry at `key`, or the answer of `load` (kept with `tags` when notices reach the cache). */
  async read(key: string, tags: readonly string[], load: () => Promise<V>): Promise<V> {
    if (!this.live()) return load();
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation && this.live()) {
      this.entries.set(key, { value, tags });
      if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    }
    return value;
  }

  /** Drops every entry with one of `tags`. */
  drop(tags: readonly string[]): void {
    this.generation++;
    const dropped = new Set(tags);
    for (const [key, entry] of this.entries) if (entry.tags.some((t) => dropped.has(t))) this.entries.delete(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
