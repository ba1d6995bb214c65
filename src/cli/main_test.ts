import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { run } from "./_test_io.ts";
import { VERSION } from "../core/build_info.ts";

const testdata = fileURLToPath(new URL("../../testdata/", import.meta.url));

Deno.test("help: top level, per command, in every spelling, on stdout with exit 0", async () => {
  for (const args of [["help"], ["-h"], ["--help"]]) {
    const r = await run(args);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /Usage: oatool <command>/);
    assert.match(r.stdout, /parse\s+Parse and display a document/);
  }
  for (
    const args of [["parse", "--help"], ["parse", "-h"], ["help", "parse"], ["parse", "x.yaml", "-help"]]
  ) {
    const r = await run(args);
    assert.equal(r.code, 0, args.join(" "));
    assert.match(r.stdout, /Usage: oatool parse \[flags\] <file\|url\|->/);
    assert.match(r.stdout, /--resolve-refs/);
    assert.match(r.stdout, /-q, --quiet/);
  }
});

Deno.test("no command prints help to stderr and exits 1; unknown commands suggest the closest", async () => {
  const none = await run([]);
  assert.equal(none.code, 1);
  assert.match(none.stderr, /Usage: oatool/);
  const r = await run(["prase", "x"]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /unknown command "prase"; did you mean "parse"\?/);
});

Deno.test("usage errors print what was wrong and the usage to stderr, exit 1", async () => {
  const missing = await run(["parse"]);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /oatool parse: an input is required\.\nUsage: oatool parse/);
  const unknown = await run(["parse", "--resolve", "a.yaml"]);
  assert.equal(unknown.code, 1);
  assert.match(unknown.stderr, /unknown flag "--resolve"; did you mean --resolve-refs\?/);
  const extra = await run(["parse", "a.yaml", "b.yaml"]);
  assert.equal(extra.code, 1);
  assert.match(extra.stderr, /too many arguments/);
});

Deno.test("version in text and json, via every spelling", async () => {
  for (const args of [["version"], ["-v"], ["--version"]]) {
    const r = await run(args);
    assert.equal(r.code, 0);
    assert.match(
      r.stdout,
      new RegExp(
        `^oatool v${VERSION.replaceAll(".", "\\.")}\ncommit: .+\nbuilt: .+\ndeno: ${Deno.version.deno}\n$`,
      ),
    );
  }
  const j = await run(["version", "--format", "json"]);
  const info = JSON.parse(j.stdout);
  assert.deepEqual(Object.keys(info), ["version", "commit", "built", "deno"]);
  assert.ok(!Number.isNaN(Date.parse(info.built)), "built is an RFC 3339 time");
});

Deno.test("parse: statistics and summary on stderr, the document as JSON on stdout", async () => {
  const r = await run(["parse", `${testdata}petstore/petstore-3.0.yaml`]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /^oatool parse v/);
  for (
    const line of [
      "OAS Version: 3.0.3",
      "Paths: 2",
      "Operations: 3",
      "Schemas: 3",
      "Document Type: OpenAPI 3.0.3",
      "Title: Swagger Petstore",
      "Description: A sample API",
      "Version: 1.0.0",
      "Servers: 1",
    ]
  ) {
    assert.ok(r.stderr.includes(line), line);
  }
  assert.match(r.stderr, /Source Size: \d/);
  assert.match(r.stderr, /Load Time: /);
  assert.match(r.stderr, /Total Time: /);
  assert.equal(JSON.parse(r.stdout).info.title, "Swagger Petstore");
});

Deno.test("parse -q prints only the JSON document; flags may follow the file", async () => {
  const r = await run(["parse", `${testdata}petstore/petstore-2.0.yaml`, "-q"]);
  assert.equal(r.code, 0);
  assert.equal(r.stderr, "");
  assert.equal(JSON.parse(r.stdout).swagger, "2.0");
});

Deno.test("parse reads standard input", async () => {
  const r = await run(["parse", "-q", "-"], {
    stdin: 'openapi: 3.1.0\ninfo: {title: s, version: "1"}\npaths: {}\n',
  });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).openapi, "3.1.0");
});

Deno.test("parse --resolve-refs inlines references and warns about circular ones", async () => {
  const r = await run(["parse", "--resolve-refs", `${testdata}refs/circular/root.yaml`]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /Warnings \(1\):\n\s+warning: .*circular reference "a\.yaml#\/A" kept as \$ref/);
  const doc = JSON.parse(r.stdout);
  assert.equal(doc.paths["/nodes"].get.responses["200"].content["application/json"].schema.type, "object");
});

Deno.test("parse fails with exit 1 and one clear line for every malformed fixture", async () => {
  for (const entry of Deno.readDirSync(`${testdata}malformed`)) {
    const r = await run(["parse", `${testdata}malformed/${entry.name}`]);
    assert.equal(r.code, 1, entry.name);
    assert.equal(r.stdout, "", entry.name);
    assert.match(r.stderr, /^oatool parse: /, entry.name);
    assert.doesNotMatch(r.stderr, /\n\s+at /, `${entry.name}: no stack trace`);
  }
});

Deno.test("parse --validate-structure=false lets a structurally incomplete document through", async () => {
  const bad = `${testdata}malformed/bad-structure.yaml`;
  const on = await run(["parse", bad]);
  assert.equal(on.code, 1);
  assert.match(on.stderr, /bad-structure\.yaml:2:1: info\.title: "info\.title" is missing/);
  const off = await run(["parse", "-q", "--validate-structure=false", bad]);
  assert.equal(off.code, 0);
});

