import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { loadOverlay, validateOverlay } from "./mod.ts";

const fixtures = new URL("../../testdata/overlay/", import.meta.url);

function messages(overlay: unknown): string[] {
  return validateOverlay(overlay).errors.map((e) => `${e.path}: ${e.message}`);
}

const base = { overlay: "1.1.0", info: { title: "T", version: "1" } };

Deno.test("validateOverlay", async (t) => {
  await t.step("accepts valid 1.0.0 and 1.1.0 overlays and reports their metadata", async () => {
    for (const name of ["overlay-1.0.yaml", "overlay-1.1.yaml"]) {
      const loaded = await loadOverlay({ file: fileURLToPath(new URL(name, fixtures)) });
      assert.deepEqual(loaded.validation.errors, [], name);
      assert.equal(loaded.validation.valid, true);
      assert.equal(loaded.format, "yaml");
    }
    const result = validateOverlay({
      ...base,
      extends: "./a.yaml",
      "x-team": "api",
      actions: [{ target: "$", update: {} }],
    });
    assert.deepEqual(result, {
      valid: true,
      version: "1.1.0",
      title: "T",
      infoVersion: "1",
      extends: "./a.yaml",
      actionCount: 1,
      errors: [],
    });
  });

  await t.step("reports every problem of the invalid fixture as path: message", async () => {
    const loaded = await loadOverlay({ file: fileURLToPath(new URL("invalid.yaml", fixtures)) });
    assert.equal(loaded.validation.valid, false);
    const lines = loaded.validation.errors.map((e) => `${e.path}: ${e.message}`);
    assert.deepEqual(lines, [
      'unknownTop: unknown field "unknownTop"; allowed fields are overlay, info, extends, actions and x- extensions',
      "info.title: required field is missing",
      "info.version: must be a string, found number 1",
      'info.summary: unknown field "summary"; allowed fields are title, version and x- extensions',
      "actions[0].target: required field is missing; add a JSONPath expression such as $.info",
      'actions[1].target: invalid JSONPath at position 15 in "$.paths[?@.x ==": expected a value after "=="',
      "actions[2]: has no change to make; give exactly one of update or remove: true",
      "actions[3]: has both update and remove; give exactly one of update or remove: true",
      'actions[4].copy: unknown field "copy"; copy is defined from Overlay 1.1.0 on; set overlay: 1.1.0 to use it',
      "actions[4]: has no change to make; give exactly one of update or remove: true",
      'actions[5].remove: must be true or false, found string "yes please"',
      "actions[5]: has no change to make; give exactly one of update or remove: true",
    ]);
  });

  await t.step("missing overlay, info and actions", () => {
    assert.deepEqual(messages({}), [
      "overlay: required field is missing; add the Overlay Specification version, such as overlay: 1.1.0",
      "info: required field is missing; add info with title and version",
      "actions: required field is missing; add a list of at least one action",
    ]);
    assert.deepEqual(messages([]), [
      "(root)".replace("(root)", "") + ": an Overlay document must be an object, found an array",
    ]);
  });

  await t.step("wrong types and empty actions", () => {
    assert.deepEqual(messages({ overlay: 1.1, info: "x", actions: [] }), [
      'overlay: must be a string such as "1.1.0", found number 1.1 (quote it in YAML)',
      'info: must be an object with title and version, found string "x"',
      "actions: must contain at least one action",
    ]);
    assert.deepEqual(messages({ ...base, actions: {} }), [
      "actions: must be a list of actions, found an object",
    ]);
    assert.deepEqual(messages({ ...base, actions: ["$.a"] }), [
      'actions[0]: must be an object with a target, found string "$.a"',
    ]);
  });

  await t.step("unknown versions are named", () => {
    assert.deepEqual(messages({ ...base, overlay: "2.0.0", actions: [{ target: "$", remove: true }] }), [
      'overlay: unsupported Overlay version "2.0.0"; supported versions are 1.0.x and 1.1.x',
    ]);
    assert.equal(
      validateOverlay({ ...base, overlay: "1.1.7", actions: [{ target: "$", remove: true }] }).valid,
      true,
    );
  });

  await t.step("copy: both kinds, invalid expression, exactly one kind in 1.1.0", () => {
    assert.deepEqual(
      messages({
        ...base,
        actions: [{ target: "$.a", copy: "$.b", update: {} }, { target: "$.a", copy: "$[" }],
      }),
      [
        "actions[0]: has both update and copy; give exactly one of update, remove: true or copy",
        'actions[1].copy: invalid JSONPath at position 2 in "$[": expected a selector, found end of expression',
      ],
    );
    assert.deepEqual(messages({ ...base, actions: [{ target: "$.a", remove: false }] }), [
      "actions[0]: has no change to make; give exactly one of update, remove: true or copy",
    ]);
  });

  await t.step("unknown fields of actions; x- extensions allowed everywhere", () => {
    assert.deepEqual(
      messages({
        ...base,
        info: { ...base.info, "x-a": 1 },
        actions: [{ target: "$", update: {}, "x-b": 1, targets: 1 }],
      }),
      ['actions[0].targets: unknown field "targets"; allowed fields are target, description, update, remove, copy and x- extensions'],
    );
  });

  await t.step("info.description is part of 1.1.0 only", () => {
    const info = { ...base.info, description: "d" };
    assert.deepEqual(messages({ ...base, info, actions: [{ target: "$", remove: true }] }), []);
    assert.deepEqual(
      messages({ ...base, overlay: "1.0.0", info, actions: [{ target: "$", remove: true }] }),
      [
        'info.description: unknown field "description"; allowed fields are title, version and x- extensions',
      ],
    );
  });
});
