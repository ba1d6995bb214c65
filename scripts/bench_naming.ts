/**
 * Scaling benchmark of the joiner's naming work: semantic deduplication and operation-context renaming on a
 * synthetic pair of documents (scripts/make_spec.ts) at 1×, 4× and 16× size (312, 1,250 and 5,000 schemas
 * per document; paths = schemas / 5).
 *
 *   deno run --allow-read scripts/bench_naming.ts [--runs 5]
 *
 * Measured, each as the median of the runs, on fresh copies of the documents (so no cache is reused):
 * - dedup find: `findSemanticDuplicates` on the merged document (left schemas `Model…`, right `Other…`, every
 *   right schema structurally identical to a left one: n duplicates expected);
 * - dedup apply: `applySemanticDedup` on the merged document (find, delete, rewrite references everywhere);
 * - rename (primary): renaming every right schema (all collide by name) with operation context and the
 *   template `{{pathResource .Path | pascalCase}}{{.Name}}_{{.Source}}`, graph construction included;
 * - rename (aggregates): the same with `{{.Name}}_{{len .AllPaths}}`, which needs every operation reaching
 *   each schema. make_spec chains each schema to the previous one (`parent`), so the sum of those lineages —
 *   the output itself — grows quadratically; this column shows that cost, it is not a naming overhead.
 *
 * @module
 */
import { makeSpec } from "./make_spec.ts";
import { applySemanticDedup, findSemanticDuplicates, SchemaNamer } from "../src/joiner/naming.ts";
import { median, parseBenchArgs } from "./_bench.ts";

const RUNS = parseBenchArgs(Deno.args, { runs: 5, dir: false }).runs;
const SIZES = [312, 1250, 5000];

type Doc = Record<string, unknown>;

function schemasOf(doc: Doc): Record<string, unknown> {
  return (doc.components as { schemas: Record<string, unknown> }).schemas;
}

function time(runs: number, prepare: () => Doc, work: (doc: Doc) => void): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const doc = prepare();
    const start = performance.now();
    work(doc);
    samples.push(performance.now() - start);
  }
  return median(samples);
}

function renameAll(template: string, left: Doc, right: Doc): number {
  const namer = new SchemaNamer({ renameTemplate: template, operationContext: true });
  const taken = new Set(Object.keys(schemasOf(left)));
  let renamed = 0;
  for (const name of Object.keys(schemasOf(right))) {
    const { name: newName } = namer.newName({
      name,
      source: "specs/right-service.yaml",
      index: 1,
      document: right,
      oasVersion: "3.0",
      isRight: true,
      taken: (n) => taken.has(n),
    });
    taken.add(newName);
    renamed++;
  }
  return renamed;
}

interface Row {
  schemas: number;
  find: number;
  apply: number;
  primary: number;
  aggregates: number;
}

const rows: Row[] = [];
for (const n of SIZES) {
  const paths = Math.round(n / 5);
  const left = makeSpec({ paths, schemas: n, version: "3.0", prefix: "Model" });
  const rightOther = makeSpec({ paths, schemas: n, version: "3.0", prefix: "Other" });
  const right = makeSpec({ paths, schemas: n, version: "3.0", prefix: "Model" });
  const mergedText = JSON.stringify({
    ...left,
    paths: {
      ...(left.paths as object),
      ...Object.fromEntries(Object.entries(rightOther.paths as object).map(([p, v]) => [`/other${p}`, v])),
    },
    components: { schemas: { ...schemasOf(left), ...schemasOf(rightOther) } },
  });
  const rightText = JSON.stringify(right);

  const check = findSemanticDuplicates(JSON.parse(mergedText), "3.0");
  if (check.count !== n) throw new Error(`expected ${n} duplicates at size ${n}, found ${check.count}`);
  if (renameAll("{{.Name}}_{{.Source}}", left, JSON.parse(rightText)) !== n) throw new Error("rename count");

  const find = time(RUNS, () => JSON.parse(mergedText), (doc) => findSemanticDuplicates(doc, "3.0"));
  const apply = time(RUNS, () => JSON.parse(mergedText), (doc) => applySemanticDedup(doc, "3.0"));
  const primary = time(
    RUNS,
    () => JSON.parse(rightText),
    (doc) => renameAll("{{pathResource .Path | pascalCase}}{{.Name}}_{{.Source}}", left, doc),
  );
  const aggregates = time(
    Math.min(RUNS, 3),
    () => JSON.parse(rightText),
    (doc) => renameAll("{{.Name}}_{{len .AllPaths}}", left, doc),
  );
  rows.push({ schemas: n, find, apply, primary, aggregates });
}

const base = rows[0];
const fmt = (ms: number, ref: number): string =>
  `${ms.toFixed(1).padStart(9)} ms (${(ms / ref).toFixed(1).padStart(5)}×)`;
console.log(`Deno ${Deno.version.deno}, median of ${RUNS} runs; sizes 1×, 4×, 16× (schemas per document)\n`);
console.log(
  "schemas/doc | dedup find (2n schemas)  | dedup apply              | rename n, primary fields | rename n, aggregate fields",
);
for (const r of rows) {
  console.log(
    `${String(r.schemas).padStart(11)} | ${fmt(r.find, base.find)} | ${fmt(r.apply, base.apply)} | ${
      fmt(r.primary, base.primary)
    } | ${fmt(r.aggregates, base.aggregates)}`,
  );
}
console.log("\nLinear growth would be 4.0× and 16.0×; quadratic 16× and 256×.");