Deno.test("the main help lists only commands that exist (issue 11)", async () => {
  const r = await run(["help"]);
  assert.doesNotMatch(r.stdout, /\b(query)\b/);
  const listed = [...r.stdout.matchAll(/^ {2}(\S+) {2,}/gm)].map((m) => m[1]);
  assert.deepEqual(listed, [
    "validate",
    "fix",
    "parse",
    "convert",
    "bundle",
    "join",
    "overlay",
    "walk",
    "graph",
    "generate",
    "diff",
    "config",
    "mcp",
    "completion",
    "version",
    "help",
  ]);
});

Deno.test("input messages: empty path, file: URLs, process substitutions (issue 11)", async () => {
  const empty = await run(["validate", ""]);
  assert.equal(empty.code, 2); // validate could not do its job (issue 32)
  assert.match(
    empty.stderr,
    /^oatool validate: the input is an empty path; name a file, a URL, or - for standard input\.\n/,
  );
  const emptySpec = await run(["overlay", "apply", "-s", "", "o.yaml"]);
  assert.match(emptySpec.stderr, /the specification \(-s\) is an empty path/);

  const petstore = `${testdata}petstore/petstore-3.0.yaml`;
  const url = new URL(`file://${petstore}`).href;
  const viaUrl = await run(["parse", "-q", url]);
  assert.equal(viaUrl.code, 0, viaUrl.stderr);
  assert.equal(JSON.parse(viaUrl.stdout).info.title, "Swagger Petstore");
  const remote = await run(["parse", "file://example.com/api.yaml"]);
  assert.equal(remote.code, 1);
  assert.match(
    remote.stderr,
    /names a file on the host "example\.com"; only local files \(file:\/\/\/path\) can be read\./,
  );

  const fd = await run(["validate", "/dev/fd/987"]);
  assert.equal(fd.code, 2); // an unreadable input: validate could not do its job (issue 32)
  assert.match(
    fd.stderr,
    /^oatool validate: \/dev\/fd\/987 is a process substitution \(a pipe from the shell\) that could not be read; .* or pipe it in and give -\.\n$/,
  );
});

Deno.test("report text escapes control characters of the document (issue 11)", async () => {
  const r = await run(["parse", "-"], {
    stdin: 'openapi: 3.1.0\ninfo: {title: "T\\e[2J\\r\\n::error::x", version: "1"}\npaths: {}\n',
  });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /\nTitle: T\\u001b\[2J\\r\\n::error::x\n/);
  // deno-lint-ignore no-control-regex -- looking for control characters is the test
  assert.doesNotMatch(r.stderr, /\x1b/);
});

Deno.test("every command's and subcommand's help ends with its exit codes, from the declaration", async () => {
  const { commands } = await import("./commands.ts");
  for (const entry of commands) {
    const command = await entry.load();
    const names = command.subcommands?.length
      ? [[entry.name], ...command.subcommands.map((s) => [entry.name, s.name])]
      : [[entry.name]];
    for (const name of names) {
      const r = await run(["help", ...name]);
      assert.equal(r.code, 0, name.join(" "));
      assert.match(
        r.stdout,
        /\nExit codes:\n {2}0 {2}\S.*\n(?: {2}\d {2}\S.*\n(?: {5}\S.*\n)*)*$/,
        name.join(" "),
      );
    }
  }
  const diff = await run(["diff", "--help"]);
  assert.match(diff.stdout, /\n {2}2 {2}the comparison could not be done/);
  const validate = await run(["help", "validate"]);
  assert.match(validate.stdout, /\n {2}2 {2}the validation could not be done/);
});

Deno.test("help <command> [subcommand], help help and help --help", async () => {
  for (const args of [["help", "--help"], ["help", "-h"]]) {
    const r = await run(args);
    assert.equal(r.code, 0, args.join(" "));
    assert.match(r.stdout, /Usage: oatool <command>/);
  }
  const self = await run(["help", "help"]);
  assert.equal(self.code, 0);
  assert.match(self.stdout, /Usage: oatool help \[command \[subcommand\]\]/);
  const sub = await run(["help", "overlay", "apply"]);
  assert.equal(sub.code, 0);
  assert.match(sub.stdout, /Usage: oatool overlay apply/);
  const unknown = await run(["help", "nope"]);
  assert.equal(unknown.code, 1);
  assert.match(unknown.stderr, /unknown command "nope"/);
});

Deno.test("--color always|never, before or after the command, decides colour; a bad value is a usage error", async () => {
  const { colorWanted } = await import("./main.ts");
  const doc = `${testdata}validator/invalid.yaml`;
  const always = await run(["--color", "always", "validate", "-q", doc]);
  assert.ok(always.stdout.includes("\x1b["), "colour codes");
  const after = await run(["validate", "-q", doc, "--color=always"]);
  assert.equal(after.stdout, always.stdout);
  const never = await run(["validate", "-q", doc, "--color", "never"]);
  assert.ok(!never.stdout.includes("\x1b["), "no colour codes");
  const bad = await run(["--color", "sometimes", "version"]);
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /--color is "sometimes"; give auto, always, never/);
  // auto: FORCE_COLOR first (0 or false turns it off), then NO_COLOR, then whether the streams are terminals
  const env = (force: string | undefined, noColor: boolean, terminal: boolean) => ({
    force,
    noColor,
    terminal,
  });
  assert.equal(colorWanted("auto", env("1", true, false)), true);
  assert.equal(colorWanted("auto", env("0", false, true)), false);
  assert.equal(colorWanted("auto", env(undefined, true, true)), false);
  assert.equal(colorWanted("auto", env(undefined, false, true)), true);
  assert.equal(colorWanted("never", env("1", false, true)), false);
  assert.equal(colorWanted("always", env(undefined, true, false)), true);
});
