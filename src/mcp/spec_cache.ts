/**
 * The session cache of the tool server (behaviour rule 5): document sets (a root document with every file it
 * reaches, loaded once) by a key that changes when the root's source does, least recently used evicted, bounded in entries and in estimated bytes; concurrent loads of one
 * key share a single load.
 *
 * @module
 */
import type { DocumentFormat, DocumentSet, ParseResult } from "../core/mod.ts";
import { byteLength } from "../io/load.ts";

/** Entries kept by default. */
export const DEFAULT_CACHE_SIZE = 10;
/** Estimated bytes of parsed documents kept by default: 256 MiB. */
export const DEFAULT_CACHE_MAX_BYTES: number = 256 * 1024 * 1024;

/**
 * Memory a parse result takes per byte of its source, measured with `Deno.memoryUsage().heapUsed` after a
 * forced collection (GitHub's 13 MB description: JSON as published 3.3, minified 4.4, as YAML 6.4, each after
 * a validate and two walks), rounded up.
 */
const BYTES_PER_SOURCE_BYTE = { json: 5, yaml: 7 } as const;

function perByte(format: DocumentFormat): number {
  return BYTES_PER_SOURCE_BYTE[format === "yaml" ? "yaml" : "json"];
}

/**
 * The estimated memory of a document set (or a single parse result), in bytes: the source size of each of its
 * files times the measured factor of the file's format.
 */
export function estimateBytes(value: DocumentSet | ParseResult): number {
  if (!("files" in value)) return Math.max(1, value.sizeBytes) * perByte(value.format);
  let bytes = Math.max(1, value.root.sizeBytes) * perByte(value.root.format);
  for (const f of value.files) if (!f.root) bytes += byteLength(f.text) * perByte(f.format);
  return bytes;
}

/** What a cache tells about its entries as they change (the worker pool keeps one budget across caches). */
export interface CacheListener {
  /** A load of `key` finished; `stored` says whether it was kept (too large a document is not). */
  loaded(key: string, bytes: number, stored: boolean): void;
  /** A lookup of `key` was answered from the cache. */
  hit(key: string): void;
  /** `key` left the cache (evicted, replaced by a newer version, or removed). */
  removed(key: string): void;
}

/** Options of {@link SpecCache}. */
export interface SpecCacheOptions {
  /** Estimated bytes kept at most (see {@link estimateBytes}). @default DEFAULT_CACHE_MAX_BYTES */
  maxBytes?: number;
  /** Told about every load, hit and removal. */
  listener?: CacheListener;
}

interface Entry {
  value: DocumentSet;
  bytes: number;
}

/**
 * A least-recently-used map from a source key (`file:<absolute path>:<modification time>:…` or
 * `content:<SHA-256>`) to the document set loaded from it. Cached sets are shared between calls: tools read
 * them and never change them.
 */
export class SpecCache {
  #entries = new Map<string, Entry>();
  #loading = new Map<string, Promise<DocumentSet>>();
  #bytes = 0;
  #hits = 0;
  #misses = 0;
  #loads = 0;
  #listener?: CacheListener;

  /** Entries kept at most (0 disables the cache). */
  readonly capacity: number;
  /** Estimated bytes kept at most. */
  readonly maxBytes: number;

  /**
   * Makes an empty cache.
   * @param capacity entries kept at most (0 disables the cache)
   */
  constructor(capacity: number = DEFAULT_CACHE_SIZE, options: SpecCacheOptions = {}) {
    this.capacity = capacity;
    this.maxBytes = options.maxBytes ?? DEFAULT_CACHE_MAX_BYTES;
    this.#listener = options.listener;
  }

  /** The entry for `key`, marked as the most recently used, or undefined. */
  get(key: string): DocumentSet | undefined {
    const found = this.#entries.get(key);
    if (found === undefined) {
      this.#misses++;
      return undefined;
    }
    this.#hits++;
    this.#entries.delete(key);
    this.#entries.set(key, found);
    this.#listener?.hit(key);
    return found.value;
  }

  /**
   * The entry for `key`, or the result of `load()` stored under it. Concurrent calls with the same key while a
   * load runs share that load (one read and parse, one copy in memory); a failed load is not kept. With
   * `fresh`, an entry found is checked first (its referenced files unchanged): one that is not is removed and
   * loaded again.
   */
  async getOrLoad(
    key: string,
    load: () => Promise<DocumentSet>,
    fresh?: (value: DocumentSet) => Promise<boolean>,
  ): Promise<DocumentSet> {
    const found = this.get(key);
    if (found !== undefined) {
      if (fresh === undefined || await fresh(found)) return found;
      this.#hits--; // not answered from the cache after all
      this.#misses++;
      if (this.#entries.get(key)?.value === found) this.#remove(key, true);
    }
    const running = this.#loading.get(key);
    if (running !== undefined) return await running;
    const loading = (async () => {
      this.#loads++;
      const value = await load();
      const bytes = estimateBytes(value);
      const stored = this.set(key, value, bytes);
      this.#listener?.loaded(key, bytes, stored);
      return value;
    })();
    this.#loading.set(key, loading);
    try {
      return await loading;
    } finally {
      this.#loading.delete(key);
    }
  }

  /**
   * Stores an entry as the most recently used, evicting the least recently used beyond the capacity and the
   * byte budget; returns false when it is not kept (the cache is off, or the entry alone is over the budget).
   */
  set(key: string, value: DocumentSet, bytes: number = estimateBytes(value)): boolean {
    if (this.capacity <= 0 || bytes > this.maxBytes) return false;
    this.#remove(key, false);
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    while (this.#entries.size > this.capacity || this.#bytes > this.maxBytes) {
      this.#remove(this.#entries.keys().next().value as string, true);
    }
    return true;
  }

  /** Removes the entry for `key`, if any. */
  delete(key: string): void {
    this.#remove(key, true);
  }

  /** Removes every entry whose key starts with `prefix` (an older version of the same file). */
  dropPrefix(prefix: string): void {
    for (const key of [...this.#entries.keys()]) if (key.startsWith(prefix)) this.#remove(key, true);
  }

  #remove(key: string, tell: boolean): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
    if (tell) this.#listener?.removed(key);
  }

  /** Number of entries. */
  get size(): number {
    return this.#entries.size;
  }

  /** Estimated bytes of the entries. */
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * Lookups answered from the cache, lookups that were not, and loads run through {@link getOrLoad} (calls that
   * shared a running load count as misses but not as loads), since the session began.
   */
  get stats(): { hits: number; misses: number; loads: number } {
    return { hits: this.#hits, misses: this.#misses, loads: this.#loads };
  }
}
