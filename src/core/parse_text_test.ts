import { assert, assertEquals, assertThrows } from "./_assert_test.ts";
import { parseText, sniffFormat } from "./parse_text.ts";
import { deepCopy, MAX_DEPTH } from "./data_tree.ts";
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

Deno.test("JSON numbers outside the range of a double are errors at their place, never Infinity or null", () => {
  const e = assertThrows(
    () => parseText('{\n  "a": {\n    "b": 1e400\n  }\n}', { source: "n.json" }),
    ParseError,
  );
  assertEquals([e.file, e.line, e.column], ["n.json", 3, 10]);
  assertEquals(
    e.message,
    "n.json:3:10: the number 1e400 at /a/b is outside the range of a double (JSON.parse reads it as Infinity); " +
      "an OpenAPI document must be a JSON value, write a smaller number or a string.",
  );
  const m = assertThrows(() => parseText('{"a": [1, 2,\n -1E+400]}', { source: "m.json" }), ParseError);
  assert(m.message.startsWith("m.json:2:2: the number -1E+400 at /a/2 is outside"), m.message);
  assert(m.message.includes("reads it as -Infinity"), m.message);
  const long = assertThrows(() => parseText(`{"n": ${"9".repeat(400)}}`, { source: "l.json" }), ParseError);
  assert(
    long.message.startsWith("l.json:1:7: the number 99999999999999999999…9999999999 at /n"),
    long.message,
  );
  // Large but finite numbers, and tiny ones, are numbers.
  assertEquals(parseText('{"a": 1.7e308, "b": -1e-400, "c": 1e2}').data, { a: 1.7e308, b: -0, c: 100 });
});

Deno.test("duplicate keys in JSON objects are errors naming both places, even when spelled differently", () => {
  const e = assertThrows(
    () => parseText('{\n  "a": 1,\n  "b": {"x": 1, "y": 2, "x": 3}\n}', { source: "d.json" }),
    ParseError,
  );
  assertEquals([e.file, e.line, e.column], ["d.json", 3, 25]);
  assertEquals(
    e.message,
    'd.json:3:25: duplicate key "x" in the object at /b (first at line 3, column 9); each key may appear once in ' +
      "an object, remove or rename one.",
  );
  // The snippet quotes the offending token, never the rest of its line.
  assertEquals(e.snippet, '    3 | "x"\n      | ^');
  const escaped = assertThrows(
    () => parseText('[{"ab": 1,\n"a\\u0062": 2}]', { source: "e.json" }),
    ParseError,
  );
  assert(escaped.message.startsWith('e.json:2:1: duplicate key "ab" in the object at /0 (first at line 1'));
  const root = assertThrows(
    () => parseText('{"__proto__": 1, "__proto__": 2}', { source: "p.json" }),
    ParseError,
  );
  assert(root.message.startsWith('p.json:1:18: duplicate key "__proto__" in the object at the root'));
  // Same keys in different objects, and strings that look like keys, are fine.
  assertEquals(parseText('{"a": {"k": ":x"}, "b": {"k": " : \\":"}, "c": [{"k": 1}, {"k": 2}]}').data, {
    a: { k: ":x" },
    b: { k: ' : ":' },
    c: [{ k: 1 }, { k: 2 }],
  });
});

