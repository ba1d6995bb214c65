/**
 * The settings of the tools as plain data ({@link ToolSettings}), so that a tool worker can build the same
 * {@link ToolContext} as the server's thread from a message.
 *
 * @module
 */
import { createDefaultReader, type DocumentReader } from "../core/mod.ts";
import type { SpecCache } from "./spec_cache.ts";
import type { ToolContext } from "./spec_input.ts";
import { createUrlGuard } from "./url_guard.ts";
import { Workspace } from "./workspace.ts";

/** What a tool worker needs to rebuild the tools' context: plain data only. */
export interface ToolSettings {
  /** The server's working directory (each call works in its first root, see `inWorkspace`). */
  cwd: string;
  /** Largest inline `content` accepted, in bytes. */
  maxContentSize: number;
  /** Largest file or URL document read, in bytes (the reader's default when absent). */
  maxInputSize?: number;
  /** Milliseconds before a URL fetch is abandoned (the reader's default when absent). */
  timeoutMs?: number;
  /** Fetch URLs on non-public addresses too. */
  allowPrivateUrls?: boolean;
  /** Walk tools: results per page by default. */
  walkLimit: number;
  /** Walk tools: results per page by default with `detail`. */
  walkDetailLimit: number;
  /** Entries of the session cache. */
  cacheSize: number;
  /** Estimated bytes of the session cache. */
  cacheMaxBytes: number;
}

/**
 * The reader of each settings object: one for every call with them (it keeps no state of a call), so a document
 * set cached by one call is taken by the verbs of the next (a set is reused only with the reader it was loaded
 * with).
 */
const readers = new WeakMap<ToolSettings, DocumentReader>();

/**
 * The tools' context built from `settings`, with `cache`, for calls in the folders `roots`; calls with the same
 * settings share one reader.
 */
export function toolContext(settings: ToolSettings, cache: SpecCache, roots: readonly string[]): ToolContext {
  let reader = readers.get(settings);
  if (reader === undefined) {
    reader = createDefaultReader({
      maxInputSize: settings.maxInputSize,
      timeoutMs: settings.timeoutMs,
      checkUrl: settings.allowPrivateUrls ? undefined : createUrlGuard(),
    });
    readers.set(settings, reader);
  }
  return {
    reader,
    cache,
    cwd: settings.cwd,
    workspace: new Workspace(roots),
    maxContentSize: settings.maxContentSize,
    walkLimit: settings.walkLimit,
    walkDetailLimit: settings.walkDetailLimit,
  };
}
