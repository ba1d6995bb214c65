import assert from "node:assert/strict";
import { createMemoryReader } from "../core/mod.ts";
import { ConfigError, loadConfig } from "../config/mod.ts";
import { validate } from "./mod.ts";
import { check, oas3, op } from "./_test_helpers.ts";

/** operation-id-unique (error), component-unused and operation-description (warnings), no operationId (strict). */
const DOC = oas3({
  paths: {
    "/pets": {
      get: op({ operationId: "listPets" }),
      post: op({ operationId: "listPets" }),
      put: { responses: { "200": { description: "ok" } } },
    },
  },
  components: { schemas: { Unused: { type: "string" } } },
}, "3.0.3");

const found = (
  r: { errors: { rule?: string; severity: string }[]; warnings: { rule?: string; severity: string }[] },
) => [...r.errors, ...r.warnings].map((f) => `${f.severity} ${f.rule}`);

Deno.test("policy rules: off, warning, info and error replace a rule's severity; a strict-only rule runs when set", async () => {
  assert.deepEqual(found(await check(DOC)), [
    "error operation-id-unique",
    "warning operation-description",
    "warning component-unused",
  ]);
  const r = await check(DOC, {
    config: {
      rules: {
        "operation-id-unique": "warning",
        "operation-description": "off",
        "component-unused": ["info", {}],
        "operation-id-missing": { severity: "error" },
      },
    },
  });
  assert.equal(r.valid, false);
  assert.deepEqual(found(r), [
    "error operation-id-missing",
    "warning operation-id-unique",
    "info component-unused",
  ]);
  // Without the strict-only rule the document is valid: the duplicate operationId is only a warning now.
  const relaxed = await check(DOC, { config: { rules: { "operation-id-unique": "warning" } } });
  assert.equal(relaxed.valid, true);
  // The command line's overrides come last.
  const cli = await check(DOC, {
    config: { rules: { "operation-id-unique": "warning" } },
    ruleSeverities: { "operation-id-unique": "error", "component-unused": "off" },
  });
  assert.deepEqual(found(cli), ["error operation-id-unique", "warning operation-description"]);
  // Structure itself can be switched off.
  const broken = oas3({ paths: { "/a": { get: { responses: 3 } } } });
  assert.deepEqual(found(await check(broken)), ["error oas-schema", "warning operation-description"]);
  assert.deepEqual(found(await check(broken, { ruleSeverities: { "oas-schema": "off" } })), [
    "warning operation-description",
  ]);
});

Deno.test("policy presets: minimal keeps structure and references; strict runs strict rules, warnings fail", async () => {
  assert.deepEqual(found(await check(DOC, { config: { extends: "minimal" } })), []);
  const withRef = oas3({
    paths: { "/a": { get: op({ parameters: [{ $ref: "#/components/parameters/None" }] }) } },
  });
  assert.deepEqual(found(await check(withRef, { config: { extends: "minimal" } })), ["error ref-resolves"]);
  const strict = await check(DOC, { config: { extends: ["recommended", "strict"] } });
  assert.deepEqual(found(strict), [
    "error operation-id-unique",
    "error operation-description",
    "error operation-id-missing",
    "error component-unused",
  ]);
  // A file's rules apply over its presets.
  const tuned = await check(DOC, {
    config: { extends: "minimal", rules: { "component-unused": "warning" } },
  });
  assert.deepEqual(found(tuned), ["warning component-unused"]);
});

Deno.test("policy ignore: by rule and pointer (and below it), by hash only while the node is unchanged", async () => {
  const r = await check(DOC, {
    config: {
      ignore: [
        { rule: "operation-id-unique", pointer: "/paths/~1pets", reason: "legacy API" },
        {
          rule: "component-unused",
          pointer: "/components/schemas/Unused",
          hash: "000000000000",
          reason: "old",
        },
      ],
    },
  });
  assert.deepEqual(found(r), ["warning operation-description", "warning component-unused"]);
  assert.equal(r.ignoredCount, 1);
  assert.equal(r.valid, true);
  // The ignore entry of another rule, or of another file, accepts nothing.
  const other = await check(DOC, {
    config: {
      ignore: [
        { rule: "path-params", pointer: "/paths/~1pets", reason: "r" },
        { rule: "operation-id-unique", file: "other.yaml", pointer: "", reason: "r" },
      ],
    },
  });
  assert.equal(other.ignoredCount, 0);
});

Deno.test("policy apis: the named API whose root is the input adds its overrides and ignore entries", async () => {
  const files = {
    "/proj/specs/pets.json": JSON.stringify(DOC),
    "/proj/specs/other.json": JSON.stringify(DOC),
    "/proj/oatool.yaml": `rules: {component-unused: off}
apis:
  pets:
    root: specs/pets.json
    rules: {operation-id-unique: warning}
    ignore:
      - {rule: operation-description, pointer: /paths, reason: documented elsewhere}
`,
  };
  const reader = createMemoryReader(files, { cwd: "/proj" });
  const config = await loadConfig("oatool.yaml", { reader });
  const pets = await validate({ file: "specs/pets.json" }, { reader, config });
  assert.deepEqual(found(pets), ["warning operation-id-unique"]);
  assert.equal(pets.ignoredCount, 1);
  const other = await validate({ file: "specs/other.json" }, { reader, config: "oatool.yaml" });
  assert.deepEqual(found(other), ["error operation-id-unique", "warning operation-description"]);
});

Deno.test("policy: an unknown rule id is refused with the closest known one and where it was written", async () => {
  const reader = createMemoryReader({ "/p/oatool.yaml": "rules:\n  operation-id-uniqe: off\n" });
  await assert.rejects(
    check(DOC, { config: "/p/oatool.yaml", reader }),
    (e: Error) =>
      e instanceof ConfigError &&
      e.message === 'p/oatool.yaml:2:3: unknown rule "operation-id-uniqe"; the closest known rule is ' +
          '"operation-id-unique".',
  );
  await assert.rejects(
    check(DOC, { ruleSeverities: { "ref-resolve": "off" } }),
    /^ConfigError: unknown rule "ref-resolve"; the closest known rule is "ref-resolves"\.$/,
  );
  // A declarative rule (given/then) is the policy's own rule, not a misspelt built-in one.
  const declared = await check(DOC, {
    config: {
      rules: { "pets-summary": { given: "$.paths[*].get", then: { field: "summary", function: "truthy" } } },
    },
  });
  assert.equal(declared.errorCount, 1);
});