Deno.test("YAML .inf, .nan and numbers outside the range of a double are errors at their place", () => {
  const cases: [string, string][] = [
    [
      "a:\n  b: .inf\n",
      "y.yaml:2:6: the value .inf at /a/b is not a finite number (YAML reads it as Infinity)",
    ],
    [
      "a:\n  - 1\n  - -.Inf\n",
      "y.yaml:3:5: the value -.Inf at /a/1 is not a finite number (YAML reads it as -Infinity)",
    ],
    ["a: {x: .NaN}\n", "y.yaml:1:8: the value .NaN at /a/x is not a finite number (YAML reads it as NaN)"],
    [
      "a:\n  .nan: x\n",
      "y.yaml:2:3: the key .nan in the mapping at /a is not a finite number (YAML reads it as NaN)",
    ],
    ["a: 1e400\n", "y.yaml:1:4: the value 1e400 at /a is not a finite number (YAML reads it as Infinity)"],
    ["a: &n !!float .inf\n", "y.yaml:1:15: the value .inf at /a is not a finite number"],
    [
      "a: # why\n  -1e999\n",
      "y.yaml:2:3: the value -1e999 at /a is not a finite number (YAML reads it as -Infinity)",
    ],
    [
      `a: 0x${"f".repeat(300)}\n`,
      "y.yaml:1:4: the value 0xffffffffffffffffff…ffffffffff at /a is not a finite",
    ],
  ];
  for (const [text, start] of cases) {
    const e = assertThrows(() => parseText(text, { source: "y.yaml" }), ParseError);
    assert(e.message.startsWith(start), e.message);
    assert(
      e.message.endsWith(
        "which a JSON value cannot hold; quote it to keep it as text, or write a finite number.",
      ),
    );
    assertEquals(e.file, "y.yaml");
    assert(e.line !== undefined && e.snippet !== undefined);
  }
  // A syntax error further on leaves the path unknown, not the position.
  const later = assertThrows(() => parseText("a:\n  b: .inf\nc: [1,\n", { source: "y.yaml" }), ParseError);
  assert(later.message.startsWith("y.yaml:2:6: the value .inf is not a finite number"), later.message);
  // Quoted, they are strings; finite numbers are numbers.
  assertEquals(parseText("a: '.inf'\nb: \".nan\"\nc: 1.5e3\nd: 0x1F\n").data, {
    a: ".inf",
    b: ".nan",
    c: 1500,
    d: 31,
  });
});

Deno.test("aliases of a long string are refused by the expansion size budget, however few the nodes", () => {
  const long = "x".repeat(1_000_000);
  // Scalar aliases only: nothing shared, 101 nodes, 101 million characters.
  const scalars = `s: &s ${long}\nl: [${Array(100).fill("*s").join(", ")}]\n`;
  const e = assertThrows(() => parseText(scalars, { source: "b.yaml" }), ParseError);
  assertEquals(
    e.message,
    `b.yaml: YAML aliases expand to more than ${
      64 * 1024 * 1024
    } characters of keys and strings (the alias ` +
      "expansion budget); refusing to expand it, remove the repeated aliases.",
  );
  // Shared sequences of it: a few hundred nodes.
  const shared = `a: &a [${long.slice(0, 100_000)}, y]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n` +
    `c: [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n`;
  assertThrows(
    () => parseText(shared, { source: "c.yaml", maxExpandedSize: 5_000_000 }),
    ParseError,
    "5000000 characters",
  );
  // Within the budget, aliases are expanded.
  const ok = parseText(`s: &s ${"y".repeat(1000)}\nl: [*s, *s]\n`, { maxExpandedSize: 3100 }).data as {
    l: string[];
  };
  assertEquals(ok.l, ["y".repeat(1000), "y".repeat(1000)]);
  assertThrows(
    () => parseText(`s: &s ${"y".repeat(1000)}\nl: [*s, *s]\n`, { maxExpandedSize: 2900 }),
    ParseError,
    "budget",
  );
});

Deno.test("JSON syntax errors: where the text goes wrong, quoting only the token there", () => {
  const cases: [string, string][] = [
    ['{"a" 1}', "1:6: invalid JSON: Expected ':' after property name at \"1\""],
    ['{"a":1,}', '1:8: invalid JSON: Expected double-quoted property name at "}"'],
    ['[1, {"k": tru}]', '1:11: invalid JSON: unexpected text at "tru"'],
    ['{"a": 1, "b": "x', "1:17: invalid JSON: Unterminated string at the end of the text"],
    ['{"a": "\\q"}', '1:8: invalid JSON: Bad escaped character at "\\\\q"'],
    [
      "[1] x" + "y".repeat(100),
      '1:5: invalid JSON: Unexpected non-whitespace character after JSON at "xyyyyyyyyyyyyyyyyyyyyyyyyy…yyyyyyyyyyyyy"',
    ],
  ];
  for (const [text, expected] of cases) {
    const e = assertThrows(() => parseText(text, { source: "t.json" }), ParseError);
    assertEquals(e.message, `t.json:${expected}; fix the syntax at that place.`, text);
  }
});
