/**
 * Hostile rename templates given to `join`: a `printf` width of 10⁹, a width under Go's limit but over the
 * output budget, and a string that doubles in a loop. Each run is bounded by a kill; each must end with the exact
 * outcome (a renamed schema, or one clear error naming the limit and exit 1), never with memory exhausted.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { spawnOatool, withTempDir } from "../_spawn.ts";

function document(title: string, property: string, type: string): string {
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title, version: "1" },
    paths: {},
    components: { schemas: { Pet: { type: "object", properties: { [property]: { type } } } } },
  });
}

async function joinWith(template: string): Promise<{ code: number; stderr: string; output?: unknown }> {
  return await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "a.json"), document("A", "a", "string"));
    await Deno.writeTextFile(join(dir, "b.json"), document("B", "b", "integer"));
    const r = await spawnOatool(
      [
        "join",
        "--schema-strategy",
        "rename-right",
        "--rename-template",
        template,
        "-o",
        "out.json",
        "a.json",
        "b.json",
      ],
      { cwd: dir, timeoutMs: 60_000 },
    );
    assert.ok(!r.killed, `join with the rename template ${template} did not finish`);
    const text = await Deno.readTextFile(join(dir, "out.json")).catch(() => undefined);
    return { code: r.code, stderr: r.stderr, output: text === undefined ? undefined : JSON.parse(text) };
  });
}

Deno.test("hostile: a printf width of 10^9 in a rename template is refused as Go's fmt refuses it", async () => {
  const r = await joinWith('{{printf "%1000000000s" .Name}}');
  assert.equal(r.code, 0, r.stderr);
  const schemas = (r.output as { components: { schemas: Record<string, unknown> } }).components.schemas;
  assert.deepEqual(Object.keys(schemas), ["Pet", "NOVERB_EXTRA_string_Pet"]);
});

Deno.test("hostile: a printf width over the output budget fails with one message naming the limit", async () => {
  const r = await joinWith('{{printf "%5000000s" .Name}}');
  assert.equal(r.code, 1);
  assert.equal(r.output, undefined);
  assert.equal(
    r.stderr,
    'oatool join: Invalid rename template "{{printf \\"%5000000s\\" .Name}}" at line 1, column 3: printf width ' +
      "5000000 is more than 10000 characters, the output limit of a template while renaming schema 'Pet' from " +
      "'b.json'; fix the rename template and try again.\n",
  );
});

Deno.test("hostile: runaway rename templates stop at a budget, with one message naming it", async (t) => {
  const cases: [string, string, RegExp][] = [
    [
      "a string that doubles in a loop",
      '{{$x := .Name}}{{range 1000}}{{$x = printf "%s%s" $x $x}}{{end}}{{$x}}',
      /column 37: printf result longer than 10000 characters, the output limit of a template/,
    ],
    [
      "a loop past the step budget",
      "{{range 1000000000}}{{end}}",
      /execution exceeded 100000 steps, the step limit/,
    ],
  ];
  for (const [name, template, pattern] of cases) {
    await t.step(name, async () => {
      const r = await joinWith(template);
      assert.equal(r.code, 1);
      assert.equal(r.output, undefined);
      assert.match(r.stderr, pattern);
      assert.equal(r.stderr.trim().split("\n").length, 1);
    });
  }
});
