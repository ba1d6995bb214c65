/**
 * `oatool generate` with the `generate:` section of the policy file (issue 33): its values are used, flags
 * given override them, `--config` names another file, a malformed section exits 2 naming file:line:column; the
 * selection flags (a selection of nothing exits 2 naming the flags) and the report of a regeneration (removed
 * files, "unchanged").
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { run } from "./_test_io.ts";
import { spawnOatool, withTempDir as tempDir } from "../../tests/_spawn.ts";
import { generateCommand } from "./generate.ts";
import { CONFIG_SCHEMA, GENERATE_REPORT_FORMATS } from "../config/schema.ts";
import { REPORT_FORMATS } from "../render/contract.ts";

const PETSTORE = new URL("../../testdata/petstore/petstore-3.0.yaml", import.meta.url).pathname;

const names = (dir: string) => [...Deno.readDirSync(dir)].map((e) => e.name).sort();

Deno.test("generate config: the generate: section mirrors every flag of generate", () => {
  const section = CONFIG_SCHEMA.$defs!.generate;
  const keys = Object.keys(section.properties!).sort();
  const flags = generateCommand.flags.map((f) => f.name).filter((n) => n !== "config");
  assert.deepEqual(keys, [...flags, "input"].sort());
  for (const f of generateCommand.flags) {
    const key = section.properties![f.name];
    if (key === undefined) continue;
    const expected = f.type === "boolean" ? "boolean" : f.type === "list" ? "array" : undefined;
    if (expected !== undefined) assert.equal(key.type, expected, f.name);
  }
  assert.deepEqual([...GENERATE_REPORT_FORMATS], [...REPORT_FORMATS]);
});

Deno.test("generate config: the section's values are used, flags override them, --config names another file", async () => {
  await tempDir(async (dir) => {
    await Deno.copyFile(PETSTORE, join(dir, "pets.yaml"));
    await Deno.writeTextFile(
      join(dir, "oatool.yaml"),
      "generate:\n  input: pets.yaml\n  output: gen/pets\n  package: pets\n  client: true\n" +
        "  include-operations: [listPets]\n  no-readme: true\n",
    );
    // Found from the working directory, paths relative to the file.
    const r = await spawnOatool(["generate"], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /\nPackage: pets\n/);
    assert.match(r.stdout, /\nOperations: 1\n/);
    const out = join(dir, "gen", "pets");
    assert.deepEqual(names(out), ["client.go", "types.go"]);
    assert.match(await Deno.readTextFile(join(out, "client.go")), /\npackage pets\n/);

    // Flags override the section (a list flag replaces the list).
    const o = await run([
      "generate",
      "--config",
      join(dir, "oatool.yaml"),
      "-p",
      "other",
      "-o",
      join(dir, "other"),
      "--include-operations",
      "showPetById",
      "--no-readme=false",
    ]);
    assert.equal(o.code, 0, o.stderr);
    assert.match(o.stdout, /\nPackage: other\nOutput: .*other\nTypes: \d+\nOperations: 1\n/);
    assert.deepEqual(names(join(dir, "other")), ["README.md", "client.go", "types.go"]);
    assert.match(await Deno.readTextFile(join(dir, "other", "client.go")), /ShowPetByID/);

    // --config names another file.
    await Deno.writeTextFile(join(dir, "server.yaml"), "generate:\n  server: true\n  types: true\n");
    const s = await run(["generate", "--config", join(dir, "server.yaml"), "-o", join(dir, "srv"), PETSTORE]);
    assert.equal(s.code, 0, s.stderr);
    assert.ok(names(join(dir, "srv")).includes("server.go"));
  });
});

Deno.test("generate config: a malformed section exits 2 naming file, line and column", async () => {
  await tempDir(async (dir) => {
    const file = join(dir, "bad.yaml");
    await Deno.writeTextFile(
      file,
      "generate:\n  client: true\n  inclde-tags: [repos]\n  max-ops-per-file: 0\n",
    );
    const r = await run(["generate", "--config", file, "-o", join(dir, "out"), PETSTORE]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /bad\.yaml:3:3: unknown key "inclde-tags"; did you mean "include-tags"\?/);
    assert.match(r.stderr, /bad\.yaml:4:3: 0 is less than 1/);
    assert.deepEqual(names(dir), ["bad.yaml"]);
  });
});

Deno.test("generate: a selection of nothing exits 2 naming the flags; names matching nothing warn", async () => {
  await tempDir(async (dir) => {
    const r = await run(["generate", "--client", "-o", dir, "--include-tags", "pet", PETSTORE]);
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      /^oatool generate: --include-tags pet selects no operation of the document\. --include-tags "pet" matches no tag of the document; did you mean "pets"\?/,
    );
    assert.deepEqual(names(dir), []);
    const w = await run([
      "generate",
      "--client",
      "-o",
      dir,
      "--include-tags",
      "pet",
      "--include-tags",
      "pets",
      PETSTORE,
    ]);
    assert.equal(w.code, 0, w.stderr);
    assert.match(w.stdout, /--include-tags "pet" matches no tag of the document; did you mean "pets"\?/);
    const t = await run(["generate", "--client", "-o", dir, "--types-only-from", "Pet", PETSTORE]);
    assert.equal(t.code, 1);
    assert.match(t.stderr, /--types-only-from generates only types/);
  });
});

Deno.test("generate: regenerating reports what was removed, and unchanged when nothing changed", async () => {
  await tempDir(async (dir) => {
    const args = ["generate", "-o", dir, "--client", "--server", PETSTORE];
    assert.equal((await run(args)).code, 0);
    const again = await run(args);
    assert.match(again.stdout, /\nChanges: unchanged\n/);
    const fewer = await run(["generate", "-o", dir, "--client", PETSTORE, "--report-format", "json"]);
    assert.equal(fewer.code, 0, fewer.stderr);
    const report = JSON.parse(fewer.stdout);
    assert.deepEqual(report.removed, ["server.go"]);
    // The README lists the files, so it changes; the other files are as they were.
    assert.deepEqual(report.written, ["README.md"]);
    assert.match(report.message, /; 1 file written, 1 stale file removed\)\.$/);
    assert.deepEqual(names(dir), ["README.md", "client.go", "types.go"]);
    // --no-clean keeps what a run does not produce.
    const kept = await run(["generate", "-o", dir, PETSTORE, "--no-clean"]);
    assert.equal(kept.code, 0, kept.stderr);
    assert.doesNotMatch(kept.stdout, /Removed/);
    assert.deepEqual(names(dir), ["README.md", "client.go", "types.go"]);
    const text = await run(["generate", "-o", dir, PETSTORE]);
    assert.match(
      text.stdout,
      /\nChanges: 0 files written, 1 stale file removed\n\nRemoved \(1, .*\):\n {2}client\.go\n/,
    );
  });
});
