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
      warnings: [],
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
      'actions[4].copy: unknown field "copy"; copy is defined from Overlay 1.1.0 on; set overlay: 1.1.0 to use it',
      'actions[5].remove: must be true or false, found string "yes please"',
    ]);
    // Issue 11: an action without update or remove is a legal no-op, and remove wins over update; both warn.
    assert.deepEqual(loaded.validation.warnings.map((e) => `${e.path}: ${e.message}`), [
      "actions[2]: does nothing: it has no update, and no remove: true (a legal no-op)",
      "actions[3]: has remove: true and update; remove: true wins, as the Overlay Specification says, so update is ignored",
      "actions[4]: does nothing: it has no update, and no remove: true (a legal no-op)",
      "actions[5]: does nothing: it has no update, and no remove: true (a legal no-op)",
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

  await t.step("copy: invalid expression; copy wins over update", () => {
    assert.deepEqual(
      messages({
        ...base,
        actions: [{ target: "$.a", copy: "$.b", update: {} }, { target: "$.a", copy: "$[" }],
      }),
      [
        'actions[1].copy: invalid JSONPath at position 2 in "$[": expected a selector, found end of expression',
      ],
    );
    // Issue 11: copy wins over update, and an action that changes nothing is legal; both warn.
    assert.deepEqual(
      validateOverlay({ ...base, actions: [{ target: "$.a", copy: "$.b", update: {} }] }).warnings.map((e) =>
        `${e.path}: ${e.message}`
      ),
      ["actions[0]: has copy and update; copy wins, as the Overlay Specification says, so update is ignored"],
    );
    assert.deepEqual(messages({ ...base, actions: [{ target: "$.a", remove: false }] }), []);
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

Deno.test("validateOverlay: the rules of issue 11", async (t) => {
  const warnings = (overlay: unknown, strict = false) =>
    validateOverlay(overlay, { strict }).warnings.map((e) => `${e.path}: ${e.message}`);

  await t.step("an action with only a target is a legal no-op, with a warning", () => {
    const overlay = { ...base, actions: [{ target: "$", description: "nothing yet" }] };
    assert.deepEqual(messages(overlay), []);
    assert.deepEqual(warnings(overlay), [
      "actions[0]: does nothing: it has no update, no copy and no remove: true (a legal no-op)",
    ]);
    assert.equal(validateOverlay(overlay).warnings[0].rule, "overlay-action-no-op");
    assert.equal(validateOverlay(overlay).warnings[0].severity, "warning");
  });

  await t.step("update with remove: true is legal; remove wins (also over copy)", () => {
    const overlay = { ...base, actions: [{ target: "$.a", update: { x: 1 }, copy: "$.b", remove: true }] };
    assert.deepEqual(messages(overlay), []);
    assert.deepEqual(warnings(overlay), [
      "actions[0]: has remove: true and update and copy; remove: true wins, as the Overlay Specification says, " +
      "so update and copy are ignored",
    ]);
  });

  await t.step("hyphenated names in dot notation: a warning, an error under strict", () => {
    const overlay = { ...base, actions: [{ target: "$.paths.*.get[?@.x-oai-traits.paged]", update: {} }] };
    const expected = 'actions[0].target: member name "x-oai-traits" at position 17 of ' +
      '"$.paths.*.get[?@.x-oai-traits.paged]" uses "-" in dot notation, which RFC 9535 does not allow';
    assert.deepEqual(messages(overlay), []);
    assert.deepEqual(warnings(overlay), [
      `${expected} (accepted, as the Overlay Specification's examples write it); write it as ['x-oai-traits']`,
    ]);
    const strict = validateOverlay(overlay, { strict: true });
    assert.equal(strict.valid, false);
    assert.deepEqual(strict.errors.map((e) => `${e.path}: ${e.message}`), [
      `${expected}; write it as ['x-oai-traits']`,
    ]);
    assert.deepEqual(strict.warnings, []);
    // In copy too; other syntax errors keep the parser's message.
    assert.deepEqual(
      warnings({ ...base, actions: [{ target: "$.a", copy: "$.x-b" }] }).map((w) => w.slice(0, 40)),
      ['actions[0].copy: member name "x-b" at po'],
    );
    assert.deepEqual(messages({ ...base, actions: [{ target: "$.x-", update: {} }] }), [
      'actions[0].target: invalid JSONPath at position 3 in "$.x-": unexpected character "-"',
    ]);
  });

  await t.step("identical actions are rejected (uniqueItems), in one pass over many actions", () => {
    const action = { target: "$.info.title", update: "T" };
    assert.deepEqual(
      messages({
        ...base,
        actions: [action, { target: "$.x", remove: true }, { update: "T", target: "$.info.title" }],
      }),
      ["actions[2]: is identical to actions[0]; actions must be unique (uniqueItems), remove the duplicate"],
    );
    // Equal in the JSON Schema sense: key order does not matter, nesting does.
    assert.deepEqual(
      messages({
        ...base,
        actions: [{ target: "$", update: { a: [1, { b: 2 }] } }, {
          target: "$",
          update: { a: [1, { b: 3 }] },
        }],
      }),
      [],
    );
    const many = Array.from({ length: 50_000 }, (_, i) => ({ target: `$.p${i}`, remove: true }));
    assert.equal(validateOverlay({ ...base, actions: many }).valid, true);
    assert.deepEqual(messages({ ...base, actions: [...many, many[49_999]] }), [
      "actions[50000]: is identical to actions[49999]; actions must be unique (uniqueItems), remove the duplicate",
    ]);
  });

  await t.step("structure comes from the official schema of the declared version", () => {
    assert.deepEqual(
      messages({ ...base, extends: {}, actions: [{ target: "info.description", update: "x" }] }),
      [
        "extends: must be a URI reference string, found an object",
        'actions[0].target: invalid JSONPath at position 0 in "info.description": a JSONPath query starts with "$", found character "i"',
      ],
    );
    assert.deepEqual(messages({ ...base, overlay: "1.1", actions: [{ target: "$", copy: 100 }] }), [
      'overlay: unsupported Overlay version "1.1"; supported versions are 1.0.x and 1.1.x',
      "actions[0].copy: must be a JSONPath string, found number 100",
    ]);
    assert.deepEqual(
      messages({ ...base, info: { title: 1, version: "1", description: 2 }, actions: [{ target: "$" }] }),
      [
        "info.title: must be a string, found number 1",
        "info.description: must be a string, found number 2",
      ],
    );
    const finding = validateOverlay({ ...base, actions: [{ target: "$", description: 10 }] }).errors[0];
    assert.deepEqual(finding, {
      severity: "error",
      path: "actions[0].description",
      pointer: "/actions/0/description",
      message: "must be a string, found number 10",
      rule: "overlay-schema",
      specLink: "https://spec.openapis.org/overlay/v1.1.0.html",
    });
  });
});

Deno.test("loadOverlay places every finding at its line and column", async () => {
  const loaded = await loadOverlay({ file: fileURLToPath(new URL("invalid.yaml", fixtures)) });
  const at = (e: { path: string; location?: { line: number; column: number } }) =>
    `${e.path}@${e.location?.line}:${e.location?.column}`;
  assert.deepEqual(loaded.validation.errors.slice(0, 3).map(at), [
    "unknownTop@19:1",
    "info.title@2:1",
    "info.version@3:3",
  ]);
  assert.deepEqual(loaded.validation.warnings.slice(0, 1).map(at), ["actions[2]@10:5"]);
  assert.match(loaded.validation.errors[0].location?.file ?? "", /invalid\.yaml$/);
});
