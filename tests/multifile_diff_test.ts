/**
 * `oatool diff` of two versions of a multi-file specification, run as users run it (from the folder that holds
 * both versions): GitHub annotations and `--source-map` positions name the referenced files that changed.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { spawnOatool, withTempDir } from "./_spawn.ts";
import { fixtureVersion, REVISION_EDITS } from "../src/differ/_multifile_test_util.ts";

Deno.test("oatool diff --format github: the annotations are on the referenced files that changed, at the changed lines", async () => {
  await withTempDir(async (dir) => {
    await fixtureVersion([], join(dir, "base"));
    await fixtureVersion(REVISION_EDITS, join(dir, "rev"));
    const r = await spawnOatool(["diff", "--format", "github", "base/openapi.yaml", "rev/openapi.yaml"], {
      cwd: dir,
    });
    assert.equal(r.code, 1, r.stderr);
    assert.deepEqual(r.stdout.trimEnd().split("\n"), [
      '::error file=rev/schemas/owner.json,line=4,col=5,title=ERROR response-type-changed::schemas/owner.json#properties.name: property "[].owner.name" type changed from string to integer ("application/json" in the 200 response of GET /pets).',
      '::notice file=rev/common.yaml,line=13,col=9,title=INFO response-required-header-added::common.yaml#components.responses.Problem.headers.X-Trace: the default response of GET /pets has the new header "X-Trace".',
      '::error file=rev/common.yaml,line=25,col=9,title=ERROR response-type-changed::common.yaml#components.schemas.Error.properties.code: property "code" type changed from integer to string ("application/json" in the default response of GET /pets).',
      '::notice file=rev/common.yaml,line=13,col=9,title=INFO response-required-header-added::common.yaml#components.responses.Problem.headers.X-Trace: the 404 response of GET /pets/{id} has the new header "X-Trace".',
    ]);
    // --source-map: modifications where they were (the base), additions where they are (the revision).
    const s = await spawnOatool(["diff", "-s", "--format", "json", "base/openapi.yaml", "rev/openapi.yaml"], {
      cwd: dir,
    });
    const report = JSON.parse(s.stdout) as { changes: { path: string; location: Record<string, unknown> }[] };
    assert.deepEqual(report.changes.map((c) => [c.path, c.location]), [
      ["schemas/owner.json#properties.name", { file: "base/schemas/owner.json", line: 4, column: 5 }],
      [
        "common.yaml#components.responses.Problem.headers.X-Trace",
        { file: "rev/common.yaml", line: 13, column: 9 },
      ],
      [
        "common.yaml#components.schemas.Error.properties.code",
        { file: "base/common.yaml", line: 20, column: 9 },
      ],
      [
        "common.yaml#components.responses.Problem.headers.X-Trace",
        { file: "rev/common.yaml", line: 13, column: 9 },
      ],
    ]);
  });
});
