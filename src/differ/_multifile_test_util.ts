/**
 * Helper of the multi-file diff tests: versions of the multi-file 3.0 fixture (`testdata/multifile/oas30`), each
 * a copy in a new folder with some edits.
 *
 * @module
 */
import { dirname, join } from "node:path";

const FIXTURE = new URL("../../testdata/multifile/oas30/", import.meta.url).pathname;
const FILES = [
  "openapi.yaml",
  "common.yaml",
  "paths/pet.yaml",
  "paths/pets.yaml",
  "schemas/pet.yaml",
  "schemas/owner.json",
  "legacy/pet.yaml",
];

/**
 * A copy of the multi-file 3.0 fixture in `dir` (a new folder when absent), with `edits` (file, text,
 * replacement) applied; returns the folder.
 */
export async function fixtureVersion(edits: [string, string, string][], dir?: string): Promise<string> {
  dir ??= await Deno.makeTempDir({ prefix: "oatool-diff-" });
  for (const f of FILES) {
    await Deno.mkdir(dirname(join(dir, f)), { recursive: true });
    await Deno.copyFile(join(FIXTURE, f), join(dir, f));
  }
  for (const [file, from, to] of edits) {
    const text = await Deno.readTextFile(join(dir, file));
    if (!text.includes(from)) throw new Error(`${file} has no ${JSON.stringify(from)}`);
    await Deno.writeTextFile(join(dir, file), text.replace(from, to));
  }
  return dir;
}

/**
 * The revision of the positions tests: in `schemas/owner.json` the owner's name becomes an integer (line 4); in
 * `common.yaml` the Problem response gets a required header (lines 12 to 16) and Error's code becomes a string
 * (line 25).
 */
export const REVISION_EDITS: [string, string, string][] = [
  ["schemas/owner.json", `"name": { "type": "string" }`, `"name": { "type": "integer" }`],
  [
    "common.yaml",
    "      description: A problem\n",
    "      description: A problem\n      headers:\n        X-Trace:\n          required: true\n" +
    "          schema:\n            type: string\n",
  ],
  ["common.yaml", "        code:\n          type: integer", "        code:\n          type: string"],
];
