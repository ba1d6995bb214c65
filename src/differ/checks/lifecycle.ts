/**
 * Checks on removing what was deprecated: the removal of an endpoint, operation, request parameter or schema
 * property that was marked `deprecated: true` is judged by its sunset date (`x-sunset`) and, with the
 * `deprecationDays` option, by how long ago it was deprecated (`x-deprecated-at`). A removal of something never
 * deprecated keeps its ordinary check (`operation-removed`, `request-parameter-removed`, …); one deprecated
 * without a sunset date keeps `deprecated-endpoint-removed` and `deprecated-operation-removed`.
 *
 * @module
 */
import type { Check } from "../types.ts";
import { type Row, table } from "./_define.ts";

/** What can be deprecated and later removed: its name in messages, and the ordinary removal checks of it. */
export const LIFECYCLE_KINDS = [
  ["endpoint", "A path whose operation was deprecated", ["endpoint-removed", "deprecated-endpoint-removed"]],
  ["operation", "A deprecated operation", ["operation-removed", "deprecated-operation-removed"]],
  ["request-parameter", "A deprecated request parameter", ["request-parameter-removed"]],
  [
    "request-property",
    "A deprecated property of a request schema",
    ["request-optional-property-removed", "request-required-property-removed"],
  ],
  [
    "response-property",
    "A deprecated property of a response schema",
    ["response-optional-property-removed", "response-required-property-removed"],
  ],
] as const satisfies readonly (readonly [kind: string, noun: string, removals: readonly string[]])[];

/** A kind of thing that can be deprecated and removed. */
export type LifecycleKind = typeof LIFECYCLE_KINDS[number][0];

/** Kinds whose removal without a sunset date is already a check of its own category. */
type Dated = "endpoint" | "operation";

/** The ids of the lifecycle checks. */
export type LifecycleCheckId =
  | `sunset-${LifecycleKind}-removed`
  | `${LifecycleKind}-removed-before-sunset`
  | `deprecated-${Exclude<LifecycleKind, Dated>}-removed`;

function rows(): Row[] {
  const out: Row[] = [];
  for (const [kind, noun] of LIFECYCLE_KINDS) {
    if (kind !== "endpoint" && kind !== "operation") {
      out.push([`deprecated-${kind}-removed`, "warning", `${noun} without a sunset date was removed.`]);
    }
    out.push([`sunset-${kind}-removed`, "info", `${noun} was removed after its sunset date (\`x-sunset\`).`]);
    out.push([
      `${kind}-removed-before-sunset`,
      "error",
      `${noun} was removed before its sunset date (or with an unreadable one), or sooner than ` +
      "`deprecationDays` after its deprecation.",
    ]);
  }
  return out;
}

/** Checks of the `lifecycle` category. */
export const LIFECYCLE_CHECKS: readonly Check[] = table("lifecycle", rows());
