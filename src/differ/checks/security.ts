/** Checks on security requirements and security schemes. @module */
import type { Check } from "../types.ts";
import { type IdOf, type Row, table } from "./_define.ts";

const ROWS = [
  ["security-added", "ERROR", "Security is now required where none was: anonymous calls fail."],
  ["security-removed", "INFO", "Security is no longer required."],
  ["security-alternative-added", "INFO", "A new way to authenticate (a security requirement) was added."],
  ["security-alternative-removed", "ERROR", "A way to authenticate (a security requirement) was removed."],
  ["security-scope-added", "ERROR", "A security requirement needs a new scope."],
  ["security-scope-removed", "INFO", "A security requirement needs a scope less."],
  ["security-scheme-added", "INFO", "A security scheme was added."],
  ["security-scheme-removed", "WARNING", "A security scheme was removed."],
  ["security-scheme-type-changed", "ERROR", "The type of a security scheme changed."],
  ["security-scheme-api-key-changed", "ERROR", "The name or place (`in`) of an apiKey scheme changed."],
  [
    "security-scheme-http-scheme-changed",
    "ERROR",
    "The HTTP authentication scheme (basic, bearer, …) changed.",
  ],
  ["security-scheme-bearer-format-changed", "INFO", "The bearer format hint changed."],
  [
    "security-scheme-url-changed",
    "ERROR",
    "An OpenID Connect, OAuth authorization, token or refresh URL changed.",
  ],
  ["security-scheme-oauth-flow-added", "INFO", "An OAuth flow was added."],
  ["security-scheme-oauth-flow-removed", "ERROR", "An OAuth flow was removed."],
  ["security-scheme-oauth-scope-added", "INFO", "An OAuth flow offers a new scope."],
  ["security-scheme-oauth-scope-removed", "WARNING", "An OAuth flow no longer offers a scope."],
  ["security-scheme-description-changed", "INFO", "The description of a security scheme changed."],
] as const satisfies readonly Row[];

/** The ids of the `security` checks. */
export type SecurityCheckId = IdOf<typeof ROWS>;

/** Checks of the `security` category. */
export const SECURITY_CHECKS: readonly Check[] = table("security", ROWS);
