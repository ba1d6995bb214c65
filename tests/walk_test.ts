/**
 * `oatool walk` run as a process with the binary's permissions: on the fixtures, and on GitHub's REST description
 * (when it is installed at the path below; the test says it is skipped otherwise), where the operations agree with
 * the parse statistics and the schema reference counts with an independent scan of the JSON.
 */
import assert from "node:assert/strict";
import { ROOT, spawnOatool } from "./_spawn.ts";

const GITHUB = "/tmp/octo/node_modules/@octokit/openapi/generated/api.github.com.json";
const present = await Deno.stat(GITHUB).then((s) => s.isFile, () => false);
const skipped = present ? "" : ` (skipped: GitHub's description is not installed at ${GITHUB})`;
const v30 = `${ROOT}testdata/walk/v30.yaml`;

Deno.test("spawned: oatool walk operations prints the table; a bad filter exits 1 with one message", async () => {
  const r = await spawnOatool(["walk", "operations", "-q", "--deprecated", v30]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, "DELETE\t/users/{id}\tdeleteUser\t-\tyes\t-\n");
  const bad = await spawnOatool(["walk", "operations", "--extension", "x-a,,x-b", v30]);
  assert.equal(bad.code, 1);
  assert.equal(bad.stdout, "");
  assert.match(
    bad.stderr,
    /^oatool walk operations: extension filter "x-a,,x-b" has an empty term; [^\n]*\n$/,
  );
});

Deno.test("spawned: oatool walk reads standard input; no match is a note and exit 0", async () => {
  const r = await spawnOatool(["walk", "schemas", "--name", "Nope", "-"], {
    stdin: await Deno.readTextFile(v30),
  });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, "");
  assert.equal(r.stderr, "No schemas match (the document has 13 schemas).\n");
});

/**
 * `$ref`s to `#/components/schemas/…` counted without oatool: a plain scan of the parsed JSON that skips what is
 * data (examples, and extension values such as GitHub's `x-webhooks`), per target.
 */
function scanSchemaRefs(root: unknown): Map<string, number> {
  const counts = new Map<string, number>();
  const stack: [unknown, string | undefined][] = [[root, undefined]];
  while (stack.length > 0) {
    const [v, parentKey] = stack.pop()!;
    if (Array.isArray(v)) {
      for (const x of v) stack.push([x, parentKey]);
    } else if (v !== null && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) {
        if (k === "$ref" && typeof x === "string" && x.startsWith("#/components/schemas/")) {
          counts.set(x, (counts.get(x) ?? 0) + 1);
        } else if (
          !k.startsWith("x-") && !((k === "example" || k === "examples") && parentKey !== "properties")
        ) {
          stack.push([x, k]);
        }
      }
    }
  }
  return counts;
}

Deno.test(`GitHub: walk operations lists 1,223 operations, as the parse statistics say${skipped}`, {
  ignore: !present,
}, async () => {
  const walk = await spawnOatool(["walk", "operations", "-q", "--limit", "5000", GITHUB]);
  assert.equal(walk.code, 0, walk.stderr);
  const rows = walk.stdout.split("\n").filter((l) => l !== "");
  assert.equal(rows.length, 1223);
  assert.equal(new Set(rows.map((r) => r.split("\t").slice(0, 2).join(" "))).size, 1223);
  const parse = await spawnOatool(["parse", GITHUB]);
  assert.equal(parse.code, 0, parse.stderr);
  assert.match(parse.stderr, /\nOperations: 1223\n/);
});

Deno.test(`GitHub: walk refs --target '#/components/schemas/*' agrees with an independent count${skipped}`, {
  ignore: !present,
}, async () => {
  const expected = scanSchemaRefs(JSON.parse(await Deno.readTextFile(GITHUB)));
  const r = await spawnOatool([
    "walk",
    "refs",
    "--target",
    "#/components/schemas/*",
    "--format",
    "json",
    "--limit",
    "100000",
    GITHUB,
  ]);
  assert.equal(r.code, 0, r.stderr);
  const result = JSON.parse(r.stdout) as { matched: number; items: { ref: string; count: number }[] };
  assert.equal(result.matched, expected.size);
  assert.deepEqual(new Map(result.items.map((i) => [i.ref, i.count])), expected);
  // most referenced first
  const counts = result.items.map((i) => i.count);
  assert.deepEqual(counts, [...counts].sort((a, b) => b - a));
  const occurrences = await spawnOatool([
    "walk",
    "refs",
    "--target",
    "#/components/schemas/*",
    "--group-by",
    "node_type",
    "-q",
    GITHUB,
  ]);
  const total = [...expected.values()].reduce((a, b) => a + b, 0);
  assert.equal(occurrences.stdout, `schema\t${total}\n`);
});
