import assert from "node:assert/strict";
import {
  classify,
  componentSections,
  HTTP_METHODS,
  kindTable,
  type OasKind,
  type Visitors,
  walkDocument,
  Walker,
} from "./mod.ts";
import {
  LIST_SCHEMA_KEYWORDS,
  MAP_SCHEMA_KEYWORDS,
  SINGLE_SCHEMA_KEYWORDS,
} from "../core/schema_keywords.ts";

/** Every visit as `kind path` (or `$ref kind path -> ref`), in order. */
function trace(doc: unknown, version: "2.0" | "3.0" | "3.1" | "3.2", options = {}): string[] {
  const out: string[] = [];
  walkDocument(doc, version, {
    enter(node, at) {
      if (typeof node.$ref === "string") out.push(`$ref ${at.kind} ${at.readablePath} -> ${node.$ref}`);
      else out.push(`${at.kind} ${at.readablePath}`);
    },
  }, options);
  return out;
}

Deno.test("walker: kinds of a 3.1 document, in document order, with readable paths", () => {
  const doc = {
    openapi: "3.1.0",
    info: { title: "t", version: "1", contact: { name: "c" }, license: { name: "l" } },
    servers: [{ url: "/{v}", variables: { v: { default: "1" } } }],
    paths: {
      "/pets/{id}": {
        parameters: [{ name: "id", in: "path", schema: { type: "string" } }],
        get: {
          requestBody: {
            content: { "application/json": { schema: { type: "object" }, examples: { e: { value: 1 } } } },
          },
          responses: {
            "200": {
              description: "ok",
              headers: { "X-Rate": { schema: { type: "integer" } } },
              links: { self: { operationId: "get", server: { url: "/" } } },
            },
          },
          callbacks: { cb: { "{$url}": { post: { responses: { default: { description: "d" } } } } } },
          security: [{ key: [] }],
        },
      },
    },
    webhooks: { hook: { post: { responses: {} } } },
    components: {
      securitySchemes: { key: { type: "oauth2", flows: { implicit: { scopes: {} } } } },
    },
    tags: [{ name: "t", externalDocs: { url: "/" } }],
  };
  assert.deepEqual(trace(doc, "3.1"), [
    "root ",
    "info info",
    "contact info.contact",
    "license info.license",
    "server servers[0]",
    "serverVariable servers[0].variables.v",
    "paths paths",
    "pathItem paths./pets/{id}",
    "parameter paths./pets/{id}.parameters[0]",
    "schema paths./pets/{id}.parameters[0].schema",
    "operation paths./pets/{id}.get",
    "requestBody paths./pets/{id}.get.requestBody",
    "mediaType paths./pets/{id}.get.requestBody.content.application/json",
    "schema paths./pets/{id}.get.requestBody.content.application/json.schema",
    "example paths./pets/{id}.get.requestBody.content.application/json.examples.e",
    "responses paths./pets/{id}.get.responses",
    "response paths./pets/{id}.get.responses.200",
    "header paths./pets/{id}.get.responses.200.headers.X-Rate",
    "schema paths./pets/{id}.get.responses.200.headers.X-Rate.schema",
    "link paths./pets/{id}.get.responses.200.links.self",
    "server paths./pets/{id}.get.responses.200.links.self.server",
    "callback paths./pets/{id}.get.callbacks.cb",
    "pathItem paths./pets/{id}.get.callbacks.cb.{$url}",
    "operation paths./pets/{id}.get.callbacks.cb.{$url}.post",
    "responses paths./pets/{id}.get.callbacks.cb.{$url}.post.responses",
    "response paths./pets/{id}.get.callbacks.cb.{$url}.post.responses.default",
    "securityRequirement paths./pets/{id}.get.security[0]",
    "pathItem webhooks.hook",
    "operation webhooks.hook.post",
    "responses webhooks.hook.post.responses",
    "components components",
    "securityScheme components.securitySchemes.key",
    "oauthFlows components.securitySchemes.key.flows",
    "oauthFlow components.securitySchemes.key.flows.implicit",
    "tag tags[0]",
    "externalDocs tags[0].externalDocs",
  ]);
});

