/**
 * Output that cannot be turned against its reader (issue 11): a document whose titles, descriptions, paths and
 * operationIds carry ESC sequences, BEL, carriage returns, newlines and `::error::` text goes through `validate`
 * in text and github formats; no raw control character reaches the terminal and no report line or workflow
 * command is forged. Also the CLI's rough edges that only a separate process shows.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { spawnOatool, withTempDir } from "../_spawn.ts";

const EVIL = "\x1b[2J\x1b]0;pwned\x07\r\n::error file=x,line=1::forged\n::add-mask::y";

function hostileDocument(): string {
  const op = (id: string) => ({ operationId: id, responses: { "200": { description: EVIL } } });
  return JSON.stringify({
    openapi: "3.1.0",
    info: { title: `Title${EVIL}`, description: `Desc${EVIL}`, version: "1" },
    paths: {
      [`/a${EVIL}`]: { get: op(`dup${EVIL}`) },
      "/b": { get: op(`dup${EVIL}`) },
      "/c/{id}": { get: op("c") },
    },
  });
}

/** No raw control character other than the line breaks the renderer writes. */
// deno-lint-ignore no-control-regex -- looking for control characters is the test
const RAW_CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f]/;

Deno.test("validate --format text: document text is escaped, no line is forged", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "evil.json"), hostileDocument());
    const r = await spawnOatool(["validate", "evil.json"], { cwd: dir, timeoutMs: 60_000 });
    assert.equal(r.killed, false);
    assert.equal(r.code, 1, r.stderr);
    for (const text of [r.stdout, r.stderr]) assert.doesNotMatch(text, RAW_CONTROL);
    // Every finding stays on its own line: no report line starts with text from the document.
    for (const line of r.stdout.split("\n")) assert.doesNotMatch(line, /^(::|forged)/);
    assert.match(
      r.stdout,
      /dup\\u001b\[2J\\u001b\]0;pwned\\u0007\\r\\n::error file=x,line=1::forged\\n::add-mask::y/,
    );
    assert.match(r.stdout, /\[operation-id-unique\]/);
  });
});

Deno.test("validate --format github: one workflow command per finding, escaped data and properties", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "evil,name:x.json"), hostileDocument());
    const r = await spawnOatool(["validate", "-q", "--format", "github", "evil,name:x.json"], {
      cwd: dir,
      timeoutMs: 60_000,
    });
    assert.equal(r.killed, false);
    assert.equal(r.code, 1, r.stderr);
    assert.doesNotMatch(r.stdout, RAW_CONTROL);
    const lines = r.stdout.trimEnd().split("\n");
    assert.ok(lines.length >= 1);
    for (const line of lines) {
      assert.match(
        line,
        /^::(error|warning) file=evil%2Cname%3Ax\.json,(line=\d+,col=\d+,)?title=[a-z0-9-]+::/,
      );
      // The only `::` separators of the command are its own; the document's text keeps its `::` in the data.
    }
    const dup = lines.find((l) => l.includes("title=operation-id-unique"));
    assert.ok(dup, r.stdout);
    // ESC and BEL dropped, CR and LF encoded: the document's "::error" stays inside this command's data.
    assert.match(dup, /paths\['\/a\[2J\]0;pwned%0D%0A::error file=x,line=1::forged%0A::add-mask::y'\]\.get/);
  });
});

Deno.test("--max-input-size caps standard input; -o -h takes -h as the file name", async () => {
  const big = `openapi: 3.1.0\ninfo: {title: big, version: "1"}\npaths: {}\n# ${"x".repeat(4096)}\n`;
  const capped = await spawnOatool(["parse", "-q", "--max-input-size", "1K", "-"], { stdin: big });
  assert.equal(capped.killed, false);
  assert.equal(capped.code, 1);
  assert.match(capped.stderr, /^oatool parse: standard input is larger than 1024 bytes/);
  const fits = await spawnOatool(["parse", "-q", "--max-input-size", "1M", "-"], { stdin: big });
  assert.equal(fits.code, 0, fits.stderr);

  await withTempDir(async (dir) => {
    const doc = (p: string) => `openapi: 3.1.0\ninfo: {title: ${p}, version: "1"}\npaths: {/${p}: {}}\n`;
    await Deno.writeTextFile(join(dir, "a.yaml"), doc("a"));
    await Deno.writeTextFile(join(dir, "b.yaml"), doc("b"));
    const r = await spawnOatool(["join", "-o", "-h", "a.yaml", "b.yaml"], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.doesNotMatch(r.stdout, /Usage:/);
    assert.match(await Deno.readTextFile(join(dir, "-h")), /\/a: \{\}\n {2}\/b: \{\}\n/);
  });
});
