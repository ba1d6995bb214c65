/**
 * Start-up benchmark (issue 32): `oatool --version` and `oatool validate` of the petstore against a one-line Deno
 * script, as same-run ratios of median wall times. The three commands are run round-robin, so a busy machine
 * slows each of them alike.
 *
 *   deno run -A scripts/bench_startup.ts [--runs 21] [--before path/to/other/cli.ts]
 *
 * Targets: `--version` at most 1.5×, `validate` at most 1.3× the one-line script. oatool is run as the `oatool`
 * task runs it (its `--unstable-…` flags, read from deno.json: the command modules are loaded when they run, not
 * read at start) and, for comparison, as a plain `deno run` (what `deno run jsr:…` and the strict, narrowed
 * `--allow-read` form do: every command's module graph read at start). The one-line script runs in an empty
 * folder, without a configuration file. `--before` times another checkout's cli.ts too (e.g. a git worktree of
 * an older commit) in the same rounds, both ways, for before/after figures.
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { median, parseBenchArgs, run } from "./_bench.ts";
import { BINARY_PERMISSIONS } from "./compile.ts";

const TARGETS = { version: 1.5, validate: 1.3 };

/** The `--unstable-…` flags of the `oatool` task in deno.json: the task is timed as it runs. */
export function taskFlags(denoJson: string): string[] {
  const task = (JSON.parse(denoJson) as { tasks: Record<string, string> }).tasks.oatool;
  return task.split(/\s+/).filter((word) => word.startsWith("--unstable-"));
}

async function main(): Promise<number> {
  const { runs, values } = parseBenchArgs(Deno.args, { runs: 21, dir: false, strings: ["before"] });
  const cli = fileURLToPath(new URL("../cli.ts", import.meta.url));
  const petstore = fileURLToPath(new URL("../testdata/petstore/petstore-3.0.yaml", import.meta.url));
  const tmp = await Deno.makeTempDir({ prefix: "oatool-startup-" });
  try {
    const script = join(tmp, "one_line.ts");
    await Deno.writeTextFile(script, 'console.log("oatool");\n');
    // The floor of any validate: Deno's start, the YAML parser (an npm package) and reading the petstore
    const floor = join(tmp, "yaml_floor.ts");
    const yaml = (JSON.parse(await Deno.readTextFile(new URL("../deno.json", import.meta.url))) as {
      imports: Record<string, string>;
    }).imports["js-yaml"];
    await Deno.writeTextFile(
      floor,
      `import { load } from "${yaml}";\n` +
        "console.log(Object.keys(load(Deno.readTextFileSync(Deno.args[0])) as object));\n",
    );
    const deno = Deno.execPath();
    const flags = taskFlags(await Deno.readTextFile(new URL("../deno.json", import.meta.url)));
    const oatool = (label: string, path: string) =>
      [[`${label}task: `, flags], [`${label}plain: `, []]].flatMap(([way, extra]) => [
        {
          name: `${way}oatool --version`,
          command: [deno, "run", ...extra, ...BINARY_PERMISSIONS, path, "--version"],
        },
        {
          name: `${way}oatool validate petstore`,
          command: [deno, "run", ...extra, ...BINARY_PERMISSIONS, path, "validate", petstore],
        },
      ]);
    const cases: { name: string; command: string[]; cwd?: string }[] = [
      { name: "one-line script", command: [deno, "run", script], cwd: tmp },
      { name: "floor: js-yaml reads the petstore", command: [deno, "run", "-R", floor, petstore], cwd: tmp },
      ...oatool("", cli),
      ...(values.before === undefined ? [] : oatool("before, ", values.before)),
    ];
    const times: number[][] = cases.map(() => []);
    for (let i = 0; i <= runs; i++) {
      for (const [k, c] of cases.entries()) {
        const r = await run(c.command, { cwd: c.cwd, stdout: "null" });
        if (r.code !== 0) throw new Error(`${c.command.join(" ")} failed (exit ${r.code}):\n${r.stderr}`);
        if (i > 0) times[k].push(r.ms); // the first round warms the caches
      }
    }
    const medians = times.map(median);
    for (const [k, c] of cases.entries()) {
      const ratio = medians[k] / medians[0];
      const target = c.name.endsWith("--version") ? TARGETS.version : TARGETS.validate;
      const shown = k === 0 ? "" : `  ${ratio.toFixed(2)}× the one-line script` +
        (c.name.startsWith("floor") ? "" : ` (target ≤ ${target}×)`);
      console.log(
        `${c.name.padEnd(42)} ${medians[k].toFixed(1).padStart(7)} ms` +
          shown,
      );
    }
    console.log(`(${runs} runs each, round-robin, median; task flags: ${flags.join(" ") || "none"})`);
    return 0;
  } finally {
    await Deno.remove(tmp, { recursive: true });
  }
}

if (import.meta.main) Deno.exit(await main());
