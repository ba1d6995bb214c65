import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
// @ts-types="@types/js-yaml"
import yaml from "js-yaml";
import { run } from "./_test_io.ts";

const dir = fileURLToPath(new URL("../../testdata/walk/", import.meta.url));
const v20 = `${dir}v20.yaml`;
const v30 = `${dir}v30.yaml`;

Deno.test("oatool walk operations prints an aligned table with a header to stdout", async () => {
  const r = await run(["walk", "operations", v20]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(
    r.stdout,
    "METHOD  PATH        OPERATION ID  TAGS  DEPRECATED  SUMMARY\n" +
      "GET     /pets       listPets      pets  no          -\n" +
      "POST    /pets       createPet     pets  yes         -\n" +
      "GET     /pets/{id}  getPet        pets  no          -\n",
  );
  assert.equal(r.stderr, "");
});

Deno.test("oatool walk -q prints tab-separated rows without a header", async () => {
  const r = await run(["walk", "parameters", "-q", "--in", "query", v30]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(
    r.stdout,
    [
      "limit\tquery\tGET\t/users\t#/components/parameters/Limit",
      "offset\tquery\tGET\t/users\t#/components/parameters/Alias",
      "q\tquery\tGET\t/users\t-",
      "limit\tquery\t-\tcomponents.parameters.Limit\t-",
      "offset\tquery\t-\tcomponents.parameters.Alias\t#/components/parameters/Offset",
      "offset\tquery\t-\tcomponents.parameters.Offset\t-",
    ].join("\n") + "\n",
  );
});

Deno.test("oatool walk every subcommand has a header row of its kind", async () => {
  const headers: Record<string, string[]> = {
    operations: ["METHOD", "PATH", "OPERATION ID", "TAGS", "DEPRECATED", "SUMMARY"],
    schemas: ["NAME", "TYPE", "KIND", "LOCATION"],
    parameters: ["NAME", "IN", "METHOD", "PATH", "REF"],
    responses: ["STATUS", "METHOD", "PATH", "CONTENT", "DESCRIPTION"],
    headers: ["NAME", "STATUS", "METHOD", "PATH", "REF"],
    security: ["NAME", "TYPE", "DETAILS", "DESCRIPTION"],
    paths: ["PATH", "METHODS", "WEBHOOK", "REF"],
    refs: ["COUNT", "NODE TYPE", "TARGET"],
  };
  for (const [kind, head] of Object.entries(headers)) {
    const r = await run(["walk", kind, v30]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(r.stdout.split("\n")[0].split(/ {2,}/), head, kind);
  }
});

Deno.test("oatool walk --group-by prints KEY and COUNT", async () => {
  const r = await run(["walk", "schemas", "--group-by", "type", `${dir}v31.yaml`]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(
    r.stdout,
    "KEY          COUNT\narray        2\n(untyped)    1\ninteger      1\nobject       1\nstring|null  1\n",
  );
  const q = await run(["walk", "responses", "-q", "--group-by", "status_code", "--status", "4xx", v20]);
  assert.equal(q.stdout, "400\t1\n404\t1\n");
});

Deno.test("oatool walk --detail prints the full nodes as YAML; --format json the whole result", async () => {
  const r = await run(["walk", "operations", "--detail", "--operation-id", "getUser", v30]);
  assert.equal(r.code, 0, r.stderr);
  const items = yaml.load(r.stdout) as Record<string, unknown>[];
  assert.equal(items.length, 1);
  assert.deepEqual((items[0].node as Record<string, unknown>)["x-tier"], "silver");
  const j = await run([
    "walk",
    "operations",
    "--detail",
    "--format",
    "json",
    "--operation-id",
    "getUser",
    v30,
  ]);
  const result = JSON.parse(j.stdout);
  assert.deepEqual([result.kind, result.total, result.matched, result.returned, result.limit], [
    "operations",
    5,
    1,
    1,
    25,
  ]);
  assert.equal(result.items[0].node.operationId, "getUser");
  const y = await run(["walk", "refs", "--format", "yaml", "--group-by", "node_type", v30]);
  const doc = yaml.load(y.stdout) as Record<string, unknown>;
  assert.equal(doc.total, 16);
  assert.deepEqual((doc.groups as unknown[])[0], { key: "schema", count: 7 });
});

Deno.test("oatool walk refs --detail lists each occurrence with its source", async () => {
  const r = await run(["walk", "refs", "--detail", "--target", "#/definitions/Error", v20]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(
    r.stdout,
    "TARGET               NODE TYPE  SOURCE\n#/definitions/Error  schema     responses.Error.schema\n",
  );
});

Deno.test("oatool walk: no match is a note on stderr and exit 0", async () => {
  const r = await run(["walk", "operations", "--tag", "nope", v30]);
  assert.equal(r.code, 0);
  assert.equal(r.stdout, "");
  assert.equal(r.stderr, "No operations match (the document has 5 operations).\n");
  const q = await run(["walk", "operations", "-q", "--tag", "nope", v30]);
  assert.equal(q.stderr, "No operations match (the document has 5 operations).\n");
});

Deno.test("oatool walk: a page says on stderr what it shows; offset past the end and limit 0", async () => {
  const r = await run(["walk", "operations", "-q", "--limit", "2", "--offset", "1", v30]);
  assert.equal(r.stdout.split("\n").filter(Boolean).length, 2);
  const n = await run(["walk", "operations", "--limit", "2", "--offset", "1", v30]);
  assert.equal(n.stderr, "Showing 2–3 of 5 operations; see more with --offset 3.\n");
  const past = await run(["walk", "operations", "--offset", "10", v30]);
  assert.equal(past.code, 0);
  assert.equal(past.stdout, "");
  assert.equal(past.stderr, "Showing none of 5 operations (offset 10, limit 100).\n");
  const zero = await run(["walk", "operations", "--limit", "0", "--format", "json", v30]);
  const z = JSON.parse(zero.stdout);
  assert.deepEqual([z.matched, z.returned, z.items], [5, 0, []]);
});

Deno.test("oatool walk: a bad filter or input is one message and exit 1", async () => {
  const cases: [string[], RegExp][] = [
    [
      ["walk", "operations", "--extension", "internal", v30],
      /^oatool walk operations: extension filter "internal": term "internal" does not name an extension; .*\n$/,
    ],
    [
      ["walk", "responses", "--status", "99x", v30],
      /^oatool walk responses: status filter "99x" is not a status code; .*\n$/,
    ],
    [
      ["walk", "operations", "--limit", "ten", v30],
      /^oatool walk operations: --limit takes a whole number of 0 or more, not "ten"\.\n$/,
    ],
    [
      ["walk", "schemas", "--component", "--inline", v30],
      /^oatool walk schemas: schemas: "component" and "inline" exclude each other; give one of them\.\n$/,
    ],
    [["walk", "operations", `${dir}missing.yaml`], /^oatool walk operations: .*missing\.yaml.*\n$/],
  ];
  for (const [args, re] of cases) {
    const r = await run(args);
    assert.equal(r.code, 1, args.join(" "));
    assert.equal(r.stdout, "");
    assert.match(r.stderr, re);
    assert.doesNotMatch(r.stderr, /\n.+\n/, "one line");
  }
  const g = await run(["walk", "operations", "--group-by", "status_code", v30]);
  assert.equal(g.code, 1);
  assert.match(g.stderr, /flag --group-by takes one of tag, method, not "status_code"/);
  const sub = await run(["walk", "nope", v30]);
  assert.equal(sub.code, 1);
  assert.match(sub.stderr, /unknown subcommand "nope"/);
});

Deno.test("oatool walk reads standard input", async () => {
  const r = await run(["walk", "paths", "-q", "-"], { stdin: await Deno.readTextFile(v20) });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, "/pets\tGET,POST\tno\t-\n/pets/{id}\tGET\tno\t-\n");
});

Deno.test("oatool walk escapes document text in tables", async () => {
  const content = JSON.stringify({
    openapi: "3.0.3",
    info: { title: "t", version: "1" },
    paths: { "/a\u001b[2J": { get: { operationId: "x\ty", summary: "line\nforged", responses: {} } } },
  });
  const r = await run(["walk", "operations", "-q", "-"], { stdin: content });
  assert.equal(r.stdout, "GET\t/a\\u001b[2J\tx\\ty\t-\tno\tline forged\n");
});

Deno.test("oatool help lists walk, and walk --help its subcommands", async () => {
  const h = await run(["help"]);
  assert.match(h.stdout, /walk\s+Query elements of a document/);
  const w = await run(["walk", "--help"]);
  for (
    const k of ["operations", "schemas", "parameters", "responses", "headers", "security", "paths", "refs"]
  ) {
    assert.match(w.stdout, new RegExp(`\\b${k}\\b`));
  }
  const s = await run(["walk", "refs", "--help"]);
  assert.match(s.stdout, /--target <glob>/);
  assert.match(s.stdout, /--node-type <kind>/);
});