Deno.test("walker: 2.0 kinds (definitions, parameters, items, security definitions)", () => {
  const doc = {
    swagger: "2.0",
    paths: {
      "/a": {
        get: {
          parameters: [{ in: "query", name: "q", type: "array", items: { type: "string" } }],
          responses: {
            "200": { schema: { $ref: "#/definitions/A" }, examples: { "application/json": { $ref: "#/x" } } },
          },
        },
      },
    },
    definitions: { A: { type: "object", properties: { b: { type: "string" } } } },
    parameters: { P: { in: "body", name: "b", schema: { type: "string" } } },
    responses: { R: { description: "r", headers: { H: { type: "string" } } } },
    securityDefinitions: { k: { type: "apiKey" } },
  };
  assert.deepEqual(trace(doc, "2.0"), [
    "root ",
    "paths paths",
    "pathItem paths./a",
    "operation paths./a.get",
    "parameter paths./a.get.parameters[0]",
    "items paths./a.get.parameters[0].items",
    "responses paths./a.get.responses",
    "response paths./a.get.responses.200",
    "$ref schema paths./a.get.responses.200.schema -> #/definitions/A",
    "schema definitions.A",
    "schema definitions.A.properties.b",
    "parameter parameters.P",
    "schema parameters.P.schema",
    "response responses.R",
    "header responses.R.headers.H",
    "securityScheme securityDefinitions.k",
  ]);
});

Deno.test("walker: every JSON Schema subschema keyword is walked as a schema", () => {
  const schema: Record<string, unknown> = {};
  for (const k of SINGLE_SCHEMA_KEYWORDS) schema[k] = { title: k };
  for (const k of LIST_SCHEMA_KEYWORDS) schema[k] = [{ title: k }];
  for (const k of MAP_SCHEMA_KEYWORDS) schema[k] = { d: { title: k } };
  // `dependencies` may also list property names: not a schema.
  (schema.dependencies as Record<string, unknown>).e = ["a", "b"];
  const titles: string[] = [];
  new Walker("3.1", [{ schema: (node) => titles.push(String(node.title)) }]).walk(schema, "", "schema");
  const all = [...SINGLE_SCHEMA_KEYWORDS, ...LIST_SCHEMA_KEYWORDS, ...MAP_SCHEMA_KEYWORDS];
  assert.deepEqual(titles.slice(1).sort(), all.sort());
  assert.ok(all.includes("unevaluatedProperties") && all.includes("prefixItems") && all.includes("$defs"));
});

Deno.test("walker: data is never walked and a $ref inside data is not reported", () => {
  const doc = {
    openapi: "3.1.0",
    paths: {
      "/a": {
        get: {
          parameters: [{
            name: "p",
            in: "query",
            example: { $ref: "#/d1" },
            examples: { e: { value: { $ref: "#/d2" } } },
          }],
          responses: {
            "200": {
              description: "ok",
              links: {
                l: { operationId: "x", parameters: { p: { $ref: "#/d3" } }, requestBody: { $ref: "#/d4" } },
              },
              content: {
                "application/json": {
                  schema: {
                    default: { $ref: "#/d5" },
                    enum: [{ $ref: "#/d6" }],
                    const: { $ref: "#/d7" },
                    examples: [{ $ref: "#/d8" }],
                    "x-ext": { $ref: "#/d9" },
                    properties: { real: { $ref: "#/components/schemas/R" } },
                  },
                  example: { $ref: "#/d10" },
                },
              },
            },
          },
          "x-ext": { $ref: "#/d11" },
        },
      },
    },
  };
  const refs: string[] = [];
  walkDocument(doc, "3.1", { $ref: (_h, ref, expected) => refs.push(`${ref} (${expected})`) });
  assert.deepEqual(refs, ["#/components/schemas/R (schema)"]);
});

Deno.test("walker: skip() leaves out a node's children, stop() ends the walk", () => {
  const doc = {
    openapi: "3.1.0",
    paths: { "/a": { get: { responses: {} } }, "/b": { get: { responses: {} } } },
    components: { schemas: { A: { properties: { b: { type: "string" } } } } },
  };
  const seen: string[] = [];
  walkDocument(doc, "3.1", {
    enter(_n, at) {
      seen.push(at.readablePath);
      if (at.kind === "pathItem" || at.kind === "components") at.skip();
    },
  });
  assert.deepEqual(seen, ["", "paths", "paths./a", "paths./b", "components"]);

  const until: string[] = [];
  let done = false;
  const walker = walkDocument(doc, "3.1", {
    operation(_n, at) {
      until.push(at.readablePath);
      at.stop();
    },
    schema: () => until.push("schema"),
    done: () => done = true,
  });
  assert.deepEqual(until, ["paths./a.get"]);
  assert.ok(walker.stopped);
  assert.ok(done, "done visitors run after a stop");
});

