/**
 * The Go toolchain for the generator's tests. A test that builds Go is declared with `testWith(["go"], …)`
 * (tests/_tools.ts): skipped, saying so, when Go is absent, unless OATOOL_REQUIRE_TOOLS names go, when it runs
 * and fails here with a message saying how to install it. Builds run offline (GOFLAGS=-mod=mod, GOPROXY=off).
 *
 * @module
 */
import { join } from "node:path";
import type { GeneratedFile } from "./split.ts";

/** Output of a Go command. */
export interface GoRun {
  /** Exit code. */
  code: number;
  /** Standard output and error together. */
  output: string;
}

/** Runs `go` (or `gofmt`) in `cwd`; throws a clear error when Go is not installed. */
export async function runGo(tool: "go" | "gofmt", args: string[], cwd: string): Promise<GoRun> {
  let out: Deno.CommandOutput;
  try {
    out = await new Deno.Command(tool, {
      args,
      cwd,
      env: { GOFLAGS: "-mod=mod", GOPROXY: "off", GOTOOLCHAIN: "local", GO111MODULE: "on" },
      stdout: "piped",
      stderr: "piped",
    }).output();
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new Error(
        `the generator's tests need Go 1.19 or later ("${tool}" is not on PATH); install it (apt-get install golang-go) and run the tests again.`,
      );
    }
    throw error;
  }
  const dec = new TextDecoder();
  return { code: out.code, output: dec.decode(out.stdout) + dec.decode(out.stderr) };
}

/** Writes a Go module (`go 1.19`) with one package per entry of `packages` under `dir`. */
export async function writeModule(
  dir: string,
  packages: Record<string, readonly GeneratedFile[]>,
): Promise<void> {
  await Deno.writeTextFile(join(dir, "go.mod"), "module example.com/generated\n\ngo 1.19\n");
  for (const [name, files] of Object.entries(packages)) {
    await Deno.mkdir(join(dir, name), { recursive: true });
    for (const f of files) await Deno.writeTextFile(join(dir, name, f.name), f.content);
  }
}
