/**
 * `deno doc --lint` over every entry point of the package (the `exports` of deno.json), in one run, as JSR
 * analyses them together: every exported symbol documented, every type it references exported. Part of
 * `deno task ok`; a new sub-path export is linted without editing this file.
 *
 * ```sh
 * deno run --allow-read --allow-run scripts/doc_lint.ts
 * ```
 *
 * @module
 */
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));

/** The files of deno.json's `exports`, relative to the project's root. */
export async function entryPoints(): Promise<string[]> {
  const config = JSON.parse(await Deno.readTextFile(`${root}deno.json`));
  return [...new Set(Object.values(config.exports as Record<string, string>))];
}

if (import.meta.main) {
  const files = await entryPoints();
  const status = await new Deno.Command(Deno.execPath(), {
    args: ["doc", "--lint", ...files],
    cwd: root,
    stdout: "inherit",
    stderr: "inherit",
  }).spawn().status;
  Deno.exit(status.code);
}
