import assert from "node:assert/strict";
import type { OASVersion } from "../core/mod.ts";
import {
  DEFAULT_RENAME_TEMPLATE,
  type NameRequest,
  type PrimaryOperationPolicy,
  type RenameContext,
  sanitizeSource,
  SchemaNamer,
  TemplateError,
  validateRenameTemplate,
} from "./naming.ts";
import { OperationGraph, precedes } from "./_operation_context.ts";

const FIXTURES = new URL("../../testdata/joiner_naming/", import.meta.url);

function load(name: string): Record<string, unknown> {
  return JSON.parse(Deno.readTextFileSync(new URL(name, FIXTURES)));
}

const DOC31 = load("ops-3.1.json");
const DOC20 = load("ops-2.0.json");

function request(name: string, overrides: Partial<NameRequest> = {}): NameRequest {
  return {
    name,
    source: "specs/orders-api.v2.yaml",
    index: 1,
    document: DOC31,
    oasVersion: "3.1",
    isRight: true,
    taken: (candidate) => candidate === name,
    ...overrides,
  };
}

const CORE_ONLY: Omit<RenameContext, "Name" | "Source" | "Index"> = {
  Path: "",
  Method: "",
  OperationID: "",
  Tags: [],
  UsageType: "",
  StatusCode: "",
  ParamName: "",
  MediaType: "",
  PrimaryResource: "",
  AllPaths: [],
  AllMethods: [],
  AllOperationIDs: [],
  AllTags: [],
  RefCount: 0,
  IsShared: false,
};

type Primary = Pick<
  RenameContext,
  | "Path"
  | "Method"
  | "OperationID"
  | "Tags"
  | "UsageType"
  | "StatusCode"
  | "ParamName"
  | "MediaType"
  | "PrimaryResource"
>;

function primaryOf(ctx: RenameContext): Primary {
  const { Path, Method, OperationID, Tags, UsageType, StatusCode, ParamName, MediaType, PrimaryResource } =
    ctx;
  return { Path, Method, OperationID, Tags, UsageType, StatusCode, ParamName, MediaType, PrimaryResource };
}

function primary(
  Path: string,
  Method: string,
  OperationID: string,
  Tags: string[],
  UsageType: string,
  StatusCode = "",
  ParamName = "",
  MediaType = "",
  PrimaryResource = "",
): Primary {
  return { Path, Method, OperationID, Tags, UsageType, StatusCode, ParamName, MediaType, PrimaryResource };
}

Deno.test("operation context of OAS 3.1 schemas (policy first)", async (t) => {
  const namer = new SchemaNamer({ operationContext: true });
  const json = "application/json";
  const cases: [string, Primary][] = [
    ["Address", primary("/users/{id}", "get", "getUser", ["users"], "response", "200", "", json, "users")],
    ["Tag", primary("/users/{id}", "get", "getUser", ["users"], "response", "200", "", json, "users")],
    ["User", primary("/users/{id}", "get", "getUser", ["users"], "response", "200", "", json, "users")],
    [
      "NewUser",
      primary("/users", "post", "createUser", ["users", "admin"], "request", "", "", json, "users"),
    ],
    ["UserIdType", primary("/users/{id}", "get", "getUser", ["users"], "parameter", "", "id", "", "users")],
    [
      "RateLimit",
      primary("/users/{id}", "get", "getUser", ["users"], "header", "200", "X-Rate", "", "users"),
    ],
    [
      "Error",
      primary(
        "/users/{id}",
        "get",
        "getUser",
        ["users"],
        "response",
        "404",
        "",
        "application/problem+json",
        "users",
      ),
    ],
    ["Problem", primary("/health", "get", "", [], "response", "default", "", "text/plain", "health")],
    ["OrderFilter", primary("/orders", "get", "", ["orders"], "parameter", "", "filter", json, "orders")],
    [
      "ShipmentEvent",
      primary(
        "/orders->onShipped:{$request.query.callbackUrl}",
        "post",
        "",
        ["orders"],
        "callback",
        "",
        "",
        json,
        "orders",
      ),
    ],
    [
      "CancelEvent",
      primary(
        "/orders->onCancelled:{$request.query.cancelUrl}",
        "put",
        "orderCancelled",
        ["orders"],
        "callback",
        "",
        "",
        json,
        "orders",
      ),
    ],
    ["Node", primary("/tree", "get", "getTree", ["trees"], "response", "200", "", json, "tree")],
    ["Order", primary("webhook:newOrder", "post", "orderCreated", [], "request", "", "", json, "newOrder")],
  ];
  for (
    const name of [
      "OrderItem",
      "Meta",
      "Dependent",
      "Extra",
      "Negated",
      "Tuple",
      "Condition",
      "Variant",
      "Choice",
    ]
  ) {
    cases.push([
      name,
      primary("webhook:newOrder", "post", "orderCreated", [], "request", "", "", json, "newOrder"),
    ]);
  }
  for (const [name, want] of cases) {
    await t.step(name, () => {
      const ctx = namer.context(request(name));
      assert.equal(ctx.Name, name);
      assert.equal(ctx.Source, "orders_api_v2");
      assert.equal(ctx.Index, 1);
      assert.deepEqual(primaryOf(ctx), want);
    });
  }
});

