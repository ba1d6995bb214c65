import assert from "node:assert/strict";
import { getAt } from "../core/mod.ts";
import { fix } from "./fix.ts";
import type { FixOptions, FixResult } from "./types.ts";

type Doc = Record<string, unknown>;

const v3 = (extra: Doc, version = "3.1.0"): Doc => ({
  openapi: version,
  info: { title: "T", version: "1" },
  ...extra,
});
const v2 = (extra: Doc): Doc => ({ swagger: "2.0", info: { title: "T", version: "1" }, ...extra });
const ok = { "200": { description: "ok" } };

function run(doc: Doc, options: FixOptions = {}): Promise<FixResult> {
  return fix({ content: JSON.stringify(doc), name: "doc.json" }, options);
}

interface Case {
  name: string;
  doc: Doc;
  options?: FixOptions;
  /** `[type] path` of every fix, in order. */
  fixes: string[];
  /** Values expected in the fixed document, by path. */
  expect?: [(string | number)[], unknown][];
  /** Paths that must be gone. */
  gone?: (string | number)[][];
  /** Remaining error rules (default none). */
  remaining?: string[];
}

/** A schema reached from a callback that keeps another alive through its discriminator mapping. */
const fromCallback = {
  discriminator: { propertyName: "k", mapping: { a: "#/components/schemas/Mapped" } },
  required: ["k"],
  properties: { k: { type: "string" } },
};

/** How a readable path shows a key after its parent. */
const label = (key: string) => (key.includes(".") ? `['${key}']` : `.${key}`);

