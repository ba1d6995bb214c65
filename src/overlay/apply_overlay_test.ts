import assert from "node:assert/strict";
import { applyOverlay, InvalidOverlayError, OverlayError } from "./mod.ts";

type Json = Record<string, unknown>;

function overlay(actions: unknown[], version = "1.1.0"): Json {
  return { overlay: version, info: { title: "test", version: "1" }, actions };
}

function apply(document: unknown, actions: unknown[], version = "1.1.0"): unknown {
  return applyOverlay(document, overlay(actions, version)).document;
}

Deno.test("applyOverlay: update", async (t) => {
  await t.step("merges objects recursively, keeping key order and appending new keys", () => {
    const doc = { info: { title: "A", version: "1", contact: { name: "x", tags: ["a"] } }, paths: {} };
    const result = apply(doc, [{
      target: "$.info",
      update: { description: "new", title: "B", contact: { email: "e@x", tags: ["b"] } },
    }]) as Json;
    assert.deepEqual(result, {
      info: {
        title: "B",
        version: "1",
        contact: { name: "x", tags: ["a", "b"], email: "e@x" },
        description: "new",
      },
      paths: {},
    });
    assert.deepEqual(Object.keys(result.info as Json), ["title", "version", "contact", "description"]);
    assert.deepEqual(Object.keys((result.info as Json).contact as Json), ["name", "tags", "email"]);
  });

  await t.step("concatenates an array into array targets", () => {
    assert.deepEqual(apply({ tags: ["a"] }, [{ target: "$.tags", update: ["b", "c"] }]), {
      tags: ["a", "b", "c"],
    });
  });

  await t.step("appends a single object or primitive to array targets", () => {
    assert.deepEqual(apply({ tags: [{ name: "a" }] }, [{ target: "$.tags", update: { name: "b" } }]), {
      tags: [{ name: "a" }, { name: "b" }],
    });
    assert.deepEqual(apply({ enum: [1] }, [{ target: "$.enum", update: 2 }]), { enum: [1, 2] });
    assert.deepEqual(apply({ enum: [1] }, [{ target: "$.enum", update: null }]), { enum: [1, null] });
  });

  await t.step("replaces primitive targets (1.1.0), including array elements and null", () => {
    const doc = { info: { title: "old" }, list: ["a", "b", "a"], n: null };
    assert.deepEqual(
      apply(doc, [
        { target: "$.info.title", update: "new" },
        { target: "$.list[?@ == 'a']", update: "z" },
        { target: "$.n", update: 5 },
      ]),
      { info: { title: "new" }, list: ["z", "b", "z"], n: 5 },
    );
  });

  await t.step("replaces a primitive root", () => {
    assert.equal(apply("old", [{ target: "$", update: "new" }]), "new");
  });

  await t.step("1.0.0 updates of primitives are applied with a warning", () => {
    const result = applyOverlay({ a: { b: 1 } }, overlay([{ target: "$.a.b", update: 2 }], "1.0.0"));
    assert.deepEqual(result.document, { a: { b: 2 } });
    assert.equal(result.warnings.length, 1);
    assert.equal(result.warnings[0].path, "actions[0]");
    assert.match(result.warnings[0].message, /1\.0\.0 does not define updates of primitive values/);
  });

  await t.step("updates every selected node, each with its own copy of the value", () => {
    const update = { "x-meta": { n: 1 }, "x-list": [1] };
    const result = applyOverlay(
      { paths: { "/a": { get: {} }, "/b": { get: {} } } },
      overlay([{ target: "$.paths.*.get", update }]),
    );
    const paths = (result.document as Json).paths as Record<string, Json>;
    assert.deepEqual(paths["/a"].get, update);
    assert.notEqual((paths["/a"].get as Json)["x-meta"], (paths["/b"].get as Json)["x-meta"]);
    assert.notEqual((paths["/a"].get as Json)["x-meta"], update["x-meta"]);
    update["x-meta"].n = 99;
    assert.deepEqual(((paths["/b"].get as Json)["x-meta"] as Json).n, 1);
    assert.deepEqual(result.actions[0].paths, ["$['paths']['/a']['get']", "$['paths']['/b']['get']"]);
  });

  await t.step("rejects selected nodes of mixed kinds, naming both", () => {
    assert.throws(
      () => apply({ a: {}, b: [], c: 1 }, [{ target: "$.*", update: { x: 1 } }]),
      (e: unknown) =>
        e instanceof OverlayError && e.actionIndex === 0 &&
        /selects an object at \$\['a'\] and an array at \$\['b'\]/.test(e.message),
    );
  });

  await t.step("rejects a non-object update for object targets and a structured one for primitives", () => {
    assert.throws(
      () => apply({ a: {} }, [{ target: "$.a", update: "text" }]),
      /must be an object, not a primitive/,
    );
    assert.throws(
      () => apply({ a: 1 }, [{ target: "$.a", update: { x: 1 } }]),
      /must be a primitive value, not an object/,
    );
  });

  await t.step("rejects incompatible properties without changing the input", () => {
    const doc = { info: { title: "A", contact: { name: "x" } } };
    assert.throws(
      () => applyOverlay(doc, overlay([{ target: "$.info", update: { description: "d", contact: "text" } }])),
      /cannot merge a primitive value into an object at \$\['info'\]\['contact'\]/,
    );
    assert.deepEqual(doc, { info: { title: "A", contact: { name: "x" } } });
  });

  await t.step("handles __proto__ as an ordinary key", () => {
    const update = JSON.parse('{"__proto__": {"polluted": true}}');
    const result = apply({ a: {} }, [{ target: "$.a", update }]) as Json;
    assert.equal(({} as Json).polluted, undefined);
    assert.deepEqual(Object.keys(result.a as Json), ["__proto__"]);
  });
});

