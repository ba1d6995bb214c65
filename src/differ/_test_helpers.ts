/**
 * Helpers of the differ's tests: documents built from small parts, and a diff of two of them.
 *
 * @module
 */
import { diff, type DiffOptions, type DiffResult } from "./mod.ts";

/** A JSON-able object. */
export type Doc = Record<string, unknown>;

/** A 3.1 document with one schema in the request body of POST /a and one in its 200 response. */
export function schemaDoc(request: unknown, response: unknown, version = "3.1.0"): Doc {
  return {
    openapi: version,
    info: { title: "T", version: "1" },
    paths: {
      "/a": {
        post: {
          requestBody: { content: { "application/json": { schema: request } } },
          responses: { "200": { description: "OK", content: { "application/json": { schema: response } } } },
        },
      },
    },
    components: {
      schemas: {
        A: { type: "object", properties: { kind: { type: "string" }, a: { type: "string" } } },
        B: { type: "object", properties: { kind: { type: "string" }, b: { type: "integer" } } },
      },
    },
  };
}

/** Diffs two documents given as objects (serialised as JSON content). */
export function diffDocs(a: Doc, b: Doc, options: DiffOptions = {}): Promise<DiffResult> {
  return diff(
    { content: JSON.stringify(a, null, 2), name: "source.json" },
    { content: JSON.stringify(b, null, 2), name: "target.json" },
    options,
  );
}

/** `id SEVERITY` of every change, for exact assertions. */
export function idsOf(result: DiffResult): string[] {
  return result.changes.map((c) => `${c.id} ${c.severity}`);
}

/** A deep copy of a document changed by a function. */
export function edit(doc: Doc, change: (d: Doc) => void): Doc {
  const copy = structuredClone(doc);
  change(copy);
  return copy;
}
