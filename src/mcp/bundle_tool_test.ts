import { assert, assertEquals } from "../core/_assert_test.ts";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { connect, countingReader } from "./_test_client.ts";
import { parseText } from "../core/mod.ts";

const TESTDATA = fileURLToPath(new URL("../../testdata/", import.meta.url));
const V30 = `${TESTDATA}multifile/oas30/openapi.yaml`;
const V31 = `${TESTDATA}multifile/oas31/openapi.yaml`;

Deno.test("bundle tool: returns the bundle or writes it in the workspace; never over a file it read", async () => {
  const dir = await Deno.makeTempDir({ prefix: "oatool-mcp-bundle-" });
  try {
    const s = await connect({ reader: countingReader(dir), allowDirs: [TESTDATA] });
    try {
      const r = await s.call("bundle", { spec: { file: V30 } });
      assertEquals(r.isError, false, r.text);
      assertEquals(r.structured?.version, "3.0.3");
      assertEquals(r.structured?.success, true);
      assertEquals(r.structured?.file_count, 7);
      assertEquals(r.structured?.component_count, 7);
      assertEquals(r.structured?.added_component_count, 5);
      assertEquals(r.structured?.warning_count, 2);
      assertEquals((r.structured?.warnings as { path: string }[]).map((w) => w.path), [
        "components.schemas.Pet_2",
        "components.schemas.Error_2",
      ]);
      const doc = r.structured?.document as { components: { schemas: Record<string, unknown> } };
      assertEquals(Object.keys(doc.components.schemas), ["Pet", "Error", "Pet_2", "Owner", "Error_2"]);

      const w = await s.call("bundle", { spec: { file: V31 }, keep_path_refs: true, output: "api.yaml" });
      assertEquals(w.isError, false, w.text);
      assertEquals([w.structured?.written_to, w.structured?.document], ["api.yaml", undefined]);
      const written = parseText(await Deno.readTextFile(join(dir, "api.yaml")), { format: "yaml" })
        .data as {
          paths: Record<string, unknown>;
        };
      assertEquals(written.paths["/people"], { $ref: "#/components/pathItems/People" });

      const d = await s.call("bundle", { spec: { file: V30 }, dereference: true, output: "deref.json" });
      assertEquals(d.isError, false, d.text);
      assert(/^\{\n/.test(await Deno.readTextFile(join(dir, "deref.json"))));

      const over = await s.call("bundle", {
        spec: { file: V30 },
        output: `${TESTDATA}multifile/oas30/common.yaml`,
      });
      assertEquals(over.isError, true);
      const outside = await s.call("bundle", { spec: { file: V30 }, output: "/etc/oatool-bundle.yaml" });
      assertEquals(outside.isError, true);
    } finally {
      await s.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("bundle tool: an unresolvable reference gives success false, an error finding and no document", async () => {
  const dir = await Deno.makeTempDir({ prefix: "oatool-mcp-bundle-" });
  try {
    await Deno.writeTextFile(
      join(dir, "api.yaml"),
      'openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths:\n  /a:\n    $ref: missing.yaml\n',
    );
    const s = await connect({ reader: countingReader(dir) });
    try {
      const r = await s.call("bundle", { spec: { file: "api.yaml" }, output: "out.yaml" });
      assertEquals(r.isError, false, r.text);
      assertEquals(r.structured?.success, false);
      assertEquals(r.structured?.document, undefined);
      assertEquals(r.structured?.written_to, undefined);
      assertEquals((r.structured?.warnings as { severity: string }[])[0].severity, "error");
      await Deno.stat(join(dir, "out.yaml")).then(() => assert(false, "written"), () => {});
    } finally {
      await s.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
