import assert from "node:assert/strict";
import { run } from "./_test_io.ts";
import { parseText } from "../core/mod.ts";

const DATA = new URL("../../testdata/convert/", import.meta.url).pathname;
const V2 = `${DATA}collection-formats-2to3/input.yaml`;
const CRITICAL = `${DATA}critical-3to2/input.yaml`;

Deno.test("oatool convert: YAML in, YAML out on stdout; banner, versions and issues on stderr; exit 0", async () => {
  const r = await run(["convert", "-t", "3.0", V2]);
  assert.equal(r.code, 0);
  const doc = parseText(r.stdout, { format: "yaml" }).data as Record<string, unknown>;
  assert.equal(doc.openapi, "3.0.4");
  assert.match(r.stdout, /^openapi: 3\.0\.4\ninfo:\n/);
  assert.match(r.stderr, /^oatool convert v/);
  assert.match(r.stderr, /Source Version: 2\.0\nTarget Version: 3\.0\.4\n/);
  assert.match(r.stderr, /Conversion Issues \(2\):\n {2}ℹ info: host: /);
  assert.match(r.stderr, /⚠ warning: paths\.\/items\/\{ids\}\.get\.parameters\[3\]\.collectionFormat: /);
  assert.match(r.stderr, / {6}hint: describe the separator/);
  assert.match(
    r.stderr,
    /✓ Converted OpenAPI 2\.0 → 3\.0\.4 to <stdout> \(0 critical, 1 warning, 1 info\)\.\n$/,
  );
});

Deno.test("oatool convert: a critical issue exits 1 and still writes; --strict writes nothing", async () => {
  const r = await run(["convert", "-t", "2.0", CRITICAL]);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /^swagger: '2\.0'/);
  assert.match(r.stderr, /✗ critical: paths\.\/pets\.trace: /);
  assert.match(
    r.stderr,
    /failed \(3 critical, 0 warnings, 0 info\); the document was written to <stdout>\.\n$/,
  );
  const strict = await run(["convert", "--strict", "-t", "3.1", V2]);
  assert.equal(strict.code, 1);
  assert.equal(strict.stdout, "");
  assert.match(strict.stderr, /nothing was written\.\n$/);
});

Deno.test("oatool convert: -q prints only the document; --no-warnings; -s adds positions", async () => {
  const q = await run(["convert", "-q", "-t", "3.1", V2]);
  assert.equal(q.code, 0);
  assert.equal(q.stderr, "");
  const nw = await run(["convert", "--no-warnings", "-t", "3.1", V2]);
  assert.match(nw.stderr, /Conversion Issues \(0\)\n/);
  const s = await run(["convert", "-s", "-t", "3.1", V2]);
  assert.match(
    s.stderr,
    /input\.yaml:17:11: paths\.\/items\/\{ids\}\.get\.parameters\[3\]\.collectionFormat/,
  );
});

Deno.test("oatool convert: -t is required and checked; JSON from stdin stays JSON; -o writes a file", async () => {
  const none = await run(["convert", V2]);
  assert.equal(none.code, 1);
  assert.match(none.stderr, /the target version is required/);
  const bad = await run(["convert", "-t", "3.3", V2]);
  assert.equal(bad.code, 1);
  assert.match(
    bad.stderr,
    /"3\.3" is not supported; use one of 2\.0, 3\.0\.0, .*3\.2\.0, 3\.0, 3\.1, 3\.2\./,
  );
  const json = await run(["convert", "-q", "-t", "2.0", "-"], {
    stdin: JSON.stringify({ openapi: "3.0.3", info: { title: "t", version: "1" }, paths: {} }),
  });
  assert.equal(json.code, 0);
  assert.deepEqual(JSON.parse(json.stdout), {
    swagger: "2.0",
    info: { title: "t", version: "1" },
    paths: {},
  });
  const dir = await Deno.makeTempDir();
  try {
    const r = await run(["convert", "-t", "3.2", "-o", `${dir}/out.yaml`, V2]);
    assert.equal(r.code, 0);
    assert.equal(r.stdout, "");
    assert.match(await Deno.readTextFile(`${dir}/out.yaml`), /^openapi: 3\.2\.0\n/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
