/**
 * oapi-codegen's extensions on testdata/generate/oapi_codegen_ext/api.yaml (written as oapi-codegen's
 * docs/extensions.md writes them): the exact Go declarations each one gives, and — with Go — that the package
 * builds, vets and is gofmt-clean with every server extension, in one file and split a type per file (so each
 * foreign import is in exactly the files that use it).
 */
import assert from "node:assert/strict";
import { generate, type GenerateOptions } from "./generate.ts";
import { checkBuild, EVERY_EXTENSION, fixture } from "./_ext_test_util.ts";
import { writeModule } from "./_go_toolchain_test_util.ts";
import { testWith } from "../../tests/_tools.ts";
import { GENERATED_IMPORTS, GoImports, goTypeExt } from "./extensions.ts";
import * as runtimes from "./go_runtime.ts";
import { NameRegistry } from "./naming.ts";
import { goTypeImports, goTypeText } from "./go_type.ts";

const FIXTURE = "generate/oapi_codegen_ext/api.yaml";

async function typesOf(options: GenerateOptions = {}): Promise<string> {
  const result = await generate(fixture(FIXTURE), { noReadme: true, ...options });
  return result.files.find((f) => f.name === "types.go")!.content;
}

/** The text of the declaration that starts with `head` (up to the closing line at column 0). */
function declaration(code: string, head: string): string {
  const start = code.indexOf(head);
  assert.ok(start >= 0, `no "${head}" in:\n${code}`);
  const end = code.indexOf("\n}\n", start);
  return code.slice(
    start,
    head.endsWith("(") ? code.indexOf("\n)\n", start) + 2 : end + 2,
  );
}

Deno.test("extensions: x-go-name, x-order, x-omitempty, x-go-json-ignore, extra tags, x-go-type and skip-optional-pointer on a struct", async () => {
  const code = await typesOf();
  assert.equal(
    declaration(code, "type ClientRenamedByExtension struct {"),
    [
      "type ClientRenamedByExtension struct {",
      '\tAccountIdentifier *float64                              `json:"id,omitempty"`',
      '\tName              string                                `json:"name,omitempty" validate:"required"`',
      "\tCount             int64                                 " +
      '`gorm:"primarykey" json:"count" safe-to-log:"true" validate:"required,min=1,max=256"`',
      '\tOptionalCount     float64                               `json:"optionalCount,omitempty"`',
      '\tElapsed           *time.Duration                        `json:"elapsed,omitempty"`',
      '\tRaw               *stdjson.RawMessage                   `json:"raw,omitempty"`',
      '\tPage              *template.HTML                        `json:"page,omitempty"`',
      '\tLayout            *template2.Template                   `json:"layout,omitempty"`',
      '\tSource            *rand2.Rand                           `json:"source,omitempty"`',
      '\tComplexField      *ClientRenamedByExtensionComplexField `json:"-"`',
      "\t// Deprecated: Don't use because reasons",
      '\tLegacy        *string `json:"legacy,omitempty"`',
      '\tNotDeprecated *string `json:"notDeprecated,omitempty"`',
      '\tKept          *string `json:"kept"`',
      "}",
    ].join("\n"),
  );
  // The schema's own name is gone: x-go-name replaces it.
  assert.ok(!code.includes("type ClientWithExtension "), code);
  // Foreign packages: by path, an explicit name where it differs from the package's own.
  assert.ok(
    code.includes(
      'import (\n\t"encoding/json"\n\tstdjson "encoding/json"\n\t"html/template"\n\trand2 "math/rand"\n' +
        '\ttemplate2 "text/template"\n\t"time"\n)\n',
    ),
    code.slice(0, 300),
  );
});

Deno.test("extensions: x-enum-varnames and x-enumNames name the constants after the type", async () => {
  const code = await typesOf();
  for (const type of ["ClientTypeWithNamesExtension", "ClientTypeWithVarNamesExtension"]) {
    assert.ok(
      code.includes(`const (\n\t${type}Active  ${type} = "ACT"\n\t${type}Expired ${type} = "EXP"\n)\n`),
      code,
    );
  }
  // Without the extension the generated names stay.
  assert.ok(code.includes('\tClientTypeAct ClientType = "ACT"\n\tClientTypeExp ClientType = "EXP"\n'), code);
});

Deno.test("extensions: x-go-type on a schema is an alias; x-deprecated-reason and x-order on a schema", async () => {
  const code = await typesOf();
  assert.ok(code.includes("type RawPayload = json.RawMessage\n"), code);
  assert.equal(
    declaration(code, "// OldThing is generated"),
    [
      "// OldThing is generated from the OpenAPI schema at components.schemas.OldThing.",
      "//",
      "// Deprecated: Use ClientRenamedByExtension.",
      "type OldThing struct {",
      '\tID    *float64 `json:"id,omitempty"`',
      '\tAName *string  `json:"a_name,omitempty"`',
      "}",
    ].join("\n"),
  );
});

