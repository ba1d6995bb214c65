import { assert, assertEquals, assertRejects } from "./_assert_test.ts";
import { join } from "node:path";
import { serializeDocument } from "./serialize.ts";
import { writeDocument, writeFileAtomic } from "./write.ts";
import { loadDocument } from "./load.ts";
import { WriteError } from "./errors.ts";
import { parseText } from "./parse_text.ts";

Deno.test("serializeDocument keeps key order and round-trips in both formats", () => {
  const doc = {
    openapi: "3.1.0",
    info: { version: "1", title: "t" },
    paths: { "/b": {}, "/a": {} },
    n: "1.0",
    d: "2020-01-01",
  };
  const json = serializeDocument(doc, "json");
  assertEquals(json, JSON.stringify(doc, null, 2) + "\n");
  const yaml = serializeDocument(doc, "yaml");
  assert(yaml.indexOf("/b") < yaml.indexOf("/a"));
  assert(yaml.startsWith("openapi: 3.1.0\ninfo:\n  version: '1'\n  title: t\n"), yaml);
  assertEquals(parseText(yaml).data, doc);
});

Deno.test("writeFileAtomic writes with the mode asked, leaves no temp file, refuses inputs", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const out = join(dir, "out.json");
    await writeFileAtomic(out, "{}\n", { mode: 0o600 });
    assertEquals(await Deno.readTextFile(out), "{}\n");
    if (Deno.build.os !== "windows") assertEquals((await Deno.stat(out)).mode! & 0o777, 0o600);
    await writeFileAtomic(out, "[1]\n", { mode: 0o600 });
    assertEquals(await Deno.readTextFile(out), "[1]\n");
    assertEquals([...Deno.readDirSync(dir)].map((e) => e.name), ["out.json"]);
    await assertRejects(
      () => writeFileAtomic(out, "x", { inputs: [join(dir, ".", "out.json")] }),
      WriteError,
      "refusing to write over the input",
    );
    assertEquals(await Deno.readTextFile(out), "[1]\n");
    await assertRejects(
      () => writeFileAtomic(join(dir, "missing", "x.json"), "x"),
      WriteError,
      "does not exist",
    );
    await assertRejects(() => writeFileAtomic(dir, "x"), WriteError, "is a directory");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("writeDocument writes the format asked and refuses any file the run read, however it is named", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir());
  try {
    await Deno.mkdir(join(dir, "schemas"));
    const pet = join(dir, "schemas", "pet.yaml");
    const petText = "Pet: {type: object}\n";
    await Deno.writeTextFile(pet, petText);
    await Deno.writeTextFile(
      join(dir, "api.yaml"),
      "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n" +
        "    Pet: {$ref: 'schemas/pet.yaml#/Pet'}\n",
    );
    await Deno.link(pet, join(dir, "hard.yaml"));
    await Deno.symlink(pet, join(dir, "sym.yaml"));
    // Loaded without following references: writeDocument follows them itself before deciding.
    const doc = await loadDocument(join(dir, "api.yaml"));
    for (const name of ["schemas/pet.yaml", "hard.yaml", "sym.yaml", "schemas/../schemas/pet.yaml"]) {
      const out = join(dir, name);
      await assertRejects(
        () => writeDocument(out, doc.document, { format: "yaml", readSet: doc.readSet }),
        WriteError,
        `refusing to write over the input "${pet}" (read by this run): the output "${out}" is the same file`,
      );
    }
    await assertRejects(
      () => writeDocument(join(dir, "api.yaml"), doc.document, { format: "json", readSet: doc.readSet }),
      WriteError,
      "refusing to write over the input",
    );
    assertEquals(await Deno.readTextFile(pet), petText);
    await writeDocument(join(dir, "out.json"), doc.document, {
      format: "json",
      mode: 0o600,
      readSet: doc.readSet,
    });
    assertEquals(JSON.parse(await Deno.readTextFile(join(dir, "out.json"))), doc.document);
    if (Deno.build.os !== "windows") {
      assertEquals((await Deno.stat(join(dir, "out.json"))).mode! & 0o777, 0o600);
    }
    assertEquals([...Deno.readDirSync(dir)].map((e) => e.name).sort(), [
      "api.yaml",
      "hard.yaml",
      "out.json",
      "schemas",
      "sym.yaml",
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
