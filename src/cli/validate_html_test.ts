import assert from "node:assert/strict";
import { join } from "node:path";
import { run } from "./_test_io.ts";
import { withTempDir } from "../../tests/_spawn.ts";
import { completionTree } from "./completion.ts";

const API = `openapi: 3.0.3
info:
  title: T
  version: "1"
paths:
  /pets/{id}:
    get:
      responses:
        "200":
          description: OK
          content:
            application/json:
              schema:
                $ref: "./pet.yaml"
`;
/** The same without its reference (one file). */
const PLAIN = API.slice(0, API.indexOf("          content:"));
const PET = `type: object\nproperties:\n  name:\n    type: strin\n`;

/** The highlighted line of each finding's frame, as `file:line text`, in page order. */
function frames(html: string): string[] {
  return [
    ...html.matchAll(
      /<h4>([^<]*)<\/h4><table class="code">(?:(?!<\/table>).)*?<tr class="at"><td class="n">\d+<\/td><td class="t">([^<]*)</g,
    ),
  ]
    .map((m) => `${m[1]} ${m[2].trim()}`);
}

Deno.test("validate --format html: one page, each finding with the lines of its own file (the root or a referenced one)", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "api.yaml"), API);
    await Deno.writeTextFile(join(dir, "pet.yaml"), PET);
    const r = await run(["validate", "--quiet", "--format", "html", join(dir, "api.yaml")]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /^<!DOCTYPE html>/);
    assert.deepEqual(frames(r.stdout).sort(), [
      `${join(dir, "api.yaml")}:7 get:`,
      `${join(dir, "api.yaml")}:7 get:`,
      // The referenced file outside the working directory is named from the root's folder.
      "pet.yaml:4 type: strin",
    ]);
  });
});

Deno.test("validate --format html -: the lines of a document read from standard input", async () => {
  const r = await run(["validate", "--quiet", "--format", "html", "-"], {
    stdin: PLAIN,
  });
  assert.equal(r.code, 1, r.stderr);
  assert.deepEqual(frames(r.stdout), ["&lt;stdin&gt;:7 get:", "&lt;stdin&gt;:7 get:"]);
});

Deno.test("validate --format html with several documents: a row per document, each finding with its file's lines", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "api.yaml"), API);
    await Deno.writeTextFile(join(dir, "pet.yaml"), PET);
    await Deno.writeTextFile(join(dir, "other.yaml"), PLAIN.replace("/pets", "/cats"));
    // Another set in another folder, with its own pet.yaml (named alike: the folders are outside the working
    // directory) whose error is two lines lower.
    await Deno.mkdir(join(dir, "b"));
    await Deno.writeTextFile(join(dir, "b", "api.yaml"), API);
    await Deno.writeTextFile(join(dir, "b", "pet.yaml"), "# b\n# b\n" + PET);
    const files = ["api.yaml", "other.yaml", "b/api.yaml"].map((f) => join(dir, f));
    const r = await run(["validate", "--format", "html", "--jobs", "1", ...files]);
    assert.equal(r.code, 1, r.stderr);
    // The document lines go to standard error, as in every format but text.
    assert.match(r.stderr, /✗ .*api\.yaml: invalid/);
    assert.match(r.stdout, /<title>Validation: 3 documents<\/title>/);
    assert.match(r.stdout, /<td class="t">[^<]*other\.yaml<\/td><td>✗ invalid<\/td>/);
    const shown = frames(r.stdout).map((f) => f.startsWith(dir) ? f.slice(dir.length + 1) : f);
    assert.deepEqual(shown.sort(), [
      "api.yaml:7 get:",
      "api.yaml:7 get:",
      "b/api.yaml:7 get:",
      "b/api.yaml:7 get:",
      "other.yaml:7 get:",
      "other.yaml:7 get:",
      "pet.yaml:4 type: strin",
      "pet.yaml:6 type: strin",
    ]);
  });
});

Deno.test("validate: html is among the declared formats (help and completion)", async () => {
  const help = await run(["validate", "--help"]);
  assert.match(help.stdout, /--format <text\|json\|yaml\|sarif\|github\|junit\|markdown\|html>/);
  const validate = (await completionTree()).subcommands.find((c) => c.path.join(" ") === "validate");
  const format = validate?.flags.find((f) => f.names.includes("--format"));
  assert.ok(format?.choices?.includes("html"), JSON.stringify(format));
});
