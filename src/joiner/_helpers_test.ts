/**
 * Helpers shared by the joiner's tests.
 *
 * @module
 */
import { documentFromObject, getAtPointer, type ParseResult } from "../core/mod.ts";
import type { Obj } from "../core/json.ts";
import { validate } from "../validator/mod.ts";

/** Wraps a plain document as a parse result with a source name (so rename templates see `Source`). */
export function named(source: string, doc: Obj): ParseResult {
  return documentFromObject(doc, { source, format: source.endsWith(".json") ? "json" : "yaml" });
}

/** The `$ref` errors the validator's reference rule finds in a document (empty: no dangling reference). */
export async function danglingRefs(doc: unknown): Promise<string[]> {
  const r = await validate(documentFromObject(doc as object, { source: "<joined>" }), {
    rules: ["ref-resolves"],
  });
  return r.errors.map((e) => `${e.path}: ${e.message}`);
}

/** Follows a local `$ref` (and chains of them) in a document. */
export function follow(doc: unknown, value: unknown): unknown {
  let v = value;
  for (let i = 0; i < 10; i++) {
    if (v === null || typeof v !== "object" || typeof (v as Obj).$ref !== "string") return v;
    v = getAtPointer(doc, (v as Obj).$ref as string);
  }
  return v;
}

/** A minimal 3.x document. */
export function oas3(version: string, extra: Obj = {}): Obj {
  return { openapi: version, info: { title: "T", version: "1" }, paths: {}, ...extra };
}

/** A minimal 2.0 document. */
export function oas2(extra: Obj = {}): Obj {
  return { swagger: "2.0", info: { title: "T", version: "1" }, paths: {}, ...extra };
}

/** Lines of text that contain `needle`, with their 1-based line numbers and the column of the first non-space. */
export function lineOf(text: string, needle: string): { line: number; column: number } {
  const lines = text.split("\n");
  const i = lines.findIndex((l) => l.includes(needle));
  if (i === -1) throw new Error(`"${needle}" not found`);
  return { line: i + 1, column: lines[i].search(/\S/) + 1 };
}
