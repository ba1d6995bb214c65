/**
 * `deno task test` (scripts/test.ts) on a tiny test file (tests/_skip_fixture.ts) with no `go` and no `chromium`
 * on PATH: the tests that need them are ignored, saying so in their names, and the run ends with one line naming
 * each missing tool, how many tests it skipped and what installs it. `.ci/run` still finds Deno's closing line
 * and the ignored tests it counts as failures.
 */
import assert from "node:assert/strict";
import { ROOT } from "./_spawn.ts";
import { skipSummary } from "../scripts/test.ts";

Deno.test("test runner: one closing line names each missing tool, its skips and its install", async () => {
  const empty = await Deno.makeTempDir({ prefix: "oatool-nopath-" });
  try {
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--allow-read",
        "--allow-write",
        "--allow-run",
        "scripts/test.ts",
        "tests/_skip_fixture.ts",
      ],
      cwd: ROOT,
      // PATH without go (nor chromium); OATOOL_REQUIRE_TOOLS (set by .ci/run) would make them fail instead
      env: { PATH: empty, NO_COLOR: "1", OATOOL_REQUIRE_TOOLS: "" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(out.stdout);
    assert.equal(out.code, 0, text + new TextDecoder().decode(out.stderr));
    const lines = text.trimEnd().split("\n");
    assert.equal(
      lines.at(-1),
      "Skipped for missing tools: go (2 tests; install: apt-get install golang-go), " +
        "chromium (1 test; install: apt-get install chromium).",
    );
    assert.equal(lines.filter((l) => /skipped/i.test(l) && !/\.\.\. ignored/.test(l)).length, 1, "one line");
    // .ci/run's patterns: Deno's closing line, and the ignored tests it counts when it installed the tools
    assert.equal(lines.filter((l) => /^(ok|FAILED) \| [0-9]+ passed/.test(l)).length, 1, text);
    assert.equal(lines.filter((l) => /skipped: (go|chi|chromium) .*\.\.\. ignored/.test(l)).length, 2, text);
  } finally {
    await Deno.remove(empty, { recursive: true });
  }
});

Deno.test("test runner: the skips of every file add up by tool; none, no line", () => {
  const report =
    "go\t3\tapt-get install golang-go\nchi\t1\tapt-get install chi\ngo\t2\tapt-get install golang-go\n";
  assert.equal(
    skipSummary(report),
    "Skipped for missing tools: go (5 tests; install: apt-get install golang-go), " +
      "chi (1 test; install: apt-get install chi).",
  );
  assert.equal(skipSummary(""), undefined);
});
