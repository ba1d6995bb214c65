/**
 * Comparing documents of different versions (2.0 with 3.x, 3.0 with 3.1, …): the older one is converted to the
 * newer one's version with the converter (`convertDocument`), then the two are compared as the same version. The
 * structural format change itself is reported as breaking (the specification's rule), one change per moved
 * structure: the converter's layout issues (`definitions` → `components.schemas`, …), and what the older
 * document holds in a form the newer version writes differently (found with the walker).
 *
 * @module
 */
import { CONVERT_RULES, convertDocument } from "../converter/mod.ts";
import { documentFromObject, type ParseResult } from "../core/mod.ts";
import { isObject } from "../core/json.ts";
import { walkDocument } from "../walker/mod.ts";

/** One moved structure, or one thing the conversion could not carry over. */
export interface FormatChange {
  /** `format-structure-changed` or `format-conversion-issue`. */
  id: "format-structure-changed" | "format-conversion-issue";
  /** Where, in the older document. */
  segments: (string | number)[];
  /** One sentence. */
  message: string;
}

/** The older document converted to the newer one's version, and the format changes between them. */
export interface Normalised {
  /** The converted older document, loaded. */
  converted: ParseResult;
  /** Whether the source was the older one. */
  sourceIsOlder: boolean;
  /** The format changes. */
  changes: FormatChange[];
}

const ORDER = ["2.0", "3.0", "3.1", "3.2"];

/** Converts the older of two documents of different versions to the newer one's version. */
export function normalise(source: ParseResult, target: ParseResult): Normalised {
  const sourceIsOlder = ORDER.indexOf(source.oasVersion) < ORDER.indexOf(target.oasVersion);
  const older = sourceIsOlder ? source : target;
  const newer = sourceIsOlder ? target : source;
  const result = convertDocument(older.document as Record<string, unknown>, { target: newer.version });
  const changes: FormatChange[] = [];
  const what = `${older.source} is OpenAPI ${older.version} and ${newer.source} ${newer.version}`;
  const layout = new Map(CONVERT_RULES.filter((r) => r.layout).map((r) => [r.id, r]));
  const seen = new Set<string>();
  for (const issue of result.issues) {
    const rule = issue.rule ?? "";
    if (rule === "convert-same-version" || seen.has(rule)) continue;
    seen.add(rule);
    const at = issue.pointer.split("/").slice(1, 2).map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"));
    if (layout.has(rule)) {
      changes.push({
        id: "format-structure-changed",
        segments: at,
        message: `${layout.get(rule)!.description} (${what}).`,
      });
    } else if (issue.severity !== "info") {
      changes.push({
        id: "format-conversion-issue",
        segments: at,
        message: `converting ${older.source}: ${issue.message}`,
      });
    }
  }
  for (const moved of movedForms(older, ORDER.indexOf(newer.oasVersion) >= 2)) {
    changes.push({
      id: "format-structure-changed",
      segments: moved.segments,
      message: `${moved.text} (${what}).`,
    });
  }
  const converted = documentFromObject(result.document, {
    source: older.source,
    baseDir: older.baseDir,
    format: older.format,
    validateStructure: false,
  });
  return { converted, sourceIsOlder, changes };
}

/** What the older document writes in a form the next versions write differently (beyond moved sections). */
function movedForms(older: ParseResult, toTypeLists: boolean): { segments: string[]; text: string }[] {
  const doc = older.document as Record<string, unknown>;
  const out: { segments: string[]; text: string }[] = [];
  if (older.oasVersion === "2.0") {
    const hostKeys = ["host", "basePath", "schemes"].filter((k) => doc[k] !== undefined);
    if (hostKeys.length > 0) {
      out.push({ segments: [hostKeys[0]], text: `${hostKeys.join(", ")} became servers` });
    }
    let bodies = false;
    walkDocument(doc, "2.0", {
      parameter(node, at) {
        if (node.in === "body" || node.in === "formData") {
          bodies = true;
          at.stop();
        }
      },
    });
    if (bodies || doc.consumes !== undefined || doc.produces !== undefined) {
      out.push({
        segments: [doc.consumes !== undefined ? "consumes" : "paths"],
        text:
          "body and form parameters, consumes and produces became request bodies and content by media type",
      });
    }
  }
  if (toTypeLists && (older.oasVersion === "2.0" || older.oasVersion === "3.0")) {
    let nullable = false;
    let exclusive = false;
    walkDocument(doc, older.oasVersion, {
      schema(node) {
        if (node.nullable !== undefined || node["x-nullable"] !== undefined) nullable = true;
        if (typeof node.exclusiveMaximum === "boolean" || typeof node.exclusiveMinimum === "boolean") {
          exclusive = true;
        }
      },
    });
    if (nullable) out.push({ segments: ["components"], text: "nullable became null in type lists (3.1)" });
    if (exclusive) {
      out.push({
        segments: ["components"],
        text: "boolean exclusiveMaximum/exclusiveMinimum became numbers (3.1)",
      });
    }
  }
  return out.filter((o) => isObject(doc) && o.segments.length > 0);
}
