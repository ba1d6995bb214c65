/**
 * Helpers for the validator's tests: validate a document given as an object and look at the findings of one
 * rule.
 *
 * @module
 */
import type { Finding } from "../core/mod.ts";
import { validate, type ValidateOptions, type ValidationResult } from "./validate.ts";

/** Validates a document given as data (serialised as JSON content). */
export function check(doc: unknown, options: ValidateOptions = {}): Promise<ValidationResult> {
  return validate({ content: JSON.stringify(doc), name: "test.json" }, options);
}

/** The findings (errors and warnings) of one rule, as `path: message` lines. */
export async function findings(
  doc: unknown,
  rule: string,
  options: ValidateOptions = {},
): Promise<Finding[]> {
  const r = await check(doc, { ...options, rules: [rule] });
  return [...r.errors, ...r.warnings];
}

/** The paths of the findings of one rule. */
export async function paths(doc: unknown, rule: string, options: ValidateOptions = {}): Promise<string[]> {
  return (await findings(doc, rule, options)).map((f) => f.path);
}

/** A minimal 3.x document around some paths and components. */
export function oas3(
  extra: Record<string, unknown> = {},
  version = "3.1.0",
): Record<string, unknown> {
  return { openapi: version, info: { title: "T", version: "1" }, paths: {}, ...extra };
}

/** A minimal 2.0 document. */
export function oas2(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { swagger: "2.0", info: { title: "T", version: "1" }, paths: {}, ...extra };
}

/** An operation with one response. */
export function op(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { summary: "s", responses: { "200": { description: "ok" } }, ...extra };
}
