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
