/**
 * Hostile documents for `oatool generate` whose Go code must compile and start: patterns Go's regexp refuses or
 * that the ECMA translation changed, names of the generator's own runtime taken by schemas and enum constants,
 * fields named like methods, literals that overflow their Go type, letters newer than Go 1.19's Unicode tables
 * (testdata/generate/hostile_compile, built with every extension, vetted, gofmt-checked and run by an importing
 * `main`); and the size classes: 5,000 parameters through the middleware, 30,000 paths into a bounded number of
 * files. Every run is spawned and bounded by a kill; no timing is asserted.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { spawnOatool, withTempDir } from "../_spawn.ts";
import { runGo, writeModule } from "../../src/generator/_go_toolchain_test_util.ts";
import { checkBuild, EVERY_EXTENSION, fixture } from "../../src/generator/_ext_test_util.ts";
import { generate } from "../../src/generator/mod.ts";
import { declaredNames, goName } from "../../src/generator/naming.ts";
import { testWith } from "../_tools.ts";

const EVERY_FLAG = [
  "--client",
  "--server",
  "--server-all",
  "--types",
  "--server-embed-spec",
  "--oauth2-flows",
  "--credential-mgmt",
  "--security-enforce",
  "--oidc-discovery",
];

/** go build, go vet and gofmt -l of the module in `dir` pass; returns `go run ./main`'s result. */
async function buildAndRun(dir: string): Promise<{ code: number; output: string }> {
  await checkBuild(dir);
  return await runGo("go", ["run", "./main"], dir);
}

