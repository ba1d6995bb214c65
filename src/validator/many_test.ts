import assert from "node:assert/strict";
import { join } from "node:path";
import { INPUT_RULE, validateMany } from "./many.ts";

const DATA = new URL("../../testdata/", import.meta.url).pathname;
const INPUTS = [
  `${DATA}petstore/petstore-3.1.yaml`,
  `${DATA}validator/invalid.yaml`,
  `${DATA}petstore/petstore-2.0.json`,
  `${DATA}malformed/does-not-exist.yaml`,
  `${DATA}petstore/petstore-3.2.yaml`,
];

/** What a run says of each document, without its timings. */
function summary(entries: Awaited<ReturnType<typeof validateMany>>) {
  return entries.map((e) => ({
    input: e.input,
    valid: e.result.valid,
    errors: e.result.errors,
    warnings: e.result.warnings,
    failure: e.failure,
  }));
}

Deno.test("validateMany: on workers the results are those of one thread, in input order", async () => {
  const one = await validateMany(INPUTS, { jobs: 1 });
  assert.deepEqual(one.map((e) => e.input), INPUTS);
  assert.deepEqual(one.map((e) => e.result.valid), [true, false, true, false, true]);
  assert.equal(one[3].result.errors[0].rule, INPUT_RULE);
  for (const mainThread of [true, false]) {
    const many = await validateMany(INPUTS, { jobs: 3, mainThread });
    assert.deepEqual(summary(many), summary(one));
  }
});

Deno.test("validateMany: a worker that fails reports its document as an error; the run goes on", async () => {
  const crash = `${DATA}petstore/crash.yaml`;
  const inputs = [INPUTS[0], crash, INPUTS[1], INPUTS[4]];
  const entries = await validateMany(inputs, {
    jobs: 2,
    mainThread: false,
    workerUrl: new URL("./_test_many_worker.ts", import.meta.url),
  });
  assert.deepEqual(entries.map((e) => e.input), inputs);
  assert.deepEqual(entries.map((e) => e.result.valid), [true, false, false, true]);
  assert.match(entries[1].failure ?? "", /worker validating it failed \(.*boom on .*crash\.yaml/);
  assert.equal(entries[1].result.errors[0].rule, INPUT_RULE);
  assert.equal(entries[2].failure, undefined);
  assert.equal(entries[2].result.errorCount, 3);
});

Deno.test("validateMany: workers that cannot load leave their documents to this thread", async () => {
  const entries = await validateMany(INPUTS.slice(0, 3), {
    jobs: 2,
    mainThread: false,
    workerUrl: new URL("./no_such_worker_module.ts", import.meta.url),
  });
  assert.deepEqual(entries.map((e) => [e.input, e.result.valid]), [
    [INPUTS[0], true],
    [INPUTS[1], false],
    [INPUTS[2], true],
  ]);
});

Deno.test("validateMany: a worker that ends itself mid-document (a plugin's Deno.exit) fails that document only", async () => {
  const dir = await Deno.makeTempDir({ prefix: "oatool-many-exit-" });
  try {
    const plugin = join(dir, "exit_rule.ts");
    await Deno.writeTextFile(
      plugin,
      `export default {
  id: "exits", severity: "error", description: "Ends its thread on operation exitNow", versions: ["3.1"],
  create: () => ({ operation(op: { operationId?: string }) { if (op.operationId === "exitNow") Deno.exit(3); } }),
};
`,
    );
    const exits = join(dir, "exits.yaml");
    await Deno.writeTextFile(
      exits,
      (await Deno.readTextFile(INPUTS[0])).replace(/operationId: listPets/, "operationId: exitNow"),
    );
    const inputs = [INPUTS[0], exits, INPUTS[1], INPUTS[4]];
    const entries = await validateMany(inputs, {
      jobs: 1,
      mainThread: false,
      config: { plugins: [plugin] },
    });
    assert.deepEqual(entries.map((e) => e.input), inputs);
    assert.deepEqual(entries.map((e) => e.failure === undefined), [true, false, true, true]);
    assert.match(entries[1].failure ?? "", /the worker validating it failed \(it called Deno\.exit\(3\)\)/);
    assert.equal(entries[1].code, "WORKER_FAILED");
    assert.equal(entries[2].result.errorCount, 3);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
