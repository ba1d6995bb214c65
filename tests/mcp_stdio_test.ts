/**
 * The tool server over standard input and output, spawned with exactly the binary's permission flags and
 * driven by the SDK's own stdio client.
 */
import { join } from "node:path";
import { assert, assertEquals } from "../src/core/_assert_test.ts";
import { ROOT, withTempDir } from "./_spawn.ts";
import { startMcp } from "./_mcp_client.ts";
import { loadedFiles } from "./_mcp_loads.ts";
import { TOOL_NAMES } from "../src/mcp/mod.ts";

const PETSTORE = `${ROOT}testdata/petstore/petstore-3.1.yaml`;
const OVERLAY = `${ROOT}testdata/overlay/overlay-1.1.yaml`;
const VALID = (title: string) =>
  `openapi: 3.1.0\ninfo: {title: ${title}, version: "1"}\npaths:\n  /${title}:\n    get:\n      responses:\n        "200": {description: ok}\n`;
const INVALID = "openapi: 3.1.0\ninfo: {title: broken}\npaths: {}\n";

interface ListedTool {
  name: string;
  inputSchema: { type: string; properties?: Record<string, unknown> };
  outputSchema?: { type: string; properties?: Record<string, unknown> };
}

Deno.test("stdio: initialize, tools/list with input and output schemas, a call of every tool", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "a.yaml"), VALID("a"));
    // The test documents are outside the server's working directory: --allow-dir adds their folder.
    const s = await startMcp({ cwd: dir, flags: ["--allow-dir", `${ROOT}testdata`] });
    try {
      assertEquals(s.client.getServerVersion()?.name, "oatool");
      const tools = (await s.client.listTools()).tools as ListedTool[];
      assertEquals(tools.map((t) => t.name), [...TOOL_NAMES]);
      for (const t of tools) {
        assertEquals(t.inputSchema.type, "object", t.name);
        assertEquals(t.outputSchema?.type, "object", t.name);
      }
      const calls: [string, Record<string, unknown>, (r: Record<string, unknown>) => boolean][] = [
        ["validate", { spec: { file: PETSTORE } }, (r) => r.valid === true && r.version === "3.1.0"],
        ["parse", { spec: { file: "a.yaml" } }, (r) => (r.summary as { title: string }).title === "a"],
        [
          "fix",
          { spec: { file: PETSTORE }, dry_run: true },
          (r) => r.version === "3.1.0" && r.fix_count === 0,
        ],
        [
          "join",
          { specs: [{ file: "a.yaml" }, { content: VALID("b") }], output: "joined.yaml" },
          (r) => r.path_count === 2 && r.written_to === "joined.yaml",
        ],
        [
          "overlay_apply",
          { spec: { file: PETSTORE }, overlay: { file: OVERLAY }, dry_run: true },
          (r) => r.dry_run === true && (r.actions as unknown[]).length === 7,
        ],
        ["overlay_validate", { spec: { file: OVERLAY } }, (r) => r.valid === true && r.action_count === 7],
        [
          "diff",
          { base: { file: "a.yaml" }, revision: { content: VALID("b") } },
          (r) => (r.total_changes as number) > 0 && (r.breaking_count as number) > 0,
        ],
        [
          "convert",
          { spec: { file: PETSTORE }, target: "3.0", output: "converted.yaml" },
          (r) => r.source_version === "3.1.0" && r.written_to === "converted.yaml",
        ],
        [
          "bundle",
          { spec: { file: `${ROOT}testdata/multifile/oas30/openapi.yaml` }, output: "bundled.json" },
          (r) => r.success === true && r.file_count === 7 && r.written_to === "bundled.json",
        ],
        [
          "generate",
          { spec: { file: "a.yaml" }, output_dir: "go", package_name: "pets" },
          (r) => r.package_name === "pets" && (r.files as string[]).length > 0,
        ],
        ["walk_operations", { spec: { file: PETSTORE }, limit: 1 }, (r) => r.returned === 1 && r.limit === 1],
        ["walk_schemas", { spec: { file: PETSTORE }, component: true }, (r) => (r.matched as number) > 0],
        ["walk_parameters", { spec: { file: PETSTORE }, in: "query" }, (r) => (r.matched as number) > 0],
        [
          "walk_responses",
          { spec: { file: PETSTORE }, group_by: "status_code" },
          (r) => Array.isArray(r.groups),
        ],
        ["walk_headers", { spec: { file: PETSTORE } }, (r) => typeof r.total === "number"],
        ["walk_security", { spec: { file: PETSTORE } }, (r) => typeof r.total === "number"],
        ["walk_paths", { spec: { file: PETSTORE }, path: "/pets" }, (r) => r.matched === 1],
        ["walk_refs", { spec: { file: PETSTORE } }, (r) => (r.total as number) > 0],
        [
          "graph",
          { spec: { file: PETSTORE }, operations: true },
          (r) => (r.mermaid as string).startsWith("flowchart LR\n") && (r.nodes as number) > 0,
        ],
      ];
      assertEquals(calls.map((c) => c[0]).sort(), [...TOOL_NAMES].sort());
      for (const [name, args, check] of calls) {
        const r = await s.call(name, args);
        assertEquals(r.isError, false, `${name}: ${r.text}`);
        assert(check(r.structured!), `${name}: ${r.text}`);
        assertEquals(JSON.parse(r.text), r.structured);
      }
      assert((await Deno.readTextFile(join(dir, "joined.yaml"))).includes("/b:"));
    } finally {
      await s.close();
    }
  });
});