Deno.test("extensions: x-go-name on an operation and a parameter, skip-optional-pointer and x-go-type on parameters", async () => {
  const result = await generate(fixture(FIXTURE), { client: true, noReadme: true });
  const client = result.files.find((f) => f.name === "client.go")!.content;
  assert.ok(
    client.includes(
      "type FetchClientRequest struct {\n" +
        '\t// ID is the path parameter "clientId" (required).\n\tID string\n' +
        '\t// Timeout is the query parameter "timeout".\n\tTimeout int64\n' +
        '\t// Wait is the query parameter "wait".\n\tWait *time.Duration\n',
    ),
    client,
  );
  assert.ok(
    client.includes("func (c *Client) FetchClient(ctx context.Context, req FetchClientRequest"),
    client,
  );
  assert.ok(!client.includes("GetClient"), client);
  assert.deepEqual(result.issues.filter((i) => i.rule === "generate-extension"), []);
});

const VARIANTS: [string, GenerateOptions][] = [
  ["ext", { ...EVERY_EXTENSION }],
  ["split", { ...EVERY_EXTENSION, maxTypesPerFile: 1, maxOpsPerFile: 1 }],
  ["plain", {}],
];

await testWith(
  ["go"],
  "extensions: the fixture builds, vets and is gofmt-clean, whole and split",
  async () => {
    const dir = await Deno.makeTempDir({ prefix: "oatool-gen-oapi-ext-" });
    try {
      const packages: Record<string, { name: string; content: string }[]> = {};
      for (const [name, options] of VARIANTS) {
        const result = await generate(fixture(FIXTURE), { ...options, packageName: name, noReadme: true });
        packages[name] = result.files;
      }
      // Split a type per file: a foreign package is imported by exactly the files that use it.
      for (const f of packages.split.filter((f) => f.name.endsWith(".go"))) {
        for (
          const [qualifier, spec] of [["stdjson.", 'stdjson "encoding/json"'], [
            "template2.",
            'template2 "text/template"',
          ]]
        ) {
          assert.equal(f.content.includes(spec), f.content.includes(qualifier), `${f.name}: ${spec}`);
        }
      }
      assert.ok(packages.split.some((f) => f.content.includes("rand2.Rand")));
      await writeModule(dir, packages);
      await checkBuild(dir);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
);

Deno.test("extensions: x-go-type is read as a Go type; qualifiers resolve through the import, renamed on collision", () => {
  const names = new NameRegistry(["decodeStrict", "uuid"]);
  const imports = new GoImports(names);
  const problems: string[] = [];
  const report = (at: (string | number)[], message: string) => problems.push(`${at.join("/")}: ${message}`);
  const read = (schema: Record<string, unknown>) => goTypeExt(schema, ["s"], report, imports);
  const t = read({
    "x-go-type": "map[string][]*uuid.UUID",
    "x-go-type-import": { path: "github.com/google/uuid" },
  })!;
  // "uuid" is a package-level name here: the import is renamed, and written with its name.
  assert.equal(goTypeText(t), "map[string][]*uuid2.UUID");
  assert.deepEqual([...goTypeImports(t)], ["uuid2 github.com/google/uuid"]);
  assert.ok(names.has("uuid2"));
  assert.equal(goTypeText(read({ "x-go-type": "Pair[int64, interface{}]" })!), "Pair[int64, interface{}]");
  const json = read({ "x-go-type": "json.RawMessage" })!;
  assert.deepEqual([...goTypeImports(json)], ["encoding/json"]);
  // The same path under the same name again: the same import name.
  assert.equal(
    goTypeText(read({ "x-go-type": "uuid.UUID", "x-go-type-import": { path: "github.com/google/uuid" } })!),
    "uuid2.UUID",
  );
  assert.equal(problems.length, 0, problems.join("\n"));
  for (const bad of ["[3]int", "struct{}", "func()", "*", "map[string]", "a.b", "int; x", "x.Y"]) {
    assert.equal(read({ "x-go-type": bad }), undefined, bad);
  }
  assert.equal(problems.length, 8);
  assert.ok(problems.every((p) => p.startsWith("s/x-go-type: x-go-type ")), problems.join("\n"));
});

Deno.test("extensions: every package the runtime imports is among the import names x-go-type-import cannot take", () => {
  for (const r of Object.values(runtimes)) {
    if (typeof r !== "object" || r === null || !("imports" in r)) continue;
    for (const path of r.imports) {
      const local = path === "github.com/go-chi/chi/v5" ? "chi" : path.slice(path.lastIndexOf("/") + 1);
      assert.equal(GENERATED_IMPORTS.get(local), path, path);
    }
  }
});

Deno.test("extensions: an x-go-name already taken gets a suffix and a warning at its pointer", async () => {
  const doc = {
    openapi: "3.0.3",
    info: { title: "t", version: "1" },
    paths: {},
    components: {
      schemas: {
        A: { type: "object", "x-go-name": "Client", properties: { a: { type: "string", "x-go-name": "B" } } },
        B: { type: "object", "x-go-name": "Thing", properties: { b: { type: "string", "x-go-name": "B" } } },
      },
    },
  };
  const result = await generate({ content: JSON.stringify(doc), name: "t.json" }, { noReadme: true });
  const code = result.files[0].content;
  // Client is the generated client's name: the schema takes Client2.
  assert.ok(code.includes("type Client2 struct {\n\tB *string"), code);
  assert.ok(code.includes("type Thing struct {\n\tB *string"), code);
  const warned = result.issues.filter((i) => i.rule === "generate-extension");
  assert.deepEqual(warned.map((i) => [i.severity, i.pointer]), [[
    "warning",
    "/components/schemas/A/x-go-name",
  ]]);
  assert.match(warned[0].message, /x-go-name "Client" is taken; Client2 is used\./);
});
