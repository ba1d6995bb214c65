/**
 * The texts of collision decisions: the one error of a join that failed on several collisions, how a handler's
 * return value and a structural difference are described, and the check that a value is a resolution.
 *
 * @module
 */
import { formatPath } from "../core/mod.ts";
import type { Difference } from "../core/difference.ts";
import { isObject } from "../core/json.ts";
import type { CollisionResolution } from "./collision_handler.ts";
import { JoinCollisionError } from "./errors.ts";
import { TYPE_LABELS } from "./_sections.ts";

/** Names listed in the message of a join that failed on several collisions. */
const LISTED_IN_MESSAGE = 10;

/**
 * One error for every collision that failed a join: the first one's sentence, then how many more and which;
 * {@link JoinCollisionError.collisions} holds them all.
 */
export function combinedCollisionError(failures: readonly JoinCollisionError[]): JoinCollisionError {
  const first = failures[0];
  const all = failures.map((f) => f.collisions[0]);
  if (failures.length === 1) return first;
  const more = all.slice(1);
  const listed = more.slice(0, LISTED_IN_MESSAGE).map((c) => `${TYPE_LABELS[c.type]} '${c.name}'`).join(", ");
  const rest = more.length > LISTED_IN_MESSAGE ? `, … ${more.length - LISTED_IN_MESSAGE} more` : "";
  const message = `${first.message.replace(/\.$/, "")} (and ${more.length} more collision${
    more.length === 1 ? "" : "s"
  }: ${listed}${rest}).`;
  return new JoinCollisionError(message, all[0], all);
}

export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

const ACTIONS = new Set([
  "continue",
  "accept-left",
  "accept-right",
  "rename",
  "deduplicate",
  "fail",
  "custom",
]);

export function isResolution(v: unknown): v is CollisionResolution {
  return isObject(v) && typeof v.action === "string" && ACTIONS.has(v.action) &&
    (v.message === undefined || typeof v.message === "string");
}

export function describeValue(v: unknown): string {
  if (v === undefined) return "undefined";
  if (v === null) return "null";
  if (Array.isArray(v)) return "a list";
  if (typeof v === "object") return "an object";
  return `${typeof v} ${JSON.stringify(v)}`;
}

export function describeDifference(d: Difference): string {
  const at = d.segments.length > 0 ? ` at ${formatPath(d.segments)}` : "";
  return `${at} (${d.reason})`;
}
