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

Deno.test("a flag that takes a value takes the next argument even when it starts with -", () => {
  const p = parseFlags(["-o", "-h", "a.yaml", "--format", "-x"], [
    ...specs.filter((s) => s.name !== "format"),
    { name: "format", type: "string", description: "" },
  ]);
  assert.equal(p.flags.output, "-h");
  assert.equal(p.flags.format, "-x");
  assert.equal(p.help, false);
  assert.deepEqual(p.args, ["a.yaml"]);
  assert.equal(parseFlags(["-o", "-"], specs).flags.output, "-");
});

Deno.test("-h, -help and --help set help, and then other flag errors are not reported", () => {
  for (const h of ["-h", "-help", "--help"]) {
    assert.equal(parseFlags(["a.yaml", h], specs).help, true);
    assert.equal(parseFlags(["--quite", h, "--output"], specs).help, true);
  }
  assert.equal(parseFlags(["--", "-h"], specs).help, false);
  assert.throws(() => parseFlags(["--help=true"], specs), /unknown flag "--help=true"/);
});

Deno.test("size flags take bytes with K, M or G", () => {
  const sized: FlagSpec[] = [{ name: "max-input-size", type: "size", default: 5, description: "" }];
  assert.equal(parseFlags([], sized).flags["max-input-size"], 5);
  assert.equal(parseFlags(["--max-input-size", "2K"], sized).flags["max-input-size"], 2048);
  assert.throws(() => parseFlags(["--max-input-size=big"], sized), /takes a size in bytes/);
});
