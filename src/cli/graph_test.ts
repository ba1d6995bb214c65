/**
 * `oatool graph` in-process: each format, the flags reaching the model (focus, depth, direction, operations,
 * group-by, max-nodes), `-o` through the writer, and the errors (unknown focus, a graph too large, a bad
 * number): exit 1 with one message.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "./_test_io.ts";
import { parseDot, parseMermaid } from "../graph/_test_parse.ts";

const V30 = fileURLToPath(new URL("../../testdata/graph/v30.yaml", import.meta.url));

Deno.test("graph cli: mermaid by default; --focus --depth --direction reach the model", async () => {
  const r = await run(["graph", "--focus", "User", "--depth", "1", "--direction", "out", V30]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, "");
  assert.deepEqual(parseMermaid(r.stdout).edges, ["User -additionalProperties-> Tag", "User -items-> Pet"]);
});

Deno.test("graph cli: dot with --operations --group-by tag, two --focus", async () => {
  const r = await run([
    "graph",
    "--format",
    "dot",
    "--operations",
    "--group-by",
    "tag",
    "--focus",
    "listPets",
    "--focus",
    "GET /users/{id}",
    "--depth",
    "0",
    V30,
  ]);
  assert.equal(r.code, 0, r.stderr);
  const p = parseDot(r.stdout);
  assert.deepEqual([...p.labels.values()], ["GET /pets", "GET /users/{id}"]);
  assert.deepEqual([...p.groups.values()], ["pets", "users"]);
});

Deno.test("graph cli: json, svg and html; -o writes the file", async () => {
  const json = JSON.parse((await run(["graph", "--format", "json", V30])).stdout);
  assert.equal(json.nodes.length, 10);
  assert.deepEqual(json.total, { nodes: 10, edges: 9 });
  const svg = await run(["graph", "--format", "svg", "--focus", "Tag", "--depth", "1", V30]);
  assert.equal(svg.code, 0, svg.stderr);
  assert.match(svg.stdout, /^<svg /);
  assert.equal([...svg.stdout.matchAll(/<g id="n\d+" class="node /g)].length, 3); // Tag, NewPet, User
  const dir = await Deno.makeTempDir();
  try {
    const out = join(dir, "graph.html");
    const r = await run(["graph", "--format", "html", "-o", out, V30]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, "");
    const page = await Deno.readTextFile(out);
    assert.match(page, /^<!DOCTYPE html>/);
    assert.match(page, /<div id="graph"><svg /);
    // The writer never replaces a file the run read.
    const over = await run(["graph", "-o", V30, V30]);
    assert.equal(over.code, 1);
    assert.match(over.stderr, /v30\.yaml/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("graph cli: an unknown focus, a graph too large and a bad number exit 1 with one message", async () => {
  const unknown = await run(["graph", "--focus", "Usr", V30]);
  assert.equal(unknown.code, 1);
  assert.equal(unknown.stdout, "");
  assert.match(unknown.stderr, /^oatool graph: --focus "Usr" names no schema[^\n]*did you mean "User"\?\n$/);
  const large = await run(["graph", "--max-nodes", "5", V30]);
  assert.equal(large.code, 1);
  assert.match(
    large.stderr,
    /^oatool graph: the graph of [^\n]* has 10 nodes, more than the 5 drawn at most: [^\n]*--focus/,
  );
  const bad = await run(["graph", "--depth", "two", V30]);
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /--depth "two" is not a whole number of 0 or more/);
});

Deno.test("graph cli: --help lists every flag", async () => {
  const r = await run(["graph", "--help"]);
  assert.equal(r.code, 0);
  for (
    const flag of [
      "--format",
      "--operations",
      "--focus",
      "--depth",
      "--direction",
      "--group-by",
      "--max-nodes",
      "-o",
    ]
  ) {
    assert.ok(r.stdout.includes(flag), flag);
  }
});
