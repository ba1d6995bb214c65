import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
// @ts-types="@types/js-yaml"
import yaml from "js-yaml";
import { run } from "./_test_io.ts";
import { parseNamespacePrefixes } from "./join.ts";

const dir = fileURLToPath(new URL("../../testdata/joiner/", import.meta.url));
const users = join(dir, "oas3/users.yaml");
const orders = join(dir, "oas3/orders.yaml");
const pets = join(dir, "oas2/pets.json");
const stores = join(dir, "oas2/stores.json");

type Json = Record<string, unknown>;

async function withTemp(fn: (tmp: string) => Promise<void>): Promise<void> {
  const tmp = await Deno.makeTempDir();
  try {
    await fn(tmp);
  } finally {
    await Deno.remove(tmp, { recursive: true });
  }
}

Deno.test("oatool join writes the merged document with mode 0600 and reports on stderr", async () => {
  await withTemp(async (tmp) => {
    const out = join(tmp, "merged.yaml");
    const r = await run([
      "join",
      "--schema-strategy",
      "rename-right",
      "--default-strategy",
      "accept-left",
      "-o",
      out,
      users,
      orders,
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, "");
    assert.equal((await Deno.stat(out)).mode! & 0o777, 0o600);
    const doc = yaml.load(await Deno.readTextFile(out)) as Json;
    assert.equal(doc.openapi, "3.0.3");
    assert.deepEqual(Object.keys(doc.paths as Json), ["/users", "/health", "/orders"]);
    assert.match(
      r.stderr,
      new RegExp(
        "^oatool join v\\S+\\n\\nFiles Joined: 2\\nOutput: " +
          out.replaceAll("/", "\\/").replaceAll(".", "\\.") +
          "\\nOAS Version: 3\\.0\\.3\\nPaths: 3\\nOperations: 4\\nSchemas: 9\\nTotal Time: \\S+\\n" +
          // Error and two other components are identical in both inputs: merged, not collisions (issue 28).
          "Collisions Resolved: 5\\n\\n3 identical components merged\\n\\nWarnings \\(6\\):\\n" +
          "  - schema 'User' collision: right renamed to 'User_orders'\\n",
      ),
    );
    assert.match(r.stderr, / {2}- Path '\/health' collision resolved with accept-left strategy\n/);
    // The tag common is described only in orders.yaml: the first (undescribed) one is kept, with a warning.
    assert.match(
      r.stderr,
      / {2}- tag 'common' of .*orders\.yaml has description "Shared operations", but the result /,
    );
    assert.doesNotMatch(r.stderr, /already existed/);
    // Run again: the existing file is overwritten with a warning, and the bytes are the same.
    const first = await Deno.readTextFile(out);
    const again = await run([
      "join",
      "--schema-strategy",
      "rename-right",
      "--default-strategy",
      "accept-left",
      "-o",
      out,
      users,
      orders,
    ]);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stderr, /Warning: .*merged\.yaml already existed and was overwritten\./);
    assert.equal(await Deno.readTextFile(out), first);
    assert.equal((await Deno.stat(out)).mode! & 0o777, 0o600);
  });
});

Deno.test("oatool join fails with exit code 1 naming the collided name and both sources", async () => {
  await withTemp(async (tmp) => {
    const out = join(tmp, "merged.yaml");
    const r = await run(["join", "-o", out, users, orders]);
    assert.equal(r.code, 1);
    assert.match(
      r.stderr,
      /^oatool join: schema collision: 'User' defined in .*users\.yaml \(components\.schemas\.User\) and .*orders\.yaml \(components\.schemas\.User\); set a schema strategy/,
    );
    await assert.rejects(Deno.stat(out), Deno.errors.NotFound);
    // With -s the positions of both sides are given.
    const s = await run(["join", "-s", "-o", out, users, orders]);
    assert.equal(s.code, 1);
    assert.match(s.stderr, /'User' defined in .*users\.yaml:\d+:5 and .*orders\.yaml:\d+:5;/);
    // Paths fail under fail-on-paths.
    const p = await run(["join", "--default-strategy", "fail-on-paths", "-o", out, users, orders]);
    assert.equal(p.code, 1);
    assert.match(p.stderr, /path collision: '\/health'.*fail-on-paths/);
  });
});

