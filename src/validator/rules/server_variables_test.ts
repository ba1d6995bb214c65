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

Deno.test("server-variables: enum and default take the severity of the version's sentence", async (t) => {
  const servers = [{
    url: "https://{host}:{port}",
    variables: { host: { default: "a", enum: ["b"] }, port: { default: "1", enum: [] } },
  }];
  const table: [string, string[], string | undefined][] = [
    ["3.0.0", [], undefined],
    ["3.0.1", ["warning", "warning"], "SHOULD"],
    ["3.0.3", ["warning", "warning"], "SHOULD"],
    ["3.0.4", ["warning", "warning"], "SHOULD"],
    ["3.1.0", ["error", "error"], "MUST"],
    ["3.1.2", ["error", "error"], "MUST"],
    ["3.2.0", ["error", "error"], "MUST"],
  ];
  for (const [version, severities, word] of table) {
    await t.step(`${version}: ${severities.join(", ") || "no finding"}`, async () => {
      const f = await findings(oas3({ servers }, version), "server-variables");
      assert.deepEqual(
        f.map((x) => [x.severity, x.path]),
        severities.map((s, i) => [
          s,
          i === 0 ? "servers[0].variables.host.default" : "servers[0].variables.port.enum",
        ]),
      );
      if (word !== undefined) {
        assert.ok(f[0].message.includes(`the value ${word} exist in the enum's values`), f[0].message);
        assert.ok(f[1].message.includes(`The array ${word} NOT be empty.`), f[1].message);
      }
    });
  }
  await t.step("an undefined URL variable stays an error in every 3.x version", async () => {
    for (const version of ["3.0.0", "3.0.3", "3.1.0", "3.2.0"]) {
      const f = await findings(oas3({ servers: [{ url: "/{v}" }] }, version), "server-variables");
      assert.deepEqual(f.map((x) => [x.severity, x.path]), [["error", "servers[0].url"]], version);
    }
  });
});
