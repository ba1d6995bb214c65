/**
 * Types of an Overlay document (OpenAPI Overlay Specification 1.0.0 and 1.1.0).
 *
 * @module
 */

/** Overlay Specification versions (major.minor) this library applies; any patch version of them is accepted. */
export const SUPPORTED_OVERLAY_VERSIONS: readonly string[] = ["1.0", "1.1"];

/**
 * The kind of change an action makes. `copy` exists from Overlay 1.1.0 on. When an action has several,
 * `remove: true` wins over `copy` and `copy` over `update`, as the specification says; `none` is an action
 * with neither (a legal no-op).
 */
export type OverlayActionKind = "update" | "remove" | "copy" | "none";

/** Metadata of an overlay (`info`). */
export interface OverlayInfo {
  /** REQUIRED. What the overlay is for. */
  title: string;
  /** REQUIRED. Version of the overlay document itself. */
  version: string;
  /** Description (Overlay 1.1.0). */
  description?: string;
  /** Specification extensions. */
  [extension: `x-${string}`]: unknown;
}

/**
 * One action: a JSONPath `target` and what to do there: `update`, `remove: true` or (1.1.0) `copy` (remove wins
 * over copy, copy over update; an action with none of them does nothing).
 */
export interface OverlayAction {
  /** REQUIRED. RFC 9535 JSONPath query selecting the nodes to change. */
  target: string;
  /** What the action does. */
  description?: string;
  /** Value merged into (objects), appended to or concatenated with (arrays), or replacing (primitives) each target. */
  update?: unknown;
  /** When true, every selected node is removed from its parent object or array. */
  remove?: boolean;
  /** Overlay 1.1.0: JSONPath query selecting one node whose value is merged into each target as `update` would. */
  copy?: string;
  /** Specification extensions. */
  [extension: `x-${string}`]: unknown;
}

/** An Overlay document. */
export interface OverlayDocument {
  /** REQUIRED. Overlay Specification version, such as `1.1.0`. */
  overlay: string;
  /** REQUIRED. Metadata. */
  info: OverlayInfo;
  /** URI of the document the overlay was written for; informational, never fetched. */
  extends?: string;
  /** REQUIRED. The actions, applied in order; at least one. */
  actions: OverlayAction[];
  /** Specification extensions. */
  [extension: `x-${string}`]: unknown;
}
