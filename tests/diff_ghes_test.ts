/**
 * GitHub Enterprise Server 3.17 → 3.18 (npm `@octokit/openapi`): every operation 3.18 added is reported as a
 * non-breaking addition, and the other way round as a breaking removal, with the operations counted here
 * independently from the JSON; a second run is byte-identical. And 3.18 (OpenAPI 3.0.3) against its own
 * conversion to 3.1 differs only by the format change.
 */
import assert from "node:assert/strict";
import { run } from "../src/cli/_test_io.ts";

const DIR = "/tmp/octo/node_modules/@octokit/openapi/generated/";
const V17 = `${DIR}ghes-3.17.json`;
const V18 = `${DIR}ghes-3.18.json`;

function present(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

const available = present(V17) && present(V18);
const skipped = available ? "" : ` (skipped: ${V17} and ${V18} are not installed)`;

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** `METHOD /path/{}` of every operation, counted from the parsed file (path variables unnamed). */
async function operations(file: string): Promise<Set<string>> {
  const doc = JSON.parse(await Deno.readTextFile(file));
  const out = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
    for (const m of METHODS) {
      if (item[m] !== undefined) out.add(`${m.toUpperCase()} ${path.replace(/\{[^}]*\}/g, "{}")}`);
    }
  }
  return out;
}

interface ReportChange {
  id: string;
  severity: string;
  endpoint?: string;
}

function reported(changes: ReportChange[], ids: string[]): { keys: string[]; severities: Set<string> } {
  const hits = changes.filter((c) => ids.includes(c.id));
  return {
    keys: hits.map((c) => c.endpoint!.replace(/\{[^}]*\}/g, "{}")).sort(),
    severities: new Set(hits.map((c) => c.severity)),
  };
}

Deno.test({
  name:
    `diff GHES 3.17 → 3.18: each added operation is a non-breaking addition; reversed, a breaking removal${skipped}`,
  ignore: !available,
  async fn() {
    const a = await operations(V17);
    const b = await operations(V18);
    const added = [...b].filter((k) => !a.has(k)).sort();
    const removed = [...a].filter((k) => !b.has(k)).sort();
    assert.ok(added.length > 0);

    const forward = await run(["diff", "--breaking", "--format", "json", V17, V18]);
    const fr = JSON.parse(forward.stdout);
    const additions = reported(fr.changes, ["endpoint-added", "operation-added"]);
    assert.deepEqual(additions.keys, added);
    assert.deepEqual([...additions.severities], ["INFO"]);
    assert.deepEqual(reported(fr.changes, ["endpoint-removed", "operation-removed"]).keys, removed);
    const again = await run(["diff", "--breaking", "--format", "json", V17, V18]);
    assert.equal(again.stdout, forward.stdout);

    const backward = await run(["diff", "--breaking", "--format", "json", V18, V17]);
    assert.equal(backward.code, 1);
    const br = JSON.parse(backward.stdout);
    const removals = reported(br.changes, ["endpoint-removed", "operation-removed"]);
    assert.deepEqual(removals.keys, added);
    assert.deepEqual([...removals.severities], ["CRITICAL"]);
    assert.equal(br.HasBreakingChanges, true);
    const text = await run(["diff", "--breaking", V18, V17]);
    const text2 = await run(["diff", "--breaking", V18, V17]);
    assert.equal(text.stdout, text2.stdout);
  },
});

Deno.test({
  name:
    `diff GHES 3.18 against its own conversion to 3.1: the version and format changes and nothing else${skipped}`,
  ignore: !available,
  async fn() {
    const { convertDocument } = await import("../src/converter/mod.ts");
    const { diff } = await import("../src/differ/mod.ts");
    const text = await Deno.readTextFile(V18);
    const converted = convertDocument(JSON.parse(text), { target: "3.1" });
    const r = await diff({ content: text, name: "ghes-3.18.json" }, {
      content: JSON.stringify(converted.document),
      name: "ghes-3.18-as-3.1.json",
    });
    // 3.0.3 → 3.1.0 is the same major version: the version field itself is an INFO (docs/diff-severity.md).
    assert.deepEqual(r.changes.map((c) => `${c.id} ${c.severity}`), [
      "openapi-version-changed info",
      "format-structure-changed error",
    ]);
    assert.match(r.changes[1].message, /nullable became null in type lists/);
  },
});
