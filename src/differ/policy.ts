/**
 * The severity policy as data: the principles every check's default severity follows, the principle each check
 * is judged by, and where a verdict differs from oasdiff's published checks, with the reason. The policy page
 * (docs/diff-severity.md, written by scripts/gen_diff_severity.ts) is generated from this and the check tables.
 *
 * @module
 */
import type { Check } from "./types.ts";

/** One principle of the policy. */
export interface Principle {
  /** Short id, used in the page's table. */
  id: string;
  /** Title. */
  title: string;
  /** The rule, in a few sentences. */
  text: string;
}

/** The principles, in the order the page states them. */
export const PRINCIPLES: readonly Principle[] = [
  {
    id: "request-narrowing",
    title: "Request narrowing breaks",
    text: "What clients send that the server may now reject breaks them: ERROR. A new required parameter, " +
      "property or body, a narrower schema (type, enum, bound, pattern, format), a media type no longer " +
      "accepted, a serialisation (style, explode, collectionFormat) that changed, and a removed request body " +
      "(the mirror of a new required one).",
  },
  {
    id: "response-kind",
    title: "Response values clients cannot represent break them",
    text: "A response value of a kind clients were never told about is an ERROR: a new type or null, a new " +
      "enum value, oneOf/anyOf alternative or discriminator value, a changed or removed const or format, a " +
      "property or header no longer guaranteed, and a wider numeric, length or count bound (values clients " +
      "keep in sized types, buffers and columns may no longer fit). The same change in a request is an INFO.",
  },
  {
    id: "response-validation",
    title: "Response values outside a validation-only constraint are a WARNING",
    text:
      "A response value of a kind clients know, outside a constraint only validators check (a removed or " +
      "changed pattern, a removed format hint, multipleOf, uniqueItems, unlisted properties now allowed): " +
      "WARNING. Clients that validate responses reject it; the `strict` preset makes it an ERROR.",
  },
  {
    id: "ignored-input",
    title: "Input the server stops reading is a WARNING",
    text: "A removed request parameter or property: a tolerant server ignores it, a strict one rejects it. " +
      "WARNING; ERROR under `strict`.",
  },
  {
    id: "removal",
    title: "Removing what clients call or read breaks them",
    text:
      "Endpoints and operations: CRITICAL. Success statuses, webhooks, callbacks, required headers, media " +
      "types and ways to authenticate: ERROR. Non-success statuses, optional headers, links and servers: " +
      "WARNING (clients rarely depend on them alone).",
  },
  {
    id: "defaults",
    title: "A default is judged the same wherever it appears",
    text:
      "A changed or removed default is a WARNING in a parameter, a request or response property, a header " +
      "and a server variable alike: every message stays valid, but what an omitted field means changes. An " +
      "added default is an INFO. `strict` makes the WARNINGs ERRORs.",
  },
  {
    id: "security",
    title: "A new security requirement is breaking",
    text:
      "Security where there was none, a new required scope, a removed way to authenticate, or a changed " +
      "scheme, key name or URL: ERROR. A call that worked yesterday fails with 401 or 403 today, which is what " +
      "a release gate is for. This is stricter than oasdiff, which reports security changes as INFO.",
  },
  {
    id: "lifecycle",
    title: "Deprecation and sunset",
    text:
      "Removing an endpoint, operation, request parameter or property that was `deprecated: true` is judged " +
      "by its `x-sunset` date: after it, INFO; before it (or with an unreadable date), ERROR. Deprecated without " +
      "a date: WARNING (ERROR under `strict`, INFO under `lenient`). With `deprecationDays`, the removal must " +
      "also come at least that many days after `x-deprecated-at` (or `x-deprecated-since`, " +
      "`x-deprecation-date`); a removal sooner, or without a readable date, is an ERROR. Removing something " +
      "never deprecated keeps its ordinary check.",
  },
  {
    id: "outgoing",
    title: "Webhooks and callbacks flip the direction",
    text:
      "In webhooks and callbacks the API sends the request and the client receives it, so what narrows a " +
      "request there is compatible and what widens or removes it breaks the receivers.",
  },
  {
    id: "notice",
    title: "Notices and undecidable changes ask for attention",
    text: "Deprecations, renamed or removed operationIds (generated method names), removed callback URLs' " +
      "details and changes whose effect cannot be decided (two different patterns, a keyword no check judges): " +
      "WARNING, never silence.",
  },
  {
    id: "compatible",
    title: "Additions, relaxations and documentation are compatible",
    text: "New optional inputs, new endpoints, looser request constraints, stricter response constraints, " +
      "descriptions, examples, tags and extensions: INFO.",
  },
  {
    id: "document",
    title: "The document's own version",
    text: "Within a major version (3.0.3 → 3.1.0) the version change is an INFO and the older document is " +
      "compared converted. Across majors (2.0 ↔ 3.x) each structure written another way is an ERROR " +
      "(the specification's rule), or one ERROR when nothing moved.",
  },
];

