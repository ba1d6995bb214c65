/**
 * An independent second opinion on OpenAPI documents: npm `@apidevtools/swagger-parser` (installed into a folder
 * under /tmp, never a dependency of oatool) validates files or in-memory documents, one Node process per batch.
 * The convert tests and scripts/check_convert_corpus.ts use it; run alone it checks the files given:
 *
 *   deno run -A scripts/swagger_parser_check.ts [--dir /tmp/oatool-swagger-parser] file.yaml …
 *
 * @module
 */
import { join } from "node:path";
import { exists } from "./_bench.ts";

/** The package validating (pinned, so results stay the same from run to run). */
export const SWAGGER_PARSER = "@apidevtools/swagger-parser@13.0.0";

/** Where it is installed when not told otherwise. */
export const SWAGGER_PARSER_DIR = "/tmp/oatool-swagger-parser";

/** What swagger-parser said of one document. */
export interface SwaggerParserVerdict {
  /** The file validated. */
  file: string;
  /** Whether it accepted the document. */
  ok: boolean;
  /** Its message when it did not (first line of it only when long). */
  error?: string;
}

/** The Node program: file paths on stdin, one JSON verdict per line on stdout, in the order given. */
const PROGRAM = `
const SwaggerParser = require("@apidevtools/swagger-parser");
let input = "";
process.stdin.on("data", (c) => input += c);
process.stdin.on("end", async () => {
  for (const file of input.split("\\n").filter((l) => l !== "")) {
    try {
      await SwaggerParser.validate(file);
      process.stdout.write(JSON.stringify({ file, ok: true }) + "\\n");
    } catch (e) {
      process.stdout.write(JSON.stringify({ file, ok: false, error: String(e && e.message || e).slice(0, 2000) }) + "\\n");
    }
  }
});
`;

/**
 * Installs swagger-parser into `dir` unless it is there. Resolves to undefined when it is there afterwards, or to
 * the one line saying why not (no npm, no network): tests print it and skip.
 */
export async function installSwaggerParser(dir: string = SWAGGER_PARSER_DIR): Promise<string | undefined> {
  if (await exists(join(dir, "node_modules", "@apidevtools", "swagger-parser", "package.json"))) {
    return undefined;
  }
  try {
    await Deno.mkdir(dir, { recursive: true });
    if (!(await exists(join(dir, "package.json")))) {
      await Deno.writeTextFile(join(dir, "package.json"), '{ "name": "oatool-peer", "private": true }\n');
    }
    const npm = await new Deno.Command("npm", {
      args: ["install", "--no-audit", "--no-fund", "--silent", SWAGGER_PARSER],
      cwd: dir,
      stdout: "null",
      stderr: "piped",
    }).output();
    if (npm.code !== 0) {
      const first = new TextDecoder().decode(npm.stderr).split("\n").find((l) => l.trim() !== "") ?? "";
      return `swagger-parser checks skipped: npm install failed (${first.slice(0, 160)}).`;
    }
  } catch (e) {
    return `swagger-parser checks skipped: npm or node is absent (${e instanceof Error ? e.message : e}).`;
  }
  return undefined;
}

/** Validates files with swagger-parser (installed in `dir`), in one Node process; verdicts in the order given. */
export async function swaggerParserValidate(
  files: readonly string[],
  dir: string = SWAGGER_PARSER_DIR,
): Promise<SwaggerParserVerdict[]> {
  const child = new Deno.Command("node", {
    args: ["-e", PROGRAM],
    cwd: dir,
    env: { NODE_PATH: join(dir, "node_modules") },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(files.join("\n") + "\n"));
  await writer.close();
  const out = await child.output();
  if (out.code !== 0) {
    throw new Error(
      `swagger-parser's node process failed: ${new TextDecoder().decode(out.stderr).slice(0, 500)}`,
    );
  }
  return new TextDecoder().decode(out.stdout).split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
}

/**
 * Validates in-memory documents: each is written as JSON into a new temporary folder (removed afterwards) and
 * checked there. Verdicts in the order given; `file` is the document's index.
 */
export async function swaggerParserValidateDocuments(
  docs: readonly unknown[],
  dir: string = SWAGGER_PARSER_DIR,
): Promise<SwaggerParserVerdict[]> {
  const tmp = await Deno.makeTempDir({ prefix: "oatool-sp-" });
  try {
    const files = docs.map((_, i) => join(tmp, `${i}.json`));
    for (let i = 0; i < docs.length; i++) await Deno.writeTextFile(files[i], JSON.stringify(docs[i]));
    const verdicts = await swaggerParserValidate(files, dir);
    return verdicts.map((v, i) => ({ ...v, file: String(i) }));
  } finally {
    await Deno.remove(tmp, { recursive: true });
  }
}

if (import.meta.main) {
  const args = [...Deno.args];
  let dir = SWAGGER_PARSER_DIR;
  const at = args.indexOf("--dir");
  if (at !== -1) {
    dir = args[at + 1];
    args.splice(at, 2);
  }
  const why = await installSwaggerParser(dir);
  if (why !== undefined) {
    console.error(why);
    Deno.exit(2);
  }
  let bad = 0;
  for (const v of await swaggerParserValidate(args.map((f) => Deno.realPathSync(f)), dir)) {
    if (!v.ok) bad++;
    console.log(v.ok ? `ok   ${v.file}` : `FAIL ${v.file}: ${v.error}`);
  }
  Deno.exit(bad > 0 ? 1 : 0);
}
