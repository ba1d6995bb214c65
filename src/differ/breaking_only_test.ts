import { assertEquals } from "../core/_assert_test.ts";
import { diff } from "./diff.ts";

const doc = (paths: Record<string, unknown>) =>
  JSON.stringify({ openapi: "3.1.0", info: { title: "A", version: "1" }, paths });
const ok = { responses: { "200": { description: "OK" } } };
const param = { name: "q", in: "query", schema: { type: "string" } };
// Removed: DELETE /a (critical); the query parameter of GET /a (warning); a new summary (info).
const v1 = doc({ "/a": { get: { ...ok, parameters: [param] }, delete: ok } });
const v2 = doc({ "/a": { get: { ...ok, summary: "Get" } } });

Deno.test("diff: breakingOnly keeps the critical and error changes, leaving warning and info out", async () => {
  const all = await diff({ content: v1 }, { content: v2 });
  assertEquals(all.changes.map((c) => c.severity).sort(), ["critical", "info", "warning"]);
  const only = await diff({ content: v1 }, { content: v2 }, { breakingOnly: true });
  assertEquals(only.changes, all.changes.filter((c) => c.severity === "critical" || c.severity === "error"));
  assertEquals([only.breakingCount, only.warningCount, only.infoCount], [1, 0, 0]);
  assertEquals(only.hasBreakingChanges, true);
  assertEquals(only.stats.droppedInfoCount, 1);
});

Deno.test("diff: hasBreakingChanges is the field, the deprecated HasBreakingChanges a hidden getter for it", async () => {
  const result = await diff({ content: v1 }, { content: v2 });
  assertEquals(result.hasBreakingChanges, true);
  assertEquals(result.HasBreakingChanges, result.hasBreakingChanges);
  assertEquals(Object.keys(result).includes("HasBreakingChanges"), false);
});