Deno.test("aggregate fields collect every operation using a schema", async (t) => {
  const namer = new SchemaNamer({ operationContext: true });
  const cases: [
    string,
    Pick<RenameContext, "AllPaths" | "AllMethods" | "AllOperationIDs" | "AllTags" | "RefCount" | "IsShared">,
  ][] = [
    ["Address", {
      AllPaths: ["/users/{id}", "/users"],
      AllMethods: ["get", "post"],
      AllOperationIDs: ["getUser", "createUser"],
      AllTags: ["admin", "users"],
      RefCount: 3,
      IsShared: true,
    }],
    ["Problem", {
      AllPaths: ["/health", "/orders"],
      AllMethods: ["get"],
      AllOperationIDs: [],
      AllTags: ["orders"],
      RefCount: 2,
      IsShared: true,
    }],
    ["RateLimit", {
      AllPaths: ["/users/{id}"],
      AllMethods: ["get"],
      AllOperationIDs: ["getUser"],
      AllTags: ["users"],
      RefCount: 1,
      IsShared: false,
    }],
    ["Node", {
      AllPaths: ["/tree"],
      AllMethods: ["get"],
      AllOperationIDs: ["getTree"],
      AllTags: ["trees"],
      RefCount: 1,
      IsShared: false,
    }],
  ];
  for (const [name, want] of cases) {
    await t.step(name, () => {
      const { AllPaths, AllMethods, AllOperationIDs, AllTags, RefCount, IsShared } = namer.context(
        request(name),
      );
      assert.deepEqual({ AllPaths, AllMethods, AllOperationIDs, AllTags, RefCount, IsShared }, want);
    });
  }
});

Deno.test("primary operation policies choose among the uses of a schema", async (t) => {
  const cases: [string, PrimaryOperationPolicy, string, string, string][] = [
    // schema, policy, Path, Method, UsageType
    ["Address", "first", "/users/{id}", "get", "response"],
    ["Address", "most-specific", "/users/{id}", "get", "response"],
    ["Address", "alphabetical", "/users", "post", "request"],
    ["Error", "first", "/users/{id}", "get", "response"],
    ["Error", "alphabetical", "/users", "post", "response"],
    // Problem: /health (no operationId, no tags) comes first; /orders has tags only.
    ["Problem", "first", "/health", "get", "response"],
    ["Problem", "most-specific", "/orders", "get", "response"],
    ["Problem", "alphabetical", "/health", "get", "response"],
  ];
  for (const [name, policy, path, method, usage] of cases) {
    await t.step(`${name} ${policy}`, () => {
      const ctx = new SchemaNamer({ operationContext: true, primaryOperationPolicy: policy }).context(
        request(name),
      );
      assert.deepEqual([ctx.Path, ctx.Method, ctx.UsageType], [path, method, usage]);
    });
  }
  await t.step("most-specific prefers an operationId over document order", () => {
    const doc = {
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      paths: {
        "/a": {
          get: {
            tags: ["x"],
            responses: {
              "200": {
                description: "",
                content: { "application/json": { schema: { $ref: "#/components/schemas/S" } } },
              },
            },
          },
        },
        "/b": {
          get: {
            operationId: "getB",
            responses: {
              "200": {
                description: "",
                content: { "application/json": { schema: { $ref: "#/components/schemas/S" } } },
              },
            },
          },
        },
      },
      components: { schemas: { S: { type: "string" } } },
    };
    const req = request("S", { document: doc, oasVersion: "3.0" });
    assert.equal(
      new SchemaNamer({ operationContext: true, primaryOperationPolicy: "first" }).context(req).Path,
      "/a",
    );
    assert.equal(
      new SchemaNamer({ operationContext: true, primaryOperationPolicy: "most-specific" }).context(req).Path,
      "/b",
    );
  });
  await t.step("an unknown policy is a usage error", () => {
    assert.throws(
      () => new SchemaNamer({ primaryOperationPolicy: "newest" as PrimaryOperationPolicy }),
      (e: unknown) =>
        e instanceof Error && (e as { code?: string }).code === "USAGE_ERROR" && /"newest"/.test(e.message),
    );
  });
});

