import assert from "node:assert/strict";
import { join, relative } from "node:path";
import { validate } from "./validate.ts";

Deno.test("findings in a referenced file outside the working directory name it from the base document", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir());
  try {
    // The temporary folder is outside the repository (the tests' working directory).
    assert.ok(
      relative(Deno.cwd(), dir).startsWith(".."),
      "the test needs a folder outside the working directory",
    );
    await Deno.mkdir(join(dir, "schemas"));
    await Deno.writeTextFile(
      join(dir, "api.yaml"),
      'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths: {}\ncomponents:\n  schemas:\n' +
        '    B: {$ref: "schemas/a.yaml#/A"}\n',
    );
    await Deno.writeTextFile(join(dir, "schemas", "a.yaml"), "A: {type: strin}\n");
    const r = await validate(join(dir, "api.yaml"), { sourceMap: true });
    assert.deepEqual(r.errors.map((f) => [f.path, f.location?.file, f.location?.line]), [
      ["schemas/a.yaml#A.type", "schemas/a.yaml", 1],
    ]);
    assert.equal(r.errors[0].pointer, "schemas/a.yaml#/A/type");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("2.0: a parameter in a referenced file is checked against the alternative its `in` names", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir());
  try {
    await Deno.writeTextFile(
      join(dir, "api.yaml"),
      'swagger: "2.0"\ninfo: {title: T, version: "1"}\npaths:\n  /a:\n    get:\n      parameters:\n' +
        '        - $ref: "p.yaml#/Q"\n      responses:\n        "200": {description: ok}\n',
    );
    await Deno.writeTextFile(join(dir, "p.yaml"), "Q: {name: q, in: query, type: strin}\n");
    const r = await validate(join(dir, "api.yaml"));
    assert.deepEqual(r.errors.map((f) => [f.path, f.message]), [[
      "p.yaml#Q.type",
      'must be one of "string", "number", "boolean", "integer", "array"; found "strin".',
    ]]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
