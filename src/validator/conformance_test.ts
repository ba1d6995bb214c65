/**
 * The OpenAPI Initiative's schema test documents (read in place from ../shared/testsuites/oas-conformance):
 * every `fail` document must be rejected and every `pass` document accepted, except the few `pass` documents
 * listed below, which exercise only the JSON Schema and break a semantic rule of the specification text.
 */
import assert from "node:assert/strict";
import { validate } from "./mod.ts";

const SUITE = new URL("../../../shared/testsuites/oas-conformance/", import.meta.url);

/** `pass` documents that validly fail a semantic rule: file → [rules it breaks, why]. */
const ALLOWED: Record<string, [string[], string]> = {
  "3.1/pass/operation-object-example.yaml": [
    ["path-params", "security-defined"],
    'the path /pets/{id} declares the parameter "petId", and the security scheme "petstore_auth" is never declared',
  ],
  "3.2/pass/operation-object-example.yaml": [
    ["path-params", "security-defined"],
    'the path /pets/{id} declares the parameter "petId", and the security scheme "petstore_auth" is never declared',
  ],
  "3.1/pass/parameter-object-examples.yaml": [
    ["path-params"],
    'the path /user/{username} declares a path parameter "usernames" that is not in the template',
  ],
  "3.2/pass/parameter-object-examples.yaml": [
    ["path-params"],
    'the path /user/{username} declares a path parameter "usernames" that is not in the template',
  ],
  "3.1/pass/mega.yaml": [
    ["discriminator-property"],
    'declares 3.1.0, whose text says "the `discriminator` field MUST be a required field", and its anyOf alternative Foo does not require "type"',
  ],
  "3.2/pass/mega.yaml": [
    ["discriminator-default-mapping"],
    'its discriminator has defaultMapping "Bar", and there is no schema Bar (components.schemas holds only Foo)',
  ],
  "3.1/pass/style-defaults.yaml": [
    ["path-param-required", "media-types"],
    'an in: path parameter without required: true, and a content key "encoding_object_defaults" that is not a media type',
  ],
};

function listYaml(dir: URL): string[] {
  try {
    return [...Deno.readDirSync(dir)].filter((e) => e.isFile && /\.ya?ml$/.test(e.name)).map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}

Deno.test("conformance: OAI schema test documents", async (t) => {
  let present = false;
  try {
    present = Deno.statSync(SUITE).isDirectory;
  } catch { /* absent */ }
  if (!present) {
    console.log(`skipped: ${SUITE.pathname} is absent`);
    return;
  }
  let passCount = 0;
  let failCount = 0;
  for (const version of ["3.0", "3.1", "3.2"]) {
    for (const kind of ["pass", "fail"] as const) {
      for (const name of listYaml(new URL(`${version}/${kind}/`, SUITE))) {
        const key = `${version}/${kind}/${name}`;
        await t.step(key, async () => {
          const file = new URL(key, SUITE).pathname;
          const allowed = ALLOWED[key];
          let errorRules: string[];
          try {
            const r = await validate(file);
            errorRules = [...new Set(r.errors.map((f) => f.rule ?? ""))].sort();
          } catch (error) {
            errorRules = ["load"];
            if (kind === "pass" && allowed === undefined) throw error;
          }
          if (kind === "fail") {
            assert.ok(errorRules.length > 0, `${key} must be rejected`);
            failCount++;
          } else if (allowed !== undefined) {
            assert.deepEqual(
              errorRules,
              [...allowed[0]].sort(),
              `${key}: only the allowed rules (${allowed[1]})`,
            );
          } else {
            assert.deepEqual(errorRules, [], `${key} must be accepted`);
            passCount++;
          }
        });
      }
    }
  }
  assert.ok(failCount >= 40 && passCount >= 60, `ran ${failCount} fail and ${passCount} pass documents`);
});
