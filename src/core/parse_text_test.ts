import { assert, assertEquals, assertThrows } from "./_assert_test.ts";
import { deepCopy, MAX_DEPTH, parseText, sniffFormat } from "./parse_text.ts";
import { ParseError } from "./errors.ts";

Deno.test("parseText reads JSON and YAML, detecting the format from content", () => {
  assertEquals(parseText('{"a": [1, true, null]}'), { data: { a: [1, true, null] }, format: "json" });
  assertEquals(parseText("a:\n  - 1\n  - yes\n"), { data: { a: [1, "yes"] }, format: "yaml" });
  assertEquals(sniffFormat("\n  [1]"), "json");
  assertEquals(sniffFormat("# c\na: 1"), "yaml");
});

Deno.test("YAML uses the 1.2 core schema: dates and version-like values stay strings", () => {
  const { data } = parseText("d: 2020-01-01\nv: 1.0.0\nn: 1.5\nk: ~\n");
  assertEquals(data, { d: "2020-01-01", v: "1.0.0", n: 1.5, k: null });
});

Deno.test("YAML merge keys are applied", () => {
  const { data } = parseText("base: &b {x: 1}\nd:\n  <<: *b\n  y: 2\n");
  assertEquals((data as Record<string, unknown>).d, { x: 1, y: 2 });
});

Deno.test("aliases are expanded into independent copies", () => {
  const { data } = parseText("a: &x {k: [1]}\nb: *x\n") as { data: Record<string, Record<string, number[]>> };
  assertEquals(data.a, data.b);
  assert(data.a !== data.b, "alias must not share the anchor's object");
  data.a.k.push(2);
  assertEquals(data.b.k, [1]);
});

Deno.test("malformed input gives a ParseError with line, column and snippet", () => {
  const e = assertThrows(() => parseText('{\n  "a": 1\n  "b": 2\n}', { source: "x.json" }), ParseError);
  assertEquals([e.file, e.line, e.column], ["x.json", 3, 3]);
  assert(e.message.startsWith("x.json:3:3: invalid JSON"), e.message);
  assert(e.snippet?.includes("^"));
  const y = assertThrows(() => parseText("a: 1\na: 2\n", { source: "d.yaml" }), ParseError);
  assertEquals([y.line, y.column], [2, 1]);
  assert(y.message.includes("duplicated mapping key"), y.message);
});

Deno.test("custom tags, recursive aliases, alias bombs and empty input are refused", () => {
  assertThrows(() => parseText("a: !secret x"), ParseError, "custom YAML tags");
  assertThrows(() => parseText("a: &a\n  b: *a\n"), ParseError, "recursive alias");
  const bomb = ["a: &a [x,x,x,x,x,x,x,x,x,x]"];
  let prev = "a";
  for (const n of "bcdefgh") {
    bomb.push(`${n}: &${n} [${Array(10).fill(`*${prev}`).join(",")}]`);
    prev = n;
  }
  assertThrows(() => parseText(bomb.join("\n")), ParseError, "billion laughs");
  assertThrows(() => parseText("  \n"), ParseError, "is empty");
  assertThrows(() => parseText("# only a comment\n"), ParseError, "no YAML document");
});

Deno.test("a .yaml file holding JSON keeps the yaml format; a .json file holding YAML is read as YAML", () => {
  assertEquals(parseText('{"a": 1}', { format: "yaml" }).format, "yaml");
  assertEquals(parseText("a: 1", { format: "json" }), { data: { a: 1 }, format: "yaml" });
});

Deno.test("deepCopy copies deep structures without recursion", () => {
  let deep: unknown = 1;
  for (let i = 0; i < 100_000; i++) deep = [deep];
  const copy = deepCopy(deep);
  assert(copy !== deep);
  let d = copy;
  for (let i = 0; i < 100_000; i++) d = (d as unknown[])[0];
  assertEquals(d, 1);
});

Deno.test("documents nested deeper than MAX_DEPTH are refused, in JSON, YAML and through aliases", () => {
  const deepJson = "[".repeat(MAX_DEPTH + 1) + "]".repeat(MAX_DEPTH + 1);
  assertThrows(
    () => parseText(deepJson, { source: "d.json" }),
    ParseError,
    `deeper than ${MAX_DEPTH} levels`,
  );
  const okJson = "[".repeat(MAX_DEPTH) + "]".repeat(MAX_DEPTH);
  assertEquals(parseText(okJson).format, "json");
  assertThrows(
    () => parseText("a: " + "[".repeat(MAX_DEPTH + 1) + "]".repeat(MAX_DEPTH + 1)),
    ParseError,
    "deeper than",
  );
  // Each alias level nests the previous one: 30 levels of 40 brackets = 1200 levels once expanded.
  const lines = [`l0: &l0 ${"[".repeat(40)}1${"]".repeat(40)}`];
  for (let i = 1; i < 30; i++) lines.push(`l${i}: &l${i} ${"[".repeat(39)}*l${i - 1}${"]".repeat(39)}`);
  assertThrows(() => parseText(lines.join("\n")), ParseError, "deeper than");
});