Deno.test("only used schemas of right-hand documents get operation fields", async (t) => {
  const cases: [string, string, Partial<NameRequest>, boolean][] = [
    ["right-hand document", "Address", {}, true],
    ["left-hand document", "Address", { isRight: false }, false],
    ["orphan", "Orphan", {}, false],
    ["used only by an orphan through allOf", "OnlyComposed", {}, false],
    ["self-contained $defs holder", "WithDefs", {}, false],
    ["name nested under $defs is no schema of the section", "Inner", {}, false],
    ["unknown name", "Nope", {}, false],
  ];
  const namer = new SchemaNamer({ operationContext: true });
  for (const [label, name, overrides, hasOps] of cases) {
    await t.step(label, () => {
      const ctx = namer.context(request(name, overrides));
      assert.equal(ctx.Name, name);
      assert.equal(ctx.Source, "orders_api_v2");
      if (hasOps) assert.notEqual(ctx.Path, "");
      else {assert.deepEqual({ ...ctx, Name: undefined, Source: undefined, Index: undefined }, {
          ...CORE_ONLY,
          Name: undefined,
          Source: undefined,
          Index: undefined,
        });}
    });
  }
  await t.step("operation context off gives core fields only", () => {
    const ctx = new SchemaNamer().context(request("Address"));
    assert.deepEqual(ctx, { Name: "Address", Source: "orders_api_v2", Index: 1, ...CORE_ONLY });
  });
});

Deno.test("operation context of OAS 2.0 schemas", async (t) => {
  const req = (name: string): NameRequest =>
    request(name, { document: DOC20, oasVersion: "2.0" as OASVersion });
  const cases: [string, PrimaryOperationPolicy, Primary][] = [
    ["Pet", "first", primary("/pets", "post", "addPet", ["pets"], "request", "", "pet", "", "pets")],
    ["Category", "first", primary("/pets", "post", "addPet", ["pets"], "request", "", "pet", "", "pets")],
    ["Trace", "first", primary("/pets", "post", "addPet", ["pets"], "request", "", "trace", "", "pets")],
    ["Error", "first", primary("/pets/{id}", "get", "getPet", [], "response", "404", "", "", "pets")],
    ["Pet", "alphabetical", primary("/pets", "post", "addPet", ["pets"], "request", "", "pet", "", "pets")],
  ];
  for (const [name, policy, want] of cases) {
    await t.step(`${name} ${policy}`, () => {
      const ctx = new SchemaNamer({ operationContext: true, primaryOperationPolicy: policy }).context(
        req(name),
      );
      assert.deepEqual(primaryOf(ctx), want);
    });
  }
  await t.step("aggregates of Pet", () => {
    const ctx = new SchemaNamer({ operationContext: true }).context(req("Pet"));
    assert.deepEqual(ctx.AllPaths, ["/pets", "/pets/{id}"]);
    assert.deepEqual(ctx.AllOperationIDs, ["addPet", "getPet"]);
    assert.deepEqual(ctx.AllTags, ["pets"]);
    assert.equal(ctx.RefCount, 3);
    assert.equal(ctx.IsShared, true);
  });
  await t.step("orphan", () => {
    assert.equal(new SchemaNamer({ operationContext: true }).context(req("Unused")).Path, "");
  });
});

