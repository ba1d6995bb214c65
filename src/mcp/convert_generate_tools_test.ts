import { assert, assertEquals } from "../core/_assert_test.ts";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { connect, countingReader, V1 } from "./_test_client.ts";

const TESTDATA = fileURLToPath(new URL("../../testdata/", import.meta.url));
const PETSTORE_20 = `${TESTDATA}petstore/petstore-2.0.yaml`;

Deno.test("convert: returns the document or writes it, reads afresh every time; the target is required", async () => {
  const dir = await Deno.makeTempDir({ prefix: "oatool-mcp-convert-" });
  try {
    const reader = countingReader(dir);
    const s = await connect({ reader, allowDirs: [TESTDATA] });
    try {
      const r = await s.call("convert", { spec: { file: PETSTORE_20 }, target: "3.1" });
      assertEquals(r.isError, false, r.text);
      assertEquals(r.structured?.source_version, "2.0");
      assert(String(r.structured?.target_version).startsWith("3.1"));
      assertEquals(r.structured?.success, true);
      assertEquals(r.structured?.issue_count, (r.structured?.issues as unknown[]).length);
      assert(String((r.structured?.document as { openapi: string }).openapi).startsWith("3.1"));
      const w = await s.call("convert", { spec: { file: PETSTORE_20 }, target: "3.0", output: "out.yaml" });
      assertEquals([w.structured?.written_to, w.structured?.document], ["out.yaml", undefined]);
      assert((await Deno.readTextFile(join(dir, "out.yaml"))).includes("openapi: 3.0"));
      assertEquals(reader.reads.length, 2); // convert does not use the session cache
      const missing = await s.call("convert", { spec: { file: PETSTORE_20 } });
      assertEquals(missing.error, {
        code: -32602,
        message:
          'Invalid arguments for tool convert: target is required but missing; give one of "2.0", "3.0", "3.1".',
      });
      const bad = await s.call("convert", { spec: { file: PETSTORE_20 }, target: "3.2" });
      assertEquals(bad.error, {
        code: -32602,
        message: 'Invalid arguments for tool convert: target must be one of "2.0", "3.0", "3.1", not "3.2".',
      });
      const over = await s.call("convert", {
        spec: { file: PETSTORE_20 },
        target: "3.1",
        output: PETSTORE_20,
      });
      assertEquals(over.isError, true);
    } finally {
      await s.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("generate: writes the Go files into output_dir; a symbolic link is refused", async () => {
  const dir = await Deno.makeTempDir({ prefix: "oatool-mcp-gen-" });
  try {
    const s = await connect({ reader: countingReader(dir) });
    try {
      const r = await s.call("generate", { spec: { content: V1 }, output_dir: "api", client: true });
      assertEquals(r.isError, false, r.text);
      assertEquals(r.structured?.package_name, "api");
      assertEquals(r.structured?.output_dir, "api");
      const files = r.structured?.files as string[];
      assert(files.includes("types.go") || files.some((f) => f.startsWith("types")), files.join());
      for (const f of files) await Deno.stat(join(dir, "api", f));
      assertEquals(r.structured?.operation_count, 2);
      await Deno.symlink(join(dir, "api"), join(dir, "link"));
      const link = await s.call("generate", { spec: { content: V1 }, output_dir: "link" });
      assertEquals(link.text, 'output_dir "link" is a symbolic link; name a folder or a new path.');
      const missing = await s.call("generate", { spec: { content: V1 } });
      assertEquals(missing.error, {
        code: -32602,
        message: "Invalid arguments for tool generate: output_dir is required but missing; give a string.",
      });
    } finally {
      await s.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("convert and overlay tools: findings in the one shape, with rule, pointer and file:line:column", async () => {
  const critical = `${TESTDATA}convert/critical-3to2/input.yaml`;
  const s = await connect({ reader: countingReader(TESTDATA), allowDirs: [TESTDATA] });
  try {
    const r = await s.call("convert", { spec: { file: critical }, target: "2.0" });
    assertEquals(r.isError, false, r.text);
    const first = (r.structured?.issues as Record<string, unknown>[])[0];
    assertEquals(first, {
      severity: "critical",
      rule: "convert-method",
      path: "paths./pets.trace",
      pointer: "/paths/~1pets/trace",
      message: 'OpenAPI 2.0 has no "trace" operations; this one is left out.',
      location: { file: critical, line: 5, column: 5 },
    });
    const o = await s.call("overlay_validate", { spec: { file: `${TESTDATA}overlay/invalid.yaml` } });
    const errors = o.structured?.errors as Record<string, unknown>[];
    assert(errors.length > 0, o.text);
    for (const e of errors) {
      assertEquals([typeof e.rule, typeof e.pointer, typeof e.severity], ["string", "string", "string"]);
    }
  } finally {
    await s.close();
  }
});
