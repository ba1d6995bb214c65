import { assertEquals } from "../core/_assert_test.ts";
import { type CheckId, listChecks } from "./checks.ts";
import type { SchemaCheckSuffix } from "./checks/schema.ts";

Deno.test("check ids are a typed union: the tables' ids type-check, a misspelt one does not", () => {
  const ids: CheckId[] = [
    "operation-added",
    "endpoint-removed",
    "request-max-length-decreased",
    "response-minimum-increased",
    "response-type-widened",
  ];
  const suffix: SchemaCheckSuffix = "min-items-added";
  // @ts-expect-error: a misspelt id fails `deno check` (an unused directive would fail it too).
  const typo: CheckId = "operation-adde";
  // @ts-expect-error: a schema check needs its direction.
  const undirected: CheckId = "type-widened";
  const known = new Set(listChecks().map((c) => c.id));
  assertEquals(ids.filter((id) => !known.has(id)), []);
  assertEquals([known.has(`request-${suffix}`), known.has(typo), known.has(undirected)], [
    true,
    false,
    false,
  ]);
});
