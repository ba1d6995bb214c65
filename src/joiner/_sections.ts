/**
 * The maps of an OpenAPI document in which names can collide, per version family.
 *
 * @module
 */
import type { OASVersion } from "../core/mod.ts";
import { componentSections } from "../walker/mod.ts";
import type { CollisionType } from "./collision_handler.ts";

/** Which strategy governs a map. */
export type StrategyGroup = "schema" | "component" | "path";

/** A map of named values where collisions are detected. */
export interface SectionSpec {
  /** Collision type reported for it. */
  type: CollisionType;
  /** Location from the document root. */
  segments: readonly string[];
  /** Strategy group. */
  group: StrategyGroup;
  /** Whether `x-` keys of the map are extensions rather than names. */
  extensions: boolean;
  /** How references to its entries are rewritten on rename. */
  refKind: "schema" | "security" | "other";
}

/**
 * The order in which the joiner decides collisions (schemas first, paths last); sections the walker's list
 * adds later come after the known ones.
 */
const DECISION_ORDER: readonly string[] = [
  "schema",
  "parameter",
  "response",
  "requestBody",
  "header",
  "securityScheme",
  "example",
  "link",
  "callback",
  "pathItem",
  "mediaType",
];

function build(oasVersion: OASVersion): readonly SectionSpec[] {
  const rank = (kind: string): number => {
    const i = DECISION_ORDER.indexOf(kind);
    return i === -1 ? DECISION_ORDER.length : i;
  };
  // The component sections are the walker's one list; the joiner adds how it treats each.
  const components = [...componentSections(oasVersion)].sort((a, b) => rank(a.kind) - rank(b.kind));
  const out: SectionSpec[] = components.map((section) => ({
    type: section.kind as CollisionType,
    segments: section.segments,
    group: section.kind === "schema" ? "schema" : "component",
    extensions: false,
    refKind: section.kind === "schema" ? "schema" : section.kind === "securityScheme" ? "security" : "other",
  }));
  out.push({ type: "path", segments: ["paths"], group: "path", extensions: true, refKind: "other" });
  if (oasVersion !== "2.0") {
    out.push({ type: "webhook", segments: ["webhooks"], group: "path", extensions: false, refKind: "other" });
  }
  return out;
}

const SECTIONS: Readonly<Record<OASVersion, readonly SectionSpec[]>> = {
  "2.0": build("2.0"),
  "3.0": build("3.0"),
  "3.1": build("3.1"),
  "3.2": build("3.2"),
};

/** The collision maps of a version family, schemas first, paths last. */
export function sectionsOf(oasVersion: OASVersion): readonly SectionSpec[] {
  return SECTIONS[oasVersion];
}

/** How a collision type is named in messages: `schema`, `request body`, `security scheme`, … */
export const TYPE_LABELS: Readonly<Record<CollisionType, string>> = {
  schema: "schema",
  path: "path",
  webhook: "webhook",
  parameter: "parameter",
  response: "response",
  requestBody: "request body",
  header: "header",
  securityScheme: "security scheme",
  example: "example",
  link: "link",
  callback: "callback",
  pathItem: "path item",
  mediaType: "media type",
  operationId: "operationId",
};