Deno.test("stdio: a second validate of an unchanged file does not re-read it; touching it does", async () => {
  await withTempDir(async (dir) => {
    const file = join(dir, "api.yaml");
    await Deno.writeTextFile(file, VALID("api"));
    await Deno.writeTextFile(join(dir, "last.yaml"), VALID("last"));
    const s = await startMcp({ cwd: dir, flags: ["--verbose"] });
    try {
      assertEquals((await s.call("validate", { spec: { file: "api.yaml" } })).structured?.valid, true);
      assertEquals((await s.call("parse", { spec: { file: file } })).isError, false); // by its absolute path
      await Deno.writeTextFile(file, INVALID);
      const later = new Date(Date.now() + 10_000);
      await Deno.utime(file, later, later);
      const after = await s.call("validate", { spec: { file: "api.yaml" } });
      assertEquals(after.structured?.valid, false);
      // fix and convert would not use the cache; content is keyed by its hash.
      assertEquals((await s.call("validate", { spec: { content: INVALID } })).structured?.valid, false);
      await s.call("validate", { spec: { file: "last.yaml" } });
      assertEquals(await loadedFiles(s.stderr, "last.yaml"), ["api.yaml", "api.yaml", "last.yaml"]);
    } finally {
      await s.close();
    }
  });
});

Deno.test("stdio: the cache keeps 10 entries and evicts the least recently used", async () => {
  await withTempDir(async (dir) => {
    for (let i = 0; i <= 10; i++) await Deno.writeTextFile(join(dir, `s${i}.yaml`), VALID(`s${i}`));
    await Deno.writeTextFile(join(dir, "last.yaml"), VALID("last"));
    const s = await startMcp({ cwd: dir, flags: ["--verbose"] });
    try {
      for (let i = 0; i <= 10; i++) await s.call("validate", { spec: { file: `s${i}.yaml` } });
      await s.call("validate", { spec: { file: "s10.yaml" } }); // still cached
      await s.call("validate", { spec: { file: "s1.yaml" } }); // still cached (s0 was the least recent)
      await s.call("validate", { spec: { file: "s0.yaml" } }); // evicted by s10: read again
      await s.call("validate", { spec: { file: "last.yaml" } });
      const first = Array.from({ length: 11 }, (_, i) => `s${i}.yaml`);
      assertEquals(await loadedFiles(s.stderr, "last.yaml"), [...first, "s0.yaml", "last.yaml"]);
    } finally {
      await s.close();
    }
  });
});

