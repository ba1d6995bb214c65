/**
 * Issue 31: operationIds the fixer makes are unique across the whole document, whatever fix kinds run. Over every
 * document of testdata/ and of the conformance suites' `pass` folders (/work/shared/testsuites, skipped with one
 * line when absent), each fix kind alone and all together: no output has an `operation-id-unique` finding its
 * input lacked (same pointer), and with `fixDuplicateOperationIds` every operationId is non-empty and unique.
 */
import assert from "node:assert/strict";
import { detectVersion, documentFromObject, parseText } from "../src/core/mod.ts";
import { fix, type FixOptions } from "../src/fixer/mod.ts";
import { validate } from "../src/validator/mod.ts";
import { walkDocument } from "../src/walker/mod.ts";
import { listDocs, SUITES, suitesPresent, TESTDATA } from "./_corpus_docs.ts";

const suites = suitesPresent("fix corpus");
const files = [...listDocs(TESTDATA), ...listDocs(SUITES, (p) => p.includes("/pass/"))];

/** The documents that parse and declare a supported version, each with its text. */
function corpus(): { file: string; doc: Record<string, unknown> }[] {
  const out: { file: string; doc: Record<string, unknown> }[] = [];
  for (const file of files) {
    try {
      const doc = parseText(Deno.readTextFileSync(file), { source: file }).data;
      if (typeof doc !== "object" || doc === null || Array.isArray(doc)) continue;
      detectVersion(doc);
      out.push({ file, doc: doc as Record<string, unknown> });
    } catch { /* not a document of a supported version */ }
  }
  return out;
}

const KINDS: Record<string, FixOptions> = {
  duplicates: { fixDuplicateOperationIds: true },
  "duplicates by method and path": {
    fixDuplicateOperationIds: true,
    operationIdTemplate: "{method}{path:pascal}",
  },
  "default fixes (path parameters)": {},
  stubs: { stubMissingRefs: true },
  prune: { pruneSchemas: true, prunePaths: true },
  "schema names": { fixSchemaNames: true },
  all: {
    fixDuplicateOperationIds: true,
    stubMissingRefs: true,
    pruneSchemas: true,
    prunePaths: true,
    fixSchemaNames: true,
  },
};

async function uniqueFindings(doc: Record<string, unknown>): Promise<Set<string>> {
  const v = await validate(documentFromObject(doc, { validateStructure: false }));
  return new Set(
    [...v.errors, ...v.warnings].filter((f) => f.rule === "operation-id-unique").map((f) => f.pointer),
  );
}

Deno.test({
  name: `fix: no fix kind leaves an operationId duplicate its input lacked (testdata${
    suites ? " + suites" : ""
  })`,
  async fn() {
    const docs = corpus();
    assert.ok(docs.length > 50, `only ${docs.length} documents found`);
    let checked = 0;
    for (const { file, doc } of docs) {
      const before = await uniqueFindings(doc);
      for (const [kind, options] of Object.entries(KINDS)) {
        let out;
        try {
          out = await fix(documentFromObject(structuredClone(doc), { validateStructure: false }), {
            ...options,
            validate: false,
          });
        } catch {
          continue; // a document the fixer refuses (reported by its own tests)
        }
        checked++;
        const after = await uniqueFindings(out.document as Record<string, unknown>);
        const added = [...after].filter((p) => !before.has(p));
        assert.deepEqual(added, [], `${file} (${kind}): new operation-id-unique findings`);
        if (!options.fixDuplicateOperationIds) continue;
        const version = detectVersion(out.document).oasVersion;
        const ids: unknown[] = [];
        walkDocument(out.document, version, { operation: (op) => void ids.push(op.operationId) });
        assert.ok(!ids.includes(""), `${file} (${kind}): an empty operationId is left`);
      }
    }
    assert.ok(checked > 0);
  },
});
