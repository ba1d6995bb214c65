/**
 * What the extension tests (ext_*_test.ts) share: generating fixture variants into packages, and checking one Go
 * module with `go build`, `go vet`, `gofmt -l` and `go test` on the packages holding hand-written tests.
 *
 * @module
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { generate, type GenerateOptions } from "./generate.ts";
import type { GeneratedFile } from "./split.ts";
import { runGo, writeModule } from "./_go_toolchain_test_util.ts";
import { chiFolder } from "../../tests/_tools.ts";

/** Every server extension and security extra at once (with the client and the server). */
export const EVERY_EXTENSION: GenerateOptions = {
  client: true,
  server: true,
  serverAll: true,
  serverEmbedSpec: true,
  oauth2Flows: true,
  credentialMgmt: true,
  securityEnforce: true,
  oidcDiscovery: true,
};

/** The repository's testdata folder joined with `path`. */
export function fixture(path: string): string {
  return join(new URL("../../testdata/", import.meta.url).pathname, path);
}

/** The folder of chi v5's source as Debian's golang-github-go-chi-chi-dev installs it. */
export function chiSource(): string {
  const dir = chiFolder();
  if (dir !== undefined) return dir;
  throw new Error(
    "the chi router tests need chi v5's source from Debian's golang-github-go-chi-chi-dev " +
      "(/usr/share/gocode/src/github.com/go-chi/chi); install it (apt-get install golang-github-go-chi-chi-dev) and run the tests again.",
  );
}

/** A go.mod for the test module that reaches chi v5 through a `replace` to Debian's source (no download). */
export function chiGoMod(): Promise<string> {
  return Promise.resolve(
    "module example.com/generated\n\ngo 1.19\n\nrequire github.com/go-chi/chi/v5 v5.0.7\n\n" +
      `replace github.com/go-chi/chi/v5 => ${chiSource()}\n`,
  );
}

/** Generates each variant (`[package, fixture, options]`); returns the Go files and every file name per package. */
export async function generateVariants(
  variants: readonly (readonly [string, string, GenerateOptions])[],
): Promise<{ packages: Record<string, GeneratedFile[]>; names: Record<string, string[]> }> {
  const packages: Record<string, GeneratedFile[]> = {};
  const names: Record<string, string[]> = {};
  for (const [name, file, options] of variants) {
    const result = await generate(fixture(file), { ...options, packageName: name });
    packages[name] = result.files.filter((f) => f.name !== "README.md");
    names[name] = result.files.map((f) => f.name);
  }
  return { packages, names };
}

/** Asserts that `go build` and `go vet` pass for the module in `dir`, and that `gofmt -l` lists nothing. */
export async function checkBuild(dir: string): Promise<void> {
  const build = await runGo("go", ["build", "./..."], dir);
  assert.equal(build.code, 0, build.output);
  const vet = await runGo("go", ["vet", "./..."], dir);
  assert.equal(vet.code, 0, vet.output);
  const fmt = await runGo("gofmt", ["-l", "."], dir);
  assert.equal(fmt.output, "", `gofmt would change:\n${fmt.output}`);
}

/**
 * Writes the packages as one module in `dir`, then asserts that `go build`, `go vet` pass, `gofmt -l` lists
 * nothing, and `go test` passes in each package of `tested`.
 */
export async function checkGoModule(
  dir: string,
  packages: Record<string, readonly GeneratedFile[]>,
  tested: readonly string[],
  before: () => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  await writeModule(dir, packages);
  await before();
  await checkBuild(dir);
  const test = await runGo("go", ["test", ...tested.map((p) => `./${p}/`)], dir);
  assert.equal(test.code, 0, test.output);
  for (const p of tested) {
    assert.match(test.output, new RegExp(`^ok\\s+example\\.com/generated/${p}\\b`, "m"));
  }
}

/** The fixtures every flag is checked on alone: the petstores of every version and the hostile document. */
export function aloneVariants(options: GenerateOptions): [string, string, GenerateOptions][] {
  return [
    ["petstore20", "petstore/petstore-2.0.yaml", options],
    ["petstore30", "petstore/petstore-3.0.yaml", options],
    ["petstore31", "petstore/petstore-3.1.json", options],
    ["petstore32", "petstore/petstore-3.2.yaml", options],
    ["hostile", "generate/hostile-3.1.json", options],
  ];
}

const ALONE: readonly string[] = ["petstore20", "petstore30", "petstore31", "petstore32", "hostile", "api"];

const EXTENSION_FILES = ["server_responses", "server_stubs", "server_embed"];

/**
 * The Go check of one extension flag: the variants generated into one module in a temporary folder; the
 * packages of {@link aloneVariants} and `api` hold `<file>.go` and no other extension's file, the package
 * `split` holds several parts of it; `goTest` (under testdata) is copied into the package `api` and run with `go build`, `go vet`,
 * `gofmt -l` and `go test`.
 */
export async function checkExtension(
  file: string,
  variants: readonly (readonly [string, string, GenerateOptions])[],
  goTest: string,
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: `oatool-gen-${file}-` });
  try {
    const { packages, names } = await generateVariants(variants);
    for (const name of ALONE) {
      assert.ok(names[name].includes(`${file}.go`), `${name}: ${names[name].join(" ")}`);
      const others = EXTENSION_FILES.filter((f) => f !== file);
      assert.ok(!names[name].some((n) => others.some((o) => n.startsWith(o))), names[name].join(" "));
    }
    assert.ok(names.split.filter((n) => n.startsWith(file)).length > 1, names.split.join(" "));
    const content = await Deno.readTextFile(fixture(goTest));
    packages.api.push({ name: goTest.slice(goTest.lastIndexOf("/") + 1), content });
    await checkGoModule(dir, packages, ["api"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
