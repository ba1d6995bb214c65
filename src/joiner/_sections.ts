/**
 * The maps of an OpenAPI document in which names can collide, per version family.
 *
 * @module
 */
import type { OASVersion } from "../core/mod.ts";
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

const C = "components";

const OAS3: readonly SectionSpec[] = [
  { type: "schema", segments: [C, "schemas"], group: "schema", extensions: false, refKind: "schema" },
  { type: "parameter", segments: [C, "parameters"], group: "component", extensions: false, refKind: "other" },
  { type: "response", segments: [C, "responses"], group: "component", extensions: false, refKind: "other" },
  {
    type: "requestBody",
    segments: [C, "requestBodies"],
    group: "component",
    extensions: false,
    refKind: "other",
  },
  { type: "header", segments: [C, "headers"], group: "component", extensions: false, refKind: "other" },
  {
    type: "securityScheme",
    segments: [C, "securitySchemes"],
    group: "component",
    extensions: false,
    refKind: "security",
  },
  { type: "example", segments: [C, "examples"], group: "component", extensions: false, refKind: "other" },
  { type: "link", segments: [C, "links"], group: "component", extensions: false, refKind: "other" },
  { type: "callback", segments: [C, "callbacks"], group: "component", extensions: false, refKind: "other" },
  { type: "pathItem", segments: [C, "pathItems"], group: "component", extensions: false, refKind: "other" },
  { type: "mediaType", segments: [C, "mediaTypes"], group: "component", extensions: false, refKind: "other" },
  { type: "path", segments: ["paths"], group: "path", extensions: true, refKind: "other" },
  { type: "webhook", segments: ["webhooks"], group: "path", extensions: false, refKind: "other" },
];

const OAS2: readonly SectionSpec[] = [
  { type: "schema", segments: ["definitions"], group: "schema", extensions: false, refKind: "schema" },
  { type: "parameter", segments: ["parameters"], group: "component", extensions: false, refKind: "other" },
  { type: "response", segments: ["responses"], group: "component", extensions: false, refKind: "other" },
  {
    type: "securityScheme",
    segments: ["securityDefinitions"],
    group: "component",
    extensions: false,
    refKind: "security",
  },
  { type: "path", segments: ["paths"], group: "path", extensions: true, refKind: "other" },
];

/** The collision maps of a version family, schemas first, paths last. */
export function sectionsOf(oasVersion: OASVersion): readonly SectionSpec[] {
  return oasVersion === "2.0" ? OAS2 : OAS3;
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
};
