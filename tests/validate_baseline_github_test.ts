/**
 * GitHub's description (npm `@octokit/openapi`, 13 MB, 8 errors and 300+ warnings today) as a team adopting the
 * gate would use it: a baseline generated once lets validation pass; one operation then given a duplicate
 * operationId fails with exactly that finding. Skipped when the package is not installed (see common brief:
 * `npm install @octokit/openapi` into /tmp/octo).
 */
import assert from "node:assert/strict";
import { run } from "../src/cli/_test_io.ts";

const FILE = "/tmp/octo/node_modules/@octokit/openapi/generated/api.github.com.json";

function present(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

const available = present(FILE);

Deno.test({
  name: `validate GitHub's description with a baseline: passes, then fails on one new error only${
    available ? "" : ` (skipped: ${FILE} is not installed)`
  }`,
  ignore: !available,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "oatool-gh-baseline-" });
    try {
      const base = `${dir}/baseline.yaml`;
      const before = await run(["validate", "-q", "--format", "json", FILE]);
      assert.equal(before.code, 1);
      const report = JSON.parse(before.stdout);
      const total = report.errorCount + report.warningCount;
      assert.ok(report.errorCount > 0 && total > 100, `${report.errorCount} errors, ${total} findings`);

      const gen = await run(["validate", "-q", "--generate-baseline", base, FILE]);
      assert.equal(gen.code, 0, gen.stderr);
      const accepted = await run(["validate", "-q", "--format", "json", "--baseline", base, FILE]);
      assert.equal(accepted.code, 0, accepted.stderr);
      assert.equal(JSON.parse(accepted.stdout).errorCount, 0);
      assert.match(
        accepted.stderr,
        new RegExp(`^${total} findings accepted by the policy file or the baseline`),
      );

      // One operation is given another operation's operationId.
      const doc = JSON.parse(await Deno.readTextFile(FILE));
      const meta = doc.paths["/meta"].get;
      meta.operationId = doc.paths["/zen"].get.operationId;
      const changed = `${dir}/api.github.com.json`;
      await Deno.writeTextFile(changed, JSON.stringify(doc));
      const failed = await run(["validate", "-q", "--format", "json", "--baseline", base, changed]);
      assert.equal(failed.code, 1);
      const after = JSON.parse(failed.stdout);
      assert.deepEqual(
        [...after.errors, ...after.warnings].map((f: { rule: string }) => f.rule),
        ["operation-id-unique"],
      );
      assert.match(after.errors[0].pointer, /^\/paths\/~1(meta|zen)\/get\/operationId$/);
      assert.doesNotMatch(failed.stderr, /Stale/);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
