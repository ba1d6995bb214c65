import { assert, assertEquals } from "../core/_assert_test.ts";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assertIncludes, assertMatches, connect, countingReader, listTools } from "./_test_client.ts";
import { SpecCache } from "./spec_cache.ts";
import { TOOL_NAMES } from "./server.ts";

const TESTDATA = fileURLToPath(new URL("../../testdata/", import.meta.url));
const PETSTORE = join(TESTDATA, "petstore/petstore-3.1.yaml");
const OVERLAY = join(TESTDATA, "overlay/overlay-1.1.yaml");

const MINIMAL = (title: string, extra = "") =>
  `openapi: 3.1.0\ninfo: {title: ${title}, version: "1"}\npaths:\n  /${title}:\n    get:\n      responses:\n        "200": {description: ok}\n${extra}`;

async function tempDir(): Promise<string> {
  return await Deno.makeTempDir({ prefix: "oatool-mcp-" });
}

Deno.test("tools/list: every tool with a description, an input schema and an output schema", async () => {
  const s = await connect();
  try {
    const tools = await listTools(s.client);
    assertEquals(tools.map((t) => t.name), [...TOOL_NAMES]);
    assertEquals(TOOL_NAMES, [
      "validate",
      "parse",
      "fix",
      "convert",
      "bundle",
      "diff",
      "join",
      "overlay_apply",
      "overlay_validate",
      "generate",
      "walk_operations",
      "walk_schemas",
      "walk_parameters",
      "walk_responses",
      "walk_headers",
      "walk_security",
      "walk_paths",
      "walk_refs",
      "graph",
    ]);
    for (const tool of tools) {
      assert((tool.description ?? "").length > 80, tool.name);
      assertEquals(tool.inputSchema.type, "object");
      assertEquals(tool.outputSchema?.type, "object", tool.name);
    }
    const validate = tools.find((t) => t.name === "validate")!;
    assertEquals(Object.keys(validate.inputSchema.properties ?? {}), [
      "spec",
      "strict",
      "no_warnings",
      "config",
      "limit",
      "offset",
    ]);
    assertEquals(Object.keys(validate.outputSchema?.properties ?? {}), [
      "valid",
      "version",
      "error_count",
      "warning_count",
      "errors",
      "warnings",
      "returned",
      "next_offset",
      "errors_omitted",
      "warnings_omitted",
      "ignored_count",
      "stale_baseline",
    ]);
    const diff = tools.find((t) => t.name === "diff")!;
    assertEquals(Object.keys(diff.inputSchema.properties ?? {}), [
      "base",
      "revision",
      "breaking_only",
      "no_info",
      "preset",
      "fail_on",
      "ignore",
      "limit",
      "offset",
    ]);
    for (const tool of tools) assert(!JSON.stringify(tool.inputSchema).includes('"$ref"'), tool.name);
  } finally {
    await s.close();
  }
});

Deno.test("validate: a valid file, an invalid inline document, structured content equal to the text", async () => {
  const s = await connect();
  try {
    const ok = await s.call("validate", { spec: { file: PETSTORE } });
    assertEquals(ok.isError, false);
    assertEquals(ok.structured?.valid, true);
    assertEquals(ok.structured?.version, "3.1.0");
    assertEquals(ok.structured?.error_count, 0);
    assertEquals(JSON.parse(ok.text), ok.structured);

    const bad = await s.call("validate", {
      spec: {
        content:
          'openapi: 3.1.0\ninfo: {title: t}\npaths:\n  /a/{id}:\n    get:\n      responses: {"200": {description: ok}}\n',
      },
    });
    assertEquals(bad.isError, false); // findings are data, not a failed call
    assertEquals(bad.structured?.valid, false);
    const errors = bad.structured?.errors as { path: string; message: string; severity: string }[];
    assertEquals(bad.structured?.error_count, errors.length);
    assert(errors.some((e) => e.path === "info" && /version/.test(e.message)), JSON.stringify(errors));
    assert(errors.every((e) => e.severity === "error"));
  } finally {
    await s.close();
  }
});

