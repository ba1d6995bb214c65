import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { UsageError } from "../core/mod.ts";
import { loadDocument } from "../io/load.ts";
import { join } from "./join.ts";
import { oas3 } from "./_helpers_test.ts";

const fixture = (p: string) => fileURLToPath(new URL(`../../testdata/joiner/${p}`, import.meta.url));
const USERS = fixture("oas3/users.yaml");
const ORDERS = fixture("oas3/orders.yaml");
const options = { schemaStrategy: "rename-right", defaultStrategy: "accept-left" } as const;

Deno.test("join(inputs, options) and the deprecated join({ filePaths, … }) give the same result", async () => {
  const now = await join([USERS, ORDERS], options);
  const old = await join({ filePaths: [USERS, ORDERS], ...options });
  assert.deepEqual(now, old);
  assert.deepEqual(await join([{ file: USERS }, { file: ORDERS }], options), old);
});

Deno.test("join(parsed, options) and the deprecated join({ parsed, … }) give the same result", async () => {
  const docs = [await loadDocument(USERS), await loadDocument(ORDERS)];
  assert.deepEqual(await join(docs, options), await join({ parsed: docs, ...options }));
  const plain = [oas3("3.1.0"), { ...oas3("3.1.0"), info: { title: "B", version: "1" } }];
  assert.deepEqual(await join(plain), await join({ parsed: plain }));
});

Deno.test("join refuses sources mixed with parsed documents, and the inputs given twice", async () => {
  await assert.rejects(join([USERS, oas3("3.1.0")]), UsageError, "mix sources to load and parsed documents");
  await assert.rejects(
    join([USERS, ORDERS], { filePaths: [USERS] } as never),
    UsageError,
    "give the inputs as join's first argument",
  );
});
