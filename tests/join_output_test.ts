/**
 * Issue 28: the joined document is checked; an error no input had (a dangling reference, a duplicate
 * operationId, a discriminator mapping that names no schema) fails the join naming it. And `join -o` takes
 * `--mode` (0600 by default).
 */
import assert from "node:assert/strict";
import { documentFromObject } from "../src/core/mod.ts";
import { join, JoinOutputError, useCustomValue } from "../src/joiner/mod.ts";
import { run } from "../src/cli/_test_io.ts";
import {
  at,
  emptyDoc,
  FAMILIES,
  type Family,
  type Obj,
  operation,
  put,
  sectionsOf,
  withTemp,
  writeInputs,
} from "./join_helpers_test.ts";

/** Three inputs; Pet collides (a's and b's differ), and each has its own path. */
function fleet(family: Family) {
  const schema = sectionsOf(family)[0];
  return ["a", "b", "c"].map((title, i) => {
    const doc = emptyDoc(family, title);
    put(doc, [...schema.segments, "Pet"], schema.value(i === 1 ? "R" : "L"));
    put(doc, [...schema.segments, `Own${title}`], schema.value("L"));
    (doc.paths as Obj)[`/${title}`] = { get: operation(title, `get${title}`) };
    return documentFromObject(doc, { source: `${title}.json` });
  });
}

const base = (family: Family) => family === "2.0" ? "#/definitions/" : "#/components/schemas/";

async function outputError(promise: Promise<unknown>): Promise<JoinOutputError> {
  const e = await promise.then(() => undefined, (x: unknown) => x);
  assert.ok(e instanceof JoinOutputError, `expected a JoinOutputError, got ${e}`);
  return e;
}

for (const family of FAMILIES) {
  Deno.test(`${family}: a collision handler's value with a dangling $ref fails the join naming it`, async () => {
    const schemas = sectionsOf(family)[0].segments.join(".");
    const broken = () => useCustomValue({ $ref: `${base(family)}Nowhere` });
    const e = await outputError(
      join(fleet(family), { collisionHandler: broken, collisionHandlerTypes: ["schema"] }),
    );
    assert.deepEqual(e.findings.map((f) => `${f.rule} ${f.path}`), [`ref-resolves ${schemas}.Pet.$ref`]);
    assert.equal(e.code, "JOIN_OUTPUT_INVALID");
    assert.match(e.message, /^the joined document has 1 error\(s\) that no input had, the first at /);
    assert.match(e.message, /\[ref-resolves\]/);
    // Switched off, the same join returns the broken document.
    const r = await join(fleet(family), { collisionHandler: broken, checkOutput: false });
    assert.deepEqual(at(r.document, [...sectionsOf(family)[0].segments, "Pet"]), {
      $ref: `${base(family)}Nowhere`,
    });
  });

  Deno.test(`${family}: a discriminator mapping and an operationId the join broke are named too`, async () => {
    const mapping = () =>
      useCustomValue({
        type: "object",
        required: ["kind"],
        properties: { kind: { type: "string" } },
        discriminator: family === "2.0" ? "kind" : { propertyName: "kind", mapping: { gone: "Gone" } },
      });
    if (family !== "2.0") {
      const e = await outputError(join(fleet(family), { collisionHandler: mapping }));
      assert.deepEqual(e.findings.map((f) => f.rule), ["discriminator-mapping"]);
      assert.match(e.findings[0].message, /'gone' names "Gone", which is no schema/);
    }
    // A path item of the handler's with the same operationId twice (no input has a duplicate).
    const docs = fleet(family);
    (docs[1].document.paths as Obj)["/a"] = { get: operation("b's a") };
    const path = () => useCustomValue({ get: operation("one", "dup"), put: operation("two", "dup") });
    const e = await outputError(
      join(docs, { collisionHandler: path, collisionHandlerTypes: ["path"], schemaStrategy: "accept-left" }),
    );
    assert.deepEqual(e.findings.map((f) => f.rule), ["operation-id-unique"]);
  });

  Deno.test(`${family}: the inputs' own errors do not fail the join`, async () => {
    const docs = fleet(family);
    // a refers to a schema it does not have; the join keeps that reference as it was.
    put(docs[0].document as unknown as Obj, [...sectionsOf(family)[0].segments, "Owna"], {
      $ref: `${base(family)}Missing`,
    });
    const r = await join(docs, { schemaStrategy: "rename-right" });
    assert.equal(at(r.document, [...sectionsOf(family)[0].segments, "Pet_b", "type"]), "object");
  });
}

Deno.test("oatool join -o: mode 0600 by default, --mode 644 on request, exit 2 on a bad mode", async () => {
  await withTemp(async (dir) => {
    const [a, b] = fleet("3.x").map((p) => p.document as unknown as Obj);
    const files = await writeInputs(dir, { "a.json": a, "b.json": b });
    const out = `${dir}/out.json`;
    const args = ["join", "--schema-strategy", "rename-right", "-o", out, ...files];
    assert.equal((await run(args)).code, 0);
    assert.equal((await Deno.stat(out)).mode! & 0o777, 0o600);
    await Deno.remove(out);
    const served = await run([...args, "--mode", "644"]);
    assert.equal(served.code, 0, served.stderr);
    assert.equal((await Deno.stat(out)).mode! & 0o777, 0o644);
    for (const bad of ["9x9", "0o644", "7777", "rw-r--r--"]) {
      const r = await run([...args, "--mode", bad]);
      assert.equal(r.code, 2, bad);
      assert.match(r.stderr, /--mode takes an octal file mode such as 600 or 644/);
    }
    const help = await run(["join", "--help"]);
    assert.match(help.stdout + help.stderr, /--mode 644/);
  });
});
