/**
 * docs/diff-severity.md is generated from the checks' data (scripts/gen_diff_severity.ts): a change of a check,
 * a preset or a principle without regenerating the page fails here. Runs `deno fmt` (the running deno).
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { formattedPage, PAGE } from "../../scripts/gen_diff_severity.ts";
import { listChecks, toDiffSeverity } from "./mod.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));

Deno.test("docs/diff-severity.md is what scripts/gen_diff_severity.ts writes (regenerate it when this fails)", async () => {
  const committed = await Deno.readTextFile(`${root}${PAGE}`);
  assert.ok(
    committed === await formattedPage(),
    `${PAGE} is stale: run deno run -A scripts/gen_diff_severity.ts`,
  );
});

Deno.test("docs/diff-severity.md names every check with its severity", async () => {
  const page = await Deno.readTextFile(`${root}${PAGE}`);
  // The page spells severities as the reports do (`ERROR`); the checks carry the library's lower case.
  const missing = listChecks().filter((c) =>
    !new RegExp(`\\| \`${c.id}\` +\\| ${toDiffSeverity(c.severity)} `).test(page)
  );
  assert.deepEqual(missing.map((c) => c.id), []);
});
