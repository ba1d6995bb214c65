/**
 * The shapes the schema comparison passes between its files (`_schema.ts` walks the pairs, `_compose.ts` and
 * `_keywords.ts` compare parts of one pair): kept here so those files do not import each other in a circle.
 *
 * @module
 */
import type { Obj } from "../core/json.ts";
import type { Direction, Place } from "./_context.ts";
import type { SchemaCheckSuffix } from "./checks/schema.ts";

/** One pair of schemas to compare, with where they are used. */
export interface SchemaPair {
  /** Source schema (maybe a `$ref`). */
  s: unknown;
  /** Its place. */
  sAt: Place;
  /** Target schema. */
  t: unknown;
  /** Its place. */
  tAt: Place;
  /** Request or response. */
  dir: Direction;
  /** Where the schema is used, for messages (`the request body of POST /users`). */
  use: string;
  /** The operation or endpoint. */
  endpoint?: string;
  /** What the schema is, for messages (`property "a.b"`), empty for the top schema. */
  name: string;
}

/** One schema pair being compared: both schemas (references followed, `allOf` merged) and their helpers. */
export interface SchemaStep {
  /** Source schema. */
  s: Obj;
  /** Its place. */
  sAt: Place;
  /** Target schema. */
  t: Obj;
  /** Its place. */
  tAt: Place;
  /** The pair as queued (direction, use, name). */
  f: SchemaPair;
  /** Reports changes of the pair. */
  r: SchemaReporter;
  /** Queues subschemas. */
  child: ChildFn;
}

/** Queues a pair of subschemas (in the pair's direction unless given). */
export type ChildFn = (
  sv: unknown,
  sAt: Place,
  tv: unknown,
  tAt: Place,
  name: string,
  dir?: Direction,
) => void;

/** Reports changes of one schema pair (a change of the pair itself, not of its subschemas). */
export interface SchemaReporter {
  /** Emits `<dir>-<suffix>`, at the target place (the source place for removals). */
  emit(
    suffix: SchemaCheckSuffix,
    type: "added" | "removed" | "modified",
    what: string,
    old?: unknown,
    now?: unknown,
  ): void;
  /** Emits at an explicit place. */
  emitAt(
    suffix: SchemaCheckSuffix,
    type: "added" | "removed" | "modified",
    at: Place,
    side: "source" | "target",
    what: string,
    old?: unknown,
    now?: unknown,
  ): void;
}
