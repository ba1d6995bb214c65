import { assert, assertEquals } from "../core/_assert_test.ts";
import { join } from "node:path";
import { connect, countingReader } from "./_test_client.ts";

const DOC = `openapi: 3.0.3
info: {title: Pets, version: "1"}
paths:
  /pets:
    get: {summary: s, operationId: listPets, responses: {"200": {description: ok}}}
    post: {summary: s, operationId: listPets, responses: {"200": {description: ok}}}
`;

Deno.test("mcp validate: the workspace root's oatool.yaml applies; config names another, confined to the workspace", async () => {
  const dir = await Deno.makeTempDir({ prefix: "oatool-mcp-validate-" });
  const outside = await Deno.makeTempDir({ prefix: "oatool-mcp-outside-" });
  try {
    await Deno.writeTextFile(join(dir, "api.yaml"), DOC);
    const s = await connect({ reader: countingReader(dir) });
    try {
      const plain = await s.call("validate", { spec: { file: "api.yaml" } });
      assertEquals(plain.structured?.valid, false);
      assertEquals(plain.structured?.ignored_count, 0);

      await Deno.writeTextFile(join(dir, "oatool.yaml"), "rules: {operation-id-unique: warning}\n");
      const root = await s.call("validate", { spec: { file: "api.yaml" } });
      assertEquals(root.structured?.valid, true, root.text);
      assertEquals(root.structured?.warning_count, 1);

      await Deno.writeTextFile(
        join(dir, "accept.yaml"),
        "ignore:\n  - rule: operation-id-unique\n    pointer: /paths/~1pets\n    reason: legacy\n",
      );
      const named = await s.call("validate", { spec: { file: "api.yaml" }, config: "accept.yaml" });
      assertEquals(named.structured?.valid, true, named.text);
      assertEquals(named.structured?.warning_count, 0);
      assertEquals(named.structured?.ignored_count, 1);

      await Deno.writeTextFile(join(outside, "policy.yaml"), "rules: {}\n");
      const refused = await s.call("validate", {
        spec: { file: "api.yaml" },
        config: join(outside, "policy.yaml"),
      });
      assertEquals(refused.isError, true);
      assert(/config/.test(refused.text) && /outside|workspace/i.test(refused.text), refused.text);
      // A file the policy extends is confined too.
      await Deno.writeTextFile(join(dir, "up.yaml"), `extends: ${join(outside, "policy.yaml")}\n`);
      const up = await s.call("validate", { spec: { file: "api.yaml" }, config: "up.yaml" });
      assertEquals(up.isError, true);

      await Deno.writeTextFile(join(dir, "bad.yaml"), "rules:\n  operation-id-unique: loud\n");
      const bad = await s.call("validate", { spec: { file: "api.yaml" }, config: "bad.yaml" });
      assertEquals(bad.isError, true);
      assert(/bad\.yaml:2:3: "loud" is not one of/.test(bad.text), bad.text);
    } finally {
      await s.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(outside, { recursive: true });
  }
});

Deno.test("mcp validate: each finding carries its location {file, line, column}, in a referenced file too", async () => {
  const dir = await Deno.makeTempDir({ prefix: "oatool-mcp-validate-at-" });
  try {
    await Deno.writeTextFile(
      join(dir, "api.yaml"),
      DOC.replace("paths:", "components:\n  schemas:\n    Pet: {$ref: 'parts.yaml#/Pet'}\npaths:"),
    );
    await Deno.writeTextFile(join(dir, "parts.yaml"), "Pet:\n  type: strin\n");
    const s = await connect({ reader: countingReader(dir) });
    try {
      const r = await s.call("validate", { spec: { file: "api.yaml" } });
      const errors = r.structured?.errors as { rule?: string; location?: unknown }[];
      const at = (rule: string) => errors.find((e) => e.rule === rule)?.location;
      assertEquals(at("operation-id-unique"), { file: join(dir, "api.yaml"), line: 9, column: 24 }, r.text);
      // A referenced file is named as the findings' paths name it (relative to the workspace).
      assertEquals(at("oas-schema"), { file: "parts.yaml", line: 2, column: 3 }, r.text);
    } finally {
      await s.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