Deno.test("walker: position of a visit (pointer, parents, enclosing path, method, status, webhook)", () => {
  const doc = {
    openapi: "3.1.0",
    paths: {
      "/p/{id}": {
        post: {
          responses: { "201": { content: { "text/plain": { schema: { type: "string" } } } } },
          callbacks: { cb: { "{$req}": { put: { responses: { default: { description: "d" } } } } } },
        },
      },
    },
    webhooks: { w: { get: { responses: { "200": { description: "ok" } } } } },
    components: { responses: { R: { description: "r" } } },
  };
  const out: string[] = [];
  walkDocument(doc, "3.1", {
    schema(_n, at) {
      out.push(`schema ${at.pointer} ${at.enclosingPath} ${at.method} ${at.status} ${at.inWebhook}`);
      out.push(at.parents().map((p) => p.kind).join(">"));
      assert.equal(
        at.parents().at(-1)!.path.join("/"),
        "paths//p/{id}/post/responses/201/content/text/plain",
      );
    },
    response(_n, at) {
      out.push(`response ${at.readablePath} ${at.enclosingPath} ${at.method} ${at.status} ${at.inWebhook}`);
    },
  });
  assert.deepEqual(out, [
    "response paths./p/{id}.post.responses.201 /p/{id} post 201 false",
    "schema /paths/~1p~1{id}/post/responses/201/content/text~1plain/schema /p/{id} post 201 false",
    "root>paths>pathItem>operation>responses>response>mediaType",
    "response paths./p/{id}.post.callbacks.cb.{$req}.put.responses.default {$req} put default false",
    "response webhooks.w.get.responses.200 w get 200 true",
    "response components.responses.R undefined undefined undefined false",
  ]);
});

Deno.test("walker: references are reported with the kind their place expects; siblings count where allowed", () => {
  const doc = {
    openapi: "3.0.3",
    paths: {
      "/a": { $ref: "#/x-paths/a", get: { responses: { "200": { $ref: "#/components/responses/R" } } } },
    },
    components: {
      schemas: { A: { $ref: "#/components/schemas/B", properties: { ignored: { $ref: "#/nope" } } } },
    },
  };
  const refs: string[] = [];
  const ops: string[] = [];
  walkDocument(doc, "3.0", {
    $ref: (_h, ref, expected, at) => refs.push(`${at.readablePath} ${expected} ${ref}`),
    operation: (_n, at) => ops.push(at.readablePath),
  });
  // A Path Item's $ref stands beside its operations; a 3.0 schema's $ref hides its siblings.
  assert.deepEqual(refs, [
    "paths./a pathItem #/x-paths/a",
    "paths./a.get.responses.200 response #/components/responses/R",
    "components.schemas.A schema #/components/schemas/B",
  ]);
  assert.deepEqual(ops, ["paths./a.get"]);
  // In 3.1 the schema's siblings are walked.
  const refs31: string[] = [];
  walkDocument({ ...doc, openapi: "3.1.0" }, "3.1", { $ref: (_h, ref) => refs31.push(ref) });
  assert.ok(refs31.includes("#/nope"));
});

Deno.test("walker: following references walks each target once, as the expected kind, and never loops", () => {
  const files: Record<string, Record<string, unknown>> = {
    "other.yaml": {
      Pet: { type: "object", properties: { self: { $ref: "other.yaml#/Pet" }, owner: { $ref: "#/Owner" } } },
      Owner: { type: "object", properties: { pet: { $ref: "other.yaml#/Pet" } } },
    },
  };
  const doc = {
    openapi: "3.1.0",
    paths: {
      "/a": {
        get: {
          responses: {
            "200": { description: "ok", content: { "a/b": { schema: { $ref: "other.yaml#/Pet" } } } },
            "201": { description: "ok", content: { "a/b": { schema: { $ref: "other.yaml#/Pet" } } } },
          },
        },
      },
    },
  };
  const schemas: string[] = [];
  walkDocument(doc, "3.1", {
    schema: (_n, at) => {
      if (at.file !== "root") schemas.push(`${at.file}#${at.pointer}`);
    },
  }, {
    file: "root",
    follow(ref, file) {
      const [f, fragment] = ref.split("#");
      const target = f === "" ? file : f;
      const name = fragment.slice(1);
      return { file: target, segments: [name], value: files[target]?.[name] };
    },
  });
  assert.deepEqual(schemas, [
    "other.yaml#/Pet",
    "other.yaml#/Pet/properties/self",
    "other.yaml#/Pet/properties/owner",
    "other.yaml#/Owner",
    "other.yaml#/Owner/properties/pet",
  ]);
});

