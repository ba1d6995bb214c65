/**
 * `--client-validate-responses`: the generated client checks each response's status, content type and body
 * with the validators the server middleware uses, and returns a `*ResponseError` listing the mismatches. The Go
 * test (testdata/generate/client_validate/) runs the client against httptest servers answering valid and
 * invalid responses, in one package, in a split one and in one with the server middleware (sharing the
 * validators); the petstores and the hostile document build, vet and are gofmt-clean with the flag. Without
 * the flag the client is byte-for-byte what it was.
 */
import assert from "node:assert/strict";
import { generate, type GenerateOptions } from "./generate.ts";
import { aloneVariants, checkGoModule, fixture, generateVariants } from "./_ext_test_util.ts";
import { testWith } from "../../tests/_tools.ts";

const flag: GenerateOptions = { client: true, clientValidateResponses: true };
const FIXTURE = "generate/client_validate-3.1.yaml";

/** A schema named like the runtime's exported names: the runtime's take the next free ones. */
const NAMES_DOC = JSON.stringify({
  openapi: "3.1.0",
  info: { title: "Names", version: "1" },
  paths: {
    "/x": {
      get: {
        operationId: "getX",
        responses: {
          "200": {
            description: "X.",
            content: { "application/json": { schema: { $ref: "#/components/schemas/ResponseError" } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      ResponseError: { type: "object", properties: { code: { type: "integer" } } },
      ResponseMismatch: { type: "string" },
    },
  },
});

const VARIANTS: [string, string, GenerateOptions][] = [
  ...aloneVariants(flag),
  ["cvapi", FIXTURE, flag],
  ["cvsplit", FIXTURE, { ...flag, maxOpsPerFile: 1, maxLinesPerFile: 200 }],
  ["cvboth", FIXTURE, { ...flag, server: true, serverAll: true }],
  ["hostileall", "generate/hostile-3.1.json", { ...flag, server: true, serverAll: true }],
];

await testWith(
  ["go"],
  "client_validate.go builds, vets, is gofmt-clean, and reports wrong statuses, content types and bodies over httptest",
  async () => {
    const dir = await Deno.makeTempDir({ prefix: "oatool-cv-" });
    try {
      const { packages, names } = await generateVariants(VARIANTS);
      for (const [name] of VARIANTS) {
        assert.ok(names[name].includes("client_validate.go"), `${name}: ${names[name].join(" ")}`);
      }
      // Split like the client (a file per tag and part), the validators in their own file.
      assert.deepEqual(
        names.cvsplit.filter((n) => n.startsWith("client_validate")),
        [
          "client_validate.go",
          "client_validate_notes.go",
          "client_validate_pets.go",
          "client_validate_pets_2.go",
          "client_validate_validation.go",
        ],
      );
      const renamed = await generate({ content: NAMES_DOC }, { ...flag, packageName: "cvnames" });
      packages.cvnames = renamed.files.filter((f) => f.name !== "README.md");
      const test = await Deno.readTextFile(fixture("generate/client_validate/client_validate_test.go"));
      for (const pkg of ["cvapi", "cvsplit", "cvboth"]) {
        packages[pkg].push({
          name: "client_validate_test.go",
          content: test.replace(/^package cvapi$/m, `package ${pkg}`),
        });
      }
      await checkGoModule(dir, packages, ["cvapi", "cvsplit", "cvboth"]);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
);

Deno.test("without --client-validate-responses the client is byte-for-byte what it was (petstore 3.0)", async () => {
  const before = await Deno.readTextFile(fixture("generate/client_validate/petstore-3.0.client.go.golden"));
  const off = await generate(fixture("petstore/petstore-3.0.yaml"), { client: true, noReadme: true });
  assert.deepEqual(off.files.map((f) => f.name), ["types.go", "client.go"]);
  assert.equal(off.files.find((f) => f.name === "client.go")!.content, before);
  // With it: the methods send through the validation, the Client has the limit, and its own file is added.
  const on = await generate(fixture("petstore/petstore-3.0.yaml"), { ...flag, noReadme: true });
  assert.deepEqual(on.files.map((f) => f.name), ["types.go", "client.go", "client_validate.go"]);
  const client = on.files.find((f) => f.name === "client.go")!.content;
  assert.equal(
    client.match(/c\.sendValidated\(ctx, httpReq, editors, &rcOp\w+, c\.MaxResponseBytes\)/g)?.length,
    3,
  );
  assert.match(client, /^\tMaxResponseBytes int64$/m);
  assert.ok(!client.includes("c.send(ctx"));
  assert.equal(on.files[0].content, off.files[0].content, "types.go changed");
});

Deno.test("the response tables: statuses, ranges, default, media types and their validators", async () => {
  const result = await generate(fixture(FIXTURE), { ...flag, noReadme: true });
  const code = result.files.find((f) => f.name === "client_validate.go")!.content;
  assert.ok(code.includes(
    'var rcOpGetPet = rcOperation{"GetPet", []rcResponse{\n' +
      '\t{"200", []rcMedia{{"application/json", rvSchemaPet}}},\n' +
      '\t{"4XX", []rcMedia{{"application/problem+json", rvSchemaProblem}}},\n}}\n',
  ));
  assert.match(code, /\{"200", \[\]rcMedia\{\{"application\/json", rvValue\d+\}, \{"text\/csv", nil\}\}\},/);
  assert.ok(
    code.includes(
      '\t{"202", nil},\n\t{"204", nil},\n\t{"default", []rcMedia{{"application/json", rvSchemaProblem}}},\n',
    ),
  );
  // Alone, the package carries the validators and their runtime.
  assert.match(code, /^func rvSchemaPet\(v interface\{\}, p string, e \*rvErrs\) \{$/m);
  assert.match(code, /^type rvErrs struct \{$/m);
  // 2.0: the media types of `produces`, the schema checked for the JSON ones.
  const v2 = await generate(fixture("petstore/petstore-2.0.yaml"), { ...flag, noReadme: true });
  const code2 = v2.files.find((f) => f.name === "client_validate.go")!.content;
  assert.match(code2, /\{"200", \[\]rcMedia\{\{"application\/json", rvSchemaPets\}\}\},/);
});

Deno.test("with the server middleware the validators are shared: each schema's function is declared once", async () => {
  const result = await generate(fixture(FIXTURE), {
    ...flag,
    server: true,
    serverMiddleware: true,
    noReadme: true,
  });
  const all = result.files.map((f) => f.content).join("\n");
  assert.equal(all.match(/^func rvSchemaPet\(/gm)?.length, 1);
  assert.equal(all.match(/^type rvErrs struct/gm)?.length, 1);
  const client = result.files.find((f) => f.name === "client_validate.go")!.content;
  assert.ok(!client.includes("func rvSchema"), "the client's file declares validators");
  assert.ok(client.includes('{"200", []rcMedia{{"application/json", rvSchemaPet}}},'));
});

Deno.test("a schema named like the runtime's types leaves them the next free names", async () => {
  const result = await generate({ content: NAMES_DOC }, { ...flag, noReadme: true });
  const code = result.files.find((f) => f.name === "client_validate.go")!.content;
  assert.match(code, /^type ResponseError2 struct \{$/m);
  assert.match(code, /^\tMismatches \[\]ResponseMismatch2$/m);
  assert.match(code, /^func \(e \*ResponseError2\) Error\(\) string \{$/m);
});

Deno.test("an unresolvable reference in a response schema warns that the response validation does not check it", async () => {
  // NAMES_DOC with a response schema whose property refers to nothing.
  const dangling = JSON.parse(NAMES_DOC);
  dangling.paths["/x"].get.responses["200"].content["application/json"].schema = {
    type: "object",
    properties: { a: { $ref: "#/components/schemas/Nope" } },
  };
  const doc = JSON.stringify(dangling);
  const r = await generate({ content: doc }, { ...flag, noReadme: true });
  const said = r.issues.filter((i) => i.rule === "generate-ref").map((i) => i.message);
  assert.ok(said.some((m) => /the response validation does not check it/.test(m)), said.join("\n"));
  assert.ok(!said.some((m) => /request validation/.test(m)), said.join("\n"));
});