const CASES: Case[] = [
  // Missing path parameters.
  {
    name: "3.x: missing path parameter added to each operation, typed string",
    doc: v3({ paths: { "/a/{id}": { get: { responses: ok }, put: { responses: ok } } } }),
    fixes: [
      "[missing-path-parameter] paths./a/{id}.get.parameters[0]",
      "[missing-path-parameter] paths./a/{id}.put.parameters[0]",
    ],
    expect: [[["paths", "/a/{id}", "get", "parameters", 0], {
      name: "id",
      in: "path",
      required: true,
      schema: { type: "string" },
    }]],
  },
  {
    name: "2.0: missing path parameter with --infer (id → integer, uuid → string/uuid)",
    doc: v2({ paths: { "/a/{userId}/{fileGuid}/{name}": { get: { responses: ok } } } }),
    options: { infer: true },
    fixes: [
      "[missing-path-parameter] paths./a/{userId}/{fileGuid}/{name}.get.parameters[0]",
      "[missing-path-parameter] paths./a/{userId}/{fileGuid}/{name}.get.parameters[1]",
      "[missing-path-parameter] paths./a/{userId}/{fileGuid}/{name}.get.parameters[2]",
    ],
    expect: [
      [["paths", "/a/{userId}/{fileGuid}/{name}", "get", "parameters"], [
        { name: "userId", in: "path", required: true, type: "integer" },
        { name: "fileGuid", in: "path", required: true, type: "string", format: "uuid" },
        { name: "name", in: "path", required: true, type: "string" },
      ]],
    ],
  },
  {
    name: "3.x --infer: ID and Id endings are integers, uuid anywhere is a uuid string",
    doc: v3({ paths: { "/{orgID}/{xUuidKey}": { get: { responses: ok } } } }),
    options: { infer: true },
    fixes: [
      "[missing-path-parameter] paths./{orgID}/{xUuidKey}.get.parameters[0]",
      "[missing-path-parameter] paths./{orgID}/{xUuidKey}.get.parameters[1]",
    ],
    expect: [
      [["paths", "/{orgID}/{xUuidKey}", "get", "parameters", 0, "schema"], { type: "integer" }],
      [["paths", "/{orgID}/{xUuidKey}", "get", "parameters", 1, "schema"], {
        type: "string",
        format: "uuid",
      }],
    ],
  },
  {
    name: "path-level and $ref parameters count as declared; callbacks and webhooks are not templates",
    doc: v3({
      paths: {
        "/a/{id}/{b}": {
          parameters: [{ name: "id", in: "path", required: true, schema: {} }],
          get: {
            parameters: [{ $ref: "#/components/parameters/B" }],
            responses: ok,
            callbacks: {
              cb: { "{$request.body#/url}/{x}": { post: { responses: ok } } },
            },
          },
        },
      },
      webhooks: { "{hook}": { post: { responses: ok } } },
      components: { parameters: { B: { name: "b", in: "path", required: true, schema: {} } } },
    }),
    fixes: [],
  },
  {
    name: "3.2: additionalOperations get missing path parameters and keep their path item from pruning",
    doc: v3({
      paths: {
        "/a/{id}": { additionalOperations: { COPY: { responses: ok } } },
        "/b": { additionalOperations: {} },
      },
    }, "3.2.0"),
    options: { prunePaths: true },
    fixes: [
      "[missing-path-parameter] paths./a/{id}.additionalOperations.COPY.parameters[0]",
      "[prune-path] paths./b",
    ],
    expect: [[["paths", "/a/{id}", "additionalOperations", "COPY", "parameters", 0, "name"], "id"]],
  },
  // required: true on path parameters.
  {
    name: "3.x: required set inline, path-level, in callbacks, webhooks and components (a $ref once)",
    doc: v3({
      paths: {
        "/a/{p}/{q}": {
          parameters: [{ name: "p", in: "path", schema: {} }],
          get: {
            parameters: [{ $ref: "#/components/parameters/Q" }, { name: "q", in: "query", schema: {} }],
            responses: ok,
            callbacks: {
              cb: {
                "{$url}": { post: { parameters: [{ name: "c", in: "path", schema: {} }], responses: ok } },
              },
            },
          },
          put: { parameters: [{ $ref: "#/components/parameters/Q" }], responses: ok },
        },
      },
      webhooks: {
        w: { post: { parameters: [{ name: "w", in: "path", required: false, schema: {} }], responses: ok } },
      },
      components: { parameters: { Q: { name: "q", in: "path", schema: {} } } },
    }),
    fixes: [
      "[path-parameter-required] paths./a/{p}/{q}.parameters[0].required",
      "[path-parameter-required] paths./a/{p}/{q}.get.callbacks.cb.{$url}.post.parameters[0].required",
      "[path-parameter-required] webhooks.w.post.parameters[0].required",
      "[path-parameter-required] components.parameters.Q.required",
    ],
    expect: [
      [["components", "parameters", "Q", "required"], true],
      [["webhooks", "w", "post", "parameters", 0, "required"], true],
      [["paths", "/a/{p}/{q}", "get", "parameters", 1], { name: "q", in: "query", schema: {} }],
    ],
    remaining: [],
  },
  {
    name: "2.0: required set on root parameters and inline ones",
    doc: v2({
      paths: {
        "/a/{p}/{q}": {
          get: {
            parameters: [{ $ref: "#/parameters/P" }, { name: "q", in: "path", type: "string" }],
            responses: ok,
          },
        },
      },
      parameters: { P: { name: "p", in: "path", type: "string" } },
    }),
    fixes: [
      "[path-parameter-required] paths./a/{p}/{q}.get.parameters[1].required",
      "[path-parameter-required] parameters.P.required",
    ],
    expect: [[["parameters", "P", "required"], true]],
  },
  // Stubs.
  {
    name: "3.x stubs: one per target, each kind valid; deeper pointers and files are left",
    doc: v3({
      paths: {
        "/a": {
          get: {
            parameters: [{ $ref: "#/components/parameters/Limit" }],
            requestBody: { $ref: "#/components/requestBodies/Body" },
            responses: {
              "200": { $ref: "#/components/responses/Ok" },
              "201": {
                description: "x",
                headers: { H: { $ref: "#/components/headers/H" } },
                content: {
                  "a/b": {
                    schema: { $ref: "#/components/schemas/A" },
                    examples: { e: { $ref: "#/components/examples/E" } },
                  },
                },
              },
              "202": {
                description: "y",
                content: { "a/b": { schema: { $ref: "#/components/schemas/A" } } },
              },
            },
          },
        },
      },
    }),
    options: { stubMissingRefs: true, stubResponseDescription: "Stub" },
    fixes: [
      "[stub-missing-ref] components.parameters.Limit",
      "[stub-missing-ref] components.requestBodies.Body",
      "[stub-missing-ref] components.responses.Ok",
      "[stub-missing-ref] components.headers.H",
      "[stub-missing-ref] components.schemas.A",
      "[stub-missing-ref] components.examples.E",
    ],
    expect: [
      [["components", "responses", "Ok"], { description: "Stub" }],
      [["components", "parameters", "Limit"], { name: "Limit", in: "query", schema: {} }],
      [["components", "schemas", "A"], {}],
      [["components", "requestBodies", "Body"], { content: {} }],
    ],
  },
  {
    name: "2.0 stubs: definitions, responses with a generated description, parameters",
    doc: v2({
      paths: {
        "/a": {
          get: {
            parameters: [{ $ref: "#/parameters/P" }],
            responses: {
              "200": { description: "ok", schema: { $ref: "#/definitions/Pet" } },
              "404": { $ref: "#/responses/NotFound" },
            },
          },
        },
      },
      definitions: { Other: { properties: { x: { $ref: "#/definitions/Other/properties/y" } } } },
    }),
    options: { stubMissingRefs: true },
    fixes: [
      "[stub-missing-ref] parameters.P",
      "[stub-missing-ref] definitions.Pet",
      "[stub-missing-ref] responses.NotFound",
    ],
    expect: [
      [["parameters", "P"], { name: "P", in: "query", type: "string" }],
      [
        ["responses", "NotFound", "description"],
        'Stub for the missing response "NotFound" (added by oatool fix).',
      ],
    ],
    remaining: ["ref-resolves"],
  },
  // Duplicate operationIds.
  {
    name: "default template keeps the first and numbers the rest; webhooks and callbacks count",
    doc: v3({
      paths: {
        "/a": {
          get: {
            operationId: "x",
            responses: ok,
            callbacks: { cb: { "{$url}": { post: { operationId: "x", responses: ok } } } },
          },
        },
        "/b": { get: { operationId: "x", responses: ok } },
      },
      webhooks: { w: { post: { operationId: "x", responses: ok } } },
    }),
    options: { fixDuplicateOperationIds: true },
    fixes: [
      "[duplicate-operation-id] paths./a.get.callbacks.cb.{$url}.post.operationId",
      "[duplicate-operation-id] paths./b.get.operationId",
      "[duplicate-operation-id] webhooks.w.post.operationId",
    ],
    expect: [
      [["paths", "/a", "get", "operationId"], "x"],
      [["paths", "/a", "get", "callbacks", "cb", "{$url}", "post", "operationId"], "x2"],
      [["paths", "/b", "get", "operationId"], "x3"],
      [["webhooks", "w", "post", "operationId"], "x4"],
    ],
  },
  {
    name: "2.0 duplicate operationIds, and a later x2 is not taken twice",
    doc: v2({
      paths: {
        "/a": { get: { operationId: "x", responses: ok }, put: { operationId: "x", responses: ok } },
        "/b": { get: { operationId: "x2", responses: ok } },
      },
    }),
    options: { fixDuplicateOperationIds: true },
    fixes: ["[duplicate-operation-id] paths./a.put.operationId"],
    expect: [[["paths", "/a", "put", "operationId"], "x3"], [["paths", "/b", "get", "operationId"], "x2"]],
  },
  {
    name: "links naming a renamed operation of their own path item are rewritten",
    doc: v3({
      paths: {
        "/a": { get: { operationId: "read", responses: ok } },
        "/b": {
          get: { operationId: "read", responses: ok },
          post: {
            operationId: "make",
            responses: {
              "201": { description: "c", links: { r: { operationId: "read" }, m: { operationId: "make" } } },
            },
          },
        },
      },
      components: { links: { L: { operationId: "read" } } },
    }),
    options: { fixDuplicateOperationIds: true },
    fixes: [
      "[duplicate-operation-id] paths./b.get.operationId",
      "[link-operation-id] paths./b.post.responses.201.links.r.operationId",
    ],
    expect: [
      [["paths", "/b", "post", "responses", "201", "links", "r", "operationId"], "read2"],
      [["paths", "/b", "post", "responses", "201", "links", "m", "operationId"], "make"],
      [["components", "links", "L", "operationId"], "read"],
    ],
  },
  // Schema names.
  {
    name: "3.x schema names: brackets, slashes and accents; $refs and discriminator mappings rewritten",
    doc: v3({
      paths: {
        "/a": {
          get: {
            responses: {
              "200": {
                description: "ok",
                content: { "a/b": { schema: { $ref: "#/components/schemas/Response%5BUser%5D" } } },
              },
            },
          },
        },
      },
      components: {
        schemas: {
          "Response[User]": {
            oneOf: [{ $ref: "#/components/schemas/pkg~1Pet" }, { $ref: "#/components/schemas/Café" }],
            discriminator: {
              propertyName: "k",
              mapping: { p: "#/components/schemas/pkg~1Pet", c: "Café" },
            },
          },
          "pkg/Pet": { type: "object", required: ["k"], properties: { k: { type: "string" } } },
          "Café": { type: "object", required: ["k"], properties: { k: { type: "string" } } },
          "Response_User_": { type: "string" },
        },
      },
    }),
    options: { fixSchemaNames: true },
    fixes: [
      "[schema-name] components.schemas.Response_User__2",
      "[schema-name] components.schemas.pkg_Pet",
      "[schema-name] components.schemas.Cafe",
    ],
    expect: [
      [
        ["paths", "/a", "get", "responses", "200", "content", "a/b", "schema", "$ref"],
        "#/components/schemas/Response_User__2",
      ],
      [["components", "schemas", "Response_User__2", "oneOf"], [
        { $ref: "#/components/schemas/pkg_Pet" },
        { $ref: "#/components/schemas/Cafe" },
      ]],
      [["components", "schemas", "Response_User__2", "discriminator", "mapping"], {
        p: "#/components/schemas/pkg_Pet",
        c: "Cafe",
      }],
      [["components", "schemas", "Response_User_"], { type: "string" }],
    ],
  },
  ...([
    ["underscore", {}, "Map_String_Int_", "Page_List_User__"],
    ["of", {}, "MapOfStringOfInt", "PageOfListOfUser"],
    ["for", {}, "MapForStringForInt", "PageForListForUser"],
    ["flat", {}, "MapStringInt", "PageListUser"],
    ["dot", {}, "Map.String.Int", "Page.List.User"],
    [
      "underscore",
      { genericSeparator: "__", genericParamSeparator: "-" },
      "Map__String-Int__",
      "Page__List__User____",
    ],
    ["underscore", { preserveCasing: true }, "Map_string_int_", "Page_List_User__"],
    ["of", { preserveCasing: true }, "MapOfstringOfint", "PageOfListOfUser"],
  ] as const).map(([strategy, extra, map, page]): Case => ({
    name: `2.0 generic naming ${strategy} ${JSON.stringify(extra)}: ${map}, ${page}`,
    doc: v2({
      paths: {
        "/a": {
          get: {
            responses: {
              "200": { description: "ok", schema: { $ref: "#/definitions/Map[string,int]" } },
              "201": { description: "ok", schema: { $ref: "#/definitions/Page<List<User>>" } },
            },
          },
        },
      },
      definitions: { "Map[string,int]": { type: "object" }, "Page<List<User>>": { type: "object" } },
    }),
    options: { fixSchemaNames: true, genericNaming: strategy, ...extra },
    fixes: [`[schema-name] definitions${label(map)}`, `[schema-name] definitions${label(page)}`],
    expect: [
      [["paths", "/a", "get", "responses", "200", "schema", "$ref"], `#/definitions/${map}`],
      [["paths", "/a", "get", "responses", "201", "schema", "$ref"], `#/definitions/${page}`],
    ],
  })),
  {
    name: "stubs: an empty name is not stubbed; __proto__ is an ordinary name",
    doc: v3({
      paths: {},
      components: {
        schemas: {
          A: {
            properties: {
              e: { $ref: "#/components/schemas/" },
              p: { $ref: "#/components/schemas/__proto__" },
            },
          },
        },
      },
    }),
    options: { stubMissingRefs: true },
    fixes: ["[stub-missing-ref] components.schemas.__proto__"],
    expect: [[["components", "schemas", "__proto__"], {}]],
    remaining: ["ref-resolves"],
  },
  // Pruning.
  {
    name: "3.x prune: chains and cycles of unused schemas go; mappings, other components and callbacks keep",
    doc: v3({
      paths: {
        "/a": {
          get: {
            responses: ok,
            callbacks: {
              cb: {
                "{$url}": {
                  post: {
                    requestBody: {
                      content: { "a/b": { schema: { $ref: "#/components/schemas/FromCallback" } } },
                    },
                    responses: ok,
                  },
                },
              },
            },
          },
        },
        "/empty": {
          parameters: [
            { $ref: "#/components/parameters/P" },
            { name: "q", in: "query", schema: { $ref: "#/components/schemas/FromEmptyPath" } },
          ],
        },
      },
      components: {
        parameters: { P: { name: "p", in: "query", schema: { $ref: "#/components/schemas/FromParam" } } },
        responses: {
          Unused: {
            description: "x",
            content: { "a/b": { schema: { $ref: "#/components/schemas/FromResponse" } } },
          },
        },
        schemas: {
          FromCallback: fromCallback,
          Mapped: { type: "object" },
          FromParam: { type: "object" },
          FromEmptyPath: { type: "object" },
          FromResponse: { type: "object" },
          ChainA: { $ref: "#/components/schemas/ChainB" },
          ChainB: { properties: { c: { $ref: "#/components/schemas/ChainC" } } },
          ChainC: { type: "string" },
          CycleA: { properties: { b: { $ref: "#/components/schemas/CycleB" } } },
          CycleB: { properties: { a: { $ref: "#/components/schemas/CycleA" } } },
          Self: { properties: { s: { $ref: "#/components/schemas/Self" } } },
        },
      },
    }),
    options: { pruneSchemas: true, prunePaths: true },
    fixes: [
      "[prune-schema] components.schemas.FromEmptyPath",
      "[prune-schema] components.schemas.ChainA",
      "[prune-schema] components.schemas.ChainB",
      "[prune-schema] components.schemas.ChainC",
      "[prune-schema] components.schemas.CycleA",
      "[prune-schema] components.schemas.CycleB",
      "[prune-schema] components.schemas.Self",
      "[prune-path] paths./empty",
    ],
    expect: [[["components", "schemas"], {
      FromCallback: fromCallback,
      Mapped: { type: "object" },
      FromParam: { type: "object" },
      FromResponse: { type: "object" },
    }]],
  },
  {
    name: "2.0 prune: definitions used by root parameters stay; a $ref path item stays",
    doc: v2({
      paths: {
        "/a": { get: { parameters: [{ $ref: "#/parameters/P" }], responses: ok } },
        "/b": { $ref: "other.yaml#/paths/~1b" },
        "/c": {},
      },
      parameters: { P: { name: "p", in: "body", schema: { $ref: "#/definitions/Body" } } },
      definitions: { Body: { type: "object" }, Gone: { type: "object" } },
    }),
    options: { pruneSchemas: true, prunePaths: true, validate: false },
    fixes: ["[prune-schema] definitions.Gone", "[prune-path] paths./c"],
    gone: [["definitions", "Gone"], ["paths", "/c"]],
    expect: [[["paths", "/b"], { $ref: "other.yaml#/paths/~1b" }]],
  },
];