Deno.test("walker: a followed target is walked with the place that referred to it; Path Items once per path", () => {
  const files: Record<string, unknown> = {
    "item.yaml": { get: { responses: { "200": { $ref: "resp.yaml" } } } },
    "resp.yaml": { description: "ok", content: { "a/b": { schema: { type: "string" } } } },
  };
  const doc = {
    openapi: "3.1.0",
    paths: { "/a": { $ref: "item.yaml" }, "/b": { $ref: "item.yaml" } },
    webhooks: { hook: { $ref: "item.yaml" } },
  };
  const follow = (ref: string) => ({ file: ref, segments: [], value: files[ref] });
  const seen = (perPath: boolean) => {
    const out: string[] = [];
    walkDocument(doc, "3.1", {
      operation: (_n, at) =>
        out.push(`op ${at.method} ${at.enclosingPath} webhook=${at.inWebhook} via ${at.via?.path.join("/")}`),
      response: (_n, at) => out.push(`response ${at.file} ${at.status} ${at.method} ${at.enclosingPath}`),
    }, { file: "root", follow, pathItemsPerPath: perPath });
    return out;
  };
  // Each target once: the Path Item from /a, its response from there.
  assert.deepEqual(seen(false), [
    "op get /a webhook=false via paths//a",
    "response resp.yaml 200 get /a",
  ]);
  // Once per path and section: /a, /b and the webhook; the response (not a Path Item) still once.
  assert.deepEqual(seen(true), [
    "op get /a webhook=false via paths//a",
    "op get /b webhook=false via paths//b",
    "op get hook webhook=true via webhooks/hook",
    "response resp.yaml 200 get /a",
  ]);
});

Deno.test("walker: 3.2 kinds (query, additionalOperations, itemSchema, mediaTypes components, deviceAuthorization)", () => {
  const doc = {
    openapi: "3.2.0",
    paths: {
      "/a": {
        query: { responses: {} },
        additionalOperations: { COPY: { responses: {} } },
      },
    },
    components: {
      mediaTypes: { M: { itemSchema: { type: "string" }, itemEncoding: { contentType: "text/plain" } } },
      securitySchemes: { o: { type: "oauth2", flows: { deviceAuthorization: { scopes: {} } } } },
    },
  };
  const out: string[] = [];
  walkDocument(doc, "3.2", {
    enter: (_n, at) => {
      if (["operation", "mediaType", "schema", "encoding", "oauthFlow"].includes(at.kind)) {
        out.push(`${at.kind} ${at.readablePath}${at.method ? " " + at.method : ""}`);
      }
    },
  });
  assert.deepEqual(out, [
    "operation paths./a.query query",
    "operation paths./a.additionalOperations.COPY COPY",
    "mediaType components.mediaTypes.M",
    "schema components.mediaTypes.M.itemSchema",
    "encoding components.mediaTypes.M.itemEncoding",
    "oauthFlow components.securitySchemes.o.flows.deviceAuthorization",
  ]);
  assert.deepEqual(HTTP_METHODS["3.2"].at(-1), "query");
  assert.equal(classify(["paths", "/a", "query"], "3.2"), "operation");
  assert.equal(classify(["paths", "/a", "query"], "3.1"), undefined);
});

Deno.test("walker: the lenient walk reaches objects in places no table describes, never data", () => {
  let deep: Record<string, unknown> = { $ref: "#/bottom" };
  for (let i = 0; i < 100_000; i++) deep = { wrapper: deep, example: { $ref: "#/data" } };
  const refs: string[] = [];
  walkDocument(deep, "3.1", { $ref: (_h, ref, expected) => refs.push(`${ref} ${expected}`) }, {
    lenient: true,
  });
  assert.deepEqual(refs, ["#/bottom unknown"]);
  const strict: string[] = [];
  walkDocument(deep, "3.1", { $ref: (_h, ref) => strict.push(ref) });
  assert.deepEqual(strict, []);
});

Deno.test("kind tables: one per version, components sections from them", () => {
  const names = (v: "2.0" | "3.0" | "3.1" | "3.2") =>
    componentSections(v).map((s) => `${s.segments.join(".")}:${s.kind}`);
  assert.deepEqual(names("2.0"), [
    "definitions:schema",
    "parameters:parameter",
    "responses:response",
    "securityDefinitions:securityScheme",
  ]);
  assert.deepEqual(names("3.2"), [
    "components.schemas:schema",
    "components.responses:response",
    "components.parameters:parameter",
    "components.examples:example",
    "components.requestBodies:requestBody",
    "components.headers:header",
    "components.securitySchemes:securityScheme",
    "components.links:link",
    "components.callbacks:callback",
    "components.pathItems:pathItem",
    "components.mediaTypes:mediaType",
  ]);
  const kinds: OasKind[] = ["root", "pathItem", "operation", "schema"];
  for (const k of kinds) assert.ok(kindTable("2.0")[k] !== undefined && kindTable("3.2")[k] !== undefined);
  assert.equal(kindTable("2.0").operation.fields.requestBody, undefined);
  assert.equal(kindTable("3.0").operation.fields.requestBody.kind, "requestBody");
  const visitors: Visitors = {};
  assert.equal(new Walker("3.0", [visitors]).version, "3.0");
});
