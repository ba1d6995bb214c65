/**
 * `join()`: merge OpenAPI documents in one call.
 *
 * @module
 */
import { type InputSource, UsageError } from "../core/mod.ts";
import { isParseResult } from "../io/load.ts";
import type { CollisionHandler, CollisionType } from "./collision_handler.ts";
import type { JoinerConfig } from "./joiner_config.ts";
import { Joiner, type ParsedInput } from "./joiner.ts";
import type { JoinResult } from "./join_result.ts";

/**
 * One input of {@link join}: a source to load (a file path, `{ file }`, `{ url }` or `{ content }`), or a document
 * already parsed (a parse result or a plain OpenAPI object), which is not parsed again and never changed.
 */
export type JoinInput = InputSource | ParsedInput;

/** Options of {@link join}: any {@link JoinerConfig} field (which overrides the same field of `config`). */
export interface JoinOptions extends Partial<JoinerConfig> {
  /** A whole configuration; the other fields of these options override it. */
  config?: Partial<JoinerConfig>;
  /** A handler asked only about collisions of the listed types (same as `collisionHandler` + `collisionHandlerTypes`). */
  collisionHandlerFor?: { handler: CollisionHandler; types: readonly CollisionType[] };
}

/**
 * The old single-argument form of {@link join}'s options, with the inputs inside.
 *
 * @deprecated Pass the inputs first: `join(inputs, options)`; this form goes in the next minor version.
 */
export interface LegacyJoinOptions extends JoinOptions {
  /** Inputs to load: file paths, `http(s)` URLs or other input sources, in order. */
  filePaths?: readonly InputSource[];
  /** Already parsed inputs (parse results or plain objects), in order; not parsed again, never changed. */
  parsed?: readonly ParsedInput[];
}

/**
 * Merges two or more OpenAPI documents into one. The result takes its version, format and `info` from the
 * first document; collisions are resolved by the configured strategies (the default fails on any collision).
 *
 * @example Join two documents, keeping the left value of colliding schemas
 * ```ts
 * import { join } from "@oatool/cli/joiner";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const result = await join([
 *   { openapi: "3.1.0", info: { title: "Users", version: "1" }, paths: {},
 *     components: { schemas: { Id: { type: "string" } } } },
 *   { openapi: "3.1.0", info: { title: "Orders", version: "1" }, paths: {},
 *     components: { schemas: { Id: { type: "integer" } } } },
 * ], { schemaStrategy: "accept-left" });
 * assertEquals(result.warnings, ["Schema 'Id' collision resolved with accept-left strategy"]);
 * ```
 * @throws {UsageError} for fewer than two inputs, sources to load mixed with parsed documents, or an invalid
 *   configuration.
 * @throws {TemplateError} for an invalid rename template. @throws {VersionMismatchError} for 2.0 mixed with 3.x.
 * @throws {JoinCollisionError} for the collisions the configuration does not allow, all of them (`collisions`;
 *   the message names the first and both its sources).
 * @throws {JoinOutputError} when the joined document has a dangling reference, a duplicate operationId or an
 *   unresolved discriminator mapping that no input had (`checkOutput: false` skips the check).
 * @throws {InvalidInputError} for an input that cannot be joined (no basic structure; with `validateInputs`,
 *   references that resolve nowhere: other validation errors are returned in {@link JoinResult.inputChecks}).
 * @throws {LoadError} {@link ParseError} for unreadable inputs.
 */
export function join(inputs: readonly JoinInput[], options?: JoinOptions): Promise<JoinResult>;
/**
 * The old form of {@link join}, the inputs inside the options (`filePaths` or `parsed`).
 *
 * @deprecated Pass the inputs first: `join(inputs, options)`; this form goes in the next minor version.
 */
export function join(options: LegacyJoinOptions): Promise<JoinResult>;
export async function join(
  first: readonly JoinInput[] | LegacyJoinOptions,
  second: JoinOptions = {},
): Promise<JoinResult> {
  const options: LegacyJoinOptions = Array.isArray(first) ? second : first as LegacyJoinOptions;
  if (Array.isArray(first) && ("filePaths" in options || "parsed" in options)) {
    throw new UsageError(
      "give the inputs as join's first argument, not also as filePaths or parsed in its options.",
    );
  }
  const { filePaths, parsed, config, collisionHandlerFor, ...fields } = Array.isArray(first)
    ? { ...options, ...inputsOf(first) }
    : options;
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

/** Sorts `join(inputs)`'s inputs into sources to load or parsed documents: one kind per call, as the joiner takes. */
function inputsOf(
  inputs: readonly JoinInput[],
): { filePaths?: readonly InputSource[]; parsed?: ParsedInput[] } {
  const sources = inputs.filter(isSource);
  if (sources.length === inputs.length) return { filePaths: sources };
  if (sources.length === 0) return { parsed: inputs as ParsedInput[] };
  throw new UsageError(
    "join's inputs mix sources to load and parsed documents; load the sources first (loadDocument) or pass only sources.",
  );
}

/** Whether an input is a source to load rather than a document: a string, or an object with only a source key. */
function isSource(input: JoinInput): input is InputSource {
  if (typeof input === "string") return true;
  if (input === null || typeof input !== "object" || isParseResult(input)) return false;
  if ("openapi" in input || "swagger" in input) return false;
  return "file" in input || "url" in input || "content" in input;
}
