import assert from "node:assert/strict";
import {
  formatNormalizedPath,
  JsonPathLimitError,
  JsonPathNode,
  parseJsonPath,
  queryJsonPath,
} from "./mod.ts";

const doc = {
  paths: {
    "/pets": {
      get: { tags: ["pets"], parameters: [{ name: "limit", in: "query" }, { name: "x", in: "header" }] },
      post: { tags: ["pets", "write"] },
    },
    "/users/{id}": { get: { tags: ["users"], parameters: [{ name: "id", in: "path" }] } },
  },
};

function paths(query: string, document: unknown = doc): string[] {
  return queryJsonPath(document, query).map((node) => node.path);
}

Deno.test("queryJsonPath", async (t) => {
  await t.step("returns nodes with values and normalized paths", () => {
    const nodes = queryJsonPath(doc, "$.paths.*.get.parameters[?@.in == 'query']");
    assert.equal(nodes.length, 1);
    assert.equal(nodes[0].value, doc.paths["/pets"].get.parameters[0]);
    assert.equal(nodes[0].path, "$['paths']['/pets']['get']['parameters'][0]");
    assert.deepEqual(nodes[0].segments(), ["paths", "/pets", "get", "parameters", 0]);
  });

  await t.step("gives access to the parent and key for changes", () => {
    const [node] = queryJsonPath(doc, "$.paths['/pets'].post.tags[1]");
    assert.equal(node.key, 1);
    assert.equal(node.parent?.value, doc.paths["/pets"].post.tags);
    assert.equal(node.parent?.key, "tags");
    assert.equal(node.parent?.parent?.key, "post");
  });

  await t.step("accepts a parsed query", () => {
    assert.deepEqual(queryJsonPath(doc, parseJsonPath("$.paths.*")).map((n) => n.key), [
      "/pets",
      "/users/{id}",
    ]);
  });

  await t.step("descendant segments visit parents before children, arrays in order", () => {
    assert.deepEqual(paths("$..tags[0]"), [
      "$['paths']['/pets']['get']['tags'][0]",
      "$['paths']['/pets']['post']['tags'][0]",
      "$['paths']['/users/{id}']['get']['tags'][0]",
    ]);
    assert.deepEqual(paths("$..[?@.name]"), [
      "$['paths']['/pets']['get']['parameters'][0]",
      "$['paths']['/pets']['get']['parameters'][1]",
      "$['paths']['/users/{id}']['get']['parameters'][0]",
    ]);
  });

  await t.step("filters with functions, existence and logic", () => {
    assert.deepEqual(paths("$.paths[?@.get && !@.post]"), ["$['paths']['/users/{id}']"]);
    assert.deepEqual(paths("$.paths.*[?count(@.tags[*]) > 1]"), ["$['paths']['/pets']['post']"]);
    assert.deepEqual(paths("$.paths[?search(@.get.tags[0], '^us')]"), ["$['paths']['/users/{id}']"]);
    assert.deepEqual(paths("$.paths.*.*.parameters[?match(@.name, 'l.*') || @.in == 'path']"), [
      "$['paths']['/pets']['get']['parameters'][0]",
      "$['paths']['/users/{id}']['get']['parameters'][0]",
    ]);
    assert.deepEqual(paths("$[?length(@) == 2]", { a: "abc", b: [1], c: { x: 1, y: 2 }, d: "🎉🎉" }), [
      "$['c']",
      "$['d']",
    ]);
    assert.deepEqual(paths("$[?value(@..x) == 1]", [{ x: 1 }, { a: { x: 1 } }, { x: 1, a: { x: 1 } }]), [
      "$[0]",
      "$[1]",
    ]);
  });

  await t.step("absolute queries inside filters see the root", () => {
    const data = { limit: 2, items: [1, 2, 3] };
    assert.deepEqual(paths("$.items[?@ >= $.limit]", data), ["$['items'][1]", "$['items'][2]"]);
  });

  await t.step("compares strings by code point, not UTF-16 unit", () => {
    // U+FF61 is below U+1F600 as code points, above its surrogates as UTF-16 units.
    const data = { a: "\uff61", b: "\u{1f600}" };
    assert.deepEqual(paths("$[?@ < '\u{1f600}']", data), ["$['a']"]);
  });

  await t.step("compares structures deeply and keeps null apart from missing", () => {
    const data = [{ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] }, { a: null }, {}];
    assert.deepEqual(paths("$[?@.a == null]", data), ["$[2]"]);
    assert.deepEqual(paths("$[?@.a == $.missing]", data), ["$[3]"]);
    assert.deepEqual(paths("$[?@.a == $[0].a]", data), ["$[0]"]);
  });

  await t.step("does not select inherited members", () => {
    assert.deepEqual(paths("$.constructor", {}), []);
    assert.deepEqual(paths("$.__proto__", {}), []);
    assert.deepEqual(paths("$[?@.toString]", [{}, { toString: 1 }]), ["$[1]"]);
    const withProto = JSON.parse('{"__proto__": {"x": 1}}');
    assert.deepEqual(paths("$['__proto__'].x", withProto), ["$['__proto__']['x']"]);
  });

  await t.step("slices with negative steps and bounds", () => {
    const list = [0, 1, 2, 3, 4, 5];
    assert.deepEqual(queryJsonPath(list, "$[::-2]").map((n) => n.value), [5, 3, 1]);
    assert.deepEqual(queryJsonPath(list, "$[-2:]").map((n) => n.value), [4, 5]);
    assert.deepEqual(queryJsonPath(list, "$[4:1:-1]").map((n) => n.value), [4, 3, 2]);
    assert.deepEqual(queryJsonPath(list, "$[::0]").map((n) => n.value), []);
  });

  await t.step("walks very deep documents without overflowing the stack", () => {
    let deep: unknown = { leaf: true };
    for (let i = 0; i < 200_000; i++) deep = { a: deep };
    const nodes = queryJsonPath(deep, "$..leaf");
    assert.equal(nodes.length, 1);
    assert.equal(nodes[0].segments().length, 200_001);
  });

  await t.step("the root node has no parent and path $", () => {
    const [root] = queryJsonPath(doc, "$");
    assert.equal(root.parent, undefined);
    assert.equal(root.key, undefined);
    assert.equal(root.path, "$");
    assert.ok(root instanceof JsonPathNode);
  });
});