Deno.test("spec input: none, two, wrong types and unknown fields fail the call with one sentence", async () => {
  const s = await connect();
  try {
    const none = await s.call("validate", { spec: {} });
    assertEquals(none, {
      isError: true,
      text: "spec needs exactly one of file, url or content; none was given.",
      structured: undefined,
    });
    const two = await s.call("validate", { spec: { file: PETSTORE, content: "x" } });
    assertEquals(two.text, "spec needs exactly one of file, url or content; file and content were given.");
    // Malformed arguments are protocol errors (-32602) with one line naming the field.
    const missing = await s.call("validate", {});
    assertEquals(missing.error, {
      code: -32602,
      message: "Invalid arguments for tool validate: spec is required but missing; give an object.",
    });
    const wrongType = await s.call("validate", { spec: { file: 42 } });
    assertEquals(wrongType.error, {
      code: -32602,
      message: "Invalid arguments for tool validate: spec.file must be a string, not a number.",
    });
    const strictWrong = await s.call("validate", { spec: { file: PETSTORE }, strict: "yes" });
    assertEquals(strictWrong.error?.code, -32602);
    assertIncludes(strictWrong.error?.message ?? "", "strict must be a boolean, not a string");
    const unknownField = await s.call("validate", { spec: { path: PETSTORE } });
    assertEquals(unknownField.error, {
      code: -32602,
      message:
        'Invalid arguments for tool validate: unknown field "path" in spec; its fields are file, url, content.',
    });
    const joinTwo = await s.call("join", {
      specs: [{ content: MINIMAL("a") }, { url: "https://x", file: "y" }],
    });
    assertEquals(
      joinTwo.text,
      "specs[1] needs exactly one of file, url or content; file and url were given.",
    );
    const unknownTool = await s.call("no_such_tool", {});
    assertEquals(unknownTool.error, {
      code: -32602,
      message: 'There is no tool "no_such_tool"; tools/list names the tools.',
    });
    // The server still answers.
    assertEquals((await s.call("validate", { spec: { file: PETSTORE } })).structured?.valid, true);
  } finally {
    await s.close();
  }
});

