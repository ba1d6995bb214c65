/**
 * `deno task demo` on a fresh machine downloads only what `join` needs (issue 32): the demo task's command runs
 * with an empty DENO_DIR (scripts/check_demo_downloads.ts), and every npm package in its cache afterwards must be
 * one join's module graph imports, or a dependency of one. Needs the npm registry; skipped, saying so, without it.
 * (Deno's task runner itself installs all of deno.lock first, denoland/deno#28999: not measured here.)
 */
import assert from "node:assert/strict";
import {
  demoCommand,
  freshDownloads,
  joinNeeds,
  packageName,
  registryReachable,
  withDependencies,
} from "../scripts/check_demo_downloads.ts";

const reachable = await registryReachable();

Deno.test({
  name: `demo: a fresh run downloads only join's npm packages${
    reachable ? "" : " (skipped: registry.npmjs.org is not reachable)"
  }`,
  ignore: !reachable,
  async fn() {
    const needs = await joinNeeds();
    assert.ok(needs.has("js-yaml"), [...needs].join(", "));
    assert.ok(!needs.has("@modelcontextprotocol/sdk") && !needs.has("zod"), [...needs].join(", "));
    const downloaded = await freshDownloads(await demoCommand());
    assert.ok(downloaded.includes("js-yaml"), `the demo ran: ${downloaded.join(", ")}`);
    assert.deepEqual(downloaded.filter((p) => !needs.has(p)), [], "downloaded beyond join's needs");
  },
});

Deno.test("demo: package names of npm specifiers and lock keys, and their dependencies by the lock", () => {
  assert.equal(packageName("npm:/@scope/name@1.2.3/dist/x.js"), "@scope/name");
  assert.equal(packageName("npm:js-yaml@4.3.2"), "js-yaml");
  assert.equal(packageName("ajv-formats@3.0.1_ajv@8.20.0"), "ajv-formats");
  const lock = {
    npm: {
      "a@1.0.0": { dependencies: ["b", "c@2.0.0"] },
      "b@1.0.0": {},
      "c@2.0.0": { dependencies: ["a"] },
      "d@1.0.0": {},
    },
  };
  assert.deepEqual([...withDependencies(["a"], lock)].sort(), ["a", "b", "c"]);
});
