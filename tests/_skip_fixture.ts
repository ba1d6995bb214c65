/**
 * A tiny test file for tests/test_runner_test.ts: two tests that need outside tools (go; go and chromium) and
 * one that needs none. It is run only by name: its name does not end in `_test.ts`.
 *
 * @module
 */
import { testWith } from "./_tools.ts";

await testWith(["go"], "fixture: needs go", () => {});
await testWith(["go", "chromium"], "fixture: needs go and chromium", () => {});
Deno.test("fixture: needs nothing", () => {});
