/**
 * Removing what was deprecated: a removal found by the comparison (an endpoint, operation, request parameter or
 * schema property) is judged again by the removed object's `deprecated`, its sunset date (`x-sunset`) and, with
 * `deprecationDays`, its deprecation date (`x-deprecated-at` or an equivalent extension).
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import { getAt } from "../core/pointer.ts";
import type { CheckId } from "./checks.ts";
import { CHECKS } from "./checks.ts";
import { LIFECYCLE_KINDS, type LifecycleKind } from "./checks/lifecycle.ts";
import { placeOf, type Side } from "./_context.ts";
import type { Change } from "./types.ts";

/** Extensions that give the date something was deprecated, in the order they are read. */
export const DEPRECATION_DATE_EXTENSIONS: readonly string[] = [
  "x-deprecated-at",
  "x-deprecated-since",
  "x-deprecation-date",
];

/** The extension that gives the date something deprecated may be removed. */
export const SUNSET_EXTENSION = "x-sunset";

/** What the lifecycle judgement needs: today and the required deprecation period. */
export interface LifecyclePolicy {
  /** Today (the removal's date). */
  now: Date;
  /** Days required between deprecation and removal, when set. */
  deprecationDays?: number;
}

const KIND_OF: ReadonlyMap<string, LifecycleKind> = new Map(
  LIFECYCLE_KINDS.flatMap(([kind, , removals]) => removals.map((id) => [id, kind] as const)),
);

const DAY_MS = 86_400_000;

/** A date of an extension (`2025-12-31` or an RFC 3339 date-time) as UTC milliseconds, or undefined. */
export function parseDate(value: unknown): number | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}(?:[Tt ].*)?$/.test(value.trim())) return undefined;
  const ms = Date.parse(value.trim().length === 10 ? `${value.trim()}T00:00:00Z` : value.trim());
  return Number.isNaN(ms) ? undefined : ms;
}

function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The removed object's fields that matter: on the object itself, or on what its `$ref` names. */
function removedObject(side: Side, change: Change): Record<string, unknown> | undefined {
  const where = placeOf.get(change);
  if (where === undefined || where.side !== "source") return undefined;
  const raw = getAt(side.index.document(where.at.file)?.data, where.at.segments);
  if (!isObject(raw)) return undefined;
  if (typeof raw.$ref !== "string") return raw;
  let target: unknown;
  try {
    target = side.resolve(raw, where.at).value;
  } catch {
    return raw;
  }
  // 3.1 siblings of `$ref` (deprecated, x-sunset) win over the target's.
  return isObject(target) ? { ...target, ...raw } : raw;
}

/** A verdict: the check that takes the place of the ordinary removal, and why. */
interface Verdict {
  id: CheckId;
  why: string;
}

function judge(
  kind: LifecycleKind,
  o: Record<string, unknown>,
  policy: LifecyclePolicy,
): Verdict | undefined {
  if (o.deprecated !== true) return undefined;
  const deprecated: CheckId = `deprecated-${kind}-removed`;
  const sunsetDone: CheckId = `sunset-${kind}-removed`;
  const early: CheckId = `${kind}-removed-before-sunset`;
  const now = policy.now.getTime();
  const hasSunset = Object.hasOwn(o, SUNSET_EXTENSION);
  const sunset = hasSunset ? parseDate(o[SUNSET_EXTENSION]) : undefined;
  if (hasSunset && sunset === undefined) {
    return { id: early, why: `it was deprecated, but its ${SUNSET_EXTENSION} date cannot be read` };
  }
  if (sunset !== undefined && now < sunset) {
    return { id: early, why: `it was deprecated with the sunset date ${day(sunset)}, still ahead` };
  }
  const days = policy.deprecationDays;
  if (days !== undefined && days > 0) {
    const key = DEPRECATION_DATE_EXTENSIONS.find((k) => Object.hasOwn(o, k));
    const since = key === undefined ? undefined : parseDate(o[key]);
    if (since === undefined) {
      return {
        id: early,
        why:
          `it was deprecated, but no readable ${
            DEPRECATION_DATE_EXTENSIONS[0]
          } date shows the ${days} days ` +
          "of deprecation required",
      };
    }
    const served = Math.floor((now - since) / DAY_MS);
    if (served < days) {
      return {
        id: early,
        why: `it was deprecated on ${day(since)}, ${served} days ago; ${days} days are required`,
      };
    }
    return {
      id: sunsetDone,
      why: sunset === undefined
        ? `it was deprecated on ${day(since)}, at least ${days} days ago`
        : `it was deprecated and its sunset date ${day(sunset)} has passed`,
    };
  }
  if (sunset !== undefined) {
    return { id: sunsetDone, why: `it was deprecated and its sunset date ${day(sunset)} has passed` };
  }
  return { id: deprecated, why: "it was deprecated, without a sunset date" };
}

/**
 * Judges a removal again by the removed object's deprecation: the change gets the lifecycle check's id,
 * severity and reason (a change of another check, or of something never deprecated, is left as it is).
 */
export function judgeRemoval(change: Change, source: Side, policy: LifecyclePolicy): void {
  const kind = KIND_OF.get(change.id);
  if (kind === undefined || change.type !== "removed") return;
  const o = removedObject(source, change);
  if (o === undefined) return;
  const verdict = judge(kind, o, policy);
  if (verdict === undefined) return;
  const check = CHECKS.get(verdict.id)!;
  change.id = change.rule = verdict.id;
  change.category = check.category;
  change.severity = check.severity;
  change.message = `${change.message.replace(/\.$/, "")}: ${verdict.why}.`;
}
