/**
 * `--server-embed-spec`: server_embed.go and the document's data file alone on the petstores of every version
 * (YAML and JSON sources), the responses fixture and the hostile fixture; one Go module: `go build`, `go vet`,
 * `gofmt -l`, and `go test` on testdata/generate/embed/embed_test.go in a YAML and a JSON package (the handler
 * serves bytes equal to the source document, with its media type and caching headers).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { generate, type GenerateOptions } from "./generate.ts";
import type { GeneratedFile } from "./split.ts";
import { aloneVariants, checkGoModule, fixture } from "./_ext_test_util.ts";
import { testWith } from "../../tests/_tools.ts";
const flag: GenerateOptions = { server: true, serverEmbedSpec: true };

const VARIANTS: [string, string][] = [
  ...aloneVariants(flag).map(([name, file]): [string, string] => [name, file]),
  ["api", "generate/responses-3.1.yaml"],
];

await testWith(
  ["go"],
  "--server-embed-spec: the embedded document builds, vets and is served byte for byte",
  async () => {
    const dir = await Deno.makeTempDir({ prefix: "oatool-gen-embed-" });
    try {
      const packages: Record<string, GeneratedFile[]> = {};
      for (const [name, file] of VARIANTS) {
        const result = await generate(fixture(file), { ...flag, packageName: name });
        const yaml = file.endsWith(".yaml");
        const data = yaml ? "server_embed_spec.yaml" : "server_embed_spec.json";
        assert.deepEqual(result.files.map((f) => f.name), [
          "types.go",
          "server.go",
          "server_embed.go",
          data,
          "README.md",
        ]);
        const embedded = result.files.find((f) => f.name === data)!;
        assert.equal(embedded.content, await Deno.readTextFile(fixture(file)));
        packages[name] = result.files.filter((f) => f.name !== "README.md");
      }
      // The three flags together, with the client.
      const together = await generate(fixture("generate/responses-3.1.yaml"), {
        client: true,
        server: true,
        serverResponses: true,
        serverStubs: true,
        serverEmbedSpec: true,
        packageName: "together",
      });
      assert.deepEqual(together.files.map((f) => f.name), [
        "types.go",
        "client.go",
        "server.go",
        "server_responses.go",
        "server_stubs.go",
        "server_embed.go",
        "server_embed_spec.yaml",
        "README.md",
      ]);
      packages.together = together.files.filter((f) => f.name !== "README.md");
      const test = await Deno.readTextFile(fixture("generate/embed/embed_test.go"));
      for (const name of ["api", "petstore31"]) {
        packages[name].push({
          name: "embed_test.go",
          content: test.replace(/^package api$/m, `package ${name}`),
        });
      }
      const tested = [["api", "generate/responses-3.1.yaml"], ["petstore31", "petstore/petstore-3.1.json"]];
      await checkGoModule(dir, packages, tested.map(([name]) => name), async () => {
        for (const [name, file] of tested) {
          await Deno.mkdir(join(dir, name, "testdata"));
          await Deno.writeFile(join(dir, name, "testdata", "original"), await Deno.readFile(fixture(file)));
        }
      });
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
);

Deno.test("--server-embed-spec: media type, ETag of the content, names taken after the schemas'", async () => {
  const doc = (title: string) => ({
    openapi: "3.0.3",
    info: { title, version: "1" },
    paths: {},
    components: { schemas: { OpenAPISpec: { type: "string" }, SpecHandler: { type: "string" } } },
  });
  const a = await generate({ content: JSON.stringify(doc("a")) }, flag);
  const b = await generate({ content: JSON.stringify(doc("b")) }, flag);
  const goA = a.files.find((f) => f.name === "server_embed.go")!.content;
  const goB = b.files.find((f) => f.name === "server_embed.go")!.content;
  assert.match(goA, /const OpenAPISpecMediaType = "application\/json"/);
  assert.match(goA, /func OpenAPISpec2\(\) \[\]byte/);
  assert.match(goA, /func SpecHandler2\(\) http\.Handler/);
  assert.match(goA, /\/\/go:embed server_embed_spec\.json\n/);
  const etag = (s: string) => s.match(/openAPISpecETag = "(.*)"/)![1];
  assert.notEqual(etag(goA), etag(goB));
  const again = await generate({ content: JSON.stringify(doc("a")) }, flag);
  assert.deepEqual(again.files, a.files);
  // A YAML source is embedded as YAML.
  const parsed = await generate(
    { content: "openapi: 3.1.0\ninfo: {title: y, version: '1'}\npaths: {}\n" },
    flag,
  );
  assert.match(parsed.files.find((f) => f.name === "server_embed.go")!.content, /application\/yaml/);
});
