import { UnsupportedVersionError } from "./errors.ts";
import { quote, shorten } from "./bounded_text.ts";
import { MAX_SNIPPET_CHARS } from "./text_position.ts";

/** OpenAPI version family of a document. */
export type OASVersion = "2.0" | "3.0" | "3.1" | "3.2";

/** Every exact version string oatool accepts, by family. */
export const SUPPORTED_VERSIONS: Readonly<Record<OASVersion, readonly string[]>> = {
  "2.0": ["2.0"],
  "3.0": ["3.0.0", "3.0.1", "3.0.2", "3.0.3", "3.0.4"],
  "3.1": ["3.1.0", "3.1.1", "3.1.2"],
  "3.2": ["3.2.0"],
};

/** Result of {@link detectVersion}. */
export interface DetectedVersion {
  /** The exact version string of the document, e.g. `3.1.0` or `2.0`. */
  version: string;
  /** The version family (for a later patch such as `3.0.5`, the family of the latest known patch). */
  oasVersion: OASVersion;
}

/** A later patch of a known minor, as {@link laterPatch} reads it. */
export interface LaterPatch {
  /** The latest known patch it is read and validated as (`3.0.4` for `3.0.5`). */
  knownVersion: string;
  /** One sentence naming both versions, for a warning. */
  warning: string;
}

/** The latest known patch of a minor when `version` is a later patch of it (`3.0.5` → `3.0.4`). */
function latestKnownPatch(version: string): string | undefined {
  const m = /^3\.(\d)\.(0|[1-9]\d{0,8})$/.exec(version);
  if (m === null) return undefined;
  const known = SUPPORTED_VERSIONS[`3.${m[1]}` as OASVersion] as readonly string[] | undefined;
  if (known === undefined) return undefined;
  const latest = known[known.length - 1];
  return Number(m[2]) > Number(latest.split(".")[2]) ? latest : undefined;
}

/**
 * Reads a later patch of a known minor (`3.0.5`, `3.1.3`, `3.2.1`): the specification says tooling should not
 * tell patch versions apart, so such a document is read and validated as the latest known patch (`3.0.4`,
 * `3.1.2`, `3.2.0`), with a warning. Undefined for a known version and for anything else (other minors,
 * pre-releases, leading zeros), which {@link detectVersion} refuses.
 *
 * @example
 * ```ts
 * import { laterPatch } from "@oatool/cli/core";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(laterPatch("3.1.3")?.knownVersion, "3.1.2");
 * assertEquals(laterPatch("3.1.1"), undefined);
 * ```
 */
export function laterPatch(version: string, source = "document"): LaterPatch | undefined {
  const knownVersion = latestKnownPatch(version);
  if (knownVersion === undefined) return undefined;
  return {
    knownVersion,
    warning:
      `${source} declares openapi "${version}", a patch release newer than oatool knows; it is read and ` +
      `validated as ${knownVersion}, the latest ${knownVersion.slice(0, 3)} patch oatool knows.`,
  };
}

const SUPPORTED_LIST = "2.0, 3.0.0–3.0.4, 3.1.0–3.1.2 or 3.2.0";

/** Returns the family of an exact version string, or undefined when it is not supported. */
export function versionFamily(version: string): OASVersion | undefined {
  for (const [family, versions] of Object.entries(SUPPORTED_VERSIONS)) {
    if (versions.includes(version)) return family as OASVersion;
  }
  return undefined;
}

/**
 * Reads `swagger` / `openapi` from a document root and checks it is a supported version. A later patch of a
 * known minor (`3.0.5`, `3.1.3`, `3.2.1`) is accepted as the latest known patch (its warning is
 * {@link laterPatchWarning}).
 *
 * @example
 * ```ts
 * import { detectVersion } from "@oatool/cli/core";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(detectVersion({ openapi: "3.1.0" }), { version: "3.1.0", oasVersion: "3.1" });
 * ```
 * @throws {UnsupportedVersionError} when the field is missing, not a string, or an unsupported version.
 */
export function detectVersion(doc: unknown, source = "document"): DetectedVersion {
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) {
    throw new UnsupportedVersionError(
      `${source} is not an OpenAPI document: its root is ${
        describeKind(doc)
      }, not a mapping; give an OpenAPI 2.0 or 3.x document.`,
    );
  }
  const root = doc as Record<string, unknown>;
  const hasSwagger = Object.hasOwn(root, "swagger");
  const hasOpenapi = Object.hasOwn(root, "openapi");
  if (hasSwagger && hasOpenapi) {
    throw new UnsupportedVersionError(
      `${source} declares both "swagger" and "openapi"; keep only the one of its real version.`,
    );
  }
  if (!hasSwagger && !hasOpenapi) {
    throw new UnsupportedVersionError(
      `${source} has no "openapi" or "swagger" field; add one naming its version (${SUPPORTED_LIST}).`,
    );
  }
  const field = hasSwagger ? "swagger" : "openapi";
  const value = root[field];
  if (typeof value !== "string") {
    throw new UnsupportedVersionError(
      `${source}: "${field}" is ${describeKind(value)}${
        value === null || typeof value === "object" ? "" : ` (${shorten(String(value), MAX_SNIPPET_CHARS)})`
      }, ` +
        `not a string; write the version as a quoted string, for example ${field}: "${
          hasSwagger ? "2.0" : "3.1.0"
        }".`,
    );
  }
  const treatedAs = hasOpenapi ? latestKnownPatch(value) : undefined;
  if (treatedAs !== undefined) return { version: value, oasVersion: versionFamily(treatedAs) as OASVersion };
  const family = versionFamily(value);
  if (hasSwagger && family !== "2.0") {
    throw new UnsupportedVersionError(
      `${source}: swagger version ${
        quote(value, MAX_SNIPPET_CHARS)
      } is not supported; only "2.0" is (OpenAPI 3 documents use the "openapi" field).`,
    );
  }
  if (hasOpenapi && (family === undefined || family === "2.0")) {
    throw new UnsupportedVersionError(
      `${source}: openapi version ${
        quote(value, MAX_SNIPPET_CHARS)
      } is not supported; use one of ${SUPPORTED_LIST}.`,
    );
  }
  return { version: value, oasVersion: family as OASVersion };
}

/** A short description of a JSON value's kind, for messages. */
export function describeKind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  switch (typeof value) {
    case "object":
      return "a mapping";
    case "string":
      return "a string";
    case "number":
      return "a number";
    case "boolean":
      return "a boolean";
    case "undefined":
      return "empty";
    default:
      return typeof value;
  }
}
