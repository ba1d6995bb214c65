/**
 * Tool replies are bounded like every report: a small document with 5,000 undeclared path parameters (each
 * finding repeating a path of 39 KB) or a diff of 5,000 removed parameters answers with a bounded list, the
 * exact counts, and a count of what the reply left out. Over the real transport, spawned with the binary's
 * permissions, with the SDK client.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { withTempDir } from "../_spawn.ts";
import { startMcp } from "../_mcp_client.ts";
import { pathParamsDocument } from "../../scripts/make_spec.ts";

/** The document of {@link pathParamsDocument} as JSON text. */
function manyParams(n: number, declared: boolean): string {
  return JSON.stringify(pathParamsDocument(n, declared));
}

Deno.test("hostile mcp replies: validate, diff and fix of 5,000 path parameters answer bounded lists with counts", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "bad.json"), manyParams(5_000, false));
    await Deno.writeTextFile(join(dir, "good.json"), manyParams(5_000, true));
    const s = await startMcp({ cwd: dir });
    try {
      const v = await s.call("validate", { spec: { file: "bad.json" } });
      assert.equal(v.isError, false, v.text);
      assert.ok(v.text.length < 256 * 1024, `validate replied ${v.text.length} characters`);
      const vs = v.structured!;
      assert.equal(vs.error_count, 5_000);
      assert.equal((vs.errors as unknown[]).length, 10);
      assert.equal(vs.errors_omitted, 4_990);
      assert.equal(vs.warnings_omitted, undefined);
      // Each path is shortened, start and end kept.
      const first = (vs.errors as { path: string }[])[0].path;
      assert.ok(first.length <= 8_192 && first.includes("…"), first.slice(0, 80));

      const d = await s.call("diff", { base: { file: "good.json" }, revision: { file: "bad.json" } });
      assert.equal(d.isError, false, d.text);
      assert.ok(d.text.length < 10 * 1024 * 1024, `diff replied ${d.text.length} characters`);
      const ds = d.structured!;
      const shown = (ds.changes as unknown[]).length;
      assert.ok((ds.total_changes as number) >= 5_000);
      assert.equal(shown + (ds.changes_omitted as number), ds.total_changes);

      const f = await s.call("fix", { spec: { file: "bad.json" }, dry_run: true });
      assert.equal(f.isError, false, f.text);
      assert.ok(f.text.length < 10 * 1024 * 1024, `fix replied ${f.text.length} characters`);
      const fs = f.structured!;
      assert.equal(fs.fix_count, 5_000);
      assert.equal((fs.fixes as unknown[]).length + (fs.fixes_omitted as number), 5_000);
      assert.ok((fs.fixes_omitted as number) > 0);
    } finally {
      await s.close();
    }
  });
});
