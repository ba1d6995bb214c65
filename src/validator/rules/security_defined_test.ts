import assert from "node:assert/strict";
import { findings, oas2, oas3, op } from "../_test_helpers.ts";

const oauth = {
  type: "oauth2",
  flows: { implicit: { authorizationUrl: "https://a", scopes: { read: "r" } } },
};

Deno.test("security-defined", async (t) => {
  await t.step("3.x: unknown schemes and unknown OAuth2 scopes are reported", async () => {
    const doc = oas3({
      security: [{ missing: [] }],
      paths: { "/a": { get: op({ security: [{ oauth: ["read", "write"] }] }) } },
      components: { securitySchemes: { oauth } },
    });
    const f = await findings(doc, "security-defined");
    assert.deepEqual(f.map((x) => x.path), ["paths./a.get.security[0].oauth[1]", "security[0].missing"]);
  });
  await t.step("3.0: a non-OAuth scheme must list no scopes; 3.1 allows roles", async () => {
    const schemes = { components: { securitySchemes: { key: { type: "apiKey", name: "k", in: "header" } } } };
    const v30 = oas3({ ...schemes, security: [{ key: ["admin"] }] }, "3.0.3");
    assert.deepEqual((await findings(v30, "security-defined")).map((x) => x.path), ["security[0].key"]);
    const v31 = oas3({ ...schemes, security: [{ key: ["admin"] }] });
    assert.deepEqual(await findings(v31, "security-defined"), []);
  });
  await t.step("2.0: securityDefinitions and scopes", async () => {
    const doc = oas2({
      securityDefinitions: {
        o: { type: "oauth2", flow: "implicit", authorizationUrl: "https://a", scopes: { r: "" } },
      },
      security: [{ o: ["r", "w"] }, { nope: [] }],
    });
    assert.deepEqual((await findings(doc, "security-defined")).map((x) => x.path), [
      "security[0].o[1]",
      "security[1].nope",
    ]);
  });
});
