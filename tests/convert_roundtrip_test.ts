/**
 * Round trips of GitHub's REST description (13 MB, OpenAPI 3.0.3): 3.0 → 2.0 → 3.0 and 3.0 → 3.1 → 3.0. Every
 * output passes validation for its target version with no error the input did not already have (per rule, no
 * more than the input's count: GitHub's description has two path-template conflicts and six discriminator
 * findings of its own), and paths, operations and schemas keep their counts (nothing is reported critical).
 * Skipped, saying so, when the description is not installed.
 */
import assert from "node:assert/strict";
import { convertDocument } from "../src/converter/mod.ts";
import { computeStats, documentFromObject, type OASVersion } from "../src/core/mod.ts";
import { validate } from "../src/validator/mod.ts";

const GITHUB = "/tmp/octo/node_modules/@octokit/openapi/generated/api.github.com.json";
/** Kubernetes' swagger 2.0 (v1.13.4), from the npm package kubernetes-client@9.0.0, gunzipped. */
const KUBERNETES = "/tmp/convert-k8s/node_modules/kubernetes-client/lib/specs/swagger-1.13.json";
let text: string | undefined;
try {
  text = await Deno.readTextFile(GITHUB);
} catch {
  console.warn(
    `convert round trips skipped: ${GITHUB} is absent (npm i --prefix /tmp/octo @octokit/openapi).`,
  );
}

function ruleCounts(errors: readonly { rule?: string }[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const e of errors) m.set(e.rule ?? "", (m.get(e.rule ?? "") ?? 0) + 1);
  return m;
}

async function checkValid(doc: Record<string, unknown>, baseline: Map<string, number>, label: string) {
  const v = await validate(documentFromObject(doc));
  for (const [rule, n] of ruleCounts(v.errors)) {
    assert.ok(
      n <= (baseline.get(rule) ?? 0),
      `${label}: ${n} "${rule}" errors, the input had ${baseline.get(rule) ?? 0}: ${
        v.errors.filter((e) => e.rule === rule).slice(0, 3).map((e) => `${e.path}: ${e.message}`).join("; ")
      }`,
    );
  }
}

function counts(doc: Record<string, unknown>, v: OASVersion) {
  const s = computeStats(doc, v);
  return [s.pathCount, s.operationCount, s.schemaCount];
}

for (const [via, family] of [["2.0", "2.0"], ["3.1", "3.1"]] as const) {
  Deno.test({
    name: `convert: GitHub's description 3.0 → ${via} → 3.0 stays valid and keeps its counts`,
    ignore: text === undefined,
    async fn() {
      const input = JSON.parse(text!);
      const baseline = ruleCounts((await validate(documentFromObject(input))).errors);
      const there = convertDocument(input, { target: via });
      assert.equal(there.issues.filter((i) => i.severity === "critical").length, 0);
      await checkValid(there.document, baseline, `3.0 → ${via}`);
      assert.deepEqual(counts(there.document, family), counts(input, "3.0"));
      const back = convertDocument(there.document, { target: "3.0.3" });
      assert.equal(back.issues.filter((i) => i.severity === "critical").length, 0);
      await checkValid(back.document, baseline, `${via} → 3.0`);
      assert.deepEqual(counts(back.document, "3.0"), counts(input, "3.0"));
    },
  });
}

let k8s: string | undefined;
try {
  k8s = await Deno.readTextFile(KUBERNETES);
} catch {
  console.warn(
    `convert Kubernetes round trip skipped: ${KUBERNETES} is absent (npm i --prefix /tmp/convert-k8s ` +
      "kubernetes-client@9.0.0, then gunzip lib/specs/swagger-1.13.json.gz).",
  );
}

Deno.test({
  name: "convert: Kubernetes' swagger 2.0 → 3.0 → 2.0 stays valid and keeps its counts",
  ignore: k8s === undefined,
  async fn() {
    const input = JSON.parse(k8s!);
    const baseline = ruleCounts((await validate(documentFromObject(input))).errors);
    const there = convertDocument(input, { target: "3.0" });
    assert.equal(there.issues.filter((i) => i.severity !== "info").length, 0);
    await checkValid(there.document, baseline, "2.0 → 3.0");
    assert.deepEqual(counts(there.document, "3.0"), counts(input, "2.0"));
    const back = convertDocument(there.document, { target: "2.0" });
    assert.deepEqual(back.issues, []);
    await checkValid(back.document, baseline, "3.0 → 2.0");
    assert.deepEqual(counts(back.document, "2.0"), counts(input, "2.0"));
  },
});
