/**
 * One size cap for every read, set on the command line: every command that reads documents refuses an input
 * (a file, standard input, a `$ref`'d file, an overlay) larger than `--max-input-size`, with one sentence that
 * names the limit and the flag, exit status 1, and nothing written.
 */
import assert from "node:assert/strict";
import { spawnOatool, withTempDir } from "../_spawn.ts";

/** A valid 3.1 document of about `bytes` bytes (the description pads it), optionally referring to `ref`. */
function documentOf(bytes: number, ref?: string): string {
  const schema = ref === undefined ? "{ type: string }" : `{ $ref: "${ref}" }`;
  return `openapi: 3.1.0
info: { title: Big, version: "1", description: "${"x".repeat(Math.max(0, bytes - 200))}" }
paths:
  /a:
    get:
      responses:
        "200":
          description: OK
          content: { application/json: { schema: ${schema} } }
`;
}

const OVERLAY = `overlay: 1.0.0
info: { title: O, version: "1" }
actions:
  - target: $.info
    update: { summary: S }
`;

function assertRefused(r: { code: number; stderr: string; killed: boolean }, what: string): void {
  assert.equal(r.killed, false, `${what}: did not finish`);
  // validate exits 2 when it could not read its input (issue 32); the other commands 1
  assert.equal(r.code, what.startsWith("validate") ? 2 : 1, `${what}: ${r.stderr}`);
  assert.match(
    r.stderr,
    /larger than 1024 bytes\b.*the input size limit; raise it with --max-input-size/,
    what,
  );
  assert.equal(r.stderr.trim().split("\n").length, 1, `${what}: one sentence, no stack trace: ${r.stderr}`);
}

Deno.test("hostile: --max-input-size caps files, stdin, referenced files and overlays for every reading command", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/big.yaml`, documentOf(4096));
    await Deno.writeTextFile(`${dir}/small.yaml`, documentOf(300));
    await Deno.writeTextFile(`${dir}/refers.yaml`, documentOf(300, "big-schema.yaml"));
    await Deno.writeTextFile(`${dir}/big-schema.yaml`, `type: string\ndescription: "${"y".repeat(4096)}"\n`);
    await Deno.writeTextFile(
      `${dir}/overlay.yaml`,
      OVERLAY + `  - target: $.info\n    update: { description: "${"z".repeat(4096)}" }\n`,
    );
    const cap = ["--max-input-size", "1K"];
    const runs: [string, string[]][] = [
      ["parse a file", ["parse", ...cap, "big.yaml"]],
      ["validate a file", ["validate", ...cap, "big.yaml"]],
      ["join a file", ["join", ...cap, "-o", "-", "small.yaml", "big.yaml"]],
      ["overlay apply: the document", ["overlay", "apply", ...cap, "-s", "big.yaml", "overlay.yaml"]],
      ["overlay apply: the overlay", ["overlay", "apply", ...cap, "-s", "small.yaml", "overlay.yaml"]],
      ["overlay validate", ["overlay", "validate", ...cap, "overlay.yaml"]],
    ];
    for (const [what, args] of runs) assertRefused(await spawnOatool(args, { cwd: dir }), what);
    assertRefused(
      await spawnOatool(["validate", ...cap, "-"], { cwd: dir, stdin: documentOf(4096) }),
      "validate standard input",
    );
    // A referenced file over the cap is not read: the reference stays unresolved and says why.
    const resolved = await spawnOatool(["parse", "--resolve-refs", ...cap, "refers.yaml"], { cwd: dir });
    assert.equal(resolved.code, 0, resolved.stderr);
    assert.match(resolved.stderr, /big-schema\.yaml.* is larger than 1024 bytes\b.*the input size limit/);
    assert.match(resolved.stdout, /"\$ref": "big-schema\.yaml"/);
    assert.doesNotMatch(resolved.stdout, /yyyy/);
    const checked = await spawnOatool(["validate", ...cap, "refers.yaml"], { cwd: dir });
    assert.equal(checked.code, 1, checked.stderr);
    assert.match(
      checked.stderr + checked.stdout,
      /big-schema\.yaml.* is larger than 1024 bytes\b.*the input size limit/,
    );
    // Under the cap everything reads: the limit is what refuses, not the documents.
    const ok = await spawnOatool(["parse", "-q", "--max-input-size", "1M", "refers.yaml"], { cwd: dir });
    assert.equal(ok.code, 0, ok.stderr);
    const left = [...Deno.readDirSync(dir)].map((e) => e.name).sort();
    assert.deepEqual(left, ["big-schema.yaml", "big.yaml", "overlay.yaml", "refers.yaml", "small.yaml"]);
  });
});
