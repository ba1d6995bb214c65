import assert from "node:assert/strict";
import { findings, oas2, oas3, op } from "../_test_helpers.ts";

Deno.test("server-variables (3.x)", async (t) => {
  await t.step("undefined variables, empty enum, default outside enum", async () => {
    const doc = oas3({
      servers: [{
        url: "https://{host}:{port}/{base}",
        variables: { host: { default: "a", enum: ["b"] }, port: { default: "1", enum: [] } },
      }],
      paths: { "/a": { get: op({ servers: [{ url: "/{v}" }] }) } },
    }, "3.0.3");
    const f = await findings(doc, "server-variables");
    assert.deepEqual(f.map((x) => x.path), [
      "paths./a.get.servers[0].url",
      "servers[0].url",
      "servers[0].variables.host.default",
      "servers[0].variables.port.enum",
    ]);
  });
  await t.step("defined variables with a default in the enum are fine; 2.0 is not checked", async () => {
    const ok = oas3({
      servers: [{ url: "https://{h}", variables: { h: { default: "a", enum: ["a", "b"] } } }],
    });
    assert.deepEqual(await findings(ok, "server-variables"), []);
    assert.deepEqual(await findings(oas2({ host: "a" }), "server-variables"), []);
  });
});
