/**
 * The official Overlay tests (OAI/Overlay-Specification `tests/`), read in place from
 * `../shared/testsuites/overlay/v1.<minor>/{pass,fail}` relative to the project root: every `pass` document
 * validates and every `fail` document is rejected. The suite has no apply cases with expected outputs; the
 * `pass` documents are also applied to a small document, to check that each one applies.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { applyOverlay, loadOverlay } from "./mod.ts";

const suite = fileURLToPath(new URL("../../../shared/testsuites/overlay/", import.meta.url));

async function listYaml(folder: string): Promise<string[] | undefined> {
  try {
    const names: string[] = [];
    for await (const entry of Deno.readDir(folder)) if (entry.name.endsWith(".yaml")) names.push(entry.name);
    return names.sort();
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
}

/** The `pass` documents that use a name with "-" in dot notation (from the specification's examples). */
const HYPHENATED = new Set(["actions-traits-example.yaml"]);

/** Where each `fail` document goes wrong: the path of its one error (documents not listed need only fail). */
const FAIL_AT: Record<string, string> = {
  "action-copy-invalid-type.yaml": "actions[0].copy",
  "action-remove-invalid-type.yaml": "actions[0].remove",
  "action-target-invalid-type.yaml": "actions[0].target",
  "actions-invalid-description.yaml": "actions[0].description",
  "actions-invalid-target.yaml": "actions[0].target",
  "actions-invalid-type.yaml": "actions",
  "actions-item-invalid-type.yaml": "actions[0]",
  "actions-minimal.yaml": "actions",
  "actions-missing-target.yaml": "actions[0].target",
  "actions-missing.yaml": "actions",
  "actions-not-unique.yaml": "actions[1]",
  "extends-invalid-type.yaml": "extends",
  "info-description-invalid-type.yaml": "info.description",
  "info-invalid-type.yaml": "info",
  "info-missing-title.yaml": "info.title",
  "info-missing-version.yaml": "info.version",
  "info-title-invalid-type.yaml": "info.title",
  "info-version-invalid-type.yaml": "info.version",
  "invalid-overlay-version.yaml": "overlay",
  "not-an-object.yaml": "",
  "overlay-invalid-pattern.yaml": "overlay",
  "root-invalid-property.yaml": "invalidProperty",
};

const target = {
  openapi: "3.1.0",
  info: { title: "T", version: "1" },
  paths: {
    "/foo": { get: { parameters: [{ name: "dummy", in: "query" }], "x-oai-traits": ["paged"] } },
    "/bar": { get: { description: "bar" } },
  },
};

for (const version of ["v1.0", "v1.1"]) {
  Deno.test(`official Overlay tests ${version}: pass documents validate, fail documents are rejected`, async (t) => {
    const pass = await listYaml(`${suite}${version}/pass`);
    const fail = await listYaml(`${suite}${version}/fail`);
    if (pass === undefined || fail === undefined) {
      console.log(`skipped: the official Overlay tests are absent (${suite}${version})`);
      return;
    }
    assert.ok(pass.length >= 12 && fail.length >= 20, `${pass.length} pass, ${fail.length} fail documents`);
    await t.step(`${pass.length} pass documents are valid and apply`, async () => {
      const problems: string[] = [];
      for (const name of pass) {
        const loaded = await loadOverlay({ file: `${suite}${version}/pass/${name}` });
        const errors = loaded.validation.errors.map((e) => `${e.path}: ${e.message}`);
        if (errors.length > 0) problems.push(`${name}: ${errors.join("; ")}`);
        const strict = await loadOverlay({ file: `${suite}${version}/pass/${name}` }, { strict: true });
        if (strict.validation.valid === HYPHENATED.has(name)) {
          problems.push(`${name}: strict validation should ${HYPHENATED.has(name) ? "reject" : "accept"} it`);
        }
        try {
          applyOverlay(structuredClone(target), loaded.data);
        } catch (error) {
          problems.push(`${name}: does not apply: ${error instanceof Error ? error.message : error}`);
        }
      }
      assert.deepEqual(problems, []);
    });
    await t.step(`${fail.length} fail documents are rejected, each for its one problem`, async () => {
      const problems: string[] = [];
      for (const name of fail) {
        const loaded = await loadOverlay({ file: `${suite}${version}/fail/${name}` });
        const paths = loaded.validation.errors.map((e) => e.path);
        if (loaded.validation.valid) problems.push(`${name}: accepted`);
        else if (name in FAIL_AT && paths.join() !== FAIL_AT[name]) {
          problems.push(`${name}: errors at ${paths}`);
        }
      }
      assert.deepEqual(problems, []);
    });
  });
}
