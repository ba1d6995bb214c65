import { assert, assertEquals, assertRejects } from "../core/_assert_test.ts";
import { join } from "node:path";
import { serializeDocument } from "../core/serialize.ts";
import { writeDocument, writeFileAtomic, writeFilesInto } from "./write.ts";
import { loadDocument } from "./load.ts";
import { WriteError } from "../core/errors.ts";
import { parseText } from "../core/parse_text.ts";

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

Deno.test("a symbolic link at the target is replaced, never written through; a long name still writes", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir());
  try {
    await Deno.writeTextFile(join(dir, "victim.txt"), "victim\n");
    await Deno.symlink(join(dir, "victim.txt"), join(dir, "out.json"));
    await writeFileAtomic(join(dir, "out.json"), "{}\n");
    assert(!(await Deno.lstat(join(dir, "out.json"))).isSymlink);
    assertEquals(await Deno.readTextFile(join(dir, "victim.txt")), "victim\n");
    await Deno.mkdir(join(dir, "set"));
    await Deno.symlink(join(dir, "victim.txt"), join(dir, "set", "a.go"));
    await writeFilesInto(join(dir, "set"), [{ name: "a.go", content: "victim\n" }], { keepUnchanged: true });
    assert(!(await Deno.lstat(join(dir, "set", "a.go"))).isSymlink);
    assertEquals(await Deno.readTextFile(join(dir, "victim.txt")), "victim\n");
    // A name of 250 bytes: our temporary file's name is shortened to fit the system's 255.
    const long = "é".repeat(120) + ".json";
    await writeFileAtomic(join(dir, long), "[]\n");
    assertEquals(await Deno.readTextFile(join(dir, long)), "[]\n");
    assertEquals(
      Deno.readDirSync(dir).toArray().map((e) => e.name).sort(),
      [
        long,
        "out.json",
        "set",
        "victim.txt",
      ].sort(),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("noSymlinksBelow refuses a folder reached through a link below the root, and a place outside it", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir());
  try {
    const root = join(dir, "root");
    await Deno.mkdir(join(root, "real"), { recursive: true });
    await Deno.mkdir(join(dir, "outside"));
    await Deno.symlink(join(dir, "outside"), join(root, "link"));
    const opts = { noSymlinksBelow: root };
    await assertRejects(
      () => writeFileAtomic(join(root, "link", "x.json"), "{}", opts),
      WriteError,
      'the folder "link" on its way is a symbolic link',
    );
    await assertRejects(
      () => writeFilesInto(join(root, "link", "deeper"), [{ name: "a.go", content: "" }], opts),
      WriteError,
      'the folder "link" on its way is a symbolic link',
    );
    await assertRejects(
      () => writeFileAtomic(join(dir, "outside", "x.json"), "{}", opts),
      WriteError,
      "outside the folder the writes are confined to",
    );
    assertEquals(Deno.readDirSync(join(dir, "outside")).toArray(), []);
    await writeFileAtomic(join(root, "real", "x.json"), "{}\n", opts);
    await writeFilesInto(join(root, "real", "new"), [{ name: "a.go", content: "x" }], opts);
    assertEquals(await Deno.readTextFile(join(root, "real", "new", "a.go")), "x");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a temporary file of ours from a process that is gone is removed at once, a live one's kept", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir());
  try {
    const child = new Deno.Command("true").spawn();
    await child.status;
    const gone = `.a.json.oatool-${child.pid}-0123abcd.tmp`;
    const mine = `.a.json.oatool-${Deno.pid}-0123abcd.tmp`; // this run's own: under way
    for (const n of [gone, mine]) await Deno.writeTextFile(join(dir, n), "partial");
    await writeFileAtomic(join(dir, "a.json"), "{}\n");
    assertEquals(Deno.readDirSync(dir).toArray().map((e) => e.name).sort(), [mine, "a.json"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
