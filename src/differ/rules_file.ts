/**
 * The ignore list and the severity overrides of `diff()`, as read from YAML or JSON files (`--ignore`,
 * `--severity`), checked against the table of checks with one clear sentence for anything wrong.
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import { UsageError } from "../core/errors.ts";
import { CHECKS } from "./checks.ts";
import type { Severity } from "../core/finding.ts";
import { fromDiffSeverity, type IgnoreRule, SEVERITIES } from "./types.ts";

/**
 * Reads an ignore list: a list (or `{ ignore: [...] }`) whose entries are check ids, paths or globs
 * (`paths./users/*`, `GET /users/*`, `/paths/~1users`), or objects `{ id, path, reason }`.
 *
 * @example
 * ```ts
 * import { parseIgnoreList } from "@oatool/cli/differ";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(
 *   parseIgnoreList(["endpoint-removed", { path: "GET /legacy/*", reason: "retired" }], "ignore.yaml"),
 *   [{ id: "endpoint-removed" }, { path: "GET /legacy/*", reason: "retired" }],
 * );
 * ```
 * @throws {UsageError} for an entry that is neither, or an unknown check id.
 */
export function parseIgnoreList(data: unknown, source: string): IgnoreRule[] {
  const list = isObject(data) && Array.isArray(data.ignore) ? data.ignore : data;
  if (!Array.isArray(list)) {
    throw new UsageError(
      `${source}: an ignore list must be a list of check ids, paths or { id, path, reason } entries.`,
    );
  }
  return list.map((entry, i) => {
    if (typeof entry === "string" && entry !== "") return CHECKS.has(entry) ? { id: entry } : { path: entry };
    if (isObject(entry) && (typeof entry.id === "string" || typeof entry.path === "string")) {
      if (typeof entry.id === "string" && !CHECKS.has(entry.id)) {
        throw new UsageError(
          `${source}: entry ${i + 1} names the unknown check "${entry.id}"; see oatool diff --list-checks.`,
        );
      }
      const rule: IgnoreRule = {};
      if (typeof entry.id === "string") rule.id = entry.id;
      if (typeof entry.path === "string") rule.path = entry.path;
      if (typeof entry.reason === "string") rule.reason = entry.reason;
      return rule;
    }
    throw new UsageError(
      `${source}: entry ${
        i + 1
      } of the ignore list is not a check id, a path or an { id, path, reason } mapping.`,
    );
  });
}

/**
 * Reads severity overrides: a mapping `check-id: SEVERITY` (or a list of `{ id, severity }`). A severity is
 * spelled in upper case, as rules files write it (`ERROR`), or in the library's lower case; the result is on the
 * library's scale.
 *
 * @example
 * ```ts
 * import { parseSeverities } from "@oatool/cli/differ";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(parseSeverities({ "operation-id-changed": "ERROR" }, "severity.yaml"), { "operation-id-changed": "error" });
 * ```
 * @throws {UsageError} for an unknown check id or severity.
 */
export function parseSeverities(data: unknown, source: string): Record<string, Severity> {
  const entries: [unknown, unknown][] = Array.isArray(data)
    ? data.map((e) => (isObject(e) ? [e.id, e.severity] : [undefined, undefined]))
    : isObject(data)
    ? Object.entries(data)
    : [];
  if (!Array.isArray(data) && !isObject(data)) {
    throw new UsageError(
      `${source}: severity overrides must be a mapping of check ids to CRITICAL, ERROR, WARNING or INFO.`,
    );
  }
  const out: Record<string, Severity> = {};
  for (const [id, severity] of entries) {
    if (typeof id !== "string" || !CHECKS.has(id)) {
      throw new UsageError(`${source}: "${String(id)}" is not a check id; see oatool diff --list-checks.`);
    }
    const s = typeof severity === "string" ? fromDiffSeverity(severity as Severity) : undefined;
    if (s === undefined || !SEVERITIES.includes(s)) {
      throw new UsageError(
        `${source}: the severity of "${id}" is "${String(severity)}"; use CRITICAL, ERROR, WARNING or INFO.`,
      );
    }
    out[id] = s;
  }
  return out;
}