Deno.test("the reference graph is built once per document and terminates on cycles", () => {
  const a = OperationGraph.of(DOC31, "3.1");
  assert.equal(OperationGraph.of(DOC31, "3.1"), a);
  assert.notEqual(OperationGraph.of(structuredClone(DOC31), "3.1"), a);
  const cyclic = {
    openapi: "3.1.0",
    paths: {
      "/x": {
        get: {
          responses: {
            "200": { description: "", content: { "a/b": { schema: { $ref: "#/components/schemas/A" } } } },
          },
        },
      },
    },
    components: {
      schemas: {
        A: { properties: { b: { $ref: "#/components/schemas/B" } } },
        B: { properties: { a: { $ref: "#/components/schemas/A" } } },
      },
    },
  };
  const g = OperationGraph.of(cyclic, "3.1");
  assert.equal(g.lineage("B").length, 1);
  assert.equal(g.lineage("A").length, 1);
  assert.equal(g.lineage("B")[0].path, "/x");
});

Deno.test("path-level parameters apply to each operation unless overridden", () => {
  const doc = {
    openapi: "3.0.3",
    paths: {
      "/p": {
        parameters: [{ name: "q", in: "query", schema: { $ref: "#/components/schemas/Shared" } }],
        get: { operationId: "g", responses: {} },
        put: {
          operationId: "p",
          parameters: [{ name: "q", in: "query", schema: { $ref: "#/components/schemas/Own" } }],
          responses: {},
        },
      },
    },
    components: { schemas: { Shared: { type: "string" }, Own: { type: "string" } } },
  };
  const g = OperationGraph.of(doc, "3.0");
  assert.deepEqual(g.lineage("Shared").map((u) => u.operationId), ["g"]);
  assert.deepEqual(g.lineage("Own").map((u) => u.operationId), ["p"]);
});

Deno.test("every template field is available to the template", async (t) => {
  const namer = (template: string): SchemaNamer =>
    new SchemaNamer({ renameTemplate: template, operationContext: true });
  const cases: [string, string, string][] = [
    ["Name", "AddressX", "{{.Name}}X"],
    ["Source", "orders_api_v2", "{{.Source}}"],
    ["Index", "1", "{{.Index}}"],
    ["Path", "users_id", "{{.Path}}"],
    ["Method", "get", "{{.Method}}"],
    ["OperationID", "getUser", "{{.OperationID}}"],
    ["Tags", "users", "{{range .Tags}}{{.}}{{end}}"],
    ["UsageType", "response", "{{.UsageType}}"],
    ["StatusCode", "200", "{{.StatusCode}}"],
    ["ParamName", "X-Rate", "{{.ParamName}}"],
    ["MediaType", "application_json", "{{.MediaType}}"],
    ["PrimaryResource", "users", "{{.PrimaryResource}}"],
    ["AllPaths", "users_id_._users", '{{joinTags .AllPaths "."}}'],
    ["AllMethods", "get-post", '{{joinTags .AllMethods "-"}}'],
    ["AllOperationIDs", "getUser.createUser", '{{joinTags .AllOperationIDs "."}}'],
    ["AllTags", "admin.users", '{{joinTags .AllTags "."}}'],
    ["RefCount", "3", "{{.RefCount}}"],
    ["IsShared", "shared", "{{if .IsShared}}shared{{end}}"],
  ];
  for (const [field, want, template] of cases) {
    await t.step(field, () => {
      const name = field === "ParamName" ? "RateLimit" : "Address";
      const result = namer(template).newName(request(name, { taken: () => false }));
      assert.equal(result.name, want);
    });
  }
  await t.step("spec examples", () => {
    assert.equal(
      namer("{{.OperationID | pascalCase}}{{.Name}}").newName(request("Address")).name,
      "GetUserAddress",
    );
    assert.equal(
      namer("{{pathResource .Path | pascalCase}}{{.Name}}").newName(request("Address")).name,
      "UsersAddress",
    );
    assert.equal(
      namer('{{.OperationID | default "anon" | pascalCase}}_{{.Name}}').newName(request("Problem")).name,
      "Anon_Problem",
    );
  });
});

