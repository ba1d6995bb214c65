import { assert, assertEquals } from "../core/_assert_test.ts";
import { join } from "node:path";
import { connect, countingReader } from "./_test_client.ts";

const BROKEN = `openapi: 3.0.3
info: {title: Fixable, version: "1"}
paths:
  /pets/{id}:
    get:
      operationId: getPet
      responses: {"200": {description: ok}}
  /other:
    get:
      operationId: getPet
      responses: {"200": {description: ok}}
components:
  schemas:
    Unused: {type: string}
`;

Deno.test("fix: dry run lists the fixes; output writes them; include_document returns the document", async () => {
  const dir = await Deno.makeTempDir({ prefix: "oatool-mcp-fix-" });
  try {
    await Deno.writeTextFile(join(dir, "api.yaml"), BROKEN);
    const s = await connect({ reader: countingReader(dir) });
    try {
      const dry = await s.call("fix", { spec: { file: "api.yaml" }, dry_run: true, output: "fixed.yaml" });
      assertEquals(dry.isError, false, dry.text);
      assertEquals(dry.structured?.version, "3.0.3");
      assertEquals(dry.structured?.fix_count, 1);
      // The one finding shape (issue 30): rule, JSON pointer and file:line:column beside the path.
      assertEquals(dry.structured?.fixes, [{
        type: "missing-path-parameter",
        rule: "missing-path-parameter",
        path: (dry.structured?.fixes as { path: string }[])[0].path,
        pointer: "/paths/~1pets~1{id}/get/parameters/0",
        description: (dry.structured?.fixes as { description: string }[])[0].description,
        location: { file: join(dir, "api.yaml"), line: 5, column: 5 },
      }]);
      assert((dry.structured?.fixes as { path: string }[])[0].path.startsWith("paths./pets/{id}"));
      assertEquals(dry.structured?.written_to, undefined);
      assertEquals(dry.structured?.document, undefined);
      assertEquals(await Deno.readTextFile(join(dir, "api.yaml")), BROKEN);

      const all = await s.call("fix", {
        spec: { file: "api.yaml" },
        fix_duplicate_operationids: true,
        prune: true,
        output: "fixed.yaml",
        include_document: true,
      });
      assertEquals(all.isError, false, all.text);
      const types = (all.structured?.fixes as { type: string }[]).map((f) => f.type);
      assertEquals(types, ["missing-path-parameter", "duplicate-operation-id", "prune-schema"]);
      assertEquals(all.structured?.fix_count, 3);
      assertEquals(all.structured?.written_to, "fixed.yaml");
      const doc = all.structured?.document as { components?: { schemas?: object } };
      assertEquals(doc.components?.schemas?.hasOwnProperty("Unused"), false);
      const check = await s.call("validate", { spec: { file: "fixed.yaml" } });
      assertEquals(check.structured?.valid, true, check.text);

      const over = await s.call("fix", { spec: { file: "api.yaml" }, output: "api.yaml" });
      assertEquals(over.isError, true);
      assertEquals(await Deno.readTextFile(join(dir, "api.yaml")), BROKEN);
      const none = await s.call("fix", { spec: {} });
      assertEquals(none.text, "spec needs exactly one of file, url or content; none was given.");
    } finally {
      await s.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("fix does not use the session cache: it reads the file every time", async () => {
  const dir = await Deno.makeTempDir({ prefix: "oatool-mcp-fix-" });
  try {
    await Deno.writeTextFile(join(dir, "api.yaml"), BROKEN);
    const reader = countingReader(dir);
    const s = await connect({ reader });
    try {
      await s.call("validate", { spec: { file: "api.yaml" } });
      await s.call("fix", { spec: { file: "api.yaml" }, dry_run: true });
      await s.call("fix", { spec: { file: "api.yaml" }, dry_run: true });
      assertEquals(reader.reads.length, 3);
      // The cached document was not changed by fixing in place.
      await s.call("fix", { spec: { file: "api.yaml" }, include_document: true });
      const again = await s.call("validate", { spec: { file: "api.yaml" } });
      assertEquals(again.structured?.valid, false);
      assertEquals(reader.reads.length, 4);
    } finally {
      await s.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
