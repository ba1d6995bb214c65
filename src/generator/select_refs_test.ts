/**
 * A slice of the API whose selected operations refer into the places of operations left out (a parameter, a
 * response, a schema under `paths`, as a bundle of a multi-file description writes them): the slice keeps what
 * they refer to, so every reference of the slice resolves, no reference goes unresolved in the code, and the
 * package builds (Go 1.19; skipped, saying so, without Go).
 */
import assert from "node:assert/strict";
import { generate, type GenerateOptions } from "./generate.ts";
import { getAtPointer } from "../core/pointer.ts";
import { checkBuild } from "./_ext_test_util.ts";
import { writeModule } from "./_go_toolchain_test_util.ts";
import { testWith } from "../../tests/_tools.ts";

const X_GET = "#/paths/~1x/get";
const X_SCHEMA = `${X_GET}/responses/200/content/application~1json/schema`;

/** `/y` (tag b) and `/x`'s post (tag b) use the parts of `/x`'s get (tag a), one of them a recursive schema. */
const DOC = JSON.stringify({
  openapi: "3.0.3",
  info: { title: "Into paths", version: "1" },
  paths: {
    "/x": {
      get: {
        operationId: "getX",
        tags: ["a"],
        parameters: [{ name: "limit", in: "query", schema: { type: "integer", maximum: 100 } }],
        responses: {
          "200": {
            description: "A node.",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["thing"],
                  properties: {
                    thing: { $ref: "#/components/schemas/Thing" },
                    next: { $ref: X_SCHEMA },
                  },
                },
              },
            },
          },
        },
      },
      post: {
        operationId: "postX",
        tags: ["b"],
        requestBody: { content: { "application/json": { schema: { $ref: X_SCHEMA } } } },
        responses: { "204": { description: "Done." } },
      },
    },
    "/y": {
      get: {
        operationId: "getY",
        tags: ["b"],
        parameters: [{ $ref: `${X_GET}/parameters/0` }],
        responses: {
          "200": { $ref: `${X_GET}/responses/200` },
          "201": {
            description: "The thing alone.",
            content: { "application/json": { schema: { $ref: `${X_SCHEMA}/properties/thing` } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Thing: { type: "object", properties: { name: { type: "string" } } },
      Unused: { type: "string" },
    },
  },
});

const OPTIONS: GenerateOptions = {
  client: true,
  server: true,
  serverAll: true,
  serverEmbedSpec: true,
  clientValidateResponses: true,
  noReadme: true,
  includeTags: ["b"],
};

/** The `$ref`s of a document (outside examples and defaults) that do not resolve in it. */
function dangling(doc: unknown): string[] {
  const out: string[] = [];
  const stack: unknown[] = [doc];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== "object" || node === null) continue;
    const o = node as Record<string, unknown>;
    if (typeof o.$ref === "string" && getAtPointer(doc, o.$ref) === undefined) out.push(o.$ref);
    for (const [k, v] of Object.entries(o)) if (k !== "example" && k !== "default") stack.push(v);
  }
  return out;
}

Deno.test("generate selection: what the selected operations refer to under paths is kept, every reference resolves", async () => {
  const r = await generate({ content: DOC }, OPTIONS);
  assert.equal(r.operations, 2);
  const embedded = JSON.parse(r.files.find((f) => f.name === "server_embed_spec.json")!.content);
  assert.deepEqual(dangling(embedded), []);
  // getX is still left out: no client method, no path item of its own.
  assert.deepEqual(Object.keys(embedded.paths["/x"]), ["post"]);
  assert.deepEqual(Object.keys(embedded.components.schemas), ["Thing"]);
  const code = r.files.map((f) => f.content).join("\n");
  assert.doesNotMatch(code, /GetX\(/);
  assert.match(code, /GetY\(/);
  assert.match(code, /Limit \*int/);
  const refIssues = r.issues.filter((i) => i.rule === "generate-ref" || /cannot be resolved/.test(i.message));
  assert.deepEqual(refIssues.map((i) => i.message), []);
});

await testWith(
  ["go"],
  "generate selection: a slice referring into left-out operations builds (Go 1.19)",
  async () => {
    const r = await generate({ content: DOC }, { ...OPTIONS, packageName: "intopaths" });
    const dir = await Deno.makeTempDir({ prefix: "oatool-gen-select-refs-" });
    try {
      await writeModule(dir, { intopaths: r.files.filter((f) => !f.name.endsWith(".md")) });
      await checkBuild(dir);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
);
