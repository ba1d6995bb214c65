/**
 * Benchmark of `oatool bundle` on a multi-file specification: GitHub's REST description (`api.github.com.json`,
 * 13 MB, npm package @octokit/openapi) split into one file per path (`paths/*.json`) and one per schema
 * (`schemas/*.json`), the root keeping `paths` and `components.schemas` as references to them (the layout
 * `redocly split` makes). `bundle` is timed against `validate` of the same split specification, both whole
 * processes with the binary's permissions, alternately; each figure is the median of `--runs` runs after one
 * warm-up. The target: bundle takes at most 1.5× validate. The bundle is checked against the original: as many
 * paths and schemas, only local references, and the same document (key order included).
 *
 *   deno run -A scripts/bench_bundle.ts [--dir /tmp/oatool-bench-bundle] [--runs 5] [--spec api.github.com.json]
 *
 * Without `--spec`, the description is read from `/tmp/octo/node_modules/@octokit/openapi/generated/`, else
 * installed with npm into the work folder.
 *
 * @module
 */
import { join } from "node:path";
import { exists, median, npmInstall, oatoolCommand, parseBenchArgs, run, workDir } from "./_bench.ts";

const { runs, dir: given, values } = parseBenchArgs(Deno.args, { runs: 5, strings: ["spec"] });
const dir = await workDir(given, "oatool-bench-bundle-");
const OCTO = "/tmp/octo/node_modules/@octokit/openapi/generated/api.github.com.json";
let spec = values.spec ?? OCTO;
if (!(await exists(spec))) {
  await npmInstall(dir, ["@octokit/openapi"]);
  spec = join(dir, "node_modules/@octokit/openapi/generated/api.github.com.json");
}

type Json = Record<string, unknown>;

/** A file name for a key: its characters that are not letters or digits as `_`, made unique with a number. */
function fileNames(keys: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const taken = new Set<string>();
  for (const key of keys) {
    const base = key.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 100) || "root";
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}_${n}`;
    taken.add(name.toLowerCase());
    out.set(key, `${name}.json`);
  }
  return out;
}

const DATA = new Set(["example", "value", "enum", "const"]);

/** Rewrites the local references of a part moved into `folder` (`paths` or `schemas`). */
function rewrite(value: unknown, folder: "paths" | "schemas", schemaFiles: Map<string, string>): unknown {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== "object") continue;
    const o = v as Json;
    if (typeof o.$ref === "string" && o.$ref.startsWith("#/")) {
      const m = /^#\/components\/schemas\/([^/]+)(.*)$/.exec(o.$ref);
      const file = m
        ? schemaFiles.get(decodeURIComponent(m[1]).replace(/~1/g, "/").replace(/~0/g, "~"))
        : undefined;
      if (m && file) {
        const rest = m[2] === "" ? "" : `#${m[2]}`;
        o.$ref = folder === "schemas" ? `${file}${rest}` : `../schemas/${file}${rest}`;
      } else o.$ref = `../openapi.json${o.$ref}`;
    }
    // Data (examples, enums, extensions) keeps its `$ref`s as they are: they are not references.
    for (const [key, child] of Object.entries(o)) {
      if (!DATA.has(key) && !key.startsWith("x-")) stack.push(child);
    }
  }
  return value;
}

const original = JSON.parse(await Deno.readTextFile(spec)) as Json;
const split = join(dir, "split");
await Deno.remove(split, { recursive: true }).catch(() => {});
await Deno.mkdir(join(split, "paths"), { recursive: true });
await Deno.mkdir(join(split, "schemas"));
const paths = original.paths as Json;
const components = original.components as Json;
const schemas = components.schemas as Json;
const schemaFiles = fileNames(Object.keys(schemas));
const pathFiles = fileNames(Object.keys(paths));
const root: Json = { ...original, paths: {}, components: { ...components, schemas: {} } };
for (const [path, item] of Object.entries(paths)) {
  const file = pathFiles.get(path)!;
  await Deno.writeTextFile(
    join(split, "paths", file),
    JSON.stringify(rewrite(structuredClone(item), "paths", schemaFiles), null, 2),
  );
  (root.paths as Json)[path] = { $ref: `paths/${file}` };
}
for (const [name, schema] of Object.entries(schemas)) {
  const file = schemaFiles.get(name)!;
  await Deno.writeTextFile(
    join(split, "schemas", file),
    JSON.stringify(rewrite(structuredClone(schema), "schemas", schemaFiles), null, 2),
  );
  ((root.components as Json).schemas as Json)[name] = { $ref: `schemas/${file}` };
}
const rootFile = join(split, "openapi.json");
await Deno.writeTextFile(rootFile, JSON.stringify(root, null, 2));
console.log(
  `Split ${spec} into ${pathFiles.size} path files and ${schemaFiles.size} schema files under ${split}.`,
);

// Check the bundle once: as many paths and schemas as the original, and only local references.
const out = join(dir, "bundled.json");
const check = await run(oatoolCommand(["bundle", "-q", "-o", out, rootFile]));
if (check.code !== 0) throw new Error(`bundle failed (exit ${check.code}):\n${check.stderr}`);
const bundled = JSON.parse(await Deno.readTextFile(out)) as Json;
const bundledSchemas = (bundled.components as Json).schemas as Json;
const nonLocal = (JSON.stringify(bundled).match(/"\$ref":"(?!#\/)/g) ?? []).length;
console.log(
  `Bundle: ${Object.keys(bundled.paths as Json).length}/${pathFiles.size} paths, ${
    Object.keys(bundledSchemas).length
  }/${schemaFiles.size} schemas, ${nonLocal} references that are not local; ${
    JSON.stringify(bundled) === JSON.stringify(original) ? "identical to" : "DIFFERENT from"
  } the original description (key order included).`,
);

// One warm-up of each, then the two commands alternately, so that both see the same machine load.
const bundleCmd = oatoolCommand(["bundle", "-q", "-o", out, rootFile]);
const validateCmd = oatoolCommand(["validate", "-q", rootFile]);
const timed = async (cmd: string[], ok: number[]): Promise<number> => {
  const r = await run(cmd, { stdout: "null" });
  if (!ok.includes(r.code)) throw new Error(`${cmd.join(" ")} failed (exit ${r.code}):\n${r.stderr}`);
  return r.ms;
};
await timed(bundleCmd, [0]);
const validateExit = (await run(validateCmd, { stdout: "null" })).code;
console.log(`validate of the split specification exits ${validateExit}.`);
const bundleTimes: number[] = [];
const validateTimes: number[] = [];
for (let i = 0; i < runs; i++) {
  bundleTimes.push(await timed(bundleCmd, [0]));
  validateTimes.push(await timed(validateCmd, [0, 1]));
}
const b = median(bundleTimes);
const v = median(validateTimes);
console.log(`bundle   ${b.toFixed(0)} ms (median of ${runs})`);
console.log(`validate ${v.toFixed(0)} ms (median of ${runs})`);
console.log(`bundle / validate = ${(b / v).toFixed(2)} (target ≤ 1.5)`);