await testWith(
  ["go"],
  "generate: the hostile_compile fixture builds, vets, passes gofmt and runs an importing main (Go 1.19)",
  async () => {
    await withTempDir(async (dir) => {
      const doc = fixture("generate/hostile_compile/openapi.json");
      const r = await spawnOatool(["generate", "-o", join(dir, "api"), ...EVERY_FLAG, "--no-readme", doc]);
      assert.equal(r.killed, false);
      assert.equal(r.code, 0, r.stderr);
      const issues = r.stdout.slice(r.stdout.indexOf("Generation Issues"), r.stdout.indexOf("\nFiles ("));
      // Every pattern Go refuses is skipped with its reason; the ones the translation now keeps exact are not.
      for (
        const [prop, why] of [
          ["foo", /\\p\{Foo\}/],
          ["sc", /\\p\{sc\}/],
          ["kawi", /\\p\{Script=Kawi\}/],
          ["lc", /\\p\{LC\}/],
          ["cn", /\\p\{General_Category=Unassigned\}/],
          ["deep", /expression nests too deeply/],
          ["nested", /limit of 1000/],
          ["nested2", /limit of 1000/],
          ["surrogate", /lone surrogate/],
        ] as const
      ) {
        const line = issues.split("\n").find((l) => l.includes(`Pats.properties.${prop}.pattern`));
        assert.ok(line !== undefined, `no issue for ${prop}:\n${issues}`);
        assert.match(line, why);
      }
      for (const prop of ["letter", "range", "range2", "script", "short", "count", "sum", "named"]) {
        assert.ok(!issues.includes(`Pats.properties.${prop}.`), `${prop} was skipped:\n${issues}`);
      }
      // Literals that do not fit: zero values with an issue.
      assert.match(issues, /at \/f32: 1e\+300 is not a value of the Go type float32; its zero value is used/);
      assert.match(issues, /at \/i32: 10000000000 is not a value of the Go type int32/);
      assert.match(issues, /the default of parameter "f" is not a float32 the binder can write/);
      // Counts compared with a Go int: a larger constant does not compile where int has 32 bits.
      assert.match(issues, /\.long\.minLength: minLength 1e\+300 is more than a Go int holds \(2147483647\)/);
      assert.match(issues, /\.long\.maxLength: maxLength 3000000000 is more than a Go int holds/);
      assert.match(issues, /\.many\.minItems: minItems 100000000000000000000 is more than a Go int holds/);
      assert.match(issues, /\.props\.minProperties: minProperties 5000000000 is more than a Go int holds/);
      assert.ok(!issues.includes("maxProperties"), issues); // 2147483647 fits an int everywhere
      assert.match(issues, /^Generation Issues \(23\):\n/);
      const types = await Deno.readTextFile(join(dir, "api", "types.go"));
      // The runtime keeps its names; schemas and constants that wanted them take the next free one.
      assert.match(types, /^type ParamError2 struct \{$/m);
      assert.match(types, /^type WithHTTPClient2 string$/m);
      assert.match(types, /^\tColorRed2 Color = "red"$/m);
      assert.match(types, /^\tWithHTTPClient3 With = "HTTPClient"$/m);
      assert.match(types, /^func PetFromCat2\(v Cat\) Pet \{$/m);
      // Fields never take a method's name; alternatives never take another's accessor.
      assert.match(types, /^\tMarshalJSON2 +\*string +`json:"marshalJSON,omitempty"`$/m);
      assert.match(types, /^\tAsCat2 +\*AsCat$/m);
      // Letters newer than Unicode 13 are dropped like any character Go does not accept; older ones stay.
      assert.match(types, /^type XY string$/m);
      assert.match(types, /^type Ꞔ𞄀 string$/m);
      await Deno.writeTextFile(join(dir, "go.mod"), "module example.com/generated\n\ngo 1.19\n");
      await Deno.mkdir(join(dir, "main"));
      await Deno.copyFile(fixture("generate/hostile_compile/main.go"), join(dir, "main", "main.go"));
      const run = await buildAndRun(dir);
      assert.equal(run.code, 0, run.output);
      assert.match(run.output, /\nok\n$/);
    });
  },
);

for (const doc of ["petstore/petstore-3.0.yaml", "generate/security/security-3.1.yaml"]) {
  await testWith(
    ["go"],
    `generate: schemas and enum constants named after every name ${doc}'s package declares still compile`,
    async () => {
      // The names a document cannot take: every package-level name of its package with every extension.
      const base = await generate(fixture(doc), { ...EVERY_EXTENSION, noReadme: true });
      const names = new Set<string>();
      for (const f of base.files) {
        if (f.name.endsWith(".go")) {
          for (const n of declaredNames(f.content)) if (/^[A-Z]/.test(n)) names.add(n);
        }
      }
      assert.ok(names.size > 60, [...names].join(" "));
      const schemas: Record<string, unknown> = {};
      // A schema of each name, and enum constants (type name + value) made to be each name.
      const enums = new Map<string, string[]>();
      for (const n of names) {
        schemas[n] = { type: "string" };
        for (let k = 1; k < n.length; k++) {
          const [a, b] = [n.slice(0, k), n.slice(k)];
          if (/[A-Z]/.test(b[0]) && goName(a) === a && goName(b) === b) {
            enums.set(a, [...(enums.get(a) ?? []), b]);
            break;
          }
        }
      }
      for (const [type, values] of enums) {
        if (!(type in schemas)) schemas[type] = { type: "string", enum: values };
      }
      const { default: yaml } = await import("js-yaml");
      const parsed = yaml.load(await Deno.readTextFile(fixture(doc))) as {
        components?: { schemas?: object };
      };
      parsed.components = { ...parsed.components, schemas: { ...parsed.components?.schemas, ...schemas } };
      const result = await generate({ content: JSON.stringify(parsed) }, {
        ...EVERY_EXTENSION,
        noReadme: true,
      });
      await withTempDir(async (dir) => {
        await writeModule(dir, { api: result.files.filter((f) => f.name !== "README.md") });
        await Deno.mkdir(join(dir, "main"));
        await Deno.writeTextFile(
          join(dir, "main", "main.go"),
          'package main\n\nimport (\n\t"fmt"\n\n\t"example.com/generated/api"\n)\n\nfunc main() {\n' +
            "\tfmt.Println(api.NewHandler(api.Unimplemented{}) != nil)\n}\n",
        );
        const run = await buildAndRun(dir);
        assert.equal(run.code, 0, run.output);
        assert.equal(run.output, "true\n");
      });
    },
  );
}

/** A document of one operation with `n` parameters: half in its path template, half in its query. */
function manyParameters(n: number): string {
  const half = n / 2;
  const path = "/p/" + Array.from({ length: half }, (_, i) => `{p${i}}`).join("/");
  const parameters = [
    ...Array.from({ length: half }, (_, i) => ({
      name: `p${i}`,
      in: "path",
      required: true,
      schema: { type: "integer", minimum: i },
    })),
    ...Array.from({ length: half }, (_, i) => ({ name: `q${i}`, in: "query", schema: { type: "string" } })),
  ];
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "P", version: "1" },
    paths: {
      [path]: { get: { operationId: "big", parameters, responses: { "204": { description: "d" } } } },
    },
  });
}

