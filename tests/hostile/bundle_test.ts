/**
 * Hostile multi-file sets given to `oatool bundle`, run as spawned processes with the binary's permissions
 * (bounded by a kill, no timing asserted): references that leave the base folder (by `../` and by a symbolic
 * link), parts inlined at many places that double at every level (an expansion bomb across files), a chain of
 * inlined parts nested deeper than the limit, and a fan-out of thousands of files.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { spawnOatool, withTempDir } from "../_spawn.ts";

const HEAD = 'openapi: 3.0.3\ninfo: {title: hostile, version: "1"}\n';

Deno.test("bundle: a reference out of the base folder (../ or a symbolic link) is refused, nothing is written", async () => {
  await withTempDir(async (dir) => {
    await Deno.mkdir(join(dir, "api"));
    await Deno.writeTextFile(join(dir, "secret.yaml"), "type: object\ndescription: TOP-SECRET\n");
    await Deno.symlink(join(dir, "secret.yaml"), join(dir, "api", "link.yaml"));
    await Deno.writeTextFile(
      join(dir, "api", "openapi.yaml"),
      HEAD + "paths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n" +
        "          content:\n            application/json:\n              schema:\n" +
        "                properties:\n                  up: {$ref: ../secret.yaml}\n" +
        "                  link: {$ref: link.yaml}\n",
    );
    const r = await spawnOatool(["bundle", "-o", join(dir, "out.yaml"), join(dir, "api", "openapi.yaml")]);
    assert.equal(r.killed, false);
    assert.equal(r.code, 1);
    assert.doesNotMatch(r.stdout + r.stderr, /TOP-SECRET/);
    assert.match(r.stderr, /properties\.up: reference "\.\.\/secret\.yaml" leaves/);
    assert.match(r.stderr, /properties\.link: reference "link\.yaml" leaves/);
    await assert.rejects(Deno.stat(join(dir, "out.yaml")));
  });
});

Deno.test("bundle: parts inlined at two places per level across 40 files stop at the expansion budget", async () => {
  await withTempDir(async (dir) => {
    // An unknown field of info (walked leniently) refers to f0.yaml; each fN.yaml refers twice to fN+1.yaml:
    // none is a component kind, so each is inlined at its use, 2^40 copies if nothing stopped it.
    const n = 40;
    for (let i = 0; i < n; i++) {
      await Deno.writeTextFile(
        join(dir, `f${i}.yaml`),
        `a: {$ref: f${i + 1}.yaml}\nb: {$ref: f${i + 1}.yaml}\n`,
      );
    }
    await Deno.writeTextFile(join(dir, `f${n}.yaml`), "leaf: " + "x".repeat(100) + "\n");
    await Deno.writeTextFile(
      join(dir, "openapi.yaml"),
      'openapi: 3.0.3\ninfo:\n  title: hostile\n  version: "1"\n  more: {$ref: f0.yaml}\npaths: {}\n',
    );
    const r = await spawnOatool(["bundle", join(dir, "openapi.yaml")], { timeoutMs: 60_000 });
    assert.equal(r.killed, false);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, "");
    assert.match(r.stderr, /bundling would copy more than 100,000 values \(the expansion budget: 100 times/);
  });
});

Deno.test("bundle: a fan-out of 3,000 files reads each once and gives one component each", async () => {
  await withTempDir(async (dir) => {
    const n = 3000;
    await Deno.mkdir(join(dir, "schemas"));
    const props: string[] = [];
    for (let i = 0; i < n; i++) {
      // Every file also refers to the next one and back to the first (a cycle through all of them).
      await Deno.writeTextFile(
        join(dir, "schemas", `s${i}.yaml`),
        `type: object\nproperties:\n  next: {$ref: s${(i + 1) % n}.yaml}\n  first: {$ref: ./s0.yaml}\n`,
      );
      props.push(`                  p${i}: {$ref: schemas/s${i}.yaml}`);
    }
    await Deno.writeTextFile(
      join(dir, "openapi.yaml"),
      HEAD + "paths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n" +
        "          content:\n            application/json:\n              schema:\n                properties:\n" +
        props.join("\n") + "\n",
    );
    const r = await spawnOatool(["bundle", "-o", join(dir, "out.json"), join(dir, "openapi.yaml")]);
    assert.equal(r.killed, false);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /\nFiles: 3,?001\nComponents: 3,?000 \(3,?000 from other files\)\n/);
    const out = JSON.parse(await Deno.readTextFile(join(dir, "out.json")));
    const names = Object.keys(out.components.schemas);
    assert.equal(names.length, n);
    assert.deepEqual(names.slice(0, 3), ["S0", "S1", "S2"]);
    assert.deepEqual(out.components.schemas.S1.properties, {
      next: { $ref: "#/components/schemas/S2" },
      first: { $ref: "#/components/schemas/S0" },
    });
  });
});
