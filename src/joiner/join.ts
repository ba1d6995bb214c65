/**
 * `join()`: merge OpenAPI documents in one call.
 *
 * @module
 */
import { type InputSource, UsageError } from "../core/mod.ts";
import type { CollisionHandler, CollisionType } from "./collision_handler.ts";
import type { JoinerConfig } from "./joiner_config.ts";
import { Joiner, type ParsedInput } from "./joiner.ts";
import type { JoinResult } from "./join_result.ts";

/**
 * Options of {@link join}: the inputs, plus any {@link JoinerConfig} field (which overrides the same field of
 * `config`).
 */
export interface JoinOptions extends Partial<JoinerConfig> {
  /** Inputs to load: file paths, `http(s)` URLs or other input sources, in order. */
  filePaths?: readonly InputSource[];
  /** Already parsed inputs (parse results or plain objects), in order; not parsed again, never changed. */
  parsed?: readonly ParsedInput[];
  /** A whole configuration; the other fields of these options override it. */
  config?: Partial<JoinerConfig>;
  /** A handler asked only about collisions of the listed types (same as `collisionHandler` + `collisionHandlerTypes`). */
  collisionHandlerFor?: { handler: CollisionHandler; types: readonly CollisionType[] };
}

/**
 * Merges two or more OpenAPI documents into one. The result takes its version, format and `info` from the
 * first document; collisions are resolved by the configured strategies (the default fails on any collision).
 *
 * @example Join two documents, keeping the left value of colliding schemas
 * ```ts
 * import { join } from "./mod.ts";
 * const result = await join({
 *   parsed: [
 *     { openapi: "3.1.0", info: { title: "Users", version: "1" }, paths: {},
 *       components: { schemas: { Id: { type: "string" } } } },
 *     { openapi: "3.1.0", info: { title: "Orders", version: "1" }, paths: {},
 *       components: { schemas: { Id: { type: "integer" } } } },
 *   ],
 *   schemaStrategy: "accept-left",
 * });
 * result.warnings; // ["Schema 'Id' collision resolved with accept-left strategy"]
 * ```
 * @throws {UsageError} for fewer than two inputs, both `filePaths` and `parsed`, or an invalid configuration.
 * @throws {TemplateError} for an invalid rename template. @throws {VersionMismatchError} for 2.0 mixed with 3.x.
 * @throws {JoinCollisionError} for a collision the configuration does not allow (names both sources).
 * @throws {InvalidInputError} for an input that cannot be joined (no basic structure; with `validateInputs`,
 *   references that resolve nowhere: other validation errors are returned in {@link JoinResult.inputChecks}).
 * @throws {LoadError} {@link ParseError} for unreadable inputs.
 */
export async function join(options: JoinOptions): Promise<JoinResult> {
  const { filePaths, parsed, config, collisionHandlerFor, ...fields } = options;
  const merged: Partial<JoinerConfig> = { ...config };
  for (const [k, v] of Object.entries(fields)) {
    if (v !== undefined) (merged as Record<string, unknown>)[k] = v;
  }
  if (collisionHandlerFor !== undefined) {
    if (options.collisionHandler !== undefined) {
      throw new UsageError("give either collisionHandler or collisionHandlerFor, not both.");
    }
    merged.collisionHandler = collisionHandlerFor.handler;
    merged.collisionHandlerTypes = collisionHandlerFor.types;
  }
  const joiner = new Joiner(merged);
  if (filePaths !== undefined && parsed !== undefined) {
    throw new UsageError("give either filePaths or parsed documents, not both.");
  }
  return await (parsed !== undefined ? joiner.joinParsed(parsed) : joiner.join(filePaths ?? []));
}