async function outputSize(dir: string): Promise<number> {
  let size = 0;
  for await (const e of Deno.readDir(dir)) size += (await Deno.stat(join(dir, e.name))).size;
  return size;
}

Deno.test("generate: 5,000 parameters through --server-middleware finish within the bound, output linear", async () => {
  await withTempDir(async (dir) => {
    const sizes: number[] = [];
    for (const n of [1000, 5000]) {
      await Deno.writeTextFile(join(dir, `p${n}.json`), manyParameters(n));
      const out = join(dir, `out${n}`);
      // (Before: 5,000 parameters ran 99 s, super-quadratic; the bound only stops such a run.)
      const r = await spawnOatool(
        ["generate", "-o", out, "--server", "--server-middleware", "--no-readme", join(dir, `p${n}.json`)],
        { timeoutMs: 30_000 },
      );
      assert.equal(r.killed, false);
      assert.equal(r.code, 0, r.stderr);
      sizes.push(await outputSize(out));
    }
    const ratio = sizes[1] / sizes[0];
    assert.ok(ratio > 4 && ratio < 6, `5,000 vs 1,000 parameters: ${sizes.join(" vs ")} bytes`);
  });
});

Deno.test("generate: 30,000 paths make a number of files bounded by the split limits, not one per path", async () => {
  await withTempDir(async (dir) => {
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < 30_000; i++) {
      paths[`/r${i}`] = { get: { operationId: `get${i}`, responses: { "204": { description: "d" } } } };
    }
    const doc = { openapi: "3.0.3", info: { title: "P", version: "1" }, paths };
    await Deno.writeTextFile(join(dir, "paths.json"), JSON.stringify(doc));
    const out = join(dir, "out");
    const r = await spawnOatool([
      "generate",
      "-o",
      out,
      "--client",
      "--server",
      "--no-readme",
      join(dir, "paths.json"),
    ]);
    assert.equal(r.killed, false);
    assert.equal(r.code, 0, r.stderr);
    const files = [...Deno.readDirSync(out)].map((e) => e.name);
    // Per kind, a file is closed only when the next unit would take it past 2,000 lines or 100 operations, so
    // two consecutive files hold more than one file's worth: at most 2 x (lines / 2,000 + operations / 100) + 1
    // parts, plus the kind's core file (client.go, server.go, types.go: the declarations every split keeps).
    let bound = 0;
    for (const kind of ["client", "server", "types"]) {
      let lines = 0;
      for (const f of files.filter((n) => n.startsWith(`${kind}_`))) {
        const text = await Deno.readTextFile(join(out, f));
        const count = text.split("\n").length;
        assert.ok(count <= 2000 + 40, `${f}: ${count} lines`);
        lines += count;
      }
      bound += 2 * (Math.ceil(lines / 2000) + Math.ceil(30_000 / 100)) + 2;
    }
    assert.ok(files.length <= bound, `${files.length} files, more than ${bound}`);
    assert.ok(files.length < 2_000, `${files.length} files`); // (60,003 before: one per path and kind)
  });
});
