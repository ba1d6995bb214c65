import { assertEquals } from "../core/_assert_test.ts";
import { computeStats } from "./stats.ts";
import { classify, walkDocument } from "../walker/mod.ts";

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

Deno.test("the walker and the statistics agree on what an operation is: additionalOperations only in 3.2", () => {
  const doc = {
    paths: { "/a": { get: {}, query: {}, additionalOperations: { COPY: { responses: {} } } } },
    webhooks: { w: { post: {}, additionalOperations: { LOCK: {} } } },
  };
  for (const version of ["3.0", "3.1", "3.2"] as const) {
    const walked: string[] = [];
    walkDocument(doc, version, { operation: (_op, at) => walked.push(at.readablePath) });
    assertEquals(walked.length, computeStats(doc, version).operationCount, version);
    const copy = classify(["paths", "/a", "additionalOperations", "COPY"], version);
    assertEquals(copy, version === "3.2" ? "operation" : undefined, version);
  }
  assertEquals(computeStats(doc, "3.1").operationCount, 2);
});