Deno.test("formatNormalizedPath escapes names as RFC 9535 §2.7 prescribes", () => {
  assert.equal(formatNormalizedPath([]), "$");
  assert.equal(formatNormalizedPath(["a", 0, "b"]), "$['a'][0]['b']");
  assert.equal(formatNormalizedPath(["it's", "a\\b"]), String.raw`$['it\'s']['a\\b']`);
  assert.equal(
    formatNormalizedPath(['\b\f\n\r\t\u0000\u001f\u007f"é']),
    String.raw`$['\b\f\n\r\t\u0000\u001f` + "\u007f\"é']",
  );
});

/** A chain of `depth` nested objects, each with `width` string members and the next level under `next`. */
function deepDocument(depth: number, width: number): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let node = root;
  for (let d = 0; d < depth; d++) {
    for (let w = 0; w < width; w++) node[`m${w}`] = "v";
    const next: Record<string, unknown> = {};
    node.next = next;
    node = next;
  }
  return root;
}

Deno.test("queryJsonPath has a node budget proportional to the document", async (t) => {
  const doc = deepDocument(600, 5); // 3,601 values; $..*..* would select about 600 × 600 × 6 / 2 nodes
  await t.step("one descendant segment stays within the budget", () => {
    assert.equal(queryJsonPath(doc, "$..*").length, 3600);
  });

  await t.step("$..*..* on a deep document fails with an error naming the budget", () => {
    assert.throws(() => queryJsonPath(doc, "$..*..*"), (e: unknown) => {
      assert.ok(e instanceof JsonPathLimitError);
      assert.equal(e.budget, "nodes");
      assert.equal(e.limit, 100_000);
      assert.equal(
        e.message,
        'the JSONPath query "$..*..*" selects or visits more than 100000 nodes, over its node budget ' +
          "(10 × the 3601 values of the document, at least 100000); narrow the query, for example with one " +
          "descendant segment (..) instead of several.",
      );
      return true;
    });
  });

  await t.step("a document size given by the caller sets the budget without another walk", () => {
    assert.throws(
      () => queryJsonPath(doc, "$..*..*", { documentSize: 20_000 }),
      (e: unknown) =>
        e instanceof JsonPathLimitError && e.limit === 200_000 &&
        e.message.includes("over its node budget (10 × the 20000 values of the document, at least 100000)"),
    );
  });

  await t.step("nodes visited by queries inside filters count too", () => {
    assert.throws(() => queryJsonPath(doc, "$..[?count(@..*) > 1]"), JsonPathLimitError);
  });

  await t.step("the budget grows with the document and can be set", () => {
    const wide = { list: Array.from({ length: 20_000 }, (_, i) => ({ i })) };
    assert.equal(queryJsonPath(wide, "$..*..*").length, 60_000);
    assert.equal(queryJsonPath({ a: [1, 2, 3] }, "$.a[*]", { maxNodes: 4 }).length, 3);
    assert.throws(
      () => queryJsonPath({ a: [1, 2, 3] }, "$.a[*]", { maxNodes: 3 }),
      /^JsonPathLimitError: the JSONPath query "\$\.a\[\*\]" selects or visits more than 3 nodes, over its node budget \(maxNodes\)/,
    );
  });
});
