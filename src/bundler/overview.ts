/**
 * The servers and tags of a document, for summaries.
 *
 * @module
 */
import type { ParseResult } from "../core/mod.ts";

/** A server of a document: its URL and description. */
export interface ServerEntry {
  /** The URL (for 2.0, built from `schemes`, `host` and `basePath`). */
  url: string;
  /** The description, when given. */
  description?: string;
}

/** A tag of a document: its name and description. */
export interface TagEntry {
  /** The tag's name. */
  name: string;
  /** The description, when given. */
  description?: string;
}

/** The servers and declared tags of a document. */
export interface DocumentOverview {
  /** `servers` (3.x) or the one server of `schemes`/`host`/`basePath` (2.0), in document order. */
  servers: ServerEntry[];
  /** The top-level `tags`, in document order (entries without a string name skipped). */
  tags: TagEntry[];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/**
 * Lists the servers and declared tags of a parsed document.
 *
 * @example
 * ```ts
 * import { documentFromObject } from "@oatool/cli/core";
 * import { overview } from "./overview.ts";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const result = overview(documentFromObject({
 *   openapi: "3.1.0", info: { title: "Pets", version: "1" }, paths: {},
 *   servers: [{ url: "https://api.example.com" }], tags: [{ name: "pets" }],
 * }));
 * assertEquals(result.servers[0].url, "https://api.example.com");
 * ```
 */
export function overview(result: ParseResult): DocumentOverview {
  const doc = result.document as Record<string, unknown>;
  const servers: ServerEntry[] = [];
  if (result.oasVersion === "2.0") {
    if (typeof doc.host === "string") {
      const scheme = Array.isArray(doc.schemes) && typeof doc.schemes[0] === "string"
        ? doc.schemes[0]
        : "https";
      const base = typeof doc.basePath === "string" ? doc.basePath : "";
      servers.push({ url: `${scheme}://${doc.host}${base}` });
    }
  } else if (Array.isArray(doc.servers)) {
    for (const s of doc.servers) {
      if (!isRecord(s) || typeof s.url !== "string") continue;
      const entry: ServerEntry = { url: s.url };
      if (typeof s.description === "string") entry.description = s.description;
      servers.push(entry);
    }
  }
  const tags: TagEntry[] = [];
  if (Array.isArray(doc.tags)) {
    for (const t of doc.tags) {
      if (!isRecord(t) || typeof t.name !== "string") continue;
      const entry: TagEntry = { name: t.name };
      if (typeof t.description === "string") entry.description = t.description;
      tags.push(entry);
    }
  }
  return { servers, tags };
}