Deno.test("oatool join usage errors", async (t) => {
  const cases: [string, string[], RegExp][] = [
    ["-o is required", ["join", users, orders], /the output file is required: give it with -o <file>/],
    ["two inputs at least", ["join", "-o", "x.yaml", users], /at least 2 arguments are required, 1 given/],
    [
      "unknown strategy",
      ["join", "--schema-strategy", "keep", "-o", "x.yaml", users, orders],
      /takes one of accept-left/,
    ],
    [
      "paths cannot be renamed",
      ["join", "--path-strategy", "rename-right", "-o", "x.yaml", users, orders],
      /paths cannot be renamed/,
    ],
    [
      "bad prefix flag",
      ["join", "--namespace-prefix", "Users", "-o", "x.yaml", users, orders],
      /takes source=prefix/,
    ],
    ["standard input", ["join", "-o", "x.yaml", users, "-"], /not from standard input/],
    ["bad template", ["join", "--rename-template", "{{.Nme}}", "-o", "x.yaml", users, orders], /Nme/],
  ];
  for (const [name, args, expected] of cases) {
    await t.step(name, async () => {
      const r = await run(args);
      assert.equal(r.code, 1);
      assert.match(r.stderr, expected);
    });
  }
});

Deno.test("oatool join refuses to write over an input", async () => {
  await withTemp(async (tmp) => {
    const a = join(tmp, "a.yaml");
    await Deno.copyFile(users, a);
    const before = await Deno.readTextFile(a);
    const r = await run(["join", "--default-strategy", "accept-left", "-o", a, a, orders]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /refusing to write over the input/);
    assert.equal(await Deno.readTextFile(a), before);
  });
});

Deno.test("oatool join validates inputs first and refuses invalid ones with the findings", async () => {
  await withTemp(async (tmp) => {
    const bad = join(tmp, "bad.yaml");
    await Deno.writeTextFile(
      bad,
      "openapi: 3.0.3\ninfo: {title: Bad, version: '1'}\npaths:\n  /x:\n    get:\n      responses:\n" +
        "        '200': {$ref: '#/components/responses/Missing'}\n",
    );
    const out = join(tmp, "out.yaml");
    const r = await run(["join", "-s", "-o", out, bad, users]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /^oatool join: .*bad\.yaml has 1 validation error\(s\)/);
    assert.match(
      r.stderr,
      /\nErrors in .*bad\.yaml \(1\):\n {2}.*bad\.yaml:7:\d+: paths\.\/x\.get\.responses\.200\.\$ref: /,
    );
    assert.match(r.stderr, /--no-validate/);
    await assert.rejects(Deno.stat(out), Deno.errors.NotFound);
    const forced = await run(["join", "--no-validate", "-o", out, bad, users]);
    assert.equal(forced.code, 0, forced.stderr);
  });
});

