import { assert, assertEquals } from "../core/_assert_test.ts";
import { join } from "node:path";
import { connect, countingReader, V1, V2 } from "./_test_client.ts";

Deno.test("diff: changes with severities and counts; breaking_only and no_info", async () => {
  const s = await connect();
  try {
    const r = await s.call("diff", { base: { content: V1 }, revision: { content: V2 } });
    assertEquals(r.isError, false, r.text);
    const changes = r.structured?.changes as {
      severity: string;
      type: string;
      path: string;
      message: string;
    }[];
    assertEquals(r.structured?.total_changes, changes.length);
    assert((r.structured?.breaking_count as number) >= 2, r.text); // removed operation, new required parameter
    assertEquals(
      (r.structured?.breaking_count as number) + (r.structured?.warning_count as number) +
        (r.structured?.info_count as number),
      changes.length,
    );
    const breaking = await s.call("diff", {
      base: { content: V1 },
      revision: { content: V2 },
      breaking_only: true,
    });
    const only = breaking.structured?.changes as { severity: string }[];
    assert(only.every((c) => c.severity === "CRITICAL" || c.severity === "ERROR"));
    assertEquals(only.length, r.structured?.breaking_count);
    const noInfo = await s.call("diff", { base: { content: V1 }, revision: { content: V2 }, no_info: true });
    assertEquals(noInfo.structured?.info_count, 0);
    const one = await s.call("diff", { base: { content: V1 } });
    assertEquals(one.error, {
      code: -32602,
      message: "Invalid arguments for tool diff: revision is required but missing; give an object.",
    });
    const two = await s.call("diff", { base: { content: V1, file: "x" }, revision: { content: V2 } });
    assertEquals(two.text, "base needs exactly one of file, url or content; file and content were given.");
  } finally {
    await s.close();
  }
});

Deno.test("diff uses the session cache for file inputs", async () => {
  const dir = await Deno.makeTempDir({ prefix: "oatool-mcp-diff-" });
  try {
    await Deno.writeTextFile(join(dir, "v1.yaml"), V1);
    await Deno.writeTextFile(join(dir, "v2.yaml"), V2);
    const reader = countingReader(dir);
    const s = await connect({ reader });
    try {
      const first = await s.call("diff", { base: { file: "v1.yaml" }, revision: { file: "v2.yaml" } });
      const again = await s.call("diff", { base: { file: "v1.yaml" }, revision: { file: "v2.yaml" } });
      assertEquals(again.structured, first.structured);
      await s.call("walk_paths", { spec: { file: "v2.yaml" } });
      assertEquals(reader.reads.length, 2);
    } finally {
      await s.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("diff: each change's id and location; preset, ignore and fail_on as in the CLI", async () => {
  // A deprecated operation without a sunset date, then removed: a WARNING by default, an ERROR when strict.
  const deprecated = `openapi: 3.1.0
info: {title: T, version: "1"}
paths:
  /a: {get: {responses: {"200": {description: OK}}}}
  /b: {get: {deprecated: true, responses: {"200": {description: OK}}}}
`;
  const removed = deprecated.slice(0, deprecated.indexOf("  /b:"));
  const s = await connect();
  try {
    type Item = { id: string; severity: string; location?: { file: string; line: number; column: number } };
    const call = async (extra: Record<string, unknown>, a = V1, b = V2) => {
      const r = await s.call("diff", { base: { content: a }, revision: { content: b }, ...extra });
      assertEquals(r.isError, false, r.text);
      return r.structured as { changes: Item[]; failed: boolean; total_changes: number };
    };
    const all = await call({});
    assert(
      all.changes.length > 0 && all.changes.every((c) => /^[a-z0-9-]+$/.test(c.id)),
      JSON.stringify(all),
    );
    assert(all.changes.every((c) => c.location !== undefined && c.location.line >= 1), JSON.stringify(all));
    assertEquals(all.failed, true); // V2 breaks V1
    const first = all.changes[0].id;
    const ignored = await call({ ignore: [first] });
    assertEquals(ignored.changes.some((c) => c.id === first), false);
    assertEquals(ignored.total_changes, all.total_changes - all.changes.filter((c) => c.id === first).length);
    const widened = [deprecated, removed] as const;
    const byDefault = await call({}, ...widened);
    const strict = await call({ preset: "strict" }, ...widened);
    assertEquals(byDefault.failed, false);
    assertEquals(strict.failed, true);
    assertEquals(strict.changes.map((c) => c.id), byDefault.changes.map((c) => c.id));
    assertEquals((await call({ fail_on: "WARNING" }, ...widened)).failed, true);
  } finally {
    await s.close();
  }
});