Deno.test("errors: absolute paths outside the working directory are not echoed back", async () => {
  const dir = await tempDir();
  try {
    await Deno.mkdir(join(dir, "work"));
    const s = await connect({ reader: countingReader(join(dir, "work")) });
    try {
      const outside = await s.call("validate", { spec: { file: "/tmp/nonexistent-oatool/secret/api.yaml" } });
      assertEquals(outside.isError, true);
      assert(!outside.text.includes("nonexistent-oatool"), outside.text);
      assertMatches(outside.text, /^spec\.file is outside the workspace; /);
      const relative = await s.call("validate", { spec: { file: "specs/missing.yaml" } });
      assertEquals(relative.text, 'file "specs/missing.yaml" does not exist; check the path.');
    } finally {
      await s.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("content over the inline limit is refused with a pointer to file", async () => {
  const s = await connect({ maxContentSize: 100 });
  try {
    const big = await s.call("validate", { spec: { content: MINIMAL("big") + "# " + "x".repeat(200) } });
    assertEquals(big.isError, true);
    assertMatches(
      big.text,
      /^spec\.content is .* more than the 100 bytes allowed inline; save the document to a file and pass spec\.file instead\.$/,
    );
    assertEquals((await s.call("validate", { spec: { content: "openapi: 3.1.0" } })).isError, false);
  } finally {
    await s.close();
  }
});

Deno.test("relative file paths resolve against the server's working directory", async () => {
  const dir = await tempDir();
  try {
    await Deno.mkdir(join(dir, "specs"));
    await Deno.writeTextFile(join(dir, "specs/a.yaml"), MINIMAL("a"));
    const s = await connect({ reader: countingReader(dir) });
    try {
      const r = await s.call("parse", { spec: { file: "specs/a.yaml" } });
      assertEquals((r.structured?.summary as { title: string }).title, "a");
    } finally {
      await s.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("cache: an unchanged file is read once; a touched file is read again; content keyed by hash", async () => {
  const dir = await tempDir();
  try {
    const file = join(dir, "a.yaml");
    await Deno.writeTextFile(file, MINIMAL("a"));
    const reader = countingReader(dir);
    const cache = new SpecCache();
    const s = await connect({ reader, cache });
    try {
      await s.call("validate", { spec: { file: "a.yaml" } });
      await s.call("validate", { spec: { file: "a.yaml" } });
      await s.call("parse", { spec: { file: file } }); // the same file by its absolute path
      assertEquals(reader.reads.length, 1);
      const later = new Date(Date.now() + 5000);
      await Deno.utime(file, later, later);
      await s.call("validate", { spec: { file: "a.yaml" } });
      assertEquals(reader.reads.length, 2);
      assertEquals(cache.size, 1); // the older version of the file was dropped
      await s.call("parse", { spec: { content: MINIMAL("c") } });
      await s.call("validate", { spec: { content: MINIMAL("c") } });
      assertEquals(cache.size, 2);
      assertEquals(cache.stats, { hits: 3, misses: 3, loads: 3 });
    } finally {
      await s.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("cache: at most 10 entries, the least recently used evicted", async () => {
  const dir = await tempDir();
  try {
    for (let i = 0; i <= 10; i++) await Deno.writeTextFile(join(dir, `s${i}.yaml`), MINIMAL(`s${i}`));
    const reader = countingReader(dir);
    const cache = new SpecCache();
    const s = await connect({ reader, cache });
    try {
      for (let i = 0; i < 10; i++) await s.call("validate", { spec: { file: `s${i}.yaml` } });
      await s.call("validate", { spec: { file: "s0.yaml" } }); // s0 becomes the most recently used
      assertEquals(reader.reads.length, 10);
      await s.call("validate", { spec: { file: "s10.yaml" } }); // evicts s1, the least recently used
      assertEquals(cache.size, 10);
      await s.call("validate", { spec: { file: "s0.yaml" } });
      assertEquals(reader.reads.length, 11);
      await s.call("validate", { spec: { file: "s1.yaml" } });
      assertEquals(reader.reads.length, 12);
      assert(reader.reads[11].endsWith("s1.yaml"));
    } finally {
      await s.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("URLs: never cached; loopback refused by default, fetched with allowPrivateUrls", async () => {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () => new Response(MINIMAL("u")),
  );
  const url = `http://127.0.0.1:${server.addr.port}/api.yaml`;
  try {
    const guarded = await connect();
    try {
      const refused = await guarded.call("validate", { spec: { url } });
      assertEquals(refused.isError, true);
      assertEquals(
        refused.text,
        `${url} leads to a loopback address, which this server does not fetch; start it with --allow-private-urls to allow that.`,
      );
      const v6 = await guarded.call("parse", { spec: { url: "http://[::1]:9/x.yaml" } });
      assertIncludes(v6.text, "loopback");
    } finally {
      await guarded.close();
    }
    const cache = new SpecCache();
    const open = await connect({ allowPrivateUrls: true, cache });
    try {
      const r = await open.call("parse", { spec: { url } });
      assertEquals((r.structured?.summary as { title: string }).title, "u");
      await open.call("validate", { spec: { url } });
      assertEquals(cache.size, 0);
    } finally {
      await open.close();
    }
  } finally {
    await server.shutdown();
  }
});

Deno.test("URLs: a host resolving to a private address is refused", async () => {
  const s = await connect({ resolveHost: () => Promise.resolve(["93.184.216.34", "10.1.2.3"]) });
  try {
    const r = await s.call("validate", { spec: { url: "https://api.example.test/openapi.yaml" } });
    assertEquals(
      r.text,
      "https://api.example.test/openapi.yaml leads to a private address, which this server does not fetch; start it with --allow-private-urls to allow that.",
    );
  } finally {
    await s.close();
  }
});

Deno.test("parse: summary with descriptions cut to 200 characters; full gives them whole and the document", async () => {
  const long = "d".repeat(300);
  const content =
    `openapi: 3.0.3\ninfo: {title: T, version: "1", description: ${long}}\nservers: [{url: "https://a", description: ${long}}]\ntags: [{name: t1, description: short}, {name: t2}]\npaths:\n  /a:\n    get: {responses: {"200": {description: ok}}}\ncomponents: {schemas: {A: {type: string}, B: {$ref: "#/components/schemas/A"}}}\n`;
  const s = await connect();
  try {
    const r = await s.call("parse", { spec: { content } });
    const summary = r.structured?.summary as Record<string, unknown>;
    assertEquals((summary.description as string).length, 200);
    assertEquals(summary.description, "d".repeat(199) + "…");
    assertEquals(summary.version, "3.0.3");
    assertEquals(summary.path_count, 1);
    assertEquals(summary.operation_count, 1);
    assertEquals(summary.schema_count, 2);
    assertEquals(summary.tags, [{ name: "t1", description: "short" }, { name: "t2" }]);
    assertEquals((summary.servers as { description: string }[])[0].description.length, 200);
    assertEquals(r.structured?.document, undefined);
    const full = await s.call("parse", { spec: { content }, full: true, resolve_refs: true });
    const fs = full.structured?.summary as Record<string, unknown>;
    assertEquals(fs.description, long);
    const doc = full.structured?.document as { components: { schemas: { B: unknown } } };
    assertEquals(doc.components.schemas.B, { type: "string" });
    // The cached document was not changed by resolving.
    const again = await s.call("parse", { spec: { content }, full: true });
    const raw = again.structured?.document as { components: { schemas: { B: unknown } } };
    assertEquals(raw.components.schemas.B, { $ref: "#/components/schemas/A" });
  } finally {
    await s.close();
  }
});

Deno.test("join: merges, reports collisions by strategy, writes output but never over an input or a symlink", async () => {
  const dir = await tempDir();
  try {
    const a = MINIMAL("a", "components: {schemas: {Id: {type: string}}}\n");
    const b = MINIMAL("b", "components: {schemas: {Id: {type: integer}}}\n");
    await Deno.writeTextFile(join(dir, "a.yaml"), a);
    const s = await connect({ reader: countingReader(dir) });
    try {
      const failed = await s.call("join", { specs: [{ file: "a.yaml" }, { content: b }] });
      assertEquals(failed.isError, true);
      assertIncludes(failed.text, "Id");
      const joined = await s.call("join", {
        specs: [{ file: "a.yaml" }, { content: b }],
        schema_strategy: "accept-left",
      });
      assertEquals(joined.isError, false, joined.text);
      assertEquals(joined.structured?.path_count, 2);
      assertEquals(joined.structured?.collision_count, 1);
      assertEquals((joined.structured?.document as { paths: object }).paths, {
        "/a": { get: { responses: { "200": { description: "ok" } } } },
        "/b": { get: { responses: { "200": { description: "ok" } } } },
      });
      const renamed = await s.call("join", {
        specs: [{ file: "a.yaml" }, { content: b }],
        schema_strategy: "rename",
        output: "out.yaml",
      });
      assertEquals(renamed.structured?.written_to, "out.yaml");
      assertEquals(renamed.structured?.document, undefined);
      assertIncludes(await Deno.readTextFile(join(dir, "out.yaml")), "/b:");
      const over = await s.call("join", {
        specs: [{ file: "a.yaml" }, { content: b }],
        schema_strategy: "accept-left",
        output: "a.yaml",
      });
      assertEquals(over.isError, true);
      assertEquals(await Deno.readTextFile(join(dir, "a.yaml")), a);
      // A symbolic link at the output is replaced by the file, never written through.
      await Deno.symlink(join(dir, "elsewhere.yaml"), join(dir, "link.yaml"));
      const link = await s.call("join", {
        specs: [{ file: "a.yaml" }, { content: b }],
        schema_strategy: "accept-left",
        output: "link.yaml",
      });
      assertEquals(link.structured?.written_to, "link.yaml", link.text);
      assert((await Deno.lstat(join(dir, "link.yaml"))).isFile);
      assertEquals(await Deno.lstat(join(dir, "elsewhere.yaml")).catch(() => "absent"), "absent");
      const one = await s.call("join", { specs: [{ file: "a.yaml" }] });
      assertEquals(one.error, {
        code: -32602,
        message: "Invalid arguments for tool join: specs needs at least 2 items.",
      });
    } finally {
      await s.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("overlay_apply: applies, dry-runs, writes, and fails on an invalid overlay", async () => {
  const dir = await tempDir();
  try {
    const s = await connect({ reader: countingReader(dir), allowDirs: [TESTDATA] });
    try {
      const r = await s.call("overlay_apply", { spec: { file: PETSTORE }, overlay: { file: OVERLAY } });
      assertEquals(r.isError, false, r.text);
      assertEquals((r.structured?.document as { info: { title: string } }).info.title, "Petstore (public)");
      const actions = r.structured?.actions as { index: number; kind: string; match_count: number }[];
      assertEquals(actions[0], { index: 0, kind: "update", target: "$.info.title", match_count: 1 } as never);
      assertEquals(r.structured?.applied_count, r.structured?.applied_count as number);
      // The cached document was not changed.
      const parsed = await s.call("parse", { spec: { file: PETSTORE } });
      assertEquals((parsed.structured?.summary as { title: string }).title, "Swagger Petstore");

      const dry = await s.call("overlay_apply", {
        spec: { file: PETSTORE },
        overlay: { file: OVERLAY },
        dry_run: true,
      });
      assertEquals(dry.structured?.dry_run, true);
      assertEquals(dry.structured?.document, undefined);

      const written = await s.call("overlay_apply", {
        spec: { file: PETSTORE },
        overlay: { file: OVERLAY },
        output: "out.yaml",
      });
      assertEquals(written.structured?.written_to, "out.yaml");
      assertIncludes(await Deno.readTextFile(join(dir, "out.yaml")), "Petstore (public)");

      const invalid = await s.call("overlay_apply", {
        spec: { file: PETSTORE },
        overlay: { content: "overlay: 1.1.0\ninfo: {title: t, version: '1'}\nactions: []\n" },
      });
      assertEquals(invalid.isError, true);
      assertIncludes(invalid.text, "actions");
      const strict = await s.call("overlay_apply", {
        spec: { file: PETSTORE },
        overlay: {
          content:
            "overlay: 1.1.0\ninfo: {title: t, version: '1'}\nactions: [{target: $.nothing, remove: true}]\n",
        },
        strict: true,
      });
      assertEquals(strict.isError, true);
    } finally {
      await s.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("overlay_validate: the fields of a valid and an invalid overlay", async () => {
  const s = await connect();
  try {
    const ok = await s.call("overlay_validate", { spec: { file: OVERLAY } });
    assertEquals(ok.structured, {
      valid: true,
      version: "1.1.0",
      title: "Petstore changes",
      action_count: 7,
      errors: [],
    });
    const bad = await s.call("overlay_validate", {
      spec: { content: "overlay: 1.1.0\ninfo: {version: '1'}\nactions: []\n" },
    });
    assertEquals(bad.structured?.valid, false);
    assertEquals(bad.structured?.title, undefined);
    const errors = bad.structured?.errors as { path: string; message: string }[];
    assert(errors.some((e) => e.path === "info.title"), JSON.stringify(errors));
    assert(errors.some((e) => e.path === "actions"), JSON.stringify(errors));
    const notYaml = await s.call("overlay_validate", { spec: { content: "a: [" } });
    assertEquals(notYaml.isError, true);
  } finally {
    await s.close();
  }
});
