import { assertEquals } from "../core/_assert_test.ts";
import { dirname, join } from "node:path";
import { bundle } from "../bundler/mod.ts";
import { loadDocumentSet } from "../core/document_set.ts";
import { diff, type DiffResult } from "./mod.ts";

const FIXTURE = new URL("../../testdata/multifile/oas30/", import.meta.url).pathname;
const FILES = [
  "openapi.yaml",
  "common.yaml",
  "paths/pet.yaml",
  "paths/pets.yaml",
  "schemas/pet.yaml",
  "schemas/owner.json",
  "legacy/pet.yaml",
];

/** A copy of the multi-file 3.0 fixture in a new folder, with `edits` (file, text, replacement) applied. */
async function version(edits: [string, string, string][]): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "oatool-diff-" });
  for (const f of FILES) {
    await Deno.mkdir(dirname(join(dir, f)), { recursive: true });
    await Deno.copyFile(join(FIXTURE, f), join(dir, f));
  }
  for (const [file, from, to] of edits) {
    const text = await Deno.readTextFile(join(dir, file));
    if (!text.includes(from)) throw new Error(`${file} has no ${JSON.stringify(from)}`);
    await Deno.writeTextFile(join(dir, file), text.replace(from, to));
  }
  return dir;
}

const changes = (r: DiffResult) => r.changes.map((c) => `${c.id} ${c.path} ${c.severity}`);

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
    assertEquals(changes(fromFiles), changes(fromBundles));
    assertEquals(changes(fromFiles).length, 5);
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