Deno.test("oatool join: version mismatch, 2.0 documents, overlays, prefixes, arrays, report", async (t) => {
  await withTemp(async (tmp) => {
    await t.step("2.0 with 3.x fails", async () => {
      const r = await run(["join", "-o", join(tmp, "x.json"), pets, users]);
      assert.equal(r.code, 1);
      assert.match(
        r.stderr,
        /cannot join .*users\.yaml \(OpenAPI 3\.0\.3\) with .*pets\.json \(Swagger 2\.0\)/,
      );
    });
    await t.step("2.0 documents keep JSON, with host and basePath warnings", async () => {
      const out = join(tmp, "pets.json");
      const r = await run(["join", "--default-strategy", "accept-left", "-o", out, pets, stores]);
      assert.equal(r.code, 0, r.stderr);
      const doc = JSON.parse(await Deno.readTextFile(out));
      assert.equal(doc.swagger, "2.0");
      assert.match(r.stderr, /OAS Version: 2\.0\n/);
      assert.match(r.stderr, / {2}- host 'stores\.example\.com' of .* is ignored/);
    });
    await t.step("overlays before and after, repeatable and in order", async () => {
      const out = join(tmp, "o.yaml");
      const r = await run([
        "join",
        "--default-strategy=accept-left",
        "--pre-overlay",
        join(dir, "overlays/pre-first.yaml"),
        "--pre-overlay",
        join(dir, "overlays/pre-second.yaml"),
        "--post-overlay",
        join(dir, "overlays/post-first.yaml"),
        "--post-overlay",
        join(dir, "overlays/post-second.yaml"),
        "-o",
        out,
        users,
        orders,
      ]);
      assert.equal(r.code, 0, r.stderr);
      const doc = yaml.load(await Deno.readTextFile(out)) as { info: Json; paths: Json };
      assert.equal(doc.info.title, "Final API");
      assert.equal(doc.info["x-pre"], "second");
      assert.deepEqual(Object.keys(doc.paths), ["/users", "/orders"]);
      assert.match(r.stderr, /Paths: 2\n/);
    });
    await t.step("namespace prefixes, always-prefix, no array merging, collision report", async () => {
      const out = join(tmp, "p.yaml");
      const r = await run([
        "join",
        "--default-strategy",
        "accept-left",
        "--namespace-prefix",
        `orders.yaml=Orders`,
        "--always-prefix",
        "--no-merge-arrays",
        "--no-dedup-tags",
        "--collision-report",
        "-o",
        out,
        users,
        orders,
      ]);
      assert.equal(r.code, 0, r.stderr);
      const doc = yaml.load(await Deno.readTextFile(out)) as {
        components: { schemas: Json };
        servers: unknown[];
      };
      assert.deepEqual(Object.keys(doc.components.schemas), [
        "User",
        "Address",
        "Card",
        "Transfer",
        "Error",
        "Orders_Order",
        "Orders_User",
        "Orders_Card",
        "Orders_Transfer",
        "Orders_Error",
      ]);
      // Identical components are not collisions (issue 28); always-prefix keeps Orders_Error apart, so schemas
      // do not collide at all.
      assert.equal(doc.servers.length, 1);
      assert.match(
        r.stderr,
        /\nCollision Report: 2 collision\(s\): 0 schema, 1 path, 1 other component\n {2}parameter 'Limit' \(.*users\.yaml vs .*orders\.yaml\): accept-left\n/,
      );
    });
    await t.step("semantic deduplication; dedup-equivalent with an equivalence mode", async () => {
      const out = join(tmp, "s.yaml");
      const r = await run([
        "join",
        "--semantic-dedup",
        "--schema-strategy",
        "rename-right",
        "--default-strategy",
        "accept-left",
        "-o",
        out,
        users,
        orders,
      ]);
      assert.equal(r.code, 0, r.stderr);
      // Error, identical in both, is merged before semantic deduplication looks at it (issue 28).
      assert.match(r.stderr, /\n3 identical components merged\n/);
      const doc = yaml.load(await Deno.readTextFile(out)) as { components: { schemas: Json } };
      assert.equal("Error_orders" in doc.components.schemas, false);
      const none = await run([
        "join",
        "--schema-strategy",
        "dedup-equivalent",
        "--equivalence-mode",
        "none",
        "--default-strategy",
        "accept-left",
        "-o",
        out,
        users,
        orders,
      ]);
      assert.equal(none.code, 1);
      assert.match(none.stderr, /equivalence mode none never merges values/);
    });
  });
});

Deno.test("--namespace-prefix values", () => {
  assert.deepEqual(parseNamespacePrefixes(["a.yaml=A", "dir/b=c.yaml=B"]), {
    "a.yaml": "A",
    "dir/b=c.yaml": "B",
  });
  assert.throws(() => parseNamespacePrefixes(["=A"]), /source=prefix/);
  assert.throws(() => parseNamespacePrefixes(["a.yaml="]), /source=prefix/);
});

Deno.test("oatool join reports inputs with validation errors as warnings and joins them (issue 11)", async () => {
  await withTemp(async (tmp) => {
    const dup = join(tmp, "dup.yaml");
    await Deno.writeTextFile(
      dup,
      "openapi: 3.0.3\ninfo: {title: Dup, version: '1'}\npaths:\n" +
        "  /x:\n    get: {operationId: same, responses: {'200': {description: ok}}}\n" +
        "  /y:\n    get: {operationId: same, responses: {'200': {description: ok}}}\n",
    );
    const out = join(tmp, "out.yaml");
    const r = await run(["join", "-o", out, dup, users]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stderr,
      /\nWarning: .*dup\.yaml has 1 validation error; joined anyway \(run "oatool validate .*dup\.yaml" for details\):\n {2}paths\.\/y\.get\.operationId: .*same/,
    );
    const merged = yaml.load(await Deno.readTextFile(out)) as { paths: Json };
    assert.deepEqual(Object.keys(merged.paths).slice(0, 2), ["/x", "/y"]);
    const quiet = await run(["join", "--no-validate", "-o", join(tmp, "out2.yaml"), dup, users]);
    assert.equal(quiet.code, 0, quiet.stderr);
    assert.doesNotMatch(quiet.stderr, /validation error/);
    const help = await run(["join", "--help"]);
    assert.match(help.stdout, /reported as\nwarnings on standard error/);
    assert.match(help.stdout, /--no-validate\s+Do not validate the inputs first/);
  });
});

Deno.test("oatool join -o - writes the merged document to standard output (issue 11)", async () => {
  const r = await run(["join", "--default-strategy", "accept-left", "-o", "-", users, orders]);
  assert.equal(r.code, 0, r.stderr);
  const merged = yaml.load(r.stdout) as { paths: Json };
  assert.ok(Object.keys(merged.paths).length > 0);
  assert.match(r.stderr, /\nOutput: <stdout>\n/);
});
