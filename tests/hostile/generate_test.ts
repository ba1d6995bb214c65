/**
 * Hostile documents given to `oatool generate`: schemas nested far deeper than the generator expresses, a long
 * chain of references between components, and names and text made to break Go source (quotes, backticks, comment
 * ends, control characters). Each run is bounded by a kill and must end with the exact outcome: exit 0, the
 * issues named, Go source that escapes everything (the compile tests build the hostile fixture with Go).
 */
// deno-lint-ignore-file no-regex-spaces -- gofmt aligns columns with runs of spaces: the tests match them.
import assert from "node:assert/strict";
import { join } from "node:path";
import { spawnOatool, withTempDir } from "../_spawn.ts";

Deno.test("generate: schemas nested 400 deep end as interface{} with one issue, no stack overflow", async () => {
  await withTempDir(async (dir) => {
    let schema: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 400; i++) schema = { type: "object", properties: { p: schema } };
    const doc = {
      openapi: "3.1.0",
      info: { title: "T", version: "1" },
      paths: {},
      components: { schemas: { Deep: schema } },
    };
    await Deno.writeTextFile(join(dir, "deep.json"), JSON.stringify(doc));
    const r = await spawnOatool(["generate", "-o", join(dir, "out"), join(dir, "deep.json")]);
    assert.equal(r.killed, false);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Generation Issues \(1\):\n.*deeper than 64 levels is generated as interface\{\}/);
    const types = await Deno.readTextFile(join(dir, "out", "types.go"));
    assert.equal((types.match(/^type /gm) ?? []).length, 33); // one type per two levels of depth, then the cap
    assert.match(types, /\tP interface\{\} `json:"p,omitempty"`/);
  });
});

Deno.test("generate: a chain of 5,000 components referring to the next is linear and bounded", async () => {
  await withTempDir(async (dir) => {
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < 5000; i++) {
      schemas[`S${i}`] = i === 4999 ? { type: "string" } : {
        type: "object",
        required: ["next"],
        properties: { next: { $ref: `#/components/schemas/S${i + 1}` } },
      };
    }
    const doc = { openapi: "3.0.3", info: { title: "T", version: "1" }, paths: {}, components: { schemas } };
    await Deno.writeTextFile(join(dir, "chain.json"), JSON.stringify(doc));
    const r = await spawnOatool(["generate", "-o", join(dir, "out"), "--no-readme", join(dir, "chain.json")]);
    assert.equal(r.killed, false);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /\nTypes: 5000\n/);
    const files = [...Deno.readDirSync(join(dir, "out"))].map((e) => e.name).sort();
    assert.ok(files.length >= 25, files.join(" ")); // 200 types per file by default
  });
});

Deno.test("generate: quotes, backticks, comment ends and control characters never break the Go source", async () => {
  await withTempDir(async (dir) => {
    const fixture = new URL("../../testdata/generate/hostile-3.1.json", import.meta.url).pathname;
    const r = await spawnOatool(["generate", "-o", join(dir, "out"), "--client", "--server", fixture]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /property "back`tick" cannot be a Go struct tag name/);
    // (its deepObject parameter is sent as such since deepObject is supported: no issue for it)
    assert.match(r.stdout, /\nGeneration Issues \(10\):\n/);
    assert.doesNotMatch(r.stdout, /uses style "deepObject"/);
    assert.match(r.stdout, /path parameter "ü" of \/a"b\\c\/\{id`x\}\/\{ü\} is not declared/);
    const client = await Deno.readTextFile(join(dir, "out", "client.go"));
    assert.match(client, /path := "\/a\\"b\\\\c\/" \+ pathValue\("", ",", req\.IDX\)/);
    const types = await Deno.readTextFile(join(dir, "out", "types.go"));
    // deno-lint-ignore no-control-regex
    assert.doesNotMatch(types, /[\x00-\x08\x0b-\x1f]/);
    assert.match(types, /\tWeirdEnumEmpty  WeirdEnum = "`"\n\tWeirdEnumEmpty2 WeirdEnum = "\\\\"\n/);
  });
});
