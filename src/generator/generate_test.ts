// deno-lint-ignore-file no-regex-spaces -- gofmt aligns columns with runs of spaces: the tests match them.
import assert from "node:assert/strict";
import { generate, type GenerateResult } from "./generate.ts";
import { GENERATED_HEADER } from "./unit.ts";

const ROOT = new URL("../../testdata/", import.meta.url).pathname;
const SHAPES = `${ROOT}generate/shapes-3.1.yaml`;
const ROUNDTRIP = `${ROOT}generate/roundtrip-3.0.yaml`;

function file(result: GenerateResult, name: string): string {
  const f = result.files.find((x) => x.name === name);
  assert.ok(f, `no ${name} in ${result.files.map((x) => x.name).join(" ")}`);
  return f.content;
}

function content(doc: object): { content: string } {
  return { content: JSON.stringify(doc) };
}

Deno.test("generate: files by condition; every Go file starts with the generated-code header", async () => {
  const types = await generate(ROUNDTRIP);
  assert.deepEqual(types.files.map((f) => f.name), ["types.go", "README.md"]);
  const all = await generate(ROUNDTRIP, { client: true, server: true });
  assert.deepEqual(all.files.map((f) => f.name), ["types.go", "client.go", "server.go", "README.md"]);
  const petstore = await generate(`${ROOT}petstore/petstore-3.1.yaml`, { client: true, noReadme: true });
  assert.deepEqual(petstore.files.map((f) => f.name), ["types.go", "client.go"]); // no security schemes
  for (const f of all.files.filter((x) => x.name.endsWith(".go"))) {
    assert.ok(f.content.startsWith(GENERATED_HEADER + "\n\npackage api\n"), f.name);
  }
  assert.equal(all.types, 11);
  assert.equal(all.operations, 6);
});

Deno.test("generate: byte-identical output across runs", async () => {
  const a = await generate(SHAPES, { client: true, server: true });
  const b = await generate(SHAPES, { client: true, server: true });
  assert.deepEqual(a.files, b.files);
});