Deno.test("stdio: a 127.0.0.1 URL is refused by default and fetched with --allow-private-urls", async () => {
  const ac = new AbortController();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, signal: ac.signal, onListen() {} },
    () => new Response(VALID("remote")),
  );
  const url = `http://127.0.0.1:${server.addr.port}/openapi.yaml`;
  try {
    const guarded = await startMcp();
    try {
      const r = await guarded.call("validate", { spec: { url } });
      assertEquals(r.isError, true);
      assertEquals(
        r.text,
        `${url} leads to a loopback address, which this server does not fetch; start it with --allow-private-urls to allow that.`,
      );
    } finally {
      await guarded.close();
    }
    const open = await startMcp({ flags: ["--allow-private-urls"] });
    try {
      const r = await open.call("parse", { spec: { url } });
      assertEquals((r.structured?.summary as { title: string }).title, "remote");
    } finally {
      await open.close();
    }
  } finally {
    ac.abort();
    await server.finished;
  }
});

Deno.test("stdio: malformed requests are answered and the server keeps serving", async () => {
  const s = await startMcp();
  try {
    // Malformed calls: a JSON-RPC error -32602 with one line naming the field.
    const malformed: [string, Record<string, unknown>, string][] = [
      ["no_such_tool", {}, "no_such_tool"],
      ["validate", { spec: { file: 42 } }, "spec.file"],
      ["validate", { spec: { file: PETSTORE }, no_warnings: "no" }, "no_warnings"],
      ["validate", {}, "spec"],
      ["join", { specs: [{ file: PETSTORE }] }, "specs"],
      ["overlay_apply", { spec: { file: PETSTORE } }, "overlay"],
    ];
    for (const [name, args, part] of malformed) {
      const r = await s.call(name, args);
      assertEquals(r.error?.code, -32602, name);
      assert(
        r.error!.message.includes(part) && !r.error!.message.includes("\n"),
        `${name}: ${r.error!.message}`,
      );
    }
    // Calls the tool refuses: an isError result with one sentence.
    const cases: [string, Record<string, unknown>, string][] = [
      [
        "validate",
        { spec: { file: PETSTORE, url: "https://example.com/a.yaml" } },
        "file and url were given",
      ],
      [
        "parse",
        { spec: { file: PETSTORE, url: "https://example.com/a.yaml", content: "x" } },
        "file and url and content",
      ],
    ];
    for (const [name, args, part] of cases) {
      const r = await s.call(name, args);
      assertEquals(r.isError, true, name);
      assert(r.text.includes(part), `${name}: ${r.text}`);
    }
    await s.client.ping();
    assertEquals((await s.call("validate", { spec: { file: PETSTORE } })).structured?.valid, true);
    assertEquals(s.stderr().includes("serving on standard input and output"), true);
  } finally {
    await s.close();
  }
});

Deno.test("stdio: walk pagination edges and the --walk-limit flags", async () => {
  const s = await startMcp({ flags: ["--walk-limit", "2", "--walk-detail-limit", "1"] });
  try {
    const page = async (args: Record<string, unknown>) => {
      const r = await s.call("walk_operations", { spec: { file: PETSTORE }, ...args });
      assertEquals(r.isError, false, r.text);
      const st = r.structured!;
      return [st.matched, st.returned, st.offset, st.limit, (st.items as unknown[]).length];
    };
    const total = (await s.call("walk_operations", { spec: { file: PETSTORE }, limit: 1000 })).structured!
      .matched as number;
    assert(total >= 3, String(total));
    assertEquals(await page({}), [total, 2, 0, 2, 2]);
    assertEquals(await page({ detail: true }), [total, 1, 0, 1, 1]);
    assertEquals(await page({ limit: 0 }), [total, 0, 0, 0, 0]);
    assertEquals(await page({ offset: total - 1 }), [total, 1, total - 1, 2, 1]);
    assertEquals(await page({ offset: total }), [total, 0, total, 2, 0]);
    assertEquals(await page({ offset: total + 50, limit: 5 }), [total, 0, total + 50, 5, 0]);
    const grouped = await s.call("walk_operations", {
      spec: { file: PETSTORE },
      group_by: "method",
      limit: 1,
    });
    assertEquals([grouped.structured?.returned, (grouped.structured?.groups as unknown[]).length], [1, 1]);
    const both = await s.call("walk_operations", { spec: { file: PETSTORE }, group_by: "tag", detail: true });
    assertEquals(both.text, "group_by and detail exclude each other; give one of them.");
    const negative = await s.call("walk_operations", { spec: { file: PETSTORE }, offset: -1 });
    assertEquals(negative.error?.code, -32602);
  } finally {
    await s.close();
  }
});
