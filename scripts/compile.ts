/**
 * Builds single-file `oatool` binaries with `deno compile` for six targets into `dist/`:
 *
 *   deno task compile                       # all six targets
 *   deno task compile --target x86_64-unknown-linux-gnu
 *
 * The binaries get exactly the permissions `deno task oatool` uses: read and write files, network for http(s)
 * inputs, the FORCE_COLOR and NO_COLOR variables; nothing else. Build information (commit, build time) is
 * stamped into src/core/build_info.ts for the build and restored afterwards.
 *
 * `deno compile` needs Deno's runtime (denort) for each target, which it downloads from dl.deno.land, or takes
 * from the file named by DENORT_BIN (for the host target). Where neither is possible, this script says so in one
 * line and exits 1 instead of hanging.
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { parseFlags } from "../src/cli/flags.ts";

/** The six targets and their binary names. */
export const TARGETS: Record<string, string> = {
  "x86_64-unknown-linux-gnu": "oatool-linux-x64",
  "aarch64-unknown-linux-gnu": "oatool-linux-arm64",
  "x86_64-apple-darwin": "oatool-macos-x64",
  "aarch64-apple-darwin": "oatool-macos-arm64",
  "x86_64-pc-windows-msvc": "oatool-windows-x64.exe",
  "aarch64-pc-windows-msvc": "oatool-windows-arm64.exe",
};

/**
 * The permission flags of the binaries (the same as the `oatool` task in deno.json): files and the network, and
 * the two colour variables, which main.ts reads only where granted (`Deno.permissions.querySync`), so a run
 * without this grant (`deno run -R -W -N jsr:…`) ignores FORCE_COLOR instead of prompting.
 */
export const BINARY_PERMISSIONS = [
  "--allow-read",
  "--allow-write",
  "--allow-net",
  "--allow-env=FORCE_COLOR,NO_COLOR",
];

const root = fileURLToPath(new URL("../", import.meta.url));
const cli = `${root}cli.ts`;
/**
 * Modules `deno compile` would leave out, as it does not follow workers (`new Worker(new URL(...))`): the MCP
 * server's tool worker and validate's worker. Every other module is reached by a literal import, static or
 * dynamic, which compile follows. tests/module_graph_test.ts checks that each worker the source starts is here.
 */
export const LAZY_MODULES: readonly string[] = [
  "src/mcp/_tool_worker.ts",
  "src/validator/many_worker.ts",
];
const INCLUDE = LAZY_MODULES.flatMap((m) => ["--include", `${root}${m}`]);

async function git(args: string[]): Promise<string> {
  try {
    const out = await new Deno.Command("git", { args, cwd: root, stdout: "piped", stderr: "null" }).output();
    return out.success ? new TextDecoder().decode(out.stdout).trim() : "unknown";
  } catch {
    return "unknown";
  }
}

async function runtimeReachable(): Promise<boolean> {
  try {
    const r = await fetch("https://dl.deno.land/", { method: "HEAD", signal: AbortSignal.timeout(5000) });
    await r.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

function hostTarget(): string {
  return Deno.build.target;
}

async function main(): Promise<number> {
  const { flags } = parseFlags(Deno.args, [
    { name: "target", type: "list", description: "Target triple; repeatable" },
    { name: "timeout", type: "string", default: "600", description: "Seconds per target" },
  ]);
  const denort = Deno.env.get("DENORT_BIN");
  let targets = (flags.target as string[]).length > 0 ? flags.target as string[] : Object.keys(TARGETS);
  for (const t of targets) {
    if (!(t in TARGETS)) {
      console.error(`compile: unknown target "${t}"; use one of ${Object.keys(TARGETS).join(", ")}.`);
      return 1;
    }
  }
  if (denort) {
    if ((flags.target as string[]).length === 0) targets = [hostTarget()];
    if (targets.some((t) => t !== hostTarget())) {
      console.error(
        `compile: DENORT_BIN serves only the host target ${hostTarget()}; other targets need dl.deno.land.`,
      );
      return 1;
    }
  } else if (!(await runtimeReachable())) {
    console.error(
      "compile: cannot reach dl.deno.land to download Deno's runtime (denort) for the targets; set DENORT_BIN to a local denort binary for the host target, or build on a machine with access.",
    );
    return 1;
  }
  const infoPath = `${root}src/core/build_info.ts`;
  const original = await Deno.readTextFile(infoPath);
  const commit = await git(["rev-parse", "HEAD"]);
  const built = new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
  await Deno.writeTextFile(
    infoPath,
    original
      .replace(/export const COMMIT: string = ".*";/, `export const COMMIT: string = "${commit}";`)
      .replace(/export const BUILT: string = ".*";/, `export const BUILT: string = "${built}";`),
  );
  try {
    await Deno.mkdir(`${root}dist`, { recursive: true });
    for (const target of targets) {
      const output = `${root}dist/${TARGETS[target]}`;
      const child = new Deno.Command(Deno.execPath(), {
        args: ["compile", ...BINARY_PERMISSIONS, "--target", target, "--output", output, ...INCLUDE, cli],
        cwd: root,
        stdout: "inherit",
        stderr: "inherit",
      }).spawn();
      const timer = setTimeout(() => child.kill("SIGKILL"), Number(flags.timeout) * 1000);
      const status = await child.status;
      clearTimeout(timer);
      if (!status.success) {
        console.error(`compile: building ${target} failed (exit ${status.code}).`);
        return 1;
      }
      console.error(`compile: ${output}`);
    }
    return 0;
  } finally {
    await Deno.writeTextFile(infoPath, original);
  }
}

if (import.meta.main) Deno.exit(await main());
