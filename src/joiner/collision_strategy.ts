/**
 * Collision strategies and equivalence modes of the joiner.
 *
 * @module
 */
import { UsageError } from "../core/mod.ts";

/**
 * How a collision (the same name defined in more than one document, or the same path) is resolved:
 *
 * | value | behaviour |
 * |---|---|
 * | `fail` | any collision is an error (the default; safest) |
 * | `accept-left` | keep the value of the first (left) document |
 * | `accept-right` | keep the value of the last (right) document (overwrite) |
 * | `fail-on-paths` | fail only on path collisions; other collisions keep the left value |
 * | `rename-left` | rename the left value; the right one keeps the original name (not for paths) |
 * | `rename-right` | rename the right value; the left one keeps the original name (not for paths) |
 * | `dedup-equivalent` | merge structurally identical values; different ones are an error |
 * | `dedup-or-rename` | merge equivalent values; rename the right one when they differ (paths: an error) |
 *
 * Under every strategy, same-named values that are identical (deep comparison, documentation included unless
 * `equivalenceIgnoreDocs`) are one component: not a collision.
 */
export type CollisionStrategy =
  | "fail"
  | "accept-left"
  | "accept-right"
  | "fail-on-paths"
  | "rename-left"
  | "rename-right"
  | "dedup-equivalent"
  | "dedup-or-rename";

/** Any collision is an error. The default. */
export const StrategyFailOnCollision: CollisionStrategy = "fail";
/** Keep the value of the first (left) document. */
export const StrategyAcceptLeft: CollisionStrategy = "accept-left";
/** Keep the value of the last (right) document. */
export const StrategyAcceptRight: CollisionStrategy = "accept-right";
/** Fail only on path collisions; schema and component collisions keep the left value. */
export const StrategyFailOnPaths: CollisionStrategy = "fail-on-paths";
/** Rename the left value; the right one keeps the original name. */
export const StrategyRenameLeft: CollisionStrategy = "rename-left";
/** Rename the right value; the left one keeps the original name. */
export const StrategyRenameRight: CollisionStrategy = "rename-right";
/** Merge structurally identical same-named values; different ones are an error. */
export const StrategyDeduplicateEquivalent: CollisionStrategy = "dedup-equivalent";
/** Merge equivalent same-named values; rename the right one (rename template) when they differ. */
export const StrategyDeduplicateOrRename: CollisionStrategy = "dedup-or-rename";

/** Every strategy, in the order help texts list them. */
export const COLLISION_STRATEGIES: readonly CollisionStrategy[] = [
  "accept-left",
  "accept-right",
  "fail",
  "fail-on-paths",
  "rename-left",
  "rename-right",
  "dedup-equivalent",
  "dedup-or-rename",
];

/**
 * How `dedup-equivalent` and `dedup-or-rename` compare same-named values:
 * `none` never compares (a same-named value is always a collision), `shallow` compares the top-level fields only
 * (scalars by value, lists of scalars by value, nested objects by their field names), `deep` compares the whole
 * structure, following local `$ref`s on both sides (order-insensitive for maps; terminates on recursive schemas).
 */
export type EquivalenceMode = "none" | "shallow" | "deep";

/** No comparison: a same-named value is always a collision. */
export const EquivalenceModeNone: EquivalenceMode = "none";
/** Compare top-level fields only. */
export const EquivalenceModeShallow: EquivalenceMode = "shallow";
/** Full recursive structural comparison. */
export const EquivalenceModeDeep: EquivalenceMode = "deep";

/** Every equivalence mode. */
export const EQUIVALENCE_MODES: readonly EquivalenceMode[] = ["none", "shallow", "deep"];

/** Whether a value is a {@link CollisionStrategy}. */
export function isCollisionStrategy(value: unknown): value is CollisionStrategy {
  return typeof value === "string" && (COLLISION_STRATEGIES as readonly string[]).includes(value);
}

/**
 * Checks a strategy name (as typed on the command line or found in a configuration).
 *
 * @throws {UsageError} when it is not one of {@link COLLISION_STRATEGIES}.
 */
export function parseCollisionStrategy(value: string, what = "strategy"): CollisionStrategy {
  if (isCollisionStrategy(value)) return value;
  throw new UsageError(
    `${what} "${value}" is not a collision strategy; use one of ${COLLISION_STRATEGIES.join(", ")}.`,
  );
}

/**
 * Checks an equivalence mode name.
 *
 * @throws {UsageError} when it is not `none`, `shallow` or `deep`.
 */
export function parseEquivalenceMode(value: string): EquivalenceMode {
  if ((EQUIVALENCE_MODES as readonly string[]).includes(value)) return value as EquivalenceMode;
  throw new UsageError(
    `equivalence mode "${value}" is not known; use one of ${EQUIVALENCE_MODES.join(", ")}.`,
  );
}