/** Where our verdict differs from oasdiff's published checks, and why. */
export const OASDIFF_DEVIATIONS: Readonly<Record<string, string>> = {
  "security-added":
    "oasdiff: INFO (`api-security-added`). Anonymous calls fail: a new requirement breaks them.",
  "security-scope-added": "oasdiff: INFO (`api-security-scope-added`). Tokens without the scope are refused.",
  "security-alternative-removed": "oasdiff: INFO. Clients using the removed way to authenticate are refused.",
  "request-default-changed":
    "oasdiff: ERR for a parameter, INFO for a property. One verdict wherever a default appears (see defaults).",
  "request-default-removed":
    "oasdiff: ERR for a parameter, INFO for a property. One verdict wherever a default appears (see defaults).",
  "request-default-added": "oasdiff: ERR for a parameter. Adding a default changes no valid message.",
  "response-default-changed": "oasdiff: INFO. Clients filling in an absent field fill in another value.",
  "response-default-removed": "oasdiff: INFO. Clients filling in an absent field no longer know the value.",
  "response-enum-value-added":
    "oasdiff: WARN. Generated enums fail on an unknown value; `x-extensible-enum` says when they must not.",
  "response-any-of-alternative-added": "oasdiff: INFO. A value of a new alternative is a new kind of value.",
  "response-discriminator-mapping-added":
    "oasdiff: INFO. A new discriminator value selects a type clients lack.",
  "response-pattern-removed": "oasdiff: INFO. Clients that validate responses reject the new values.",
  "response-pattern-changed": "oasdiff: INFO. Whether the new pattern is wider cannot be decided.",
  "request-max-length-added": "oasdiff: WARN (`…-max-length-set`). Values over the new bound are rejected.",
  "request-maximum-added": "oasdiff: WARN (`…-max-set`). Values over the new bound are rejected.",
  "request-minimum-added": "oasdiff: WARN (`…-min-set`). Values under the new bound are rejected.",
  "request-min-items-added": "oasdiff: WARN (`…-min-items-set`). Shorter arrays are rejected.",
  "request-discriminator-mapping-removed": "oasdiff: INFO. Clients sending that value are rejected.",
  "request-discriminator-property-changed": "oasdiff: INFO. Clients send the old property name.",
  "deprecated-endpoint-removed":
    "oasdiff: INFO (`api-path-removed-with-deprecation`). Without a date clients were not told when; " +
    "`lenient` gives oasdiff's INFO.",
  "deprecated-operation-removed":
    "oasdiff: INFO (`api-removed-with-deprecation`). Without a date clients were not told when; " +
    "`lenient` gives oasdiff's INFO.",
  "deprecated-request-parameter-removed":
    "oasdiff: INFO (`request-parameter-removed-with-deprecation`); `lenient` gives INFO.",
  "sunset-endpoint-removed": "oasdiff reports nothing; we keep an INFO so the removal is in the changelog.",
  "sunset-operation-removed": "oasdiff reports nothing; we keep an INFO so the removal is in the changelog.",
  "openapi-version-changed": "oasdiff's breaking check reports nothing for the version field.",
  "format-structure-changed": "oasdiff does not compare documents of different major versions.",
  "response-link-operation-changed": "oasdiff does not compare links.",
  "response-header-style-changed": "oasdiff does not compare response header serialisation.",
  "request-prefix-items-added":
    "oasdiff: WARN. Positions now constrained refuse items clients sent: judged by direction, as any constraint.",
  "response-prefix-items-added": "oasdiff: WARN. Fewer values in a response break no client.",
  "request-prefix-items-removed": "oasdiff: WARN. More values are accepted.",
  "response-prefix-items-removed":
    "oasdiff: WARN. The removed position schemas may have guaranteed anything (see response-kind).",
  "request-if-changed":
    "oasdiff reports `if` only added or removed. A changed condition moves values between " +
    "branches, which no check can judge: a WARNING says so.",
  "response-if-changed":
    "oasdiff reports `if` only added or removed. A changed condition moves values between " +
    "branches, which no check can judge: a WARNING says so.",
  "request-contains-changed":
    "oasdiff does not compare the `contains` schema. Under `maxContains` a narrower " +
    "`contains` can make more arrays valid, so the change cannot be judged: a WARNING says so.",
  "response-contains-changed":
    "oasdiff does not compare the `contains` schema. Under `maxContains` a narrower " +
    "`contains` can make more arrays valid, so the change cannot be judged: a WARNING says so.",
};

const NOTICE_IDS = [
  "-deprecated",
  "keyword-changed",
  "if-changed",
  "contains-changed",
  "pattern-changed",
  "operation-id-",
  "format-conversion",
];

/** The principle a check's default severity follows. */
export function principleOf(check: Check): string {
  const { id, category, severity } = check;
  if (category === "lifecycle" || (id.startsWith("deprecated-") && id.endsWith("-removed"))) {
    return "lifecycle";
  }
  if (category === "document" && severity !== "info") return "document";
  if (id === "openapi-version-changed") return "document";
  if (/(^|-)default-(changed|removed|added)$/.test(id)) return "defaults";
  if (id.startsWith("callback-") || id === "webhook-removed") return "outgoing";
  if (category === "security" && severity === "error") return "security";
  if (severity === "info") return "compatible";
  if (NOTICE_IDS.some((x) => id.includes(x))) return "notice";
  if (category === "schema") {
    if (id.startsWith("request-")) return severity === "error" ? "request-narrowing" : "ignored-input";
    return severity === "error" ? "response-kind" : "response-validation";
  }
  if (id === "request-parameter-removed") return "ignored-input";
  if (category === "parameter" || category === "request-body") {
    return severity === "warning" && !id.endsWith("-removed") ? "notice" : "request-narrowing";
  }
  if (id.endsWith("-became-optional") || id.includes("-style-") || id.includes("-explode-")) {
    return "response-kind";
  }
  if (id.endsWith("-removed") || severity === "critical") return "removal";
  return "notice";
}
