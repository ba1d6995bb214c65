/**
 * Writing a multi-file specification's output reads none of its files again: bundling it for another folder,
 * rebasing it (`--keep-refs`), the read set of the output, and reading the written file back to resolve its
 * references all take the referenced files from what the run already read. Counted at the file system (every
 * file opened for reading), with the readers the command line makes itself (a size-capped one per command,
 * and the written-file check's own), which is where the second reads came from.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { run } from "../src/cli/_test_io.ts";

/** Runs `body` counting the files opened for reading under `dir`, by their name there. */
async function countOpens(dir: string, body: () => Promise<void>): Promise<Record<string, number>> {
  const open = Deno.open;
  const counts: Record<string, number> = {};
  const counting = (path: string | URL, options?: Deno.OpenOptions) => {
    const p = String(path);
    const reading = options === undefined ||
      (options.read && !options.write && !options.append && !options.create);
    if (reading && p.startsWith(dir + "/")) {
      counts[p.slice(dir.length + 1)] = (counts[p.slice(dir.length + 1)] ?? 0) + 1;
    }
    return open(path, options);
  };
  Object.defineProperty(Deno, "open", { value: counting, configurable: true, writable: true });
  try {
    await body();
  } finally {
    Object.defineProperty(Deno, "open", { value: open, configurable: true, writable: true });
  }
  return counts;
}

Deno.test("writing a multi-file specification reads each of its files once, the written file once", async (t) => {
  const work = await Deno.realPath(await Deno.makeTempDir({ prefix: "oatool-write-once-" }));
  const dir = join(work, "spec");
  const other = join(work, "other");
  await Deno.mkdir(other);
  for (const sub of ["", "paths", "schemas"]) await Deno.mkdir(join(dir, sub), { recursive: true });
  const fixture = await Deno.realPath("testdata/multifile_stats/v31");
  const files = ["openapi.yaml", "paths/order.yaml", "paths/order_shipped.yaml", "paths/orders.yaml"];
  for (const f of [...files, "schemas/line.yaml", "schemas/order.yaml"]) {
    await Deno.copyFile(join(fixture, f), join(dir, f));
  }
  const root = join(dir, "openapi.yaml");
  const once = (...written: string[]) =>
    Object.fromEntries([...files, "schemas/line.yaml", "schemas/order.yaml", ...written].map((f) => [f, 1]));
  try {
    const cases: [string, string[], Record<string, number>][] = [
      [
        "fix -o beside the input (kept, read back)",
        ["fix", "-o", join(dir, "fixed.yaml"), root],
        once("fixed.yaml"),
      ],
      ["fix -o another folder (bundled)", ["fix", "-o", join(other, "fixed.yaml"), root], once()],
      ["fix to standard output (bundled)", ["fix", root], once()],
      ["fix --keep-refs -o the folder above (rebased, read back)", [
        "fix",
        "--keep-refs",
        "-o",
        join(work, "k.yaml"),
        root,
      ], once()],
      [
        "convert -o beside the input",
        ["convert", "-t", "3.1.1", "-o", join(dir, "c.yaml"), root],
        once("c.yaml"),
      ],
    ];
    for (const [name, args, expected] of cases) {
      await t.step(name, async () => {
        let code = -1;
        let stderr = "";
        const counts = await countOpens(dir, async () => {
          ({ code, stderr } = await run(args));
        });
        assert.equal(code, 0, `${name}: ${stderr}`);
        assert.deepEqual(counts, expected, name);
      });
    }
  } finally {
    await Deno.remove(work, { recursive: true });
  }
});
