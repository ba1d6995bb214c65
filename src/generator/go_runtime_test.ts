import assert from "node:assert/strict";
import { join } from "node:path";
import * as runtime from "./go_runtime.ts";
import { parseGoRuntime, renameRuntime, takeRuntimeNames } from "./go_runtime.ts";
import { NameRegistry } from "./naming.ts";
import { checkGoRuntime, RUNTIME_DIR } from "../../scripts/check_go_runtime.ts";
import { publishDryRun, ROOT, spawnOatool, withTempDir } from "../../tests/_spawn.ts";
import { testWith } from "../../tests/_tools.ts";

/** The runtime's Go files that the generator carries (not the tests and their stand-ins). */
async function runtimeFiles(): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(RUNTIME_DIR)) {
    if (e.isFile && e.name.endsWith(".go") && !e.name.endsWith("_test.go")) out.push(e.name);
  }
  return out.sort();
}

Deno.test("go runtime: every runtime/*.go file is loaded by go_runtime.ts, as text", async () => {
  const source = await Deno.readTextFile(new URL("./go_runtime.ts", import.meta.url));
  const loaded = [...source.matchAll(/from "\.\/runtime\/([\w.]+\.go)" with \{ type: "text" \}/g)].map((m) =>
    m[1]
  );
  assert.deepEqual(loaded.sort(), await runtimeFiles());
  const values = Object.values(runtime).filter((v) => typeof v === "object");
  assert.equal(values.length, loaded.length);
});

Deno.test("go runtime: the import list and the exported names come from the file itself", () => {
  const rt = parseGoRuntime(
    "x.go",
    '//go:build chi\n\npackage runtime\n\nimport (\n\t"net/http"\n\t"strings"\n)\n\n' +
      "// A is exported.\ntype A struct{}\n\nfunc b() {}\n\nvar (\n\tErrC = 1\n\td    = 2\n)\n",
  );
  assert.deepEqual(rt.imports, ["net/http", "strings"]);
  assert.deepEqual(rt.names, ["A", "ErrC"]);
  assert.equal(
    rt.code,
    "// A is exported.\ntype A struct{}\n\nfunc b() {}\n\nvar (\n\tErrC = 1\n\td    = 2\n)",
  );
  assert.deepEqual(runtime.BINDER_HELPERS.names, ["BindError"]);
  assert.ok(runtime.VALIDATION_RUNTIME.imports.includes("unicode/utf8"));
  assert.throws(() => parseGoRuntime("y.go", 'package other\n\nimport "fmt"\n'), /runtime\/y\.go is not/);
});

Deno.test("go runtime: the registry names the runtime's exported names, and only whole identifiers are renamed", () => {
  const registry = new NameRegistry(["BindError", "Other"]);
  const renames = takeRuntimeNames(registry, [runtime.BINDER_HELPERS]);
  assert.deepEqual([...renames], [["BindError", "BindError2"]]);
  assert.equal(registry.has("BindError2"), true);
  const code = "// BindError is a BindErrors.\ntype BindError struct{}\n\nvar x = &BindError{} // xBindError";
  assert.equal(
    renameRuntime(code, renames),
    "// BindError2 is a BindErrors.\ntype BindError2 struct{}\n\nvar x = &BindError2{} // xBindError",
  );
  assert.equal(takeRuntimeNames(new NameRegistry(), [runtime.ROUTER_COMMON]).size, 0);
});

await testWith(
  ["go", "chi"],
  "go runtime: gofmt -l, go vet and go test pass on the runtime package (Go 1.19)",
  async () => {
    assert.deepEqual(await checkGoRuntime(), []);
  },
);

Deno.test("go runtime: the published package carries every runtime file and none of its tests", async () => {
  const text = await publishDryRun();
  const published = [...text.matchAll(/src\/generator\/runtime\/([\w.]+)/g)].map((m) => m[1]).sort();
  assert.deepEqual(published, await runtimeFiles());
});

Deno.test("go runtime: the CLI, run with the binary's permissions, writes the runtime it loads as text", async () => {
  await withTempDir(async (dir) => {
    const doc = join(ROOT, "testdata/generate/router/router-3.1.yaml");
    const r = await spawnOatool(["generate", "-o", dir, "--server", "--server-all", "--no-readme", doc]);
    assert.equal(r.killed, false);
    assert.equal(r.code, 0, r.stderr);
    const middleware = await Deno.readTextFile(join(dir, "server_middleware.go"));
    assert.ok(middleware.includes(runtime.VALIDATION_RUNTIME.code.split("\n\n")[0]));
    const router = await Deno.readTextFile(join(dir, "server_router.go"));
    assert.ok(router.includes(runtime.ROUTER_STDLIB.code.split("\n\n")[0]));
  });
});
