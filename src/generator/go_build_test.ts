/**
 * The generated code compiles with the Go toolchain (Go 1.19 or later): `go build`, `go vet` and `gofmt -l`
 * (no output) on the packages generated from the petstore fixtures of every version, the fixture with every
 * schema shape, and with --no-pointers, --no-validation and each split option — all in one module, one build.
 * Then the round trip: the generated server with a hand-written implementation answers the generated client
 * over net/http/httptest (`go test`).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { generate, type GenerateOptions } from "./generate.ts";
import type { GeneratedFile } from "./split.ts";
import { runGo, writeModule } from "./_go_toolchain_test_util.ts";
import { testWith } from "../../tests/_tools.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const fixture = (p: string) => join(ROOT, "testdata", p);
const both: GenerateOptions = { client: true, server: true };

const VARIANTS: [string, string, GenerateOptions][] = [
  ["petstore20", "petstore/petstore-2.0.yaml", both],
  ["petstore30", "petstore/petstore-3.0.yaml", both],
  ["petstore31", "petstore/petstore-3.1.json", both],
  ["petstore32", "petstore/petstore-3.2.yaml", both],
  ["shapes31", "generate/shapes-3.1.yaml", both],
  ["shapes30", "generate/shapes-3.0.yaml", both],
  ["shapestypes", "generate/shapes-3.1.yaml", {}],
  ["nopointers", "generate/roundtrip-3.0.yaml", { ...both, noPointers: true }],
  ["nopointersshapes", "generate/shapes-3.1.yaml", { noPointers: true }],
  ["novalidation", "generate/shapes-3.1.yaml", { ...both, noValidation: true }],
  ["splitlines", "generate/roundtrip-3.0.yaml", { ...both, maxLinesPerFile: 150 }],
  ["splittypes", "generate/shapes-3.1.yaml", { maxTypesPerFile: 4 }],
  ["splitops", "generate/roundtrip-3.0.yaml", { ...both, maxOpsPerFile: 1 }],
  ["splitpath", "generate/roundtrip-3.0.yaml", { ...both, maxOpsPerFile: 1, splitByTag: false }],
  ["splitchunks", "generate/roundtrip-3.0.yaml", {
    ...both,
    maxOpsPerFile: 2,
    splitByTag: false,
    splitByPath: false,
  }],
  ["hostile", "generate/hostile-3.1.json", both],
  ["loops", "generate/loops-3.1.yaml", {}],
  ["refs", "refs/root.yaml", both],
  ["roundtrip", "generate/roundtrip-3.0.yaml", both],
];

await testWith(
  ["go"],
  "generated packages build, vet and are gofmt-clean with Go 1.19; the round trip passes",
  async () => {
    const dir = await Deno.makeTempDir({ prefix: "oatool-gen-" });
    try {
      const packages: Record<string, GeneratedFile[]> = {};
      const names: Record<string, string[]> = {};
      for (const [name, file, options] of VARIANTS) {
        const result = await generate(fixture(file), {
          ...options,
          packageName: name === "roundtrip" ? "api" : name,
        });
        packages[name] = result.files.filter((f) => f.name.endsWith(".go"));
        names[name] = result.files.map((f) => f.name);
      }
      packages.roundtrip.push({
        name: "roundtrip_test.go",
        content: await Deno.readTextFile(fixture("generate/roundtrip/roundtrip_test.go")),
      });
      await writeModule(dir, packages);
      // The split options give the deterministic names the spec describes.
      assert.deepEqual(names.splitops, [
        "types.go",
        "client.go",
        "client_forms.go",
        "client_items.go",
        "client_items_2.go",
        "client_items_3.go",
        "client_pets.go",
        "client_pets_2.go",
        "server.go",
        "server_forms.go",
        "server_items.go",
        "server_items_2.go",
        "server_items_3.go",
        "server_pets.go",
        "server_pets_2.go",
        "README.md",
      ]);
      assert.ok(names.splitpath.includes("client_items.go") && names.splitpath.includes("client_shapes.go"));
      assert.deepEqual(names.splitchunks.filter((n) => n.startsWith("client")), [
        "client.go",
        "client_2.go",
        "client_3.go",
      ]);
      assert.ok(
        names.splittypes.filter((n) => n.startsWith("types")).length >= 6,
        names.splittypes.join(" "),
      );
      const build = await runGo("go", ["build", "./..."], dir);
      assert.equal(build.code, 0, build.output);
      const vet = await runGo("go", ["vet", "./..."], dir);
      assert.equal(vet.code, 0, vet.output);
      const fmt = await runGo("gofmt", ["-l", "."], dir);
      assert.equal(fmt.code, 0, fmt.output);
      assert.equal(fmt.output, "", `gofmt would change:\n${fmt.output}`);
      const test = await runGo("go", ["test", "./roundtrip/"], dir);
      assert.equal(test.code, 0, test.output);
      assert.match(test.output, /^ok\s+example\.com\/generated\/roundtrip/m);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
);
