/** Checks on security requirements and security schemes. @module */
import type { Check } from "../types.ts";
import { type IdOf, type Row, table } from "./_define.ts";

const ROWS = [
  ["security-added", "error", "Security is now required where none was: anonymous calls fail."],
  ["security-removed", "info", "Security is no longer required."],
  ["security-alternative-added", "info", "A new way to authenticate (a security requirement) was added."],
  ["security-alternative-removed", "error", "A way to authenticate (a security requirement) was removed."],
  ["security-scope-added", "error", "A security requirement needs a new scope."],
  ["security-scope-removed", "info", "A security requirement needs a scope less."],
  ["security-scheme-added", "info", "A security scheme was added."],
  ["security-scheme-removed", "warning", "A security scheme was removed."],
  ["security-scheme-type-changed", "error", "The type of a security scheme changed."],
  ["security-scheme-api-key-changed", "error", "The name or place (`in`) of an apiKey scheme changed."],
  [
    "security-scheme-http-scheme-changed",
    "error",
    "The HTTP authentication scheme (basic, bearer, …) changed.",
  ],
  ["security-scheme-bearer-format-changed", "info", "The bearer format hint changed."],
  [
    "security-scheme-url-changed",
    "error",
    "An OpenID Connect, OAuth authorization, token or refresh URL changed.",
  ],
  ["security-scheme-oauth-flow-added", "info", "An OAuth flow was added."],
  ["security-scheme-oauth-flow-removed", "error", "An OAuth flow was removed."],
  ["security-scheme-oauth-scope-added", "info", "An OAuth flow offers a new scope."],
  ["security-scheme-oauth-scope-removed", "warning", "An OAuth flow no longer offers a scope."],
  ["security-scheme-description-changed", "info", "The description of a security scheme changed."],
] as const satisfies readonly Row[];

/** The ids of the `security` checks. */
export type SecurityCheckId = IdOf<typeof ROWS>;

/** Checks of the `security` category. */
export const SECURITY_CHECKS: readonly Check[] = table("security", ROWS);
