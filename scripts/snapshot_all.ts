/**
 * A fingerprint of every command's output, to show that a change leaves what oatool writes as it was
 * (issue 27: "outputs stay byte-identical"). For every document under testdata/ (`.yaml`, `.yml`, `.json`,
 * sorted) and every document given on the command line (e.g. GitHub's description), each command runs
 * in-process through the CLI's own `main` (the same library functions and renderers `oatool` uses) with
 * representative option sets and in each of its output formats, and one line is written per (document, command,
 * option set, format): the exit code and a SHA-256 of standard output, standard error and the files written.
 * `lib` lines fingerprint the library's results themselves (scripts/_snapshot_lib.ts), `mcp` lines the answers of
 * the MCP server's tools called in-process (scripts/_snapshot_mcp.ts), and `generate` lines the generator's
 * output under scripts/snapshot_generate.ts's option sets.
 *
 * What differs between runs and machines is normalised out before hashing: the repository's absolute path
 * (`<ROOT>`), the temporary folder outputs are written to (`<TMP>`), the `… Time:` lines of the report header
 * and timing fields (`…TimeMs`) of structured outputs. Two runs, also from two clones, give the same file.
 *
 *   deno run -A scripts/snapshot_all.ts before.txt [/tmp/octo/node_modules/@octokit/openapi/generated/api.github.com.json]
 *   (change the code)
 *   deno run -A scripts/snapshot_all.ts after.txt [same documents] && diff before.txt after.txt
 *
 * To compare with an earlier commit, run it there from a second checkout: `git worktree add /tmp/before <commit>`,
 * then `cd /tmp/before && deno run -A scripts/snapshot_all.ts /tmp/before.txt` (the lines do not depend on the
 * checkout's folder). It takes about a minute for testdata/ and one more for GitHub's description on 2 cores.
 *
 * Each line is `document<TAB>command<TAB>option set<TAB>format<TAB>outcome<TAB>sha256` (the outcome: `exit=N`,
 * `ok` or the error's class for lib and generate lines, `isError=…` for mcp lines). To see what changed in
 * one line, give `--only <regexp>` (matched against the line's first four fields) and `--dump <dir>`: the
 * normalised outputs are written there as files, one per line, for `diff -r`.
 *
 * @module
 */
import { join, relative, resolve } from "node:path";
import { main } from "../src/cli/main.ts";
import { captureIO } from "../src/cli/_test_io.ts";
import { documentsUnder, generateText, OPTION_SETS } from "./snapshot_generate.ts";
import { libraryCases } from "./_snapshot_lib.ts";
import { cliCases, globalCases, type SnapshotCase } from "./_snapshot_cases.ts";
import { connectServer, mcpCases, outcomeText } from "./_snapshot_mcp.ts";

const ROOT = resolve(new URL("..", import.meta.url).pathname);

/** Options of the script. */
interface Args {
  out: string;
  documents: string[];
  only?: RegExp;
  dump?: string;
}

function parseArgs(args: string[]): Args {
  const rest: string[] = [];
  let only: RegExp | undefined;
  let dump: string | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--only") only = new RegExp(args[++i]);
    else if (args[i] === "--dump") dump = resolve(args[++i]);
    else rest.push(args[i]);
  }
  const [out, ...documents] = rest;
  if (out === undefined) {
    console.error(
      "usage: deno run -A scripts/snapshot_all.ts <out.txt> [--only <regexp>] [--dump <dir>] [document ...]",
    );
    Deno.exit(2);
  }
  return { out: resolve(out), documents: documents.map((d) => resolve(d)), only, dump };
}

const encoder = new TextEncoder();
async function sha256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Replaces what differs between runs and machines with placeholders. */
export function normalise(text: string, tmp: string): string {
  let s = text.replaceAll(tmp, "<TMP>").replaceAll(ROOT, "<ROOT>");
  // The header's timings ("Load Time: 2ms", "Validate Time: 1.42s") and timing fields of JSON and YAML.
  s = s.replace(/^([A-Z][A-Za-z]* )?Time: .*$/gm, "$1Time: <T>");
  s = s.replace(/("[a-z]+TimeMs"\s*:\s*)-?[0-9.e+-]+/g, "$1<T>");
  s = s.replace(/^(\s*(?:- )?[a-z]+TimeMs:\s*)-?[0-9.e+-]+$/gm, "$1<T>");
  return s;
}

/** The contents of the files under `dir` (names relative to it, sorted), then removes them. */
async function takeFiles(dir: string): Promise<string> {
  const files: string[] = [];
  async function walkDir(d: string): Promise<void> {
    for await (const e of Deno.readDir(d)) {
      const p = join(d, e.name);
      if (e.isDirectory) await walkDir(p);
      else files.push(p);
    }
  }
  await walkDir(dir);
  files.sort();
  let text = "";
  for (const f of files) text += `==file ${relative(dir, f)}\n${await Deno.readTextFile(f)}`;
  await Deno.remove(dir, { recursive: true });
  await Deno.mkdir(dir);
  return text;
}

