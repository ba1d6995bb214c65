/**
 * `deno task bench`: parse time of synthetic documents (scripts/make_spec.ts) in JSON and YAML at three sizes.
 * Lives in scripts/ so that src/ never imports from scripts/.
 */
import { parse } from "../src/bundler/parse.ts";
import { serializeDocument } from "../src/core/mod.ts";
import { makeSpec } from "./make_spec.ts";

const sizes = { small: [10, 10], medium: [200, 150], large: [2000, 1500] } as const;
for (const [label, [paths, schemas]] of Object.entries(sizes)) {
  const doc = makeSpec({ paths, schemas });
  const json = serializeDocument(doc, "json");
  const yaml = serializeDocument(doc, "yaml");
  Deno.bench(
    `parse ${label} JSON (${(json.length / 1e6).toFixed(2)} MB)`,
    { group: `parse ${label}` },
    async () => {
      await parse({ content: json, name: "bench.json" });
    },
  );
  Deno.bench(
    `parse ${label} YAML (${(yaml.length / 1e6).toFixed(2)} MB)`,
    { group: `parse ${label}` },
    async () => {
      await parse({ content: yaml, name: "bench.yaml" });
    },
  );
}
