/**
 * `deno task test`: runs `deno test` with the project's flags (and any arguments given, e.g. a file or
 * `--filter`), its output passed through unchanged, then ends with one line naming each outside tool that was
 * missing, how many tests it skipped and the command that installs it (tests/_tools.ts reports the skips of
 * each file to the file named by OATOOL_SKIP_REPORT). Nothing is added when no tool was missing. The exit code
 * is `deno test`'s.
 *
 *   deno task test [deno test arguments]
 *
 * @module
 */

/** The flags of every run. */
export const TEST_FLAGS: readonly string[] = [
  "--allow-read",
  "--allow-write",
  "--allow-net",
  "--allow-run",
  "--allow-env",
  "--doc",
  "--parallel",
];

/**
 * The closing line for the skips reported (lines `tool<TAB>count<TAB>install command`, one per test file and
 * tool), or undefined when there were none.
 */
export function skipSummary(report: string): string | undefined {
  const tools = new Map<string, { count: number; install: string }>();
  for (const line of report.split("\n")) {
    const [name, count, install] = line.split("\t");
    if (install === undefined || !/^\d+$/.test(count)) continue;
    const t = tools.get(name) ?? { count: 0, install };
    t.count += Number(count);
    tools.set(name, t);
  }
  if (tools.size === 0) return undefined;
  const each = [...tools].map(([name, t]) =>
    `${name} (${t.count} test${t.count === 1 ? "" : "s"}; install: ${t.install})`
  );
  return `Skipped for missing tools: ${each.join(", ")}.`;
}

async function main(args: readonly string[]): Promise<number> {
  const report = await Deno.makeTempFile({ prefix: "oatool-skips-" });
  try {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["test", ...TEST_FLAGS, ...args],
      env: { OATOOL_SKIP_REPORT: report },
      stdin: "inherit",
      stdout: "inherit",
      stderr: "inherit",
    }).spawn();
    const { code } = await child.status;
    const line = skipSummary(await Deno.readTextFile(report));
    if (line !== undefined) console.log(line);
    return code;
  } finally {
    await Deno.remove(report).catch(() => {});
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