Deno.test("generate: structs, tags, pointers, nullable apart from optional, enums, unions, maps, recursion", async () => {
  const t = file(await generate(SHAPES), "types.go");
  assert.match(t, /\tName    string `json:"name" validate:"required,min=1,max=40"`\n/);
  assert.match(t, /\tLives   \*int32 `json:"lives,omitempty" validate:"omitempty,min=0,max=9"`\n/);
  // Required and nullable: a pointer without omitempty and without `required`; optional: omitempty.
  assert.match(t, /\tRequiredNullable \*string `json:"requiredNullable"`\n/);
  assert.match(t, /\tRequiredPlain    string  `json:"requiredPlain" validate:"required"`\n/);
  // (aligned with the Nullable[int64] of optionalNullable above it)
  assert.match(t, /\tOptionalPlain    \*int64          `json:"optionalPlain,omitempty"`\n/);
  // String enum: a type, constants, Valid().
  assert.match(t, /type Status string\n/);
  assert.match(t, /\tStatusInStock   Status = "in-stock"\n/);
  assert.match(t, /func \(e Status\) Valid\(\) bool \{/);
  // Union with a discriminator and its mapping (a name and a reference).
  assert.match(t, /type Pet struct \{\n\tCat \*Cat\n\tDog \*Dog\n\}/);
  assert.match(t, /case "kitty":\n\t\tu\.Cat = new\(Cat\)/);
  assert.match(t, /case "dog":\n\t\tu\.Dog = new\(Dog\)/);
  assert.match(t, /func \(u Pet\) AsCat\(\) \(Cat, bool\)/);
  // Union without one: tried in order, strictly first.
  assert.match(t, /if v := new\(string\); decodeStrict\(data, v\) == nil \{/);
  // allOf merged; formats mapped.
  assert.match(
    t,
    /type Employee struct \{\n\tID     \*string    `json:"id,omitempty" validate:"omitempty,uuid"`/,
  );
  assert.match(
    t,
    /\tSince  \*time\.Time `json:"since,omitempty"`\n\tPhoto  \[\]byte     `json:"photo,omitempty"`/,
  );
  // Maps and a struct with an extra map.
  assert.match(t, /type Labels map\[string\]string\n/);
  assert.match(t, /\tAdditionalProperties map\[string\]int64 `json:"-"`/);
  // Recursion broken by pointers, also across two types.
  assert.match(t, /\tNext     \*Node  `json:"next" validate:"required"`/);
  assert.match(t, /type A struct \{\n\tB \*B `json:"b" validate:"required"`\n\}/);
  // Deprecated fields and a doc comment gofmt will not rewrite (no list markers, no heading).
  assert.match(t, /\t\/\/ Use new instead\. 1\. first \* second\n\t\/\/\n\t\/\/ Deprecated: /);
  // Go keywords and leading digits in names.
  assert.match(
    t,
    /type Type struct \{\n\tFunc \*string `json:"func,omitempty"`\n\tN2Fa \*bool   `json:"2fa,omitempty"`/,
  );
  assert.match(t, /type When = time\.Time\n/);
  assert.match(t, /type MaybeCat = Cat\n/);
});

Deno.test("generate: --no-pointers and --no-validation", async () => {
  const t = file(await generate(SHAPES, { noPointers: true, noValidation: true }), "types.go");
  assert.match(t, /\tLives   int32  `json:"lives,omitempty"`\n/);
  // Nullable stays a pointer: null must be expressible.
  assert.match(t, /\tRequiredNullable \*string `json:"requiredNullable"`\n/);
  assert.doesNotMatch(t, /validate:/);
});

Deno.test("generate: 2.0 definitions, 3.2 query operations, issues with paths", async () => {
  const v2 = await generate(
    content({
      swagger: "2.0",
      info: { title: "T", version: "1" },
      paths: {
        "/a": {
          post: {
            operationId: "send",
            consumes: ["application/x-www-form-urlencoded"],
            parameters: [
              {
                name: "ids",
                in: "query",
                type: "array",
                items: { type: "integer" },
                collectionFormat: "pipes",
              },
              { name: "name", in: "formData", type: "string", required: true },
            ],
            responses: { 200: { description: "ok", schema: { $ref: "#/definitions/Thing" } } },
          },
        },
      },
      definitions: { Thing: { type: "object", properties: { at: { type: "string", format: "date-time" } } } },
    }),
    { client: true, server: true },
  );
  const c = file(v2, "client.go");
  assert.match(c, /addQuery\(query, "ids", false, "\|", false, req\.Ids\)/);
  assert.match(c, /form, err := encodeForm\(req\.Body\)/);
  assert.match(
    file(v2, "types.go"),
    /type SendForm struct \{\n\tName string `json:"name" validate:"required"`\n\}/,
  );
  const v32 = await generate(
    content({
      openapi: "3.2.0",
      info: { title: "T", version: "1" },
      paths: { "/search": { query: { operationId: "search", responses: { 200: { description: "ok" } } } } },
      components: { schemas: { Mixed: { type: ["string", "integer"] } } },
    }),
    { client: true },
  );
  assert.match(file(v32, "client.go"), /c\.newRequest\(ctx, "QUERY", path, query, body, contentType\)/);
  assert.deepEqual(v32.issues.map((i) => [i.severity, i.path, i.rule]), [
    ["info", "components.schemas.Mixed", "generate-multi-type"],
  ]);
  const quiet = await generate(
    content({
      openapi: "3.2.0",
      info: { title: "T", version: "1" },
      paths: {},
      components: { schemas: { Mixed: { type: ["string", "integer"] } } },
    }),
    { noWarnings: true },
  );
  assert.deepEqual(quiet.issues, []);
});

Deno.test("generate: an unresolvable reference is an issue and interface{}", async () => {
  const r = await generate(content({
    openapi: "3.0.3",
    info: { title: "T", version: "1" },
    paths: {},
    components: {
      schemas: { A: { type: "object", properties: { b: { $ref: "#/components/schemas/Missing" } } } },
    },
  }));
  assert.match(file(r, "types.go"), /\tB interface\{\} `json:"b,omitempty"`/);
  assert.equal(r.issues[0].rule, "generate-ref");
  assert.equal(r.issues[0].path, "components.schemas.A.properties.b");
});

Deno.test("generate: a bad package name or limit is a usage error", async () => {
  await assert.rejects(generate(SHAPES, { packageName: "my-api" }), /not a valid Go package name/);
  await assert.rejects(generate(SHAPES, { packageName: "func" }), /not a valid Go package name/);
  await assert.rejects(generate(SHAPES, { maxOpsPerFile: 0 }), /positive whole number/);
});

Deno.test("generate: README says what was generated from which document", async () => {
  const r = await generate(ROUNDTRIP, { client: true, server: true, packageName: "rt" });
  const readme = file(r, "README.md");
  assert.match(readme, /^# Package rt\n/);
  assert.match(
    readme,
    /from roundtrip-3\.0\.yaml \(Round trip 1\.0, OpenAPI 3\.0\.3\): 11 types and 6 operations/,
  );
  assert.match(readme, /client\.GetItem\(ctx, rt\.GetItemRequest\{\}\)/);
  assert.match(readme, /rt\.NewHandler\(server\{\}\)/);
});

Deno.test("generate: security helpers per scheme, left out with noSecurity", async () => {
  const doc = content({
    openapi: "3.1.0",
    info: { title: "T", version: "1" },
    paths: {},
    components: {
      securitySchemes: {
        api_key: { type: "apiKey", in: "header", name: "X-API-Key" },
        queryKey: { type: "apiKey", in: "query", name: "key" },
        cookieKey: { type: "apiKey", in: "cookie", name: "sid" },
        basic: { type: "http", scheme: "basic" },
        bearer: { type: "http", scheme: "Bearer" },
        oauth: { type: "oauth2", flows: {} },
        mtls: { type: "mutualTLS" },
      },
    },
  });
  const r = await generate(doc, { client: true, noReadme: true });
  const s = file(r, "security_helpers.go");
  assert.ok(
    s.includes(
      "func WithAPIKey(key string) RequestEditorFn {\n" +
        "\treturn func(ctx context.Context, req *http.Request) error {\n" +
        '\t\treq.Header.Set("X-API-Key", key)',
    ),
  );
  assert.match(s, /func WithQueryKey\(key string\) RequestEditorFn \{\n[^}]*q\.Set\("key", key\)/);
  assert.match(s, /req\.AddCookie\(&http\.Cookie\{Name: "sid", Value: key\}\)/);
  assert.match(s, /func WithBasic\(username, password string\) RequestEditorFn/);
  assert.match(s, /func WithBearer\(token string\) RequestEditorFn \{\n[^}]*"Bearer "\+token/);
  assert.match(s, /func WithOauth\(token string\)/);
  assert.deepEqual(r.issues.map((i) => [i.path, i.rule]), [[
    "components.securitySchemes.mtls",
    "generate-security",
  ]]);
  const none = await generate(doc, { client: true, noReadme: true, noSecurity: true });
  assert.deepEqual(none.files.map((f) => f.name), ["types.go", "client.go"]);
});

Deno.test("generate: an undeclared path parameter is an issue", async () => {
  const r = await generate(
    content({
      openapi: "3.0.3",
      info: { title: "T", version: "1" },
      paths: { "/a/{id}": { get: { operationId: "getA", responses: { 204: { description: "none" } } } } },
    }),
    { client: true, server: true },
  );
  assert.deepEqual(r.issues.map((i) => [i.path, i.rule]), [["paths./a/{id}.get", "generate-path-param"]]);
  assert.match(file(r, "client.go"), /path := "\/a\/\{id\}"/);
});

Deno.test("generate: references in referenced files resolve from their file; their types take the bundle's names", async () => {
  const r = await generate(`${ROOT}refs/root.yaml`, { client: true });
  assert.deepEqual(r.issues, []);
  const t = file(r, "types.go");
  // schemas/nested/owner.yaml, referenced from schemas/pet.yaml#/Pet as "nested/owner.yaml": the component Owner.
  assert.match(
    t,
    /type Owner struct \{\n\tName \*string `json:"name,omitempty"`\n\tBad  \*int64  `json:"bad,omitempty"`/,
  );
  assert.match(
    t,
    /type Pet struct \{\n\tName  \*string `json:"name,omitempty"`\n\tOwner \*Owner  `json:"owner,omitempty"`/,
  );
});

Deno.test("generate: schemas that only name one another become interface{} with a warning, not Go types defined by each other", async () => {
  const r = await generate(`${ROOT}generate/loops-3.1.yaml`, { noReadme: true });
  const types = r.files[0].content;
  assert.match(types, /^type Loop = interface\{\}$/m);
  assert.match(types, /^type Loop2 = interface\{\}$/m);
  assert.match(types, /^type Self = interface\{\}$/m);
  assert.match(types, /^type Pair struct \{$/m);
  assert.deepEqual(
    r.issues.map((i) => [i.rule, i.path]),
    [
      ["generate-ref-loop", "components.schemas.Loop"],
      ["generate-ref-loop", "components.schemas.Loop2"],
      ["generate-ref-loop", "components.schemas.Self"],
    ],
  );
});
