// @ts-types="@types/js-yaml"
import yaml from "js-yaml";
import { assert, assertEquals } from "./_assert_test.ts";
import { parseText } from "./parse_text.ts";
import { serializeDocument } from "./serialize.ts";

// YAML 1.1's implicit types, from the regular expressions of https://yaml.org/type/ (bool, int, float, null,
// timestamp, merge, value). One deliberate reading: the base-10 float's fraction is `[0-9_]*` (one dot), as in
// every 1.1 implementation (PyYAML, SnakeYAML, Psych); the page's `[0-9.]*` would make every version number such as
// `3.0.0` a float, and no reader does that. The timestamp allows blanks before the zone, as the page's own example
// `2001-12-14 21:59:43.10 -5` does.
const YAML11: Record<string, RegExp> = {
  bool: /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/,
  int:
    /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/,
  float:
    /^(?:[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/,
  null: /^(?:~|null|Null|NULL|)$/,
  timestamp: new RegExp(
    "^(?:[0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \\t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}" +
      "(?:\\.[0-9]*)?(?:[ \\t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)$",
  ),
  merge: /^<<$/,
  value: /^=$/,
};

// YAML 1.2's core schema (section 10.3.2), numbers whatever their size.
const YAML12: Record<string, RegExp> = {
  null: /^(?:null|Null|NULL|~|)$/,
  bool: /^(?:true|True|TRUE|false|False|FALSE)$/,
  int: /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/,
  float:
    /^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
};

/** The types a 1.1 or 1.2 reader gives a plain scalar, other than string. */
function implicitTypes(s: string): string[] {
  const out: string[] = [];
  for (const [name, re] of Object.entries(YAML11)) if (re.test(s)) out.push(`1.1 ${name}`);
  for (const [name, re] of Object.entries(YAML12)) if (re.test(s)) out.push(`1.2 ${name}`);
  return out;
}

/** Every casing of a word. */
function casings(word: string): string[] {
  let out = [""];
  for (const ch of word) out = out.flatMap((p) => [p + ch.toLowerCase(), p + ch.toUpperCase()]);
  return [...new Set(out)];
}

function trickyScalars(): string[] {
  const words = ["y", "n", "yes", "no", "on", "off", "true", "false", "null"].flatMap(casings);
  const bodies = [
    "0",
    "7",
    "017",
    "0_17",
    "08",
    "0o17",
    "0x1F",
    "0x_1f",
    "0b101",
    "0b_1",
    "1_000",
    "1_",
    "1,000",
    "1:20",
    "190:20:30",
    "190:20:30.15",
    "1.5",
    "1.",
    ".5",
    "._5",
    ".",
    "1e3",
    "1E3",
    "1.0e+3",
    "1.0e-3",
    "6.8523015e+5",
    "685.230_15e+03",
    "685_230.15",
    ".inf",
    ".Inf",
    ".INF",
    ".nan",
    ".NaN",
    ".NAN",
    "1e400",
    "9".repeat(400),
  ];
  const numbers = ["", "+", "-"].flatMap((sign) => bodies.map((b) => sign + b));
  const timestamps = [
    "2001-12-14",
    "2001-12-14t21:59:43.10-05:00",
    "2001-12-14 21:59:43.10 -5",
    "2001-12-14 21:59:43.10 Z",
    "2001-12-15T02:59:43.1Z",
    "2001-12-15 2:59:43.10",
    "2002-1-1T1:00:00+01",
  ];
  return [...words, "~", "<<", "=", "", ...numbers, ...timestamps];
}

/** Strings that no reader takes for anything else, written plain as before. */
const PLAIN = [
  "3.0.0",
  "1.0.0",
  "v1",
  "hello",
  "a.b",
  "10:00-12:00",
  "yess",
  "application/json",
  "2001-12-14x",
];

/** The plain (unquoted, untagged) scalars of a YAML text, keys included. */
function plainScalars(text: string): string[] {
  const out: string[] = [];
  yaml.load(text, {
    schema: yaml.FAILSAFE_SCHEMA,
    listener(event: string, state: { kind: string | null; tag?: string | null; result: unknown }) {
      if (event === "close" && state.kind === "scalar" && state.tag === "?") out.push(String(state.result));
    },
  } as yaml.LoadOptions);
  return out;
}

Deno.test("the YAML writer quotes every scalar a YAML 1.1 or 1.2 reader would read as something else", () => {
  const tricky = trickyScalars();
  assert(tricky.length > 200, `${tricky.length} scalars`);
  const doc: Record<string, unknown> = {};
  for (const s of [...tricky, ...PLAIN]) doc[s] = s;
  doc["a list"] = [...tricky, ...PLAIN];
  const text = serializeDocument(doc, "yaml");

  // Read back as strings by js-yaml in both its schemas and by oatool's own reader.
  const expected = JSON.parse(JSON.stringify(doc));
  assertEquals(yaml.load(text, { schema: yaml.DEFAULT_SCHEMA }), expected);
  assertEquals(yaml.load(text, { schema: yaml.CORE_SCHEMA }), expected);
  assertEquals(parseText(text, { format: "yaml" }).data, expected);

  // No plain scalar left that a 1.1 or 1.2 reader would type.
  const plain = plainScalars(text);
  const typed = plain.filter((s) => implicitTypes(s).length > 0).map((s) => `${s}: ${implicitTypes(s)}`);
  assertEquals(typed, []);
  // Every tricky one is quoted (the matchers agree it needs it) and the ordinary ones stay plain.
  for (const s of tricky) assert(!plain.includes(s), `${JSON.stringify(s)} is written plain`);
  for (const s of PLAIN) assertEquals(plain.filter((p) => p === s).length, 3, `${s} as key, value and item`);
});

Deno.test("the merge key << written as a key is read back as a key, not merged", () => {
  const doc = { base: { x: 1 }, d: { "<<": "literal", y: 2 } };
  const text = serializeDocument(doc, "yaml");
  assertEquals(text, "base:\n  x: 1\nd:\n  '<<': literal\n  'y': 2\n");
  assertEquals(parseText(text).data, doc);
  assertEquals(yaml.load(text, { schema: yaml.DEFAULT_SCHEMA }), doc);
});

Deno.test("ordinary documents are written as before: versions, paths, status codes", () => {
  const doc = {
    openapi: "3.1.0",
    info: { title: "Pets", version: "1.0.0" },
    paths: { "/pets/{id}": { get: { responses: { "200": { description: "ok" } } } } },
  };
  assertEquals(
    serializeDocument(doc, "yaml"),
    "openapi: 3.1.0\ninfo:\n  title: Pets\n  version: 1.0.0\npaths:\n  /pets/{id}:\n    get:\n      responses:\n" +
      "        '200':\n          description: ok\n",
  );
});
