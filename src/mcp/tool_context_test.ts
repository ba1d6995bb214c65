import { assertEquals } from "../core/_assert_test.ts";
import { SpecCache } from "./spec_cache.ts";
import { toolContext, type ToolSettings } from "./tool_context.ts";

const SETTINGS: ToolSettings = {
  cwd: Deno.cwd(),
  maxContentSize: 1024,
  walkLimit: 100,
  walkDetailLimit: 25,
  cacheSize: 10,
  cacheMaxBytes: 1024 * 1024,
};

Deno.test("toolContext: the calls of one worker share its reader, so a cached document set is reused by the verbs", () => {
  const cache = new SpecCache();
  const first = toolContext(SETTINGS, cache, [Deno.cwd()]);
  const second = toolContext(SETTINGS, cache, [Deno.cwd()]);
  assertEquals(first.reader === second.reader, true);
  assertEquals(toolContext({ ...SETTINGS }, cache, [Deno.cwd()]).reader === first.reader, false);
});