function lines(r: FixResult): string[] {
  return r.fixes.map((f) => `[${f.type}] ${f.path}`);
}

for (const c of CASES) {
  Deno.test(`fix: ${c.name}`, async () => {
    const r = await run(c.doc, c.options);
    assert.deepEqual(lines(r), c.fixes);
    for (const [path, value] of c.expect ?? []) {
      assert.deepEqual(getAt(r.document, path), value, path.join("."));
    }
    for (const path of c.gone ?? []) assert.equal(getAt(r.document, path), undefined, path.join("."));
    if (c.options?.validate !== false) {
      assert.deepEqual([...new Set(r.remainingErrors.map((e) => e.rule))], c.remaining ?? []);
    }
    // Every fix is a Finding: info, rule = type, message = description.
    for (const f of r.fixes) {
      assert.equal(f.severity, "info");
      assert.equal(f.rule, f.type);
      assert.equal(f.message, f.description);
    }
    // Idempotent: fixing the fixed document changes nothing.
    const again = await run(r.document as Doc, c.options);
    assert.deepEqual(lines(again), []);
    assert.deepEqual(again.document, r.document);
    // A dry run reports the same fixes and leaves the document as it was.
    const dry = await run(c.doc, { ...c.options, dryRun: true });
    assert.deepEqual(dry.fixes, r.fixes);
    assert.deepEqual(dry.document, c.doc);
  });
}