Deno.test("applyOverlay: remove", async (t) => {
  await t.step("removes object members", () => {
    assert.deepEqual(
      apply({ paths: { "/a": { x: 1 }, "/b": { x: 2 } } }, [{ target: "$.paths[?@.x == 1]", remove: true }]),
      { paths: { "/b": { x: 2 } } },
    );
  });

  await t.step("removes several elements of one array whatever the selection order", () => {
    const list = ["a", "b", "c", "d", "e"];
    assert.deepEqual(apply({ list }, [{ target: "$.list[0,3,1]", remove: true }]), { list: ["c", "e"] });
    assert.deepEqual(apply({ list }, [{ target: "$.list[3,0,1,3]", remove: true }]), { list: ["c", "e"] });
    assert.deepEqual(apply({ list }, [{ target: "$.list[::-2]", remove: true }]), { list: ["b", "d"] });
    assert.deepEqual(apply({ list }, [{ target: "$.list[?@ != 'c']", remove: true }]), { list: ["c"] });
  });

  await t.step("removes elements of several arrays and nested selections", () => {
    const doc = { a: [{ t: 1 }, { t: 2, in: [{ t: 1 }, { t: 3 }] }], b: [{ t: 1 }] };
    assert.deepEqual(apply(doc, [{ target: "$..[?@.t == 1]", remove: true }]), {
      a: [{ t: 2, in: [{ t: 3 }] }],
      b: [],
    });
  });

  await t.step("removes primitive values; 1.0.0 warns", () => {
    const result = applyOverlay(
      { tags: ["a", "x", "b"] },
      overlay([{ target: "$.tags[?@ == 'x']", remove: true }], "1.0.0"),
    );
    assert.deepEqual(result.document, { tags: ["a", "b"] });
    assert.match(result.warnings[0].message, /does not define removing primitive values/);
  });

  await t.step("refuses to remove the root", () => {
    assert.throws(() => apply({ a: 1 }, [{ target: "$", remove: true }]), /selects the document root/);
  });
});

