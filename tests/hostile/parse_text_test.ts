/**
 * Hostile inputs for reading and writing document text: what a document says is never silently changed (numbers
 * outside double range, YAML .inf/.nan, duplicate JSON keys, strings a YAML reader would retype), and aliases of a
 * long string cannot exhaust memory. Inputs are generated here; every run is bounded by a kill.
 */
import assert from "node:assert/strict";
// @ts-types="@types/js-yaml"
import yaml from "js-yaml";
import { spawnOatool, withTempDir } from "../_spawn.ts";

async function run(args: string[], options: { cwd?: string; stdin?: string } = {}) {
  const r = await spawnOatool(args, { ...options, timeoutMs: 120_000 });
  assert.ok(!r.killed, `oatool ${args.join(" ")} was killed`);
  return r;
}

const HEAD = '{\n  "openapi": "3.1.0",\n  "info": {"title": "t", "version": "1"},\n  "paths": {},\n';

/** What `parse -q <name>` must say about a generated file, exactly, and exit 1. */
const REFUSED: { title: string; name: string; text: string; stderr: string }[] = [
  {
    title: "1e400 in JSON is an error at its line and column, not null",
    name: "n.json",
    text: HEAD + '  "x-n": [1, 1e400]\n}\n',
    stderr:
      "oatool parse: n.json:5:14: the number 1e400 at /x-n/1 is outside the range of a double (JSON.parse " +
      "reads it as Infinity); an OpenAPI document must be a JSON value, write a smaller number or a string.\n",
  },
  {
    title: ".nan in YAML is an error at its line and column",
    name: "n.yaml",
    text: "openapi: 3.1.0\ninfo:\n  title: t\n  version: '1'\npaths: {}\nx-n:\n  limit: .nan\n",
    stderr:
      "oatool parse: n.yaml:7:10: the value .nan at /x-n/limit is not a finite number (YAML reads it as " +
      "NaN), which a JSON value cannot hold; quote it to keep it as text, or write a finite number.\n",
  },
  {
    title: "a duplicate JSON key is an error naming both places, not the last one kept",
    name: "d.json",
    text: HEAD + '  "x-a": {\n    "k": 1,\n    "k": 2\n  }\n}\n',
    stderr:
      'oatool parse: d.json:7:5: duplicate key "k" in the object at /x-a (first at line 6, column 5); each ' +
      "key may appear once in an object, remove or rename one.\n",
  },
];

for (const { title, name, text, stderr } of REFUSED) {
  Deno.test(`hostile: ${title}`, async () => {
    await withTempDir(async (dir) => {
      await Deno.writeTextFile(`${dir}/${name}`, text);
      const r = await run(["parse", "-q", name], { cwd: dir });
      assert.equal(r.code, 1);
      assert.equal(r.stdout, "");
      assert.equal(r.stderr, stderr);
    });
  });
}

Deno.test("hostile: keys and values a YAML reader would retype (<<, yes, dates, 1:20) survive a YAML write", async () => {
  const tricky: Record<string, string> = {
    "<<": "merge",
    "yes": "No",
    "on": "OFF",
    "y": "n",
    "~": "null",
    "2001-12-14": "2001-12-14t21:59:43.10-05:00",
    "1:20": "1_000",
    "0o17": "0x1F",
    ".5": "+1",
    ".inf": ".NaN",
    "=": "0b101",
  };
  await withTempDir(async (dir) => {
    // JSON text in a .yaml file: read with JSON's rules (no merge key), written back as YAML.
    const doc = { openapi: "3.1.0", info: { title: "t", version: "1" }, paths: {}, "x-tricky": tricky };
    await Deno.writeTextFile(`${dir}/doc.yaml`, JSON.stringify(doc));
    await Deno.writeTextFile(
      `${dir}/ov.yaml`,
      "overlay: 1.0.0\ninfo:\n  title: o\n  version: '1'\nactions:\n  - target: $.info\n    update:\n      summary: s\n",
    );
    const applied = await run(["overlay", "apply", "-q", "-s", "doc.yaml", "ov.yaml"], { cwd: dir });
    assert.equal(applied.code, 0, applied.stderr);
    assert.match(applied.stdout, /^ {2}'<<': merge$/m);
    assert.match(applied.stdout, /^ {2}'2001-12-14': '2001-12-14t21:59:43.10-05:00'$/m);
    const expected = { ...doc, info: { ...doc.info, summary: "s" } };
    // Read back by js-yaml's YAML 1.1-style default schema, and by oatool itself.
    assert.deepEqual(yaml.load(applied.stdout, { schema: yaml.DEFAULT_SCHEMA }), expected);
    await Deno.writeTextFile(`${dir}/out.yaml`, applied.stdout);
    const parsed = await run(["parse", "-q", "out.yaml"], { cwd: dir });
    assert.equal(parsed.code, 0, parsed.stderr);
    assert.deepEqual(JSON.parse(parsed.stdout), expected);
  });
});

Deno.test("hostile: aliases of a long string stop at the expansion size budget instead of exhausting memory", async () => {
  // 1 MB string, 3,000 aliases: 3,002 nodes (far under the node budget), 3 GB once expanded.
  const text = "openapi: 3.1.0\ninfo:\n  title: t\n  version: '1'\npaths: {}\n" +
    `x-s: &s ${"x".repeat(1_000_000)}\nx-l: [${Array(3000).fill("*s").join(", ")}]\n`;
  const r = await run(["parse", "-q", "-"], { stdin: text });
  assert.equal(r.code, 1);
  assert.equal(r.stdout, "");
  assert.equal(
    r.stderr,
    "oatool parse: <stdin>: YAML aliases expand to more than 67108864 characters of keys and strings (the alias " +
      "expansion budget); refusing to expand it, remove the repeated aliases.\n",
  );
});
