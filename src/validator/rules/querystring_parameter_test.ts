import assert from "node:assert/strict";
import { findings, oas3, op } from "../_test_helpers.ts";

const QS = (name = "qs") => ({
  name,
  in: "querystring",
  content: { "application/x-www-form-urlencoded": { schema: { type: "object" } } },
});
const QUERY = { name: "limit", in: "query", schema: { type: "integer" } };

function doc(item: Record<string, unknown>, version = "3.2.0", components: Record<string, unknown> = {}) {
  return oas3({ paths: { "/a": item }, components: { parameters: components } }, version);
}

async function report(d: unknown): Promise<string[]> {
  return (await findings(d, "querystring-parameter")).map((f) => f.path);
}

Deno.test("querystring-parameter (3.2): one per operation, Path Item and operation merged", async (t) => {
  await t.step("one querystring alone is fine, at either level", async () => {
    assert.deepEqual(await report(doc({ parameters: [QS()], get: op() })), []);
    assert.deepEqual(await report(doc({ get: op({ parameters: [QS()] }) })), []);
  });
  await t.step("the operation's querystring overrides the Path Item's of the same name", async () => {
    assert.deepEqual(await report(doc({ parameters: [QS()], get: op({ parameters: [QS()] }) })), []);
  });
  await t.step("two by different names across the levels: the operation's entry", async () => {
    assert.deepEqual(
      await report(doc({ parameters: [QS("p")], get: op({ parameters: [QS("o")] }) })),
      ["paths./a.get.parameters[0]"],
    );
  });
  await t.step("two in one list (one through a reference): the list, once for all operations", async () => {
    const d = doc(
      { parameters: [QS("p"), { $ref: "#/components/parameters/Q" }], get: op(), post: op() },
      "3.2.0",
      { Q: QS("r") },
    );
    assert.deepEqual(await report(d), ["paths./a.parameters"]);
  });
});

Deno.test("querystring-parameter (3.2): no in: query parameter with a querystring", async (t) => {
  await t.step("query on the operation, querystring on the Path Item", async () => {
    const f = await findings(
      doc({ parameters: [QS()], get: op({ parameters: [QUERY] }) }),
      "querystring-parameter",
    );
    assert.deepEqual(f.map((x) => x.path), ["paths./a.get.parameters[0]"]);
    assert.match(f[0].message, /"in: query" parameter applies together with an "in: querystring" parameter/);
    assert.match(f[0].message, /MUST NOT appear in the same operation \(or in the operation's path-item\)/);
    assert.match(
      f[0].message,
      /\(the Path Item's parameters\[0\] "qs" and the operation's parameters\[0\] "limit"\)/,
    );
  });
  await t.step(
    "querystring on the operation, query on the Path Item: the operation's querystring",
    async () => {
      assert.deepEqual(
        await report(doc({ parameters: [QUERY], get: op({ parameters: [QS()] }) })),
        ["paths./a.get.parameters[0]"],
      );
    },
  );
  await t.step("query through a reference in the same list", async () => {
    const d = doc({ get: op({ parameters: [QS(), { $ref: "#/components/parameters/L" }] }) }, "3.2.0", {
      L: QUERY,
    });
    assert.deepEqual(await report(d), ["paths./a.get.parameters"]);
  });
  await t.step("query parameters without a querystring are fine", async () => {
    assert.deepEqual(
      await report(doc({ parameters: [QUERY], get: op({ parameters: [{ ...QUERY, name: "x" }] }) })),
      [],
    );
  });
});

Deno.test("querystring-parameter: one finding where the structural schema also sees the list", async () => {
  const { check } = await import("../_test_helpers.ts");
  const r = await check(doc({ get: op({ parameters: [QS(), QUERY] }) }));
  assert.deepEqual(r.errors.map((f) => [f.rule, f.path]), [[
    "querystring-parameter",
    "paths./a.get.parameters",
  ]]);
});

Deno.test("querystring-parameter: only 3.2 has querystring", async () => {
  assert.deepEqual(await report(doc({ get: op({ parameters: [QS(), QUERY] }) }, "3.1.0")), []);
});
