/**
 * Hostile input: a file that is not a document (a private key, a token, a `.env` file, text with a long first
 * line) given where a document is expected. No answer quotes more than 40 characters of it in one piece, over
 * the tool server (with the SDK client, the binary's permissions) and on the command line, for JSON and YAML
 * parse errors, version detection and the overlay checks alike; line and column are still given.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { spawnOatool, withTempDir } from "../_spawn.ts";
import { startMcp } from "../_mcp_client.ts";
import { parseText } from "../../src/core/mod.ts";
import { ParseError } from "../../src/core/errors.ts";

/** The longest piece of `secret` that appears in `text` (dynamic programming; both are small). */
function longestShared(text: string, secret: string): string {
  let best = "";
  let prev = new Array<number>(secret.length + 1).fill(0);
  for (let i = 1; i <= text.length; i++) {
    const row = new Array<number>(secret.length + 1).fill(0);
    for (let j = 1; j <= secret.length; j++) {
      if (text[i - 1] === secret[j - 1]) {
        row[j] = prev[j - 1] + 1;
        if (row[j] > best.length) best = secret.slice(j - row[j], j);
      }
    }
    prev = row;
  }
  return best;
}

/** Fails when `answer` quotes more than 40 characters of `secret` in one piece. */
function assertNoEcho(answer: string, secret: string, what: string): void {
  const shared = longestShared(answer, secret);
  assert.ok(
    shared.length <= 40,
    `${what} quotes ${shared.length} characters of the file: ${JSON.stringify(answer)}`,
  );
}

const B64 = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW";
/** Files that are not documents, each holding long secret lines. */
const FILES: Record<string, string> = {
  "id_ed25519":
    `-----BEGIN OPENSSH PRIVATE KEY-----\n${B64}\nQyNTUxOQAAACDdSecretSecretSecretSecretSecretSecretSecretSecretAAAA\n` +
    "-----END OPENSSH PRIVATE KEY-----\n",
  "token.txt": "ghp_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWX\n",
  "secrets.env": "AWS_SECRET_ACCESS_KEY: wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEYhunter2supersecretvalue\n" +
    "openapi: hunter2supersecretvalue_abcdefghijklmnopqrstuvwxyz0123\n",
  "overlay.env": "overlay: hunter2supersecretvalue_abcdefghijklmnopqrstuvwxyz0123\n" +
    "info: hunter2supersecretvalue_abcdefghijklmnopqrstuvwxyz0123_info\n" +
    'actions: [{target: "hunter2supersecretvalue_abcdefghijklmnopqrstuvwxyz0123_t"}]\n',
  "bad.json": '{"key": "value", hunter2supersecretvalue_abcdefghijklmnopqrstuvwxyz0123: 1}',
  "bad2.json": '[1, 2, 3, "ok", hunter2supersecretvalue_abcdefghijklmnopqrstuvwxyz0123]',
  "dup.json": '{"hunter2supersecretvalue_abcdefghijklmnopqrstuvwxyz0123": 1, ' +
    '"hunter2supersecretvalue_abcdefghijklmnopqrstuvwxyz0123": 2}',
  "tag.yaml": "a: !<hunter2 supersecret value abcdefghijklmnopqrstuvwxyz 0123 4567 89> x\n",
  "alias.yaml": "a: *hunter2supersecretvalue_abcdefghijklmnopqrstuvwxyz0123\n",
  "indent.yaml": "key: hunter2supersecretvalue_abcdefghijklmnopqrstuvwxyz0123: more\n  - x\n",
};

Deno.test("hostile echo: a parse error quotes the offending token, at most 40 characters, never its line", () => {
  for (const [name, text] of Object.entries(FILES)) {
    let error: unknown;
    try {
      parseText(text, { source: name });
    } catch (e) {
      error = e;
    }
    if (error === undefined) continue; // parses (as a YAML string or mapping): checked by the commands below
    assert.ok(error instanceof ParseError, name);
    assertNoEcho(error.message, text, `${name}: the message`);
    assertNoEcho(error.snippet ?? "", text, `${name}: the snippet`);
    assert.ok(error.line !== undefined && error.column !== undefined, `${name}: line and column`);
  }
  // The place is where the text goes wrong (V8's message names none for an unexpected token).
  let e: ParseError | undefined;
  try {
    parseText(FILES["bad2.json"], { source: "bad2.json" });
  } catch (error) {
    e = error as ParseError;
  }
  assert.ok(e !== undefined);
  assert.match(
    e.message,
    /^bad2\.json:1:17: invalid JSON: unexpected text at "hunter2[^"]+"; fix the syntax at that place\.$/,
  );
  assert.ok(e.message.match(/at "(.*)"/)![1].length <= 40, e.message);
  assert.equal([e.line, e.column].join(":"), "1:17");
});

Deno.test("hostile echo: over the tool server, a non-document file is never echoed", async () => {
  await withTempDir(async (dir) => {
    for (const [name, text] of Object.entries(FILES)) await Deno.writeTextFile(join(dir, name), text);
    await Deno.writeTextFile(
      join(dir, "api.yaml"),
      'openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths: {}\n',
    );
    const s = await startMcp({ cwd: dir });
    try {
      for (const [name, text] of Object.entries(FILES)) {
        const calls: [string, Record<string, unknown>][] = [
          ["validate", { spec: { file: name } }],
          ["parse", { spec: { file: name } }],
          ["overlay_validate", { spec: { file: name } }],
          ["overlay_apply", { spec: { file: "api.yaml" }, overlay: { file: name } }],
          ["diff", { base: { file: "api.yaml" }, revision: { file: name } }],
        ];
        for (const [tool, args] of calls) {
          const r = await s.call(tool, args);
          assertNoEcho(r.text, text, `${tool} ${name}`);
          assertNoEcho(JSON.stringify(r.structured ?? {}), text, `${tool} ${name} (structured)`);
          if (tool !== "overlay_validate") assert.equal(r.isError, true, `${tool} ${name}: ${r.text}`);
        }
      }
    } finally {
      await s.close();
    }
  });
});

Deno.test("hostile echo: on the command line, a non-document file is never echoed", async () => {
  await withTempDir(async (dir) => {
    for (const [name, text] of Object.entries(FILES)) await Deno.writeTextFile(join(dir, name), text);
    for (const [name, text] of Object.entries(FILES)) {
      for (const args of [["validate", name], ["parse", name], ["overlay", "validate", name]]) {
        const r = await spawnOatool(args, { cwd: dir, timeoutMs: 60_000 });
        assert.equal(r.killed, false);
        assert.notEqual(r.code, 0, `${args.join(" ")}: ${r.stdout}${r.stderr}`);
        // The overlay report prints the overlay's own fields (a file the user named on the command line);
        // its error lines and every other command's answer quote at most a token.
        const answer = args[0] === "overlay"
          ? (r.stdout + r.stderr).split("\n").filter((l) => !/^Overlay( Version)?:/.test(l)).join("\n")
          : r.stdout + r.stderr;
        assertNoEcho(answer, text, `${args.join(" ")}`);
      }
    }
  });
});