Deno.test("applyOverlay: copy", async (t) => {
  await t.step("merges the single source node into each target", () => {
    const doc = { paths: { "/items": { get: { r: 1 } }, "/some": { delete: { r: 2 } } } };
    assert.deepEqual(apply(doc, [{ target: "$.paths['/some']", copy: "$.paths['/items']" }]), {
      paths: { "/items": { get: { r: 1 } }, "/some": { delete: { r: 2 }, get: { r: 1 } } },
    });
  });

  await t.step("moves a node with update, copy and remove (spec example)", () => {
    const doc = { paths: { "/items": { get: { r: 1 } }, "/other": {} } };
    const result = apply(doc, [
      { target: "$.paths", update: { "/new-items": {} } },
      { target: "$.paths['/new-items']", copy: "$.paths['/items']" },
      { target: "$.paths['/items']", remove: true },
    ]) as Json;
    assert.deepEqual(result, { paths: { "/other": {}, "/new-items": { get: { r: 1 } } } });
  });

  await t.step("copies into arrays and primitives, without sharing the source", () => {
    const doc = { src: ["x"], dst: ["a"], name: "n", title: "t" };
    const result = apply(doc, [
      { target: "$.dst", copy: "$.src" },
      { target: "$.title", copy: "$.name" },
    ]) as { src: string[]; dst: string[]; title: string };
    assert.deepEqual(result, { src: ["x"], dst: ["a", "x"], name: "n", title: "n" });
  });

  await t.step("copies a node into its own subtree from a snapshot", () => {
    const result = apply({ a: { x: 1 } }, [{ target: "$.a", update: { b: {}, c: {} } }, {
      target: "$.a[?length(@) == 0]",
      copy: "$.a",
    }]) as Json;
    assert.deepEqual(result, { a: { x: 1, b: { x: 1, b: {}, c: {} }, c: { x: 1, b: {}, c: {} } } });
  });

  await t.step("fails when the copy expression does not select exactly one node", () => {
    assert.throws(
      () => apply({ a: {} }, [{ target: "$.a", copy: "$.missing" }]),
      /selects 0 nodes; it must select exactly one/,
    );
    assert.throws(
      () => apply({ a: {}, b: {}, c: {} }, [{ target: "$.a", copy: "$['b','c']" }]),
      /selects 2 nodes/,
    );
  });

  await t.step("a copy whose target matches nothing is skipped without evaluating the source", () => {
    const result = applyOverlay({ a: {} }, overlay([{ target: "$.none", copy: "$.missing" }]));
    assert.equal(result.skippedCount, 1);
  });
});

