/**
 * The JSONPath Compliance Test Suite (jsonpath-standard/jsonpath-compliance-test-suite), read in place from
 * `../shared/testsuites/jsonpath-cts/cts.json` relative to the project root: every case must pass.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { JsonPathSyntaxError, parseJsonPath, queryJsonPath } from "./mod.ts";

interface CtsCase {
  name: string;
  selector: string;
  document?: unknown;
  result?: unknown[];
  result_paths?: string[];
  results?: unknown[][];
  results_paths?: string[][];
  invalid_selector?: boolean;
}

const ctsPath = fileURLToPath(new URL("../../../shared/testsuites/jsonpath-cts/cts.json", import.meta.url));

async function loadCases(): Promise<CtsCase[] | undefined> {
  try {
    const text = await Deno.readTextFile(ctsPath);
    return (JSON.parse(text) as { tests: CtsCase[] }).tests;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
}

Deno.test("JSONPath compliance test suite: all cases pass", async (t) => {
  const cases = await loadCases();
  if (cases === undefined) {
    console.log(`skipped: the JSONPath compliance suite is absent (${ctsPath})`);
    return;
  }
  assert.equal(cases.length, 703);
  const failures: string[] = [];
  let invalid = 0;
  let valid = 0;
  for (const c of cases) {
    try {
      if (c.invalid_selector) {
        invalid++;
        assert.throws(() => parseJsonPath(c.selector), JsonPathSyntaxError);
        continue;
      }
      valid++;
      const nodes = queryJsonPath(c.document, c.selector);
      const values = nodes.map((node) => node.value);
      const paths = nodes.map((node) => node.path);
      if (c.result !== undefined) {
        assert.deepEqual(values, c.result);
        assert.deepEqual(paths, c.result_paths);
      } else {
        const options = c.results ?? [];
        const index = options.findIndex((option, i) => {
          try {
            assert.deepEqual(values, option);
            assert.deepEqual(paths, c.results_paths?.[i]);
            return true;
          } catch {
            return false;
          }
        });
        assert.notEqual(index, -1, `no accepted order matches ${JSON.stringify(paths)}`);
      }
    } catch (error) {
      failures.push(
        `${c.name} — ${JSON.stringify(c.selector)}: ${error instanceof Error ? error.message : error}`,
      );
    }
  }
  await t.step(`${invalid} invalid selectors rejected, ${valid} valid selectors evaluated`, () => {
    assert.deepEqual(failures, []);
  });
});
