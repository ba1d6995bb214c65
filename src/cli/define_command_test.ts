import assert from "node:assert/strict";
import { createMemoryReader, type DocumentReader } from "../core/mod.ts";
import { defineCommand, type FlagValues } from "./define_command.ts";
import { formatByteSize, parseByteSize } from "./flags.ts";
import { renderCommandHelp } from "./help.ts";
import { main } from "./main.ts";
import type { CliIO } from "./types.ts";

/** Compile-time check that two types are the same. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
function assertType<T extends true>(_: T): void {}

const flags = {
  loud: { short: "l", type: "boolean", description: "Shout" },
  name: { type: "string", placeholder: "who", description: "Whom to greet" },
  format: { type: "string", choices: ["text", "json"], default: "text", description: "Format" },
  mode: { type: "string", choices: ["a", "b"], description: "Mode" },
  tag: { type: "list", description: "Tags" },
  "max-input-size": { type: "size", default: 1024, description: "Cap" },
} as const;

Deno.test("defineCommand: handler values are typed from the declaration", () => {
  type V = FlagValues<typeof flags>;
  assertType<Equal<V["loud"], boolean>>(true);
  assertType<Equal<V["name"], string | undefined>>(true);
  assertType<Equal<V["format"], "text" | "json">>(true);
  assertType<Equal<V["mode"], "a" | "b" | undefined>>(true);
  assertType<Equal<V["tag"], string[]>>(true);
  assertType<Equal<V["max-input-size"], number>>(true);
});

Deno.test("defineCommand: parsed values reach the handler; help is generated from the declaration", async () => {
  const seen: unknown[] = [];
  const readers: DocumentReader[] = [];
  const command = defineCommand({
    name: "greet",
    summary: "Greets",
    usage: "greet [flags]",
    exitCodes: { 0: "greeted", 1: "a usage error" },
    flags,
    run(ctx) {
      seen.push(ctx.flags, [...ctx.given].sort(), ctx.args);
      readers.push(ctx.reader);
      return Promise.resolve(0);
    },
  });
  assert.deepEqual(command.flags.map((f) => f.name), [
    "loud",
    "name",
    "format",
    "mode",
    "tag",
    "max-input-size",
  ]);
  const help = renderCommandHelp(command);
  assert.match(help, /-l, --loud\s+Shout\n/);
  assert.match(help, /--name <who>\s+Whom to greet\n/);
  assert.match(help, /--format <value>\s+Format \(default text\)\n/);
  assert.match(help, /--tag <value>\s+Tags \(repeatable\)\n/);
  assert.match(help, /--max-input-size <bytes>\s+Cap \(default 1K\)\n/);
  assert.match(help, /\nExit codes:\n {2}0 {2}greeted\n {2}1 {2}a usage error\n$/);

  const base = createMemoryReader({});
  const capped = createMemoryReader({});
  const caps: number[] = [];
  const io: CliIO = {
    stdout: () => {},
    stderr: () => {},
    reader: base,
    color: false,
    createReader: ({ maxInputSize }) => {
      caps.push(maxInputSize);
      return capped;
    },
  };
  const code = await command.run!({
    flags: { loud: true, name: "x", format: "json", mode: undefined, tag: ["a"], "max-input-size": 2048 },
    given: new Set(["loud"]),
    args: ["p"],
    io,
  });
  assert.equal(code, 0);
  assert.deepEqual(seen, [
    { loud: true, name: "x", format: "json", mode: undefined, tag: ["a"], "max-input-size": 2048 },
    ["loud"],
    ["p"],
  ]);
  assert.deepEqual(caps, [2048]);
  assert.equal(readers[0], capped);
});

Deno.test("size flags: K, M and G suffixes; bad sizes are usage errors", () => {
  assert.equal(parseByteSize("1024", "x"), 1024);
  assert.equal(parseByteSize("512K", "x"), 512 * 1024);
  assert.equal(parseByteSize("256M", "x"), 256 * 1024 * 1024);
  assert.equal(parseByteSize("2g", "x"), 2 * 1024 ** 3);
  assert.equal(parseByteSize("10MiB", "x"), 10 * 1024 ** 2);
  for (const bad of ["", "0", "-1", "1.5M", "12T", "lots"]) {
    assert.throws(() => parseByteSize(bad, "max-input-size"), /--max-input-size takes a size in bytes/);
  }
  assert.equal(formatByteSize(256 * 1024 * 1024), "256M");
  assert.equal(formatByteSize(1000), "1000");
});

Deno.test("every command that reads documents has --max-input-size; every command's help comes from its flags", async () => {
  for (const args of [["parse"], ["validate"], ["join"], ["overlay", "apply"], ["overlay", "validate"]]) {
    let out = "";
    const code = await main([...args, "--help"], {
      stdout: (s) => out += s,
      stderr: () => {},
      reader: createMemoryReader({}),
      color: false,
    });
    assert.equal(code, 0);
    assert.match(out, /--max-input-size <bytes>\s+Largest document read.*\(default 256M\)\n/, args.join(" "));
  }
});
