/**
 * A slice of the API (issue 33): each selection option on the petstores of every version, on a multi-file set
 * and on a document with security schemes; the selected packages build with Go 1.19 (skipped, saying so,
 * without Go).
 */
import assert from "node:assert/strict";
import { generate, type GenerateOptions, type GenerateResult } from "./generate.ts";
import { EmptySelectionError } from "./select.ts";
import { UsageError } from "../core/errors.ts";
import { checkBuild, fixture } from "./_ext_test_util.ts";
import { writeModule } from "./_go_toolchain_test_util.ts";
import { testWith } from "../../tests/_tools.ts";

const PETSTORES = [
  "petstore/petstore-2.0.yaml",
  "petstore/petstore-3.0.yaml",
  "petstore/petstore-3.1.json",
  "petstore/petstore-3.2.yaml",
];

/** The Go code of a result (its .go files), and the names its client declares as methods. */
function code(r: GenerateResult): string {
  return r.files.filter((f) => f.name.endsWith(".go")).map((f) => f.content).join("\n");
}
function methods(r: GenerateResult): string[] {
  return [...code(r).matchAll(/^func \(c \*Client\) ([A-Z][A-Za-z0-9_]*)\(/gm)].map((m) => m[1]).sort();
}
function declaredTypes(r: GenerateResult): string[] {
  const types = r.files.find((f) => f.name === "types.go")?.content ?? "";
  return [...types.matchAll(/^type ([A-Za-z0-9_]+) /gm)].map((m) => m[1]).sort();
}

const BASE: GenerateOptions = { client: true, server: true, serverAll: true, noReadme: true };

for (const file of PETSTORES) {
  Deno.test(`generate selection on ${file}: each option selects exactly its operations and schemas`, async () => {
    const path = fixture(file);
    const all = await generate(path, BASE);
    const every = methods(all);
    assert.ok(every.includes("ShowPetByID") && every.includes("ListPets"), every.join(" "));

    const one = await generate(path, { ...BASE, includeOperations: ["showPetById"] });
    assert.equal(one.operations, 1);
    assert.deepEqual(methods(one), ["ShowPetByID"]);
    // The router, the binder, the middleware and the stubs cover that one operation only.
    for (const f of one.files.filter((f) => f.name.startsWith("server_"))) {
      assert.doesNotMatch(f.content, /ListPets|CreatePets?\b|listPets|createPets?\b/, f.name);
    }
    // Its schemas only: Pets (the list) is reached by listPets alone.
    assert.ok(
      declaredTypes(one).includes("Pet") && !declaredTypes(one).includes("Pets"),
      declaredTypes(one).join(),
    );
    // --all-schemas keeps the others.
    const allSchemas = await generate(path, {
      ...BASE,
      includeOperations: ["showPetById"],
      allSchemas: true,
    });
    assert.deepEqual(
      declaredTypes(allSchemas).filter((t) => declaredTypes(all).includes(t)).sort(),
      declaredTypes(all).filter((t) => !/(Request|Response|Params|Body)/.test(t)).filter((t) =>
        declaredTypes(allSchemas).includes(t)
      ).sort(),
    );
    assert.ok(declaredTypes(allSchemas).includes("Pets"));

    const rest = await generate(path, { ...BASE, excludeOperations: ["showPetById"] });
    assert.deepEqual(methods(rest), every.filter((m) => m !== "ShowPetByID"));

    // METHOD /path names an operation too, and globs match ids.
    const byPath = await generate(path, { ...BASE, includeOperations: ["GET /pets"] });
    assert.deepEqual(methods(byPath), ["ListPets"]);
    const glob = await generate(path, { ...BASE, includeOperations: ["*PetById", "list*"] });
    assert.deepEqual(methods(glob), ["ListPets", "ShowPetByID"]);

    const tagged = await generate(path, { ...BASE, includeTags: ["pets"] });
    assert.deepEqual(methods(tagged), every);
    assert.deepEqual(tagged.issues, all.issues);
    // Every operation is tagged pets: excluding the tag selects nothing, an error naming the flags.
    await assert.rejects(
      generate(path, { ...BASE, excludeTags: ["pets"] }),
      (e: unknown) =>
        e instanceof EmptySelectionError && /^--exclude-tags pets selects no operation/.test(e.message),
    );
  });
}

Deno.test("generate selection: names that match nothing warn with the closest one; a selection of nothing names it", async () => {
  const path = fixture("petstore/petstore-3.0.yaml");
  const r = await generate(path, {
    client: true,
    includeTags: ["pets", "pet"],
    includeOperations: ["*"],
  });
  assert.deepEqual(
    r.issues.filter((i) => i.rule === "generate-selection").map((i) => i.message),
    ['--include-tags "pet" matches no tag of the document; did you mean "pets"?'],
  );
  const w = await generate(path, { client: true, includeOperations: ["listPet", "showPetById"] });
  assert.deepEqual(
    w.issues.filter((i) => i.rule === "generate-selection").map((i) => i.message),
    ['--include-operations "listPet" matches no operation of the document; did you mean "listPets"?'],
  );
  await assert.rejects(
    generate(path, { client: true, includeTags: ["pet"] }),
    (e: unknown) =>
      e instanceof EmptySelectionError &&
      e.message.includes('--include-tags "pet" matches no tag of the document; did you mean "pets"?'),
  );
  await assert.rejects(generate(path, { typesOnlyFrom: ["Nope"] }), EmptySelectionError);
  await assert.rejects(generate(path, { client: true, typesOnlyFrom: ["Pet"] }), UsageError);
  await assert.rejects(generate(path, { typesOnlyFrom: ["Pet"], includeTags: ["pets"] }), UsageError);
  // --all-schemas alone would change nothing (every schema is generated without a selection): a usage error,
  // as --client-validate-responses without --client is.
  await assert.rejects(
    generate(path, { client: true, allSchemas: true }),
    (e: unknown) => e instanceof UsageError && /^--all-schemas requires --include-tags/.test(e.message),
  );
});

Deno.test("generate selection: the embedded document is the slice (as JSON), with only the selected operations", async () => {
  const r = await generate(fixture("petstore/petstore-3.0.yaml"), {
    server: true,
    serverEmbedSpec: true,
    includeOperations: ["showPetById"],
  });
  const embedded = JSON.parse(r.files.find((f) => f.name === "server_embed_spec.json")!.content);
  assert.deepEqual(Object.keys(embedded.paths), ["/pets/{petId}"]);
  assert.deepEqual(Object.keys(embedded.paths["/pets/{petId}"]), ["get"]);
  assert.deepEqual(Object.keys(embedded.components.schemas).sort(), ["Error", "Pet"]);
});

Deno.test("generate --types-only-from: the types the named schemas reach, no operation code", async () => {
  for (const file of PETSTORES) {
    const r = await generate(fixture(file), { typesOnlyFrom: ["Pets"], noReadme: true });
    assert.equal(r.operations, 0, file);
    assert.deepEqual(r.files.map((f) => f.name), ["types.go"], file);
    assert.deepEqual(declaredTypes(r), ["Pet", "Pets"], file);
  }
});

Deno.test("generate selection on a multi-file set: schemas reached through other files, and only those", async () => {
  const path = fixture("multifile/oas30/openapi.yaml");
  const all = await generate(path, { client: true, noReadme: true });
  const one = await generate(path, { client: true, noReadme: true, includeOperations: ["listPets"] });
  assert.equal(one.operations, 1);
  assert.deepEqual(declaredTypes(all), ["Error", "Error2", "Owner", "Pet", "Pet2"]);
  // Pet (schemas/pet.yaml, with its Owner) and common.yaml's Error (through its Problem response, the default
  // one) are reached; the root's own Error and the legacy Pet (getPet's) are not.
  assert.deepEqual(declaredTypes(one), ["Error2", "Owner", "Pet"]);
});

const SECURED = JSON.stringify({
  openapi: "3.0.3",
  info: { title: "Secured", version: "1" },
  security: [{ apiKey: [] }],
  paths: {
    "/a": { get: { operationId: "getA", tags: ["a"], responses: { "204": { description: "ok" } } } },
    "/b": {
      get: {
        operationId: "getB",
        tags: ["b"],
        security: [{ bearer: [] }],
        responses: { "204": { description: "ok" } },
      },
    },
  },
  components: {
    securitySchemes: {
      apiKey: { type: "apiKey", in: "header", name: "X-Key" },
      bearer: { type: "http", scheme: "bearer" },
    },
  },
});

Deno.test("generate selection: the security helpers cover the schemes the selected operations use", async () => {
  const helpers = async (options: GenerateOptions) =>
    (await generate({ content: SECURED }, { client: true, noReadme: true, ...options })).files
      .find((f) => f.name === "security_helpers.go")?.content ?? "";
  const both = await helpers({});
  assert.match(both, /X-Key/);
  assert.match(both, /Bearer/);
  const b = await helpers({ includeTags: ["b"] });
  assert.match(b, /Bearer/);
  assert.doesNotMatch(b, /X-Key/);
  const a = await helpers({ excludeOperations: ["getB"] });
  assert.match(a, /X-Key/);
  assert.doesNotMatch(a, /Bearer/);
});

await testWith(
  ["go"],
  "generate selection: the selected packages build, vet and are gofmt-clean (Go 1.19)",
  async () => {
    const packages: Record<string, { name: string; content: string }[]> = {};
    const variants: [string, string, GenerateOptions][] = [
      ["one20", PETSTORES[0], { ...BASE, includeOperations: ["showPetById"] }],
      ["one30", PETSTORES[1], { ...BASE, includeOperations: ["showPetById"], allSchemas: true }],
      ["rest31", PETSTORES[2], { ...BASE, excludeOperations: ["showPetById"] }],
      ["get32", PETSTORES[3], { ...BASE, includeOperations: ["GET *"] }],
      ["models", PETSTORES[1], { typesOnlyFrom: ["Pets"] }],
      ["multi", "multifile/oas31/openapi.yaml", { ...BASE, includeOperations: ["listPeople"] }],
    ];
    for (const [name, file, options] of variants) {
      const r = await generate(fixture(file), { ...options, packageName: name, noReadme: true });
      packages[name] = r.files.filter((f) => f.name.endsWith(".go"));
    }
    const dir = await Deno.makeTempDir({ prefix: "oatool-gen-select-" });
    try {
      await writeModule(dir, packages);
      await checkBuild(dir);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
);
