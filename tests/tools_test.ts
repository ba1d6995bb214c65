/**
 * tests/_tools.ts: a test needing Go is ignored, with its name saying so, when Go (1.19+) is absent, and the file
 * ends with one line counting the skips and naming the install command; OATOOL_REQUIRE_TOOLS=go makes it run
 * (and fail). Runs `deno test` on a small test file with a PATH holding only deno (and a stand-in Go 1.18).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { withTempDir } from "./_spawn.ts";

const TOOLS = new URL("./_tools.ts", import.meta.url).href;

async function runIn(dir: string, env: Record<string, string>): Promise<{ ok: boolean; output: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["test", "-A", "--no-check", join(dir, "needs_go_test.ts")],
    cwd: dir,
    env: { NO_COLOR: "1", PATH: join(dir, "bin"), ...env },
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { ok: out.success, output: dec.decode(out.stdout) + dec.decode(out.stderr) };
}

Deno.test("a test needing Go is skipped, saying so, without Go; OATOOL_REQUIRE_TOOLS=go makes it fail", async () => {
  await withTempDir(async (dir) => {
    await Deno.mkdir(join(dir, "bin"));
    await Deno.writeTextFile(
      join(dir, "needs_go_test.ts"),
      `import { testWith } from ${JSON.stringify(TOOLS)};\n` +
        `await testWith(["go"], "builds", () => { throw new Error("ran without go"); });\n` +
        `Deno.test("plain", () => {});\n`,
    );
    const absent = await runIn(dir, {});
    assert.ok(absent.ok, absent.output);
    assert.match(
      absent.output,
      /builds \(skipped: go is not installed; apt-get install golang-go\) \.\.\. ignored/,
    );
    assert.match(absent.output, /^1 test\(s\) skipped: go is not installed \(apt-get install golang-go\)$/m);

    // A Go older than 1.19 counts as absent.
    await Deno.writeTextFile(join(dir, "bin", "go"), "#!/bin/sh\necho go version go1.18.1 linux/amd64\n");
    await Deno.chmod(join(dir, "bin", "go"), 0o755);
    const old = await runIn(dir, {});
    assert.match(old.output, /skipped: go is not installed.*\.\.\. ignored/);
    await Deno.remove(join(dir, "bin", "go"));

    const required = await runIn(dir, { OATOOL_REQUIRE_TOOLS: "go chromium" });
    assert.ok(!required.ok, required.output);
    assert.match(required.output, /builds \.\.\. FAILED/);
    assert.doesNotMatch(required.output, /skipped:/);
  });
});
