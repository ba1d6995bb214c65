import { assertEquals } from "../core/_assert_test.ts";
import { computeStats } from "./stats.ts";

Deno.test("operations count every method of the version, additionalOperations, webhooks and $ref path items", () => {
  const doc = {
    paths: {
      "x-ext": { get: {} },
      "/a": { get: {}, query: {}, trace: {}, parameters: [], additionalOperations: { COPY: {}, LOCK: {} } },
      "/b": { $ref: "#/components/pathItems/B" },
    },
    webhooks: { w: { post: {} } },
    components: { schemas: { A: {}, B: {} }, pathItems: { B: { put: {}, delete: {} } } },
  };
  assertEquals(computeStats(doc, "3.2"), {
    pathCount: 2,
    operationCount: 8,
    schemaCount: 2,
    webhookCount: 1,
  });
  assertEquals(computeStats(doc, "3.1").operationCount, 5); // no query, no additionalOperations before 3.2
  assertEquals(computeStats({ paths: { "/a": { get: {}, trace: {} } }, definitions: { A: {} } }, "2.0"), {
    pathCount: 1,
    operationCount: 1,
    schemaCount: 1,
    webhookCount: 0,
  });
});