Deno.test("rename templates are rejected before any join with a positioned error", async (t) => {
  const cases: [string, RegExp, number][] = [
    ["{{.Name}}_{{.Sorce}}", /can't evaluate field Sorce in type RenameContext/, 13],
    ["{{.Name | shout}}", /function "shout" not defined/, 11],
    ["{{.Name", /unclosed action/, 1],
    ["{{if .IsShared}}x", /has no \{\{end\}\}/, 3],
    ["{{pathSegment .Path}}", /wrong number of args for pathSegment/, 3],
  ];
  for (const [template, pattern, column] of cases) {
    await t.step(template, () => {
      for (
        const check of [
          () => new SchemaNamer({ renameTemplate: template }),
          () => validateRenameTemplate(template),
        ]
      ) {
        assert.throws(check, (e: unknown) => {
          assert.ok(e instanceof TemplateError);
          assert.equal(e.code, "TEMPLATE_ERROR");
          assert.match(e.message, pattern);
          assert.ok(
            e.message.startsWith(
              `Invalid rename template ${JSON.stringify(template)} at line 1, column ${column}:`,
            ),
            e.message,
          );
          return true;
        });
      }
    });
  }
  await t.step("a failure while running names the schema", () => {
    const namer = new SchemaNamer({ renameTemplate: "{{index .Tags 0}}" });
    assert.throws(() => namer.newName(request("Address")), (e: unknown) => {
      assert.ok(e instanceof TemplateError);
      assert.match(
        e.message,
        /index out of range: 0 while renaming schema 'Address' from 'specs\/orders-api\.v2\.yaml'/,
      );
      assert.equal(e.column, 15);
      return true;
    });
  });
});

function docWithPath(path: string): Record<string, unknown> {
  const schema = { $ref: "#/components/schemas/Address" };
  return {
    openapi: "3.1.0",
    paths: { [path]: { get: { parameters: [{ name: "x", in: "query", schema }], responses: {} } } },
    components: { schemas: { Address: { type: "string" } } },
  };
}

Deno.test("fallback names are deterministic and come with a warning", async (t) => {
  const cases: [string, string, Partial<NameRequest>, string, RegExp | undefined][] = [
    ["default template", DEFAULT_RENAME_TEMPLATE, {}, "Address_orders_api_v2", undefined],
    [
      "empty result",
      "{{.OperationID}}",
      { isRight: false },
      "Address_orders_api_v2",
      /gave an empty name; used 'Address_orders_api_v2'/,
    ],
    [
      "empty result without a source",
      "{{.OperationID}}",
      { source: "", isRight: false },
      "Address_1",
      /used 'Address_1'/,
    ],
    [
      "invalid characters are replaced",
      "{{.Name}} {{.Path}}",
      {},
      "Address_users_id",
      /gave 'Address \/users\/\{id\}', which is not a valid component name; used 'Address_users_id'/,
    ],
    [
      "parameter braces are dropped",
      "{{.Path}}",
      { document: docWithPath("/{x}") },
      "x",
      /gave '\/\{x\}', which is not a valid component name; used 'x'/,
    ],
    [
      "nothing valid left",
      "{{.Path}}",
      { document: docWithPath("/") },
      "Address_orders_api_v2",
      /gave '\/', which is not a valid component name; used 'Address_orders_api_v2'/,
    ],
    [
      "non-ASCII is invalid",
      "{{.Name}}é",
      {},
      "Address_2",
      /not a valid component name; used 'Address'; 'Address' is already taken; used 'Address_2'/,
    ],
    [
      "taken name gets a suffix",
      "{{.Name}}_v",
      { taken: (n) => n === "Address" || n === "Address_v" || n === "Address_v_2" },
      "Address_v_3",
      /'Address_v' is already taken; used 'Address_v_3'/,
    ],
    [
      "the original name is never reused",
      "{{.Name}}",
      { taken: () => false },
      "Address_2",
      /'Address' is already taken; used 'Address_2'/,
    ],
  ];
  for (const [label, template, overrides, want, warning] of cases) {
    await t.step(label, () => {
      const namer = new SchemaNamer({ renameTemplate: template, operationContext: true });
      const first = namer.newName(request("Address", overrides));
      const second = namer.newName(request("Address", overrides));
      assert.equal(first.name, want);
      assert.deepEqual(second, first);
      assert.match(first.name, /^[a-zA-Z0-9._-]+$/);
      if (warning) {
        assert.match(first.warning ?? "", warning);
        const source = overrides.source ?? "specs/orders-api.v2.yaml";
        assert.ok(first.warning?.startsWith(`schema 'Address' from '${source}': `), first.warning);
      } else {
        assert.equal(first.warning, undefined);
      }
    });
  }
});

Deno.test("sanitizeSource gives an identifier-safe file name without extension", async (t) => {
  const cases: [string, string][] = [
    ["petstore.yaml", "petstore"],
    ["specs/pet-store.v2.yaml", "pet_store_v2"],
    ["C:\\specs\\billing api.json", "billing_api"],
    ["https://example.com/apis/orders.json?version=2#top", "orders"],
    ["https://example.com/apis/", "apis"],
    ["<stdin>", "stdin"],
    ["document 2", "document_2"],
    [".hidden", "hidden"],
    ["noext", "noext"],
    ["", ""],
  ];
  for (const [input, want] of cases) {
    await t.step(JSON.stringify(input), () => assert.equal(sanitizeSource(input), want));
  }
});

Deno.test("the linear primary choice equals the preferred use of the full lineage", async (t) => {
  const policies: PrimaryOperationPolicy[] = ["first", "most-specific", "alphabetical"];
  const docs: [string, Record<string, unknown>, OASVersion][] = [["3.1", DOC31, "3.1"], [
    "2.0",
    DOC20,
    "2.0",
  ]];
  for (const [label, doc, version] of docs) {
    await t.step(label, () => {
      const graph = OperationGraph.of(doc, version);
      const section = version === "2.0"
        ? doc.definitions as Record<string, unknown>
        : (doc.components as { schemas: Record<string, unknown> }).schemas;
      let checked = 0;
      for (const name of Object.keys(section)) {
        for (const policy of policies) {
          const uses = graph.lineage(name);
          let want = uses[0];
          for (const u of uses) if (precedes(u, want, policy)) want = u;
          assert.equal(graph.primary(name, policy), want, `${name} ${policy}`);
          if (want) checked++;
        }
      }
      assert.ok(checked > 10);
    });
  }
});

Deno.test("aggregate fields are computed only when read", () => {
  const ctx = new SchemaNamer({ operationContext: true }).context(request("Address"));
  const before = Object.getOwnPropertyDescriptor(ctx, "AllPaths");
  assert.equal(typeof before?.get, "function");
  assert.equal(before?.enumerable, true);
  assert.deepEqual(ctx.AllPaths, ["/users/{id}", "/users"]);
  const after = Object.getOwnPropertyDescriptor(ctx, "AllPaths");
  assert.equal(after?.get, undefined);
  assert.deepEqual(after?.value, ["/users/{id}", "/users"]);
  assert.deepEqual(Object.keys(ctx), ["Name", "Source", "Index", ...Object.keys(CORE_ONLY)]);
  assert.equal(JSON.parse(JSON.stringify(ctx)).RefCount, 3);
});

Deno.test("OAS 3.2 additional operations, media type components and item schemas", () => {
  const doc = {
    openapi: "3.2.0",
    info: { title: "t", version: "1" },
    paths: {
      "/files/{name}": {
        additionalOperations: {
          COPY: {
            operationId: "copyFile",
            requestBody: { content: { "application/json": { $ref: "#/components/mediaTypes/CopyRequest" } } },
            responses: {
              "200": {
                description: "",
                content: { "application/jsonl": { itemSchema: { $ref: "#/components/schemas/Line" } } },
              },
            },
          },
        },
      },
    },
    components: {
      mediaTypes: { CopyRequest: { schema: { $ref: "#/components/schemas/CopySpec" } } },
      schemas: { CopySpec: { type: "object" }, Line: { type: "string" } },
    },
  };
  const namer = new SchemaNamer({ operationContext: true });
  const spec = namer.context(request("CopySpec", { document: doc, oasVersion: "3.2" }));
  assert.deepEqual(
    primaryOf(spec),
    primary("/files/{name}", "copy", "copyFile", [], "request", "", "", "application/json", "files"),
  );
  const line = namer.context(request("Line", { document: doc, oasVersion: "3.2" }));
  assert.deepEqual([line.UsageType, line.StatusCode, line.MediaType], [
    "response",
    "200",
    "application/jsonl",
  ]);
});
