import assert from "node:assert/strict";
import { closest, parseFlags } from "./flags.ts";
import type { FlagSpec } from "./types.ts";
import { UsageError } from "../core/mod.ts";

const specs: FlagSpec[] = [
  { name: "quiet", short: "q", type: "boolean", description: "" },
  { name: "validate-structure", type: "boolean", default: true, description: "" },
  { name: "output", short: "o", type: "string", description: "" },
  { name: "format", type: "string", default: "text", choices: ["text", "json"], description: "" },
  { name: "pre-overlay", type: "list", description: "" },
  { name: "prune-all", type: "boolean", aliases: ["prune"], description: "" },
];

Deno.test("Go-style flags: one or two hyphens, =value, booleans, flags after arguments, --, lists", () => {
  const p = parseFlags(
    [
      "a.yaml",
      "-q",
      "--validate-structure=false",
      "-o",
      "out.json",
      "--pre-overlay=x.yaml",
      "b.yaml",
      "-pre-overlay",
      "y.yaml",
      "--prune",
      "--",
      "-c",
    ],
    specs,
  );
  assert.deepEqual(p.args, ["a.yaml", "b.yaml", "-c"]);
  assert.deepEqual(p.flags, {
    quiet: true,
    "validate-structure": false,
    output: "out.json",
    format: "text",
    "pre-overlay": ["x.yaml", "y.yaml"],
    "prune-all": true,
  });
  assert.deepEqual([...p.given].sort(), [
    "output",
    "pre-overlay",
    "prune-all",
    "quiet",
    "validate-structure",
  ]);
  assert.deepEqual(parseFlags(["-", "--quiet=true"], specs).args, ["-"]);
});

Deno.test("flag errors are usage errors with suggestions", () => {
  assert.throws(
    () => parseFlags(["--quite"], specs),
    (e) => e instanceof UsageError && /did you mean --quiet/.test(e.message),
  );
  assert.throws(() => parseFlags(["--output"], specs), /needs a value/);
  assert.throws(() => parseFlags(["--quiet=maybe"], specs), /takes true or false/);
  assert.throws(() => parseFlags(["--format", "xml"], specs), /one of text, json, not "xml"/);
  assert.equal(closest("valdate", ["validate", "parse"]), "validate");
  assert.equal(closest("zzzzzz", ["validate", "parse"]), undefined);
});
