import assert from "node:assert/strict";
import { join } from "node:path";
import { parseText } from "../core/mod.ts";
import { run } from "./_test_io.ts";

const DATA = new URL("../../testdata/fix/", import.meta.url).pathname;
const V31 = `${DATA}v31.yaml`;
const V20 = `${DATA}v20.yaml`;
const ALL = ["--prune-all", "--stub-missing-refs", "--fix-duplicate-operationids", "--fix-schema-names"];

Deno.test("oatool fix: report on stderr, fixed document on stdout, exit 1 while errors remain", async () => {
  const r = await run(["fix", ...ALL, V31]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /^oatool fix v/);
  assert.match(r.stderr, /OAS Version: 3\.1\.0\n/);
  assert.match(r.stderr, /\nFixes Applied \(17\):\n/);
  assert.match(
    r.stderr,
    /\n {2}\[duplicate-operation-id\] paths\.\/orders\/\{orderId\}\.post\.operationId: renamed the duplicate operationId "getPet" to "getPet3"/,
  );
  assert.match(
    r.stderr,
    /\[link-operation-id\] paths\.\/orders\/\{orderId\}\.post\.responses\.201\.links\.again/,
  );
  assert.match(
    r.stderr,
    /\nRemaining Errors \(1\):\n {2}components\.schemas\.Pet\.discriminator\.propertyName: /,
  );
  assert.match(
    r.stderr,
    /Run "oatool validate" on the fixed document for details\.\n\n✗ 17 fixes applied; 1 error remains\.\n$/,
  );
  const doc = parseText(r.stdout, { format: "yaml" }).data as Record<string, Record<string, unknown>>;
  assert.deepEqual(Object.keys(doc.components.schemas as object), ["Response_Pet_", "Pet", "Cat", "Owner"]);
  // Key order of the input is kept.
  assert.deepEqual(Object.keys(doc), ["openapi", "info", "paths", "webhooks", "components"]);
});

Deno.test("oatool fix: a document fixed to validity exits 0; fixing the output again changes nothing", async () => {
  await withTemp(async (dir) => {
    const out = join(dir, "fixed.yaml");
    const r = await run(["fix", "--infer", ...ALL, "--generic-naming", "of", "-o", out, V20]);
    assert.equal(r.code, 0);
    assert.equal(r.stdout, "");
    assert.match(r.stderr, /\nFixes Applied \(12\):\n/);
    assert.match(r.stderr, /✓ 12 fixes applied; the fixed document is valid\.\nWritten to .*fixed\.yaml\n$/);
    const again = await run(["fix", "--infer", ...ALL, "--generic-naming", "of", out]);
    assert.equal(again.code, 0);
    assert.match(again.stderr, /\nFixes Applied \(0\)\n/);
    assert.equal(again.stdout, await Deno.readTextFile(out));
  });
});

Deno.test("oatool fix --dry-run: the same fix list, no document", async () => {
  const real = await run(["fix", ...ALL, V31]);
  const dry = await run(["fix", ...ALL, "--dry-run", V31]);
  assert.equal(dry.stdout, "");
  assert.equal(dry.code, real.code);
  assert.match(dry.stderr, /\nFixes That Would Be Applied \(17\):\n/);
  assert.match(dry.stderr, /17 fixes would be applied; 1 error remains\.\n$/);
  const fixLines = (s: string) => s.split("\n").filter((l) => l.startsWith("  ["));
  assert.deepEqual(fixLines(dry.stderr), fixLines(real.stderr));
});

Deno.test("oatool fix -s: each fix with the file:line:column of the node it changed", async () => {
  const r = await run(["fix", "-s", "--fix-schema-names", "--stub-missing-refs", V31]);
  assert.match(
    r.stderr,
    /\[path-parameter-required\] .*v31\.yaml:29:11: paths\.\/orders\/\{orderId\}\.post\.parameters\[0\]\.required/,
  );
  assert.match(r.stderr, /\[schema-name\] .*v31\.yaml:62:5: components\.schemas\.Response_Pet_: renamed/);
  assert.match(r.stderr, /\[stub-missing-ref\] .*v31\.yaml:20:18: components\.responses\.Missing/);
  // Remaining errors are placed in the input too.
  assert.match(r.stderr, /\n {2}.*v31\.yaml:70:9: components\.schemas\.Pet\.discriminator\.propertyName: /);
});

Deno.test("oatool fix -q prints only the document; standard input works", async () => {
  const text = await Deno.readTextFile(V20);
  const r = await run(["fix", "-q", "-", "--operationid-template", "{method:upper}_{path:snake}"], {
    stdin: text,
  });
  assert.equal(r.stderr, "");
  assert.equal(r.code, 1);
  const doc = parseText(r.stdout, { format: "yaml" }).data as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  // Without --fix-duplicate-operationids the template is not used: the duplicate stays.
  assert.equal(doc.paths["/items/{itemId}/parts/{partGuid}"].delete.operationId, "listParts");
});

Deno.test("oatool fix: -o never writes over the input; a bad template is a usage error", async () => {
  await withTemp(async (dir) => {
    const input = join(dir, "in.yaml");
    await Deno.copyFile(V20, input);
    const before = await Deno.readTextFile(input);
    const r = await run(["fix", "-o", input, input]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /in\.yaml/);
    assert.equal(await Deno.readTextFile(input), before);
  });
  const bad = await run(["fix", "--fix-duplicate-operationids", "--operationid-template", "{nope}", V20]);
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /unknown placeholder \{nope\}/);
  const choice = await run(["fix", "--generic-naming", "camel", V20]);
  assert.equal(choice.code, 1);
  assert.match(choice.stderr, /generic-naming/);
});

Deno.test("oatool fix --prune is --prune-all; help lists every flag of the spec", async () => {
  const r = await run(["fix", "-q", "--prune", V20]);
  assert.doesNotMatch(r.stdout, /Orphan|\/nothing/);
  const help = await run(["fix", "--help"]);
  for (
    const flag of [
      "--infer",
      "--source-map",
      "--output",
      "--quiet",
      "--fix-schema-names",
      "--generic-naming",
      "--generic-separator",
      "--generic-param-separator",
      "--preserve-casing",
      "--stub-missing-refs",
      "--stub-response-desc",
      "--prune-schemas",
      "--prune-paths",
      "--prune-all",
      "--fix-duplicate-operationids",
      "--operationid-template",
      "--dry-run",
    ]
  ) {
    assert.ok(help.stdout.includes(flag) || help.stderr.includes(flag), flag);
  }
  const main = await run(["help"]);
  assert.match(main.stdout + main.stderr, /\bfix\b.*Automatically correct common validation errors/);
});

async function withTemp(f: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "oatool-fix-" });
  try {
    await f(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
