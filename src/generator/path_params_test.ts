import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { matchingOrder, pathParamNames, pathParams } from "./path_params.ts";

Deno.test("path params: named expressions only; {} and stray braces stay text", () => {
  assertEquals(pathParamNames("/a/{}/b/{id}"), ["id"]);
  assertEquals(pathParamNames("/c/{x{y}/{z}}"), ["y", "z"]);
  assertEquals(pathParamNames("/f/{a}/{a}"), ["a", "a"]);
  assertEquals(pathParams("/d/{p}{q}").map((e) => [e.start, e.end]), [[3, 6], [6, 9]]);
});

Deno.test("path params: matching order is fewer parameters, then path, then method", () => {
  const ops = [
    { path: "/b/{x}", method: "GET" },
    { path: "/{}/z", method: "POST" },
    { path: "/a/{x}/{y}", method: "GET" },
    { path: "/b/{x}", method: "DELETE" },
    { path: "/{}/z", method: "GET" },
  ];
  assertEquals(matchingOrder(ops).map((o) => `${o.method} ${o.path}`), [
    "GET /{}/z",
    "POST /{}/z",
    "DELETE /b/{x}",
    "GET /b/{x}",
    "GET /a/{x}/{y}",
  ]);
});
