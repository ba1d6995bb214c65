/**
 * Each command loads a multi-file specification's document set once: the root and each file it reaches are
 * read once per run, whatever the command does with them afterwards (statistics, bundling for the output's
 * folder, the read set of the written output, validating what it fixed).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { countingReader } from "../src/mcp/_test_client.ts";
import { run } from "../src/cli/_test_io.ts";

const FILES = [
  "openapi.yaml",
  "paths/order.yaml",
  "paths/order_shipped.yaml",
  "paths/orders.yaml",
  "schemas/line.yaml",
  "schemas/order.yaml",
];
const once = Object.fromEntries(FILES.map((f) => [f, 1]));

/** How many times each file of the fixture was read, by its name in the fixture's folder. */
function readsOf(reads: readonly string[], dir: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const path of reads) {
    if (!path.startsWith(dir + "/")) continue; // the generator's templates, the rules file: not the set
    const name = path.slice(dir.length + 1);
    out[name] = (out[name] ?? 0) + 1;
  }
  return out;
}

Deno.test("every command reads each file of a multi-file specification once", async (t) => {
  const dir = await Deno.realPath("testdata/multifile_stats/v31");
  const root = join(dir, "openapi.yaml");
  const out = await Deno.makeTempDir({ prefix: "oatool-read-once-" });
  const OVERLAY = join(out, "overlay.yaml");
  await Deno.writeTextFile(
    OVERLAY,
    'overlay: 1.0.0\ninfo: {title: t, version: "1"}\nactions:\n  - {target: $.info, update: {title: Changed}}\n',
  );
  try {
    const commands: [string, string[]][] = [
      ["walk operations", ["walk", "operations", root]],
      ["walk schemas", ["walk", "schemas", root]],
      ["walk refs", ["walk", "refs", root]],
      ["fix (to standard output: bundled there)", ["fix", root]],
      ["fix -o another folder", ["fix", "-o", join(out, "fixed.yaml"), root]],
      ["fix --dry-run", ["fix", "--dry-run", root]],
      ["fix --keep-refs -o another folder", ["fix", "--keep-refs", "-o", join(out, "k.yaml"), root]],
      ["convert -t 3.0", ["convert", "-t", "3.0", root]],
      ["convert -t 3.0 -o another folder", ["convert", "-t", "3.0", "-o", join(out, "c.yaml"), root]],
      ["bundle", ["bundle", root]],
      ["overlay apply", ["overlay", "apply", "-s", root, OVERLAY]],
      ["overlay apply -o another folder", [
        "overlay",
        "apply",
        "-s",
        root,
        "-o",
        join(out, "o.yaml"),
        OVERLAY,
      ]],
      ["generate", ["generate", "-o", join(out, "gen"), root]],
      ["diff (against another specification)", ["diff", root, join(dir, "../v30/openapi.yaml")]],
      ["validate", ["validate", root]],
      ["parse", ["parse", root]],
    ];
    for (const [name, args] of commands) {
      await t.step(name, async () => {
        const reader = countingReader(Deno.cwd());
        const r = await run(args, { reader });
        assert.ok(r.code === 0 || r.code === 1, `${name}: exit ${r.code}: ${r.stderr}`);
        assert.deepEqual(readsOf(reader.reads, dir), once, name);
      });
    }
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});
