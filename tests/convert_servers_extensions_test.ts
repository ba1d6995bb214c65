/**
 * Issue 31, 3.x → 2.0 (from 3.0, 3.1 and 3.2): server URLs that are not URLs are reported and kept out of
 * `host`/`basePath`; every `x-` extension of an object 2.0 has no place for (a discriminator, a media type, a
 * kept Example, the first server and its variables, the components object, OAuth flows) is reported, each.
 * Every output validates with no error its input lacked, by oatool and by swagger-parser (when npm is at hand).
 */
import assert from "node:assert/strict";
import { convertDocument } from "../src/converter/mod.ts";
import { assertNoNewErrors, assertSwaggerParserAccepts } from "./_convert_check.ts";

const VERSIONS = ["3.0.3", "3.1.1", "3.2.0"] as const;
type Obj = Record<string, unknown>;

const SERVER_CASES: { name: string; servers: Obj[]; host?: string; basePath?: string; reported: string[] }[] =
  [
    { name: "scheme-less ://", servers: [{ url: "://invalid-url" }], reported: ["servers[0].url"] },
    { name: "spaces", servers: [{ url: "https://a b.example.com/v1" }], reported: ["servers[0].url"] },
    { name: "a colon in the first segment", servers: [{ url: "a:b/c" }], reported: ["servers[0].url"] },
    {
      name: "a valid one first, an invalid one second",
      servers: [{ url: "https://api.example.com/v1" }, { url: "://invalid-url" }],
      host: "api.example.com",
      basePath: "/v1",
      reported: ["servers[1].url"],
    },
    { name: "a relative path stays", servers: [{ url: "/v2" }], basePath: "/v2", reported: [] },
  ];

Deno.test("convert 3.x → 2.0: server URLs that are not URLs are reported and left out of host and basePath", async () => {
  const pairs = [];
  for (const v of VERSIONS) {
    for (const c of SERVER_CASES) {
      const input = { openapi: v, info: { title: "t", version: "1" }, servers: c.servers, paths: {} };
      const r = convertDocument(input, { target: "2.0" });
      const doc = r.document as Obj;
      assert.equal(doc.host, c.host, `${v} ${c.name}: host`);
      assert.equal(doc.basePath, c.basePath, `${v} ${c.name}: basePath`);
      assert.deepEqual(
        r.issues.filter((i) => i.rule === "convert-server-url").map((i) => i.path),
        c.reported,
        `${v} ${c.name}`,
      );
      await assertNoNewErrors(input, doc, `${v} ${c.name}`);
      pairs.push({ label: `${v} ${c.name}`, input, output: doc });
    }
  }
  await assertSwaggerParserAccepts(pairs);
});

function withExtensions(openapi: string): Obj {
  return {
    openapi,
    info: { title: "t", version: "1" },
    servers: [{
      url: "https://{host}/v1",
      "x-region": "eu",
      variables: { host: { default: "a.example.com", "x-v": 1 } },
    }],
    paths: {
      "/a": {
        post: {
          requestBody: { content: { "application/json": { schema: { type: "object" }, "x-media": true } } },
          responses: {
            "200": {
              description: "ok",
              content: {
                "application/json": { schema: { type: "object" }, examples: { e: { value: 1, "x-ex": 2 } } },
              },
            },
          },
        },
      },
    },
    components: {
      "x-internal": { owner: "team" },
      schemas: {
        Pet: {
          type: "object",
          required: ["kind"],
          properties: { kind: { type: "string" } },
          discriminator: { propertyName: "kind", "x-discriminator-value-style": "lower" },
        },
      },
      securitySchemes: {
        o: {
          type: "oauth2",
          flows: {
            "x-flows": 1,
            clientCredentials: { tokenUrl: "https://a.example.com/t", scopes: {}, "x-flow": 2 },
          },
        },
      },
    },
  };
}

Deno.test("convert 3.x → 2.0: every extension without a place in 2.0 is reported, each at its path", async () => {
  const pairs = [];
  for (const v of VERSIONS) {
    const input = withExtensions(v);
    const r = convertDocument(input, { target: "2.0" });
    const paths = r.issues.filter((i) => i.rule === "convert-extension-dropped").map((i) => i.path).sort();
    assert.deepEqual(
      paths,
      [
        "components.securitySchemes.o.flows.clientCredentials.x-flow",
        "components.securitySchemes.o.flows.x-flows",
        "components.x-internal",
        "components.schemas.Pet.discriminator.x-discriminator-value-style",
        "paths./a.post.requestBody.content.application/json.x-media",
        "paths./a.post.responses.200.content.application/json.examples.e.x-ex",
        "servers[0].variables.host.x-v",
        "servers[0].x-region",
      ].sort(),
      v,
    );
    await assertNoNewErrors(input, r.document, `${v} → 2.0`);
    pairs.push({ label: `${v} → 2.0`, input, output: r.document });
  }
  await assertSwaggerParserAccepts(pairs);
});
