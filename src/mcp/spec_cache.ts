/**
 * The session cache of the tool server (behaviour rule 5): parsed documents by a key that changes when the
 * source does, least recently used evicted.
 *
 * @module
 */
import type { ParseResult } from "../core/mod.ts";

/** Entries kept by default. */
export const DEFAULT_CACHE_SIZE = 10;

/**
 * A least-recently-used map from a source key (`file:<absolute path>:<modification time>` or
 * `content:<SHA-256>`) to the parse result loaded from it. Cached results are shared between calls: tools read
 * them and never change them.
 */
export class SpecCache {
  #entries = new Map<string, ParseResult>();
  #hits = 0;
  #misses = 0;

  /** Entries kept at most (0 disables the cache). */
  readonly capacity: number;

  /**
   * Makes an empty cache.
   * @param capacity entries kept at most (0 disables the cache)
   */
  constructor(capacity: number = DEFAULT_CACHE_SIZE) {
    this.capacity = capacity;
  }

  /** The entry for `key`, marked as the most recently used, or undefined. */
  get(key: string): ParseResult | undefined {
    const found = this.#entries.get(key);
    if (found === undefined) {
      this.#misses++;
      return undefined;
    }
    this.#hits++;
    this.#entries.delete(key);
    this.#entries.set(key, found);
    return found;
  }

  /** Stores an entry as the most recently used, evicting the least recently used beyond the capacity. */
  set(key: string, value: ParseResult): void {
    if (this.capacity <= 0) return;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    while (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }

  /** Removes every entry whose key starts with `prefix` (an older version of the same file). */
  dropPrefix(prefix: string): void {
    for (const key of [...this.#entries.keys()]) if (key.startsWith(prefix)) this.#entries.delete(key);
  }

  /** Number of entries. */
  get size(): number {
    return this.#entries.size;
  }

  /** Lookups answered from the cache, and lookups that were not, since the session began. */
  get stats(): { hits: number; misses: number } {
    return { hits: this.#hits, misses: this.#misses };
  }
}
