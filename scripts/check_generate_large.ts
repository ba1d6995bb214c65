/**
 * Large real documents through `oatool generate --client --server`, then the Go toolchain: GitHub's REST
 * description (3.0, 13 MB, read from /tmp/octo or installed with npm as @octokit/openapi) and Kubernetes'
 * swagger 2.0 (npm package kubernetes-client, lib/specs/swagger-1.13.json), each generated into one Go module
 * and checked with `go build`, `go vet` and `gofmt -l`. Prints generation time, issues, files and Go times.
 * Needs Go 1.19 or later (`go`, `gofmt` on PATH); builds offline.
 *
 *   deno run -A scripts/check_generate_large.ts [--dir /tmp/oatool-gen-large] [--flags "--server-all ..."]
 *
 * `--flags` adds generate flags to `--client --server` (e.g. every server extension and security extra); the
 * chi router's module is pointed at Debian's golang-github-go-chi-chi-dev source (no download).
 *
 * @module
 */
import { join } from "node:path";
import { exists, npmInstall, oatoolCommand, parseBenchArgs, run, workDir } from "./_bench.ts";

const { dir: given, values } = parseBenchArgs(Deno.args, { strings: ["flags"] });
const extra = (values.flags ?? "").split(/\s+/).filter((f) => f !== "");
// Where Debian's golang-github-go-chi-chi-dev installs chi v5 (its go.mod names github.com/go-chi/chi/v5).
const CHI_SOURCE = "/usr/share/gocode/src/github.com/go-chi/chi";
const chi = extra.includes("chi") || extra.includes("--server-router=chi");
const goMod = (name: string) =>
  `module example.com/${name}\n\ngo 1.19\n` +
  (chi
    ? `\nrequire github.com/go-chi/chi/v5 v5.0.7\n\nreplace github.com/go-chi/chi/v5 => ${CHI_SOURCE}\n`
    : "");
const dir = await workDir(given, "oatool-gen-large-");
const LOCAL_GITHUB = "/tmp/octo/node_modules/@octokit/openapi/generated/api.github.com.json";
const packages = ["kubernetes-client@9.0.0"];
if (!(await exists(LOCAL_GITHUB))) packages.push("@octokit/openapi");
await npmInstall(dir, packages);
// The package ships its swagger documents gzipped: unpack the latest.
const k8s = join(dir, "kubernetes-swagger-1.13.json");
if (!(await exists(k8s))) {
  const gz = await Deno.open(join(dir, "node_modules/kubernetes-client/lib/specs/swagger-1.13.json.gz"));
  const out = await Deno.open(k8s, { write: true, create: true, truncate: true });
  await gz.readable.pipeThrough(new DecompressionStream("gzip")).pipeTo(out.writable);
}
const github = (await exists(LOCAL_GITHUB))
  ? LOCAL_GITHUB
  : join(dir, "node_modules/@octokit/openapi/generated/api.github.com.json");
const documents: [string, string][] = [["github", github], ["kubernetes", k8s]];

const env = { GOFLAGS: "-mod=mod", GOPROXY: "off", GOTOOLCHAIN: "local" };
let failed = false;
for (const [name, path] of documents) {
  const module = join(dir, `module-${name}`);
  await Deno.remove(module, { recursive: true }).catch(() => {});
  await Deno.mkdir(module, { recursive: true });
  await Deno.writeTextFile(join(module, "go.mod"), goMod(name));
  const gen = await run(
    oatoolCommand(["generate", "--client", "--server", ...extra, "-p", name, "-o", join(module, name), path]),
  );
  const report = gen.stdout;
  const line = (label: string) => report.match(new RegExp(`^${label}: (.*)$`, "m"))?.[1] ?? "?";
  const issues = report.match(/^Generation Issues \((\d+)\)/m)?.[1] ?? "0";
  const files = report.match(/^Files \((\d+)\)/m)?.[1] ?? "?";
  console.log(
    `${name}: generate exit ${gen.code} in ${gen.ms.toFixed(0)} ms (process), generate time ${
      line("Generate Time")
    }, ` +
      `${line("Types")} types, ${line("Operations")} operations, ${files} files, ${issues} issues`,
  );
  if (gen.code !== 0) {
    console.log(gen.stderr);
    failed = true;
    continue;
  }
  const byRule = new Map<string, number>();
  for (const m of report.matchAll(/\[([a-z0-9-]+)\]\s*$/gm)) byRule.set(m[1], (byRule.get(m[1]) ?? 0) + 1);
  if (byRule.size > 0) {
    console.log(`  issues by rule: ${[...byRule].map(([r, n]) => `${r} ${n}`).join(", ")}`);
  }
  for (
    const [tool, args] of [["go", ["build", "./..."]], ["go", ["vet", "./..."]], ["gofmt", [
      "-l",
      ".",
    ]]] as const
  ) {
    const r = await run([tool, ...args], { cwd: module, env });
    const ok = r.code === 0 && (tool !== "gofmt" || r.stdout.trim() === "");
    console.log(`  ${tool} ${args.join(" ")}: ${ok ? "ok" : "FAILED"} in ${(r.ms / 1000).toFixed(1)} s`);
    if (!ok) {
      failed = true;
      console.log((r.stdout + r.stderr).split("\n").slice(0, 30).join("\n"));
    }
  }
}
if (given === undefined) await Deno.remove(dir, { recursive: true });
if (failed) Deno.exit(1);