Deno.test("applyOverlay: ordering, results and options", async (t) => {
  await t.step("each action sees the document as the earlier ones left it", () => {
    const doc = { paths: { "/a": { get: { tags: ["t"] } } } };
    const result = applyOverlay(
      doc,
      overlay([
        { target: "$.paths['/a']", remove: true },
        { target: "$.paths", update: { "/a": { post: {} } } },
        { target: "$.paths.*[?@.tags]", update: { x: 1 } },
        { target: "$.paths.*.post", update: { marked: true } },
        { target: "$.paths.*[?@.marked]", update: { seen: true } },
      ]),
    );
    assert.deepEqual(result.document, { paths: { "/a": { post: { marked: true, seen: true } } } });
    assert.deepEqual(result.actions.map((a) => [a.kind, a.matchCount, a.applied]), [
      ["remove", 1, true],
      ["update", 1, true],
      ["update", 0, false],
      ["update", 1, true],
      ["update", 1, true],
    ]);
    assert.equal(result.appliedCount, 4);
    assert.equal(result.skippedCount, 1);
  });

  await t.step("reports version, title, extends and descriptions", () => {
    const result = applyOverlay({}, {
      overlay: "1.0.3",
      info: { title: "T", version: "9" },
      extends: "https://example.com/openapi.yaml",
      actions: [{ target: "$", description: "root", update: { a: 1 } }],
    });
    assert.equal(result.overlayVersion, "1.0.3");
    assert.equal(result.title, "T");
    assert.equal(result.version, "9");
    assert.equal(result.extends, "https://example.com/openapi.yaml");
    assert.equal(result.actions[0].description, "root");
    assert.deepEqual(result.actions[0].paths, ["$"]);
  });

  await t.step("does not change the input by default; inPlace changes it", () => {
    const doc = { a: { b: 1 } };
    const copy = applyOverlay(doc, overlay([{ target: "$.a", update: { c: 2 } }]));
    assert.deepEqual(doc, { a: { b: 1 } });
    assert.notEqual(copy.document, doc);
    const inPlace = applyOverlay(doc, overlay([{ target: "$.a", update: { c: 2 } }]), { inPlace: true });
    assert.equal(inPlace.document, doc);
    assert.deepEqual(doc, { a: { b: 1, c: 2 } });
  });

  await t.step("dryRun reports what would change and returns the input unchanged", () => {
    const doc = { list: [1, 2, 3] };
    const result = applyOverlay(
      doc,
      overlay([
        { target: "$.list[0]", remove: true },
        { target: "$.list[0]", update: 9 },
        { target: "$.none", remove: true },
      ]),
      { dryRun: true, inPlace: true },
    );
    assert.equal(result.dryRun, true);
    assert.equal(result.document, doc);
    assert.deepEqual(doc, { list: [1, 2, 3] });
    assert.deepEqual(result.actions.map((a) => a.paths), [["$['list'][0]"], ["$['list'][0]"], []]);
    assert.equal(result.appliedCount, 2);
  });

  await t.step("strict fails at the first target that selects nothing", () => {
    assert.throws(
      () =>
        applyOverlay({ a: 1 }, overlay([{ target: "$.a", update: 2 }, { target: "$.b", remove: true }]), {
          strict: true,
        }),
      (e: unknown) =>
        e instanceof OverlayError && e.actionIndex === 1 && /selects nothing \(strict mode\)/.test(e.message),
    );
  });

  await t.step("an invalid overlay is refused with every error", () => {
    assert.throws(
      () =>
        applyOverlay({}, { overlay: "1.1.0", info: { title: "t" }, actions: [{ target: "$[", update: 1 }] }, {
          source: "o.yaml",
        }),
      (e: unknown) =>
        e instanceof InvalidOverlayError && e.errors.length === 2 &&
        e.message.startsWith(
          "o.yaml is not a valid Overlay document: info.version: required field is missing",
        ),
    );
  });

  await t.step("walks deep documents without overflowing the stack", () => {
    let deep: Json = { leaf: { v: 1 } };
    for (let i = 0; i < 100_000; i++) deep = { n: deep };
    const result = applyOverlay(deep, overlay([{ target: "$..leaf", update: { w: 2 } }]));
    assert.equal(result.actions[0].matchCount, 1);
  });
});

Deno.test("applyOverlay: several kinds in one action, no-ops (issue 11)", async (t) => {
  await t.step("remove: true wins over update and copy", () => {
    const result = applyOverlay(
      { a: { b: 1 }, c: 2 },
      overlay([{ target: "$.a", update: { x: 1 }, copy: "$.c", remove: true }]),
    );
    assert.deepEqual(result.document, { c: 2 });
    assert.equal(result.actions[0].kind, "remove");
    assert.deepEqual(result.warnings.map((w) => w.rule), ["overlay-action-ignored-field"]);
  });

  await t.step("copy wins over update", () => {
    const result = applyOverlay(
      { a: { b: 1 }, c: { d: 2 } },
      overlay([{ target: "$.a", update: { x: 1 }, copy: "$.c" }]),
    );
    assert.deepEqual(result.document, { a: { b: 1, d: 2 }, c: { d: 2 } });
    assert.equal(result.actions[0].kind, "copy");
  });

  await t.step("an action with neither changes nothing and is reported as kind none", () => {
    const result = applyOverlay({ a: 1 }, overlay([{ target: "$.a" }, { target: "$.b", remove: false }]));
    assert.deepEqual(result.document, { a: 1 });
    assert.deepEqual(result.actions.map((a) => [a.kind, a.matchCount, a.applied]), [
      ["none", 1, true],
      ["none", 0, false],
    ]);
    assert.deepEqual(result.warnings.map((w) => `${w.path}: ${w.rule}`), [
      "actions[0]: overlay-action-no-op",
      "actions[1]: overlay-action-no-op",
    ]);
  });

  await t.step("the shorthand of the specification's examples applies, and strict refuses it", () => {
    const doc = { paths: { "/a": { get: { op: { "x-oai-traits": { paged: true } } } } } };
    const traits = overlay([{ target: "$.paths.*.get[?@.x-oai-traits.paged]", update: { paged: "yes" } }]);
    assert.deepEqual(applyOverlay(doc, traits).document, {
      paths: { "/a": { get: { op: { "x-oai-traits": { paged: true }, paged: "yes" } } } },
    });
    assert.throws(() => applyOverlay(doc, traits, { strict: true }), InvalidOverlayError);
  });
});

