import { assertEquals } from "../core/_assert_test.ts";
import { join } from "node:path";
import { bundle } from "../bundler/mod.ts";
import { loadDocumentSet } from "../io/document_set.ts";
import { diff, type DiffResult } from "./mod.ts";
import { fixtureVersion as version } from "./_multifile_test_util.ts";

const changes = (r: DiffResult) => r.changes.map((c) => `${c.id} ${c.path} ${c.severity}`);
const checks = (r: DiffResult) => r.changes.map((c) => `${c.id} ${c.severity}`);

Deno.test("diff: two multi-file versions differ as their bundles do (changes in every referenced file)", async () => {
  const base = await version([]);
  // A change in each file: a schema file, a schema it references, a Path Item file, a schema behind a response
  // of another file (referenced from there by a local pointer), a second file named pet.yaml.
  const revision = await version([
    ["schemas/pet.yaml", "  name:\n    type: string", "  name:\n    type: integer"],
    [
      "schemas/owner.json",
      `"name": { "type": "string" }`,
      `"name": { "type": "string" }, "age": { "type": "integer" }`,
    ],
    ["paths/pet.yaml", `    "410":`, `    "409":\n      description: Conflict\n    "410":`],
    ["common.yaml", "        code:\n          type: integer", "        code:\n          type: string"],
    ["legacy/pet.yaml", "type: object", "type: object\nrequired: [legacyName]"],
  ]);
  try {
    const fromFiles = await diff(join(base, "openapi.yaml"), join(revision, "openapi.yaml"));
    const [b, r] = [await bundle(join(base, "openapi.yaml")), await bundle(join(revision, "openapi.yaml"))];
    const fromBundles = await diff({ content: JSON.stringify(b.document) }, {
      content: JSON.stringify(r.document),
    });
    // The bundles' comparison says which changes there are; each names the file it is in and its place there.
    assertEquals(checks(fromFiles), checks(fromBundles));
    assertEquals(changes(fromFiles), [
      "response-non-success-status-added paths/pet.yaml#get.responses.409 info",
      "response-type-changed schemas/pet.yaml#properties.name error",
      "response-optional-property-added schemas/owner.json#properties.age info",
      "response-type-changed common.yaml#components.schemas.Error.properties.code error",
      "response-property-became-required legacy/pet.yaml#properties.legacyName info",
    ]);
    assertEquals(fromFiles.breakingCount, 2);
    // The counts are the whole set's, and a set already loaded gives the same comparison.
    assertEquals(fromFiles.stats.source, b.stats);
    const sets = await Promise.all([base, revision].map((d) => loadDocumentSet(join(d, "openapi.yaml"))));
    assertEquals(changes(await diff(sets[0], sets[1])), changes(fromFiles));
  } finally {
    await Deno.remove(base, { recursive: true });
    await Deno.remove(revision, { recursive: true });
  }
});
