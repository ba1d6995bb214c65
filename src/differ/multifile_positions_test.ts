/**
 * A multi-file specification is compared as its bundle, but its changes name the files users edit: the path is
 * the file and the place in it, and `sourceMap` positions are in that file's text.
 */
import { assertEquals } from "../core/_assert_test.ts";
import { join } from "node:path";
import { bundle } from "../bundler/mod.ts";
import { createMemoryReader } from "../core/mod.ts";
import { diffReport } from "../render/diff.ts";
import { diff, type DiffResult } from "./mod.ts";
import { fixtureVersion, REVISION_EDITS } from "./_multifile_test_util.ts";

/** Each change as id, path, pointer and the text of the line its location names (from its column). */
async function located(r: DiffResult): Promise<string[]> {
  const out: string[] = [];
  for (const c of r.changes) {
    const at = c.location;
    const line = at === undefined
      ? "(none)"
      : (await Deno.readTextFile(at.file)).split("\n")[at.line - 1].slice(at.column - 1);
    out.push(
      `${c.id} ${c.path} ${c.pointer} | ${
        at === undefined ? "" : `${at.file}:${at.line}:${at.column}`
      } | ${line}`,
    );
  }
  return out;
}

Deno.test("diff: a change in a referenced file names that file and its place, with its line and column there", async () => {
  const base = await fixtureVersion([]);
  const revision = await fixtureVersion(REVISION_EDITS);
  const [b, r] = [join(base, "openapi.yaml"), join(revision, "openapi.yaml")];
  try {
    const result = await diff(b, r, { sourceMap: true });
    // Modifications in the source (base), additions in the target (revision).
    assertEquals(await located(result), [
      `response-type-changed schemas/owner.json#properties.name schemas/owner.json#/properties/name | ${base}/schemas/owner.json:4:5 | "name": { "type": "string" },`,
      `response-required-header-added common.yaml#components.responses.Problem.headers.X-Trace common.yaml#/components/responses/Problem/headers/X-Trace | ${revision}/common.yaml:13:9 | X-Trace:`,
      `response-type-changed common.yaml#components.schemas.Error.properties.code common.yaml#/components/schemas/Error/properties/code | ${base}/common.yaml:20:9 | code:`,
      `response-required-header-added common.yaml#components.responses.Problem.headers.X-Trace common.yaml#/components/responses/Problem/headers/X-Trace | ${revision}/common.yaml:13:9 | X-Trace:`,
    ]);
    // Every position in the target, as annotations of the revision need.
    const inTarget = await diff(b, r, { sourceMap: "target" });
    assertEquals((await located(inTarget)).map((l) => l.split(" | ").slice(1).join(" | ")), [
      `${revision}/schemas/owner.json:4:5 | "name": { "type": "integer" },`,
      `${revision}/common.yaml:13:9 | X-Trace:`,
      `${revision}/common.yaml:25:9 | code:`,
      `${revision}/common.yaml:13:9 | X-Trace:`,
    ]);
    // Which changes there are, and how severe, is what the comparison of the bundles says.
    const [bb, rb] = await Promise.all([bundle(b), bundle(r)]);
    const fromBundles = await diff({ content: JSON.stringify(bb.document) }, {
      content: JSON.stringify(rb.document),
    });
    const checks = (x: DiffResult) => x.changes.map((c) => `${c.id} ${c.severity} ${c.type} ${c.endpoint}`);
    assertEquals(checks(result), checks(fromBundles));
    // An ignore rule names the file's place.
    const ignored = await diff(b, r, { ignore: ["common.yaml#components.responses.Problem"] });
    assertEquals(ignored.changes.map((c) => c.path), [
      "schemas/owner.json#properties.name",
      "common.yaml#components.schemas.Error.properties.code",
    ]);
  } finally {
    await Deno.remove(base, { recursive: true });
    await Deno.remove(revision, { recursive: true });
  }
});

Deno.test("diff: a removal in a referenced file is placed in the source file, or at its nearest place in the target", async () => {
  const base = await fixtureVersion([]);
  const revision = await fixtureVersion([[
    "paths/pets.yaml",
    "    default:\n      $ref: ../common.yaml#/components/responses/Problem\n",
    "",
  ]]);
  const [b, r] = [join(base, "openapi.yaml"), join(revision, "openapi.yaml")];
  try {
    const inSource = await located(await diff(b, r, { sourceMap: true }));
    assertEquals(inSource, [
      `response-non-success-status-removed paths/pets.yaml#get.responses.default paths/pets.yaml#/get/responses/default | ${base}/paths/pets.yaml:12:5 | default:`,
    ]);
    const inTarget = await located(await diff(b, r, { sourceMap: "target" }));
    assertEquals(inTarget.map((l) => l.split(" | ")[1]), [`${revision}/paths/pets.yaml:3:3`]);
  } finally {
    await Deno.remove(base, { recursive: true });
    await Deno.remove(revision, { recursive: true });
  }
});

Deno.test("diff: changes at the same place of different files are different places for the report's bounds", async () => {
  const head = 'openapi: 3.0.3\ninfo: {title: t, version: "1"}\n';
  const files: Record<string, string> = {};
  const names = Array.from({ length: 12 }, (_, i) => `s${i}`);
  for (const side of ["a", "b"]) {
    files[`/${side}/openapi.yaml`] = head + "paths:\n  /x:\n    get:\n      responses:\n        '200':\n" +
      "          description: ok\n          content:\n            application/json:\n              schema:\n" +
      "                type: object\n                properties:\n" +
      names.map((n) => `                  ${n}: {$ref: 'schemas/${n}.yaml'}\n`).join("");
    for (const n of names) {
      files[`/${side}/schemas/${n}.yaml`] = "type: object\nproperties:\n  id: {type: string}\n" +
        (side === "b" ? "  more: {type: string}\n" : "");
    }
  }
  const reader = createMemoryReader(files);
  const result = await diff("/a/openapi.yaml", "/b/openapi.yaml", { reader });
  // Twelve additions of one check at `/properties/more`, each in its own file: none is left out of a report.
  assertEquals(result.changes.map((c) => c.pointer), names.map((n) => `schemas/${n}.yaml#/properties/more`));
  assertEquals(diffReport(result).changes.length, 12);
});
