/**
 * Builders shared by the join tests of issue 28 (no tests here): documents of both families with a value in
 * every component section, and a helper that writes inputs to a temporary folder.
 */
import { join as joinPath } from "node:path";

export type Obj = Record<string, unknown>;
export type Family = "2.0" | "3.x";
export const FAMILIES: readonly Family[] = ["3.x", "2.0"];

/** A component section of a family: where it is, and two different values (`"L"` and `"R"`) of its kind. */
export interface Section {
  /** Collision type the joiner reports for it. */
  type: string;
  /** Location from the document root. */
  segments: string[];
  /** A value of the section's kind; `side` makes two values differ (in more than documentation). */
  value(side: string): unknown;
}

const ok = (d: string) => ({ "200": { description: d } });

const SECTIONS_3: Section[] = [
  {
    type: "schema",
    segments: ["components", "schemas"],
    value: (s) => ({ type: "object", properties: { [`id${s}`]: { type: "string" } } }),
  },
  {
    type: "parameter",
    segments: ["components", "parameters"],
    value: (s) => ({ name: `limit${s}`, in: "query", schema: { type: "integer" } }),
  },
  {
    type: "response",
    segments: ["components", "responses"],
    value: (s) => ({ description: `not found ${s}` }),
  },
  {
    type: "requestBody",
    segments: ["components", "requestBodies"],
    value: (s) => ({ content: { [`application/${s.toLowerCase()}+json`]: { schema: { type: "string" } } } }),
  },
  {
    type: "header",
    segments: ["components", "headers"],
    value: (s) => ({ schema: { type: s === "L" ? "string" : "integer" } }),
  },
  {
    type: "securityScheme",
    segments: ["components", "securitySchemes"],
    value: (s) => ({ type: "http", scheme: s === "L" ? "bearer" : "basic" }),
  },
  { type: "example", segments: ["components", "examples"], value: (s) => ({ value: s }) },
  {
    type: "link",
    segments: ["components", "links"],
    value: (s) => ({ operationRef: "#/paths/~1shared/get", parameters: { id: `$response.body#/${s}` } }),
  },
  {
    type: "callback",
    segments: ["components", "callbacks"],
    value: (s) => ({ [`{$request.body#/${s}}`]: { post: { responses: ok("ok") } } }),
  },
  {
    type: "pathItem",
    segments: ["components", "pathItems"],
    value: (s) => ({ get: { responses: ok(`item ${s}`) } }),
  },
];

const SECTIONS_2: Section[] = [
  {
    type: "schema",
    segments: ["definitions"],
    value: (s) => ({ type: "object", properties: { [`id${s}`]: { type: "string" } } }),
  },
  {
    type: "parameter",
    segments: ["parameters"],
    value: (s) => ({ name: `limit${s}`, in: "query", type: "integer" }),
  },
  { type: "response", segments: ["responses"], value: (s) => ({ description: `not found ${s}` }) },
  {
    type: "securityScheme",
    segments: ["securityDefinitions"],
    value: (s) => ({ type: "apiKey", name: `X-Key-${s}`, in: "header" }),
  },
];

/** The component sections of a family. */
export function sectionsOf(family: Family): readonly Section[] {
  return family === "2.0" ? SECTIONS_2 : SECTIONS_3;
}

/** An empty document of the family (3.x: OpenAPI 3.1.0, for `components.pathItems`). */
export function emptyDoc(family: Family, title: string): Obj {
  return family === "2.0"
    ? { swagger: "2.0", info: { title, version: "1" }, paths: {} }
    : { openapi: "3.1.0", info: { title, version: "1" }, paths: {} };
}

/** Puts `value` at `segments` under `root`, creating objects on the way. */
export function put(root: Obj, segments: readonly string[], value: unknown): void {
  let cur = root;
  for (const s of segments.slice(0, -1)) cur = (cur[s] ??= {}) as Obj;
  cur[segments[segments.length - 1]] = value;
}

/** The value at `segments` under `root`, or undefined. */
export function at(root: unknown, segments: readonly string[]): unknown {
  let cur = root;
  for (const s of segments) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Obj)[s];
  }
  return cur;
}

/** An operation for `paths` (no operationId unless given). */
export function operation(description: string, operationId?: string): Obj {
  return { ...(operationId === undefined ? {} : { operationId }), responses: ok(description) };
}

/** Writes each document as JSON, one per line and key (so positions are easy to find), into `dir`. */
export async function writeInputs(dir: string, docs: Record<string, Obj>): Promise<string[]> {
  const out: string[] = [];
  for (const [name, doc] of Object.entries(docs)) {
    const path = joinPath(dir, name);
    await Deno.writeTextFile(path, JSON.stringify(doc, null, 2) + "\n");
    out.push(path);
  }
  return out;
}

/**
 * The `line:column` of `segments` in a JSON text written by {@link writeInputs}, found independently of the
 * joiner: the line of the last key, after the lines of the keys before it (in order), and the column of its quote.
 */
export function positionIn(text: string, segments: readonly string[]): string {
  const lines = text.split("\n");
  let from = 0;
  let found = -1;
  for (const s of segments) {
    const key = `${JSON.stringify(s)}:`;
    found = lines.findIndex((l, i) => i >= from && l.trimStart().startsWith(key));
    if (found < 0) throw new Error(`no line for ${segments.join("/")}`);
    from = found + 1;
  }
  return `${found + 1}:${lines[found].indexOf('"') + 1}`;
}

/** Runs `fn` with a fresh temporary folder, removed afterwards. */
export async function withTemp<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await Deno.makeTempDir({ prefix: "oatool-join-" });
  try {
    return await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
