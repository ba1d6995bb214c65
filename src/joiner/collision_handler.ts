/**
 * Collision handlers: callbacks that decide collisions instead of (or on top of) the configured strategy.
 *
 * @module
 */
import type { SourcePosition } from "../core/mod.ts";
import type { CollisionStrategy } from "./collision_strategy.ts";
import type { RenameContext } from "./naming.ts";

/**
 * What collided. `schema` is `components.schemas` (3.x) or `definitions` (2.0); `path` is `paths`; `webhook` is
 * `webhooks` (3.1+; governed by the path strategy like paths); every other value is a component map: 3.x
 * `components.<map>` and 2.0 `parameters`, `responses` and `securityDefinitions` (as `securityScheme`);
 * `operationId` is the same operationId in operations of two documents.
 */
export type CollisionType =
  | "schema"
  | "path"
  | "webhook"
  | "parameter"
  | "response"
  | "requestBody"
  | "header"
  | "securityScheme"
  | "example"
  | "link"
  | "callback"
  | "pathItem"
  | "mediaType"
  | "operationId";

/** Schema collisions (`components.schemas`, 2.0 `definitions`). */
export const CollisionTypeSchema: CollisionType = "schema";
/** Path collisions (`paths`). */
export const CollisionTypePath: CollisionType = "path";
/** Webhook collisions (`webhooks`, 3.1+). */
export const CollisionTypeWebhook: CollisionType = "webhook";
/** Parameter collisions (`components.parameters`, 2.0 `parameters`). */
export const CollisionTypeParameter: CollisionType = "parameter";
/** Response collisions (`components.responses`, 2.0 `responses`). */
export const CollisionTypeResponse: CollisionType = "response";
/** Request body collisions (`components.requestBodies`). */
export const CollisionTypeRequestBody: CollisionType = "requestBody";
/** Header collisions (`components.headers`). */
export const CollisionTypeHeader: CollisionType = "header";
/** Security scheme collisions (`components.securitySchemes`, 2.0 `securityDefinitions`). */
export const CollisionTypeSecurityScheme: CollisionType = "securityScheme";
/** Example collisions (`components.examples`). */
export const CollisionTypeExample: CollisionType = "example";
/** Link collisions (`components.links`). */
export const CollisionTypeLink: CollisionType = "link";
/** Callback collisions (`components.callbacks`). */
export const CollisionTypeCallback: CollisionType = "callback";
/** Path item collisions (`components.pathItems`, 3.1+). */
export const CollisionTypePathItem: CollisionType = "pathItem";
/** Media type collisions (`components.mediaTypes`, 3.2). */
export const CollisionTypeMediaType: CollisionType = "mediaType";
/**
 * The same operationId in operations of two inputs. Under `fail` it fails the join; under the other strategies
 * the right-hand operation is renamed with the operationId template. Handlers are not asked about it.
 */
export const CollisionTypeOperationId: CollisionType = "operationId";

/** Everything a handler learns about one collision. */
export interface CollisionContext {
  /** What collided. */
  type: CollisionType;
  /** The colliding name: a schema or component name, a path, a webhook name. */
  name: string;
  /** Full JSON path of the collision in the merged document, e.g. `$.components.schemas.User`. */
  jsonPath: string;
  /** Source of the left (already merged) value. */
  leftSource: string;
  /** Line and column of the left value; undefined unless source maps were given. */
  leftLocation?: SourcePosition;
  /** The left value (a schema, path item or component). Read it; do not change it. */
  leftValue: unknown;
  /** Source of the right (incoming) value. */
  rightSource: string;
  /** Line and column of the right value; undefined unless source maps were given. */
  rightLocation?: SourcePosition;
  /** The right value. Read it; do not change it. */
  rightValue: unknown;
  /** Operation context of the right schema for rename templates; undefined for paths and webhooks. */
  renameInfo?: RenameContext;
  /** The strategy that applies without the handler. */
  configuredStrategy: CollisionStrategy;
}

/** What a handler decided. */
export type ResolutionAction =
  | "continue"
  | "accept-left"
  | "accept-right"
  | "rename"
  | "deduplicate"
  | "fail"
  | "custom";

/** A handler's decision; build it with the helpers ({@link acceptLeft}, {@link rename}, …). */
export interface CollisionResolution {
  /** The decision. */
  action: ResolutionAction;
  /** A message; when present it is recorded as a `handler-resolution` warning. */
  message?: string;
  /** For `custom`: the merged value to use (a schema, component or path item). */
  customValue?: unknown;
}

/**
 * A collision handler. Return a resolution (or a promise of one). Throwing (or rejecting) is not fatal: a
 * `handler-error` warning is recorded and the configured strategy applies.
 */
export type CollisionHandler = (
  collision: CollisionContext,
) => CollisionResolution | Promise<CollisionResolution>;

function resolution(action: ResolutionAction, message?: string): CollisionResolution {
  return message === undefined ? { action } : { action, message };
}

/** Defer to the configured strategy. */
export function continueWithStrategy(): CollisionResolution {
  return resolution("continue");
}
/** Defer to the configured strategy, recording a message. */
export function continueWithStrategyWithMessage(message: string): CollisionResolution {
  return resolution("continue", message);
}
/** Keep the left value. */
export function acceptLeft(): CollisionResolution {
  return resolution("accept-left");
}
/** Keep the left value, recording a message. */
export function acceptLeftWithMessage(message: string): CollisionResolution {
  return resolution("accept-left", message);
}
/** Keep the right value. */
export function acceptRight(): CollisionResolution {
  return resolution("accept-right");
}
/** Keep the right value, recording a message. */
export function acceptRightWithMessage(message: string): CollisionResolution {
  return resolution("accept-right", message);
}
/** Rename the right value with the rename template (not for paths or webhooks: they cannot be renamed). */
export function rename(): CollisionResolution {
  return resolution("rename");
}
/** Rename the right value with the rename template, recording a message. */
export function renameWithMessage(message: string): CollisionResolution {
  return resolution("rename", message);
}
/** Treat the values as equivalent: keep the left, skip the right (no comparison is made). */
export function deduplicate(): CollisionResolution {
  return resolution("deduplicate");
}
/** Treat the values as equivalent, recording a message. */
export function deduplicateWithMessage(message: string): CollisionResolution {
  return resolution("deduplicate", message);
}
/** Abort the join with an error. */
export function fail(): CollisionResolution {
  return resolution("fail");
}
/** Abort the join with an error carrying the message. */
export function failWithMessage(message: string): CollisionResolution {
  return resolution("fail", message);
}
/** Use a supplied merged value (a schema, component or path item) under the colliding name. */
export function useCustomValue(value: unknown): CollisionResolution {
  return { action: "custom", customValue: value };
}
/** Use a supplied merged value, recording a message. */
export function useCustomValueWithMessage(value: unknown, message: string): CollisionResolution {
  return { action: "custom", customValue: value, message };
}
