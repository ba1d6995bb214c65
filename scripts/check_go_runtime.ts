/**
 * Checks the generator's Go runtime (src/generator/runtime/) as Go: `gofmt -l` lists no file, and `go vet` and
 * `go test` pass, once with the standard library's router and once with the chi router (`-tags chi`, built
 * against chi's source in GOPATH when it is installed, offline). Without Go on PATH it says so in one line and
 * passes, so `deno task ok` runs where Go is missing.
 *
 *   deno run --allow-read --allow-write --allow-run --allow-env scripts/check_go_runtime.ts
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { join } from "node:path";

/** The runtime's folder. */
export const RUNTIME_DIR: string = fileURLToPath(new URL("../src/generator/runtime/", import.meta.url));

/** Where chi's source is looked for (Debian's golang-github-go-chi-chi-dev). */
const CHI_SOURCE = "/usr/share/gocode/src/github.com/go-chi/chi";

const OFFLINE = { GOFLAGS: "-mod=mod", GOPROXY: "off", GOTOOLCHAIN: "local", GO111MODULE: "on" };

async function run(tool: string, args: string[], cwd: string): Promise<{ ok: boolean; output: string }> {
  const out = await new Deno.Command(tool, { args, cwd, env: OFFLINE, stdout: "piped", stderr: "piped" })
    .output();
  const dec = new TextDecoder();
  return { ok: out.success, output: (dec.decode(out.stdout) + dec.decode(out.stderr)).trim() };
}

/** Whether `go` is on PATH. */
export async function hasGo(): Promise<boolean> {
  try {
    await new Deno.Command("go", { args: ["version"], stdout: "null", stderr: "null" }).output();
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

/** The failures of gofmt, go vet and go test on the runtime (empty when it is clean). */
export async function checkGoRuntime(): Promise<string[]> {
  const failures: string[] = [];
  const fmt = await run("gofmt", ["-l", "."], RUNTIME_DIR);
  if (!fmt.ok || fmt.output !== "") failures.push(`gofmt -l lists files to format: ${fmt.output}`);
  for (const step of [["vet", "."], ["test", "-count=1", "."]]) {
    const r = await run("go", step, RUNTIME_DIR);
    if (!r.ok) failures.push(`go ${step[0]} failed:\n${r.output}`);
  }
  if (await exists(CHI_SOURCE)) failures.push(...await checkChi());
  return failures;
}

/** go vet with the chi router, in a copy of the runtime whose go.mod points chi at its installed source. */
async function checkChi(): Promise<string[]> {
  const dir = await Deno.makeTempDir({ prefix: "oatool-runtime-chi-" });
  try {
    for await (const e of Deno.readDir(RUNTIME_DIR)) {
      if (e.isFile && e.name.endsWith(".go")) {
        await Deno.copyFile(join(RUNTIME_DIR, e.name), join(dir, e.name));
      }
    }
    await Deno.writeTextFile(
      join(dir, "go.mod"),
      "module oatool.dev/runtime\n\ngo 1.19\n\nrequire github.com/go-chi/chi/v5 v5.0.0\n\n" +
        `replace github.com/go-chi/chi/v5 => ${CHI_SOURCE}\n`,
    );
    const r = await run("go", ["vet", "-tags", "chi", "."], dir);
    return r.ok ? [] : [`go vet -tags chi failed:\n${r.output}`];
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

if (import.meta.main) {
  if (!await hasGo()) {
    console.log("check_go_runtime: skipped (go is not on PATH)");
  } else {
    const failures = await checkGoRuntime();
    for (const f of failures) console.error(f);
    if (failures.length > 0) Deno.exit(1);
    console.log("check_go_runtime: gofmt, go vet and go test pass on src/generator/runtime");
  }
}