Deno.test("applyOverlay: budgets (issue 11)", async (t) => {
  await t.step("copies that double the document 30 times fail on the node budget, before copying", () => {
    const actions = Array.from(
      { length: 30 },
      (_, i) => ({ target: "$.a", copy: "$.a", description: `x${i}` }),
    );
    assert.throws(() => applyOverlay({ a: [1] }, overlay(actions)), (e: unknown) => {
      assert.ok(e instanceof OverlayError);
      assert.equal(e.actionIndex, 19);
      assert.equal(
        e.message,
        "action [19] would grow the document to about 1048578 values, over the overlay's node budget of " +
          "1000000 (10 × the values of the document and the overlay, at least 1000000); check for copy or " +
          "update actions that multiply the document.",
      );
      return true;
    });
    // Doubling a few times is fine, and the budget can be set.
    const ten = applyOverlay({ a: [1] }, overlay(actions.slice(0, 10)));
    assert.equal(((ten.document as Json).a as unknown[]).length, 1024);
    assert.throws(
      () => applyOverlay({ a: [1] }, overlay(actions.slice(0, 10)), { maxNodes: 500 }),
      /^OverlayError: action \[8\] would grow the document to about 514 values, over the overlay's node budget of 500 \(maxNodes\)/,
    );
  });

  await t.step("updates on many targets count every target", () => {
    const doc = { list: Array.from({ length: 1000 }, () => ({})) };
    const big = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i]));
    assert.throws(
      () => applyOverlay(doc, overlay([{ target: "$.list[*]", update: big }])),
      /^OverlayError: action \[0\] would grow the document to about 2001002 values/,
    );
  });

  await t.step("an action may not nest a legal document deeper than the loader accepts", () => {
    let deep: Json = { leaf: {} };
    for (let i = 0; i < 996; i++) deep = { n: deep }; // 998 levels
    const ok = applyOverlay(deep, overlay([{ target: "$..leaf", update: { x: { y: {} } } }])); // 1,000 levels
    assert.equal(ok.actions[0].matchCount, 1);
    assert.throws(
      () => applyOverlay(deep, overlay([{ target: "$..leaf", update: { x: { y: { z: {} } } } }])),
      (e: unknown) => {
        assert.ok(e instanceof OverlayError);
        assert.match(
          e.message,
          /^action \[0\] would nest the document deeper than 1000 levels at \$\['n'\]\['n'\].*\.\.\.(\['n'\])+\['leaf'\] \(the value is 4 levels deep\); oatool refuses documents nested that deeply, so target a shallower node or flatten the value\.$/,
        );
        return true;
      },
    );
    // Copying the root into every node marked leaf doubles the depth each time: stopped the same way.
    const actions = Array.from(
      { length: 30 },
      (_, i) => ({ target: "$..[?@.leaf]", copy: "$", description: `${i}` }),
    );
    assert.throws(
      () => applyOverlay({ leaf: true, a: { leaf: true } }, overlay(actions)),
      /^OverlayError: action \[9\] would nest the document deeper than 1000 levels at \$\['a'\]\['a'\].* \(the value is 513 levels deep\)/,
    );
  });

  await t.step("a target query over its node budget fails as the action", () => {
    let deep: Json = { v: 1 };
    for (let i = 0; i < 600; i++) deep = { n: deep, m: 1, o: 2 };
    assert.throws(
      () =>
        applyOverlay(deep, overlay([{ target: "$.x", remove: true }, { target: "$..*..*", remove: true }])),
      (e: unknown) => {
        assert.ok(e instanceof OverlayError);
        assert.equal(e.actionIndex, 1);
        assert.match(
          e.message,
          /^action \[1\] query "\$\.\.\*\.\.\*": selects or visits more than 100000 nodes, over its node budget/,
        );
        return true;
      },
    );
  });
});
