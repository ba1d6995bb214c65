import assert from "node:assert/strict";
import { JsonPathSyntaxError, parseJsonPath, queryJsonPath } from "./mod.ts";

function syntaxError(expression: string): JsonPathSyntaxError {
  try {
    parseJsonPath(expression);
  } catch (error) {
    if (error instanceof JsonPathSyntaxError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(expression)} to be rejected`);
}

Deno.test("parseJsonPath", async (t) => {
  await t.step("builds segments and selectors", () => {
    const query = parseJsonPath("$.paths['/pets'][0, -1, 1:5:2, *]..name");
    assert.equal(query.root, "$");
    assert.equal(query.singular, false);
    assert.deepEqual(query.segments, [
      { kind: "child", selectors: [{ kind: "name", name: "paths" }] },
      { kind: "child", selectors: [{ kind: "name", name: "/pets" }] },
      {
        kind: "child",
        selectors: [
          { kind: "index", index: 0 },
          { kind: "index", index: -1 },
          { kind: "slice", start: 1, end: 5, step: 2 },
          { kind: "wildcard" },
        ],
      },
      { kind: "descendant", selectors: [{ kind: "name", name: "name" }] },
    ]);
  });

  await t.step("marks singular queries", () => {
    assert.equal(parseJsonPath("$.a['b'][3]").singular, true);
    assert.equal(parseJsonPath("$").singular, true);
    assert.equal(parseJsonPath("$.a[*]").singular, false);
    assert.equal(parseJsonPath("$..a").singular, false);
    assert.equal(parseJsonPath("$['a','b']").singular, false);
  });

  await t.step("parses filters with precedence: && binds tighter than ||", () => {
    const query = parseJsonPath("$[?@.a == 1 || @.b && !@.c]");
    const selector = query.segments[0].selectors[0];
    assert.equal(selector.kind, "filter");
    if (selector.kind !== "filter") return;
    const expression = selector.expression;
    assert.equal(expression.kind, "or");
    if (expression.kind !== "or") return;
    assert.equal(expression.operands[0].kind, "comparison");
    assert.equal(expression.operands[1].kind, "and");
  });

  await t.step("resolves string escapes", () => {
    const query = parseJsonPath(String.raw`$["a\"b\u00e9\uD834\uDD1E\n"]`);
    assert.deepEqual(query.segments[0].selectors[0], { kind: "name", name: 'a"bé𝄞\n' });
  });

  await t.step("errors name the position and the expression", () => {
    const error = syntaxError("$.a[?");
    assert.equal(error.position, 5);
    assert.equal(error.code, "JSONPATH_SYNTAX");
    assert.match(
      error.message,
      /^invalid JSONPath at position 5 in "\$\.a\[\?": expected a filter expression/,
    );
  });

  await t.step("rejects with precise positions", () => {
    assert.equal(syntaxError("").position, 0);
    assert.equal(syntaxError("a.b").position, 0);
    assert.equal(syntaxError("$.a ").position, 3);
    assert.equal(syntaxError("$[01]").position, 2);
    assert.equal(syntaxError("$[?@.a === 1]").position, 9);
    assert.equal(syntaxError("$[?length(@.*) == 1]").position, 10);
    assert.equal(syntaxError("$[?foo(@)]").position, 3);
    assert.match(syntaxError("$[?foo(@)]").message, /unknown function "foo"/);
    assert.match(syntaxError("$['a'").message, /missing "\]" to close the "\[" at position 1/);
    assert.match(syntaxError("$[?(@.a]").message, /expected "\)"/);
  });

  await t.step("enforces well-typedness of functions", () => {
    assert.match(syntaxError("$[?length(@)]").message, /returns a value, not a logical result/);
    assert.match(syntaxError("$[?match(@, 'a') == true]").message, /LogicalType, which cannot be compared/);
    assert.match(syntaxError("$[?count(1) > 0]").message, /argument 1 of count\(\) must be a query/);
    assert.match(syntaxError("$[?length(@..a) > 0]").message, /must be a value/);
    assert.match(syntaxError("$[?value(@.a, @.b) == 1]").message, /takes 1 argument, got 2/);
    assert.doesNotThrow(() =>
      parseJsonPath("$[?length(value(@..a)) > 0 && count(@.*) == 2 && match(@.a, 'x')]")
    );
  });

  await t.step("bounds nesting instead of overflowing the stack", () => {
    const deep = "$[?" + "(".repeat(100_000) + "@" + ")".repeat(100_000) + "]";
    assert.match(syntaxError(deep).message, /nests deeper than 128 levels/);
    assert.doesNotThrow(() => parseJsonPath("$[?" + "(".repeat(50) + "@" + ")".repeat(50) + "]"));
    assert.throws(() => parseJsonPath("$[?((@))]", { maxNesting: 2 }), JsonPathSyntaxError);
  });
});

Deno.test("parseJsonPath accepts hyphenated dot-notation names only when asked", () => {
  const text = "$.paths.*.get[?@.x-oai-traits.paged]";
  assert.throws(() => parseJsonPath(text), /invalid JSONPath at position 18 .*found character "-"/);
  const seen: [string, number][] = [];
  const query = parseJsonPath(text, {
    allowHyphenatedNames: true,
    onHyphenatedName: (name, position) => seen.push([name, position]),
  });
  assert.deepEqual(seen, [["x-oai-traits", 17]]);
  const filter = query.segments[3].selectors[0];
  assert.equal(filter.kind, "filter");
  assert.deepEqual(
    queryJsonPath(
      { paths: { "/a": { get: { t: { "x-oai-traits": { paged: true } } } }, "/b": { get: {} } } },
      query,
    )
      .map((n) => n.path),
    ["$['paths']['/a']['get']['t']"],
  );
  // A trailing or doubled hyphen is still an error; bracket notation needs nothing.
  assert.throws(() => parseJsonPath("$.a-", { allowHyphenatedNames: true }), JsonPathSyntaxError);
  assert.throws(() => parseJsonPath("$.-a", { allowHyphenatedNames: true }), JsonPathSyntaxError);
  assert.equal(parseJsonPath("$['x-a'].b-2", { allowHyphenatedNames: true }).segments.length, 2);
});
