/**
 * The table of checks: every kind of change `diff()` reports, with its stable id, category, default severity
 * and description, one file per category under `checks/`.
 *
 * @module
 */
import type { Check, CheckCategory } from "./types.ts";
import { CHECK_CATEGORIES } from "./types.ts";
import { DOCUMENT_CHECKS, type DocumentCheckId } from "./checks/document.ts";
import { ENDPOINT_CHECKS, type EndpointCheckId } from "./checks/endpoint.ts";
import { OPERATION_CHECKS, type OperationCheckId } from "./checks/operation.ts";
import { PARAMETER_CHECKS, type ParameterCheckId } from "./checks/parameter.ts";
import { REQUEST_BODY_CHECKS, type RequestBodyCheckId } from "./checks/request_body.ts";
import { RESPONSE_CHECKS, type ResponseCheckId } from "./checks/response.ts";
import { SCHEMA_CHECKS, type SchemaCheckId } from "./checks/schema.ts";
import { SECURITY_CHECKS, type SecurityCheckId } from "./checks/security.ts";
import { SERVER_CHECKS, type ServerCheckId } from "./checks/server.ts";
import { INFO_CHECKS, type InfoCheckId } from "./checks/info.ts";
import { EXTENSION_CHECKS, type ExtensionCheckId } from "./checks/extension.ts";
import { LIFECYCLE_CHECKS, type LifecycleCheckId } from "./checks/lifecycle.ts";

/** The id of a check: a union of the tables' ids, so that a misspelt id fails `deno check`. */
export type CheckId =
  | DocumentCheckId
  | EndpointCheckId
  | OperationCheckId
  | ParameterCheckId
  | RequestBodyCheckId
  | ResponseCheckId
  | SchemaCheckId
  | SecurityCheckId
  | ServerCheckId
  | InfoCheckId
  | ExtensionCheckId
  | LifecycleCheckId;

const ALL: readonly Check[] = [
  ...DOCUMENT_CHECKS,
  ...ENDPOINT_CHECKS,
  ...OPERATION_CHECKS,
  ...PARAMETER_CHECKS,
  ...REQUEST_BODY_CHECKS,
  ...RESPONSE_CHECKS,
  ...SCHEMA_CHECKS,
  ...SECURITY_CHECKS,
  ...SERVER_CHECKS,
  ...INFO_CHECKS,
  ...EXTENSION_CHECKS,
  ...LIFECYCLE_CHECKS,
];

/** Checks by id. */
export const CHECKS: ReadonlyMap<string, Check> = new Map(ALL.map((c) => [c.id, c]));

/**
 * Every check `diff()` runs, grouped by category (in {@link CHECK_CATEGORIES} order), each with its stable id,
 * default severity and description.
 *
 * @example
 * ```ts
 * import { listChecks } from "@oatool/cli/differ";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const check = listChecks().find((c) => c.id === "request-property-became-required");
 * assertEquals(check?.severity, "error");
 * ```
 */
export function listChecks(): Check[] {
  const order = new Map<CheckCategory, number>(CHECK_CATEGORIES.map((c, i) => [c, i]));
  return ALL.map((c) => ({ ...c })).sort((a, b) => order.get(a.category)! - order.get(b.category)!);
}
