/**
 * Every command reads a later patch of a known minor (3.0.5, 3.1.3, 3.2.1) through the same detection as
 * validate: accepted as the latest known patch (with a warning where the command reports warnings).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { run } from "../src/cli/_test_io.ts";

async function withFiles(files: Record<string, string>, fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    for (const [name, text] of Object.entries(files)) await Deno.writeTextFile(join(dir, name), text);
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const doc = (version: string, path: string) =>
  `openapi: ${version}\ninfo: {title: T${path}, version: "1"}\npaths:\n  /${path}: {get: {responses: {"200": {description: ok}}}}\n`;

Deno.test("parse, join, overlay apply and validate accept a later patch version", async () => {
  await withFiles({
    "a.yaml": doc("3.1.3", "a"),
    "b.yaml": doc("3.1.0", "b"),
    "o.yaml":
      'overlay: 1.0.0\ninfo: {title: O, version: "1"}\nactions:\n  - target: $.info\n    update: {description: x}\n',
  }, async (dir) => {
    const a = join(dir, "a.yaml");
    const parsed = await run(["parse", a]);
    assert.equal(parsed.code, 0, parsed.stderr);
    assert.match(parsed.stdout + parsed.stderr, /declares openapi "3\.1\.3".*validated as 3\.1\.2/);

    const validated = await run(["validate", "-q", a]);
    assert.equal(validated.code, 0, validated.stdout);
    assert.match(validated.stdout, /\[oas-version\]/);

    const out = join(dir, "out.yaml");
    const joined = await run(["join", "-o", out, a, join(dir, "b.yaml")]);
    assert.equal(joined.code, 0, joined.stderr);
    assert.match(await Deno.readTextFile(out), /^openapi: 3\.1\.3$/m);

    const applied = await run(["overlay", "apply", "--spec", a, join(dir, "o.yaml")]);
    assert.equal(applied.code, 0, applied.stderr);
    assert.match(applied.stdout, /description: x/);
  });
});
