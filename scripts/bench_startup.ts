/**
 * Start-up benchmark (issue 32): `oatool --version` and `oatool validate` of the petstore against a one-line Deno
 * script, as same-run ratios of median wall times. The three commands are run round-robin, so a busy machine
 * slows each of them alike.
 *
 *   deno run -A scripts/bench_startup.ts [--runs 21] [--before path/to/other/cli.ts]
 *
 * Targets: `--version` at most 1.5×, `validate` at most 1.3× the one-line script. `--before` times another
 * checkout's cli.ts too (e.g. a git worktree of an older commit), in the same rounds, for before/after figures.
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { median, parseBenchArgs, run } from "./_bench.ts";
import { BINARY_PERMISSIONS } from "./compile.ts";

const TARGETS = { version: 1.5, validate: 1.3 };

async function main(): Promise<number> {
  const { runs, values } = parseBenchArgs(Deno.args, { runs: 21, dir: false, strings: ["before"] });
  const cli = fileURLToPath(new URL("../cli.ts", import.meta.url));
  const petstore = fileURLToPath(new URL("../testdata/petstore/petstore-3.0.yaml", import.meta.url));
  const tmp = await Deno.makeTempDir({ prefix: "oatool-startup-" });
  try {
    const script = join(tmp, "one_line.ts");
    await Deno.writeTextFile(script, 'console.log("oatool");\n');
    const deno = Deno.execPath();
    const oatool = (label: string, path: string) => [
      { name: `${label}oatool --version`, command: [deno, "run", ...BINARY_PERMISSIONS, path, "--version"] },
      {
        name: `${label}oatool validate petstore`,
        command: [deno, "run", ...BINARY_PERMISSIONS, path, "validate", petstore],
      },
    ];
    const cases: { name: string; command: string[]; cwd?: string }[] = [
      { name: "one-line script", command: [deno, "run", script], cwd: tmp },
      ...oatool("", cli),
      ...(values.before === undefined ? [] : oatool("before: ", values.before)),
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
      console.log(
        `${c.name.padEnd(28)} ${medians[k].toFixed(1).padStart(7)} ms` +
          (k === 0 ? "" : `  ${ratio.toFixed(2)}× the one-line script (target ≤ ${target}×)`),
      );
    }
    console.log(`(${runs} runs each, round-robin, median)`);
    return 0;
  } finally {
    await Deno.remove(tmp, { recursive: true });
  }
}

if (import.meta.main) Deno.exit(await main());