/** Runs one CLI case; the text fingerprinted (exit code, stdout, stderr, files written to `<TMP>/out`). */
async function runCli(c: SnapshotCase, tmp: string): Promise<{ code: number; text: string }> {
  const io = captureIO();
  let code: number;
  try {
    code = await main(c.args, io);
  } catch (error) {
    code = -1;
    io.err += `thrown: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
  }
  const files = await takeFiles(join(tmp, "out"));
  return {
    code,
    text: normalise(`==exit ${code}\n==stdout\n${io.out}\n==stderr\n${io.err}\n${files}`, tmp),
  };
}

/** The label of a document in the snapshot: relative to the repository, or as given. */
function label(path: string): string {
  return path.startsWith(ROOT + "/") ? relative(ROOT, path) : path;
}

async function snapshot(args: Args): Promise<void> {
  const started = performance.now();
  Deno.chdir(ROOT); // relative paths and the working directory (where stdout is read from) are the same everywhere
  const found: string[] = [];
  await documentsUnder(join(ROOT, "testdata"), found);
  const documents = [...found.sort().map(label), ...args.documents.map(label)];
  const tmp = await Deno.realPath(await Deno.makeTempDir({ prefix: "oatool_snapshot_" }));
  await Deno.mkdir(join(tmp, "out"));
  const lines: string[] = [];
  const add = async (key: string[], code: number | string, text: string) => {
    if (args.dump !== undefined) {
      const name = key.join("__").replace(/[^A-Za-z0-9._-]+/g, "_");
      await Deno.writeTextFile(join(args.dump, name), text);
    }
    lines.push(
      `${key.join("\t")}\t${typeof code === "number" ? `exit=${code}` : code}\t${await sha256(text)}`,
    );
  };
  if (args.dump !== undefined) await Deno.mkdir(args.dump, { recursive: true });
  try {
    for (const c of globalCases()) {
      const key = ["-", c.command, c.options, c.format];
      if (args.only !== undefined && !args.only.test(key.join("\t"))) continue;
      const r = await runCli(c, tmp);
      await add(key, r.code, r.text);
    }
    const tools = await connectServer(tmp);
    try {
      const key = ["-", "mcp", "tools/list", "-"];
      if (args.only === undefined || args.only.test(key.join("\t"))) {
        await add(key, "ok", JSON.stringify(await tools.client.listTools(), null, 1));
      }
    } finally {
      await tools.close();
    }
    for (const [i, doc] of documents.entries()) {
      const t0 = performance.now();
      for (const c of await cliCases(doc, tmp)) {
        const key = [doc, c.command, c.options, c.format];
        if (args.only !== undefined && !args.only.test(key.join("\t"))) continue;
        const r = await runCli(c, tmp);
        await add(key, r.code, r.text);
      }
      for (const c of libraryCases(doc)) {
        const key = [doc, `lib ${c.command}`, c.options, "-"];
        if (args.only !== undefined && !args.only.test(key.join("\t"))) continue;
        const r = await c.run();
        await add(key, r.code, normalise(r.text, tmp));
      }
      const server = await connectServer(tmp);
      try {
        for (const c of mcpCases(doc, join(tmp, "out"))) {
          const key = [doc, `mcp ${c.tool}`, c.options, "-"];
          if (args.only !== undefined && !args.only.test(key.join("\t"))) continue;
          const outcome = await server.call(c.tool, c.args);
          const text = outcomeText(outcome) + await takeFiles(join(tmp, "out"));
          await add(
            key,
            outcome.error ? `rpc=${outcome.error.code}` : `isError=${outcome.isError}`,
            normalise(text, tmp),
          );
        }
      } finally {
        await server.close();
      }
      for (const [name, options] of Object.entries(OPTION_SETS)) {
        const key = [doc, "generate", name, "-"];
        if (args.only !== undefined && !args.only.test(key.join("\t"))) continue;
        const r = await generateText(doc, options);
        await add(key, r.ok ? "ok" : "error", normalise(r.text, tmp));
      }
      console.error(
        `[${i + 1}/${documents.length}] ${doc} (${
          Math.round(performance.now() - t0)
        }ms, ${lines.length} lines)`,
      );
    }
  } finally {
    await Deno.remove(tmp, { recursive: true });
  }
  await Deno.writeTextFile(args.out, lines.join("\n") + "\n");
  console.error(
    `${lines.length} lines (${documents.length} documents) in ${args.out} in ${
      ((performance.now() - started) / 1000).toFixed(1)
    }s`,
  );
}

if (import.meta.main) await snapshot(parseArgs(Deno.args));
