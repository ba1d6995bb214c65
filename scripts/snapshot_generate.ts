/**
 * A fingerprint of the generator's output, to show that a change to the generator leaves its output as it was:
 * every document under testdata/ (and any given on the command line, e.g. GitHub's description) generated with
 * four option sets (client and server; every extension and security extra; no pointers, no validation and small
 * split limits; the chi router with the binder), one line per document and option set with a hash of the files'
 * names and contents and of the issues (or the error). Compare two runs with `diff`. The run works from the
 * repository's folder and writes its path as `<ROOT>`, so that two checkouts give the same lines: to compare
 * with an earlier commit, run the script of that commit's checkout (`git worktree add /tmp/before <commit>`).
 *
 *   deno run -A scripts/snapshot_generate.ts before.txt [more.yaml ...]
 *   (change the generator)
 *   deno run -A scripts/snapshot_generate.ts after.txt [more.yaml ...] && diff before.txt after.txt
 *
 * @module
 */
import { join, resolve } from "node:path";
import { generate, type GenerateOptions } from "../src/generator/mod.ts";
import { EVERY_EXTENSION } from "../src/generator/_ext_test_util.ts";

/** Collects the documents (`.yaml`, `.yml`, `.json`) under `dir`, recursively, into `into` (unsorted). */
export async function documentsUnder(dir: string, into: string[]): Promise<void> {
  for await (const e of Deno.readDir(dir)) {
    const path = join(dir, e.name);
    if (e.isDirectory) await documentsUnder(path, into);
    else if (/\.(ya?ml|json)$/.test(e.name)) into.push(path);
  }
}

/** The generator's option sets, by name (scripts/snapshot_all.ts uses them too). */
export const OPTION_SETS: Record<string, GenerateOptions> = {
  plain: { client: true, server: true },
  all: EVERY_EXTENSION,
  small: {
    client: true,
    server: true,
    noPointers: true,
    noValidation: true,
    maxLinesPerFile: 300,
    maxTypesPerFile: 7,
    maxOpsPerFile: 3,
  },
  chi: { server: true, serverRouter: "chi", serverBinder: true },
};

const encoder = new TextEncoder();
async function hash(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
  return Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * What one generation is fingerprinted by: the files' names and contents and the issues (`ok`), or the first
 * line of the error (`error`).
 */
export async function generateText(
  file: string,
  options: GenerateOptions,
): Promise<{ ok: boolean; text: string }> {
  try {
    const r = await generate(file, options);
    const issues = JSON.stringify(r.issues.map((i) => [i.severity, i.path, i.message]));
    return { ok: true, text: r.files.map((f) => `==${f.name}\n${f.content}`).join("") + issues };
  } catch (error) {
    return {
      ok: false,
      text: `error: ${error instanceof Error ? error.message.split("\n")[0].slice(0, 100) : error}`,
    };
  }
}

const ROOT = resolve(new URL("..", import.meta.url).pathname);

/**
 * The fingerprint of one generation: a hash of {@link generateText}, or the error; the repository's path is
 * written `<ROOT>` in both.
 */
export async function generateFingerprint(file: string, options: GenerateOptions): Promise<string> {
  const { ok, text } = await generateText(file, options);
  const normalised = text.replaceAll(ROOT, "<ROOT>");
  return ok ? await hash(normalised) : normalised;
}

if (import.meta.main) {
  const [out, ...extra] = Deno.args;
  if (out === undefined) {
    console.error("usage: deno run -A scripts/snapshot_generate.ts <out.txt> [document ...]");
    Deno.exit(2);
  }
  // Relative paths in messages are the same in every checkout (as in scripts/snapshot_all.ts).
  const given = extra.map((d) => resolve(d));
  const outPath = resolve(out);
  Deno.chdir(ROOT);
  const files: string[] = [];
  await documentsUnder(join(ROOT, "testdata"), files);
  files.sort();
  files.push(...given);
  const lines: string[] = [];
  for (const file of files) {
    for (const [name, options] of Object.entries(OPTION_SETS)) {
      const fingerprint = await generateFingerprint(file, options);
      lines.push(`${file.replace(/^.*\/testdata\//, "testdata/")}\t${name}\t${fingerprint}`);
    }
  }
  await Deno.writeTextFile(outPath, lines.join("\n") + "\n");
  console.log(
    `${lines.length} fingerprints (${files.length} documents × ${
      Object.keys(OPTION_SETS).length
    } option sets) in ${out}`,
  );
}
