import assert from "node:assert/strict";
import { generate } from "./generate.ts";

const ok = { responses: { "204": { description: "ok" } } };

Deno.test("operations: a Path Item's operations in written order, referenced Path Items after, at their path", async () => {
  const doc = {
    openapi: "3.2.0",
    info: { title: "t", version: "1" },
    paths: {
      "/r": { $ref: "#/components/pathItems/R" },
      "/x": {
        additionalOperations: { COPY: { operationId: "copyX", ...ok } },
        get: { operationId: "getX", ...ok },
        query: { operationId: "queryX", ...ok },
      },
    },
    components: { pathItems: { R: { delete: { operationId: "deleteR", ...ok } } } },
  };
  const r = await generate({ content: JSON.stringify(doc) }, { client: true, noReadme: true });
  const client = r.files.find((f) => f.name === "client.go")!.content;
  const calls = [...client.matchAll(/^\/\/ (\w+) calls (\S+ \S+)\.$/gm)].map((m) => `${m[1]} ${m[2]}`);
  assert.deepEqual(calls, ["CopyX COPY /x", "GetX GET /x", "QueryX QUERY /x", "DeleteR DELETE /r"]);
});
