import { assert, assertEquals, assertRejects } from "./_assert_test.ts";
import { join } from "node:path";
import { serializeDocument } from "./serialize.ts";
import { writeFileAtomic } from "./write.ts";
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
