/**
 * MCP replies an assistant can afford: validate and diff page their findings and changes (limit, offset; the
 * counts always of every item) and every finding keeps its rule, pointer and location; tools/list stays small,
 * its names short and its input schemas free of `$ref`. GitHub's description (npm `@octokit/openapi`, installed
 * under /tmp/octo) is paged when present; those tests skip when it is absent.
 */
import { assert, assertEquals } from "../src/core/_assert_test.ts";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { connect, type Connected, listTools } from "../src/mcp/_test_client.ts";
import { run } from "../src/cli/_test_io.ts";

const TESTDATA = fileURLToPath(new URL("../testdata/", import.meta.url));
const INVALID = join(TESTDATA, "validator/invalid.yaml");
const BASE = join(TESTDATA, "diff/base.yaml");
const BREAKING = join(TESTDATA, "diff/breaking.yaml");
const GITHUB_DIR = "/tmp/octo/node_modules/@octokit/openapi/generated/";
const GITHUB = `${GITHUB_DIR}api.github.com.json`;
const github = (() => {
  try {
    return Deno.statSync(GITHUB).isFile;
  } catch {
    return false;
  }
})();
const skipped = github ? "" : ` (skipped: ${GITHUB} is not installed)`;

type Item = { rule?: string; pointer: string; message: string; location?: unknown };

/** Every page of `tool` with `limit`, from offset 0 until no next_offset; each page's structured result. */
async function pages(
  s: Connected,
  tool: string,
  args: Record<string, unknown>,
  limit: number,
): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let offset: number | undefined = 0;
  while (offset !== undefined && out.length < 1_000) {
    const reply = await s.call(tool, { ...args, limit, offset });
    assertEquals(reply.isError, false, reply.text);
    out.push(reply.structured!);
    offset = reply.structured!.next_offset as number | undefined;
  }
  return out;
}

const key = (f: Item) => `${f.rule}\0${f.pointer}\0${f.message}`;

function assertPlaced(items: Item[]): void {
  for (const f of items) {
    assert(typeof f.rule === "string" && f.rule.length > 0, JSON.stringify(f));
    assert(typeof f.pointer === "string", JSON.stringify(f));
    assert(f.location !== undefined, `no location: ${JSON.stringify(f)}`);
  }
}

Deno.test("mcp validate pages: limit 2 pages are disjoint, cover every finding, the counts exact on each", async () => {
  const s = await connect({ allowDirs: [TESTDATA] });
  try {
    const whole = (await s.call("validate", { spec: { file: INVALID } })).structured!;
    const total = (whole.error_count as number) + (whole.warning_count as number);
    assert(total > 3, `${total} findings`);
    const got = await pages(s, "validate", { spec: { file: INVALID } }, 2);
    assertEquals(got.length, Math.ceil(total / 2));
    const seen: string[] = [];
    for (const [n, p] of got.entries()) {
      const items = [...p.errors as Item[], ...p.warnings as Item[]];
      assertEquals(p.returned, items.length);
      assertEquals(items.length, n < got.length - 1 ? 2 : total - 2 * n);
      assertEquals(p.error_count, whole.error_count);
      assertEquals(p.warning_count, whole.warning_count);
      assertEquals(p.valid, false);
      assertPlaced(items);
      seen.push(...items.map(key));
    }
    assertEquals(new Set(seen).size, total);
    const all = [...whole.errors as Item[], ...whole.warnings as Item[]].map(key);
    assertEquals(seen, all);
    assertEquals(whole.next_offset, undefined);
  } finally {
    await s.close();
  }
});

Deno.test("mcp diff pages: limit 2 pages are disjoint, cover every change, the counts exact on each", async () => {
  const s = await connect({ allowDirs: [TESTDATA] });
  try {
    const args = { base: { file: BASE }, revision: { file: BREAKING } };
    const whole = (await s.call("diff", args)).structured!;
    const total = whole.total_changes as number;
    assert(total > 3, `${total} changes`);
    const got = await pages(s, "diff", args, 2);
    assertEquals(got.length, Math.ceil(total / 2));
    const seen: string[] = [];
    for (const p of got) {
      const items = p.changes as Item[];
      assertEquals(p.returned, items.length);
      assertEquals(p.total_changes, total);
      assertEquals(p.breaking_count, whole.breaking_count);
      assertEquals(p.changes_omitted, total - items.length);
      assertPlaced(items);
      seen.push(...items.map(key));
    }
    assertEquals(new Set(seen).size, total);
    assertEquals(seen, (whole.changes as Item[]).map(key));
  } finally {
    await s.close();
  }
});

Deno.test({
  name:
    `mcp validate of GitHub's description: the first page has at most 100 findings, the counts the CLI's${skipped}`,
  ignore: !github,
  async fn() {
    const cli = await run(["validate", GITHUB, "--format", "json"]);
    const report = JSON.parse(cli.stdout.slice(cli.stdout.indexOf("{")));
    const s = await connect({ allowDirs: [GITHUB_DIR] });
    try {
      const reply = await s.call("validate", { spec: { file: GITHUB } });
      assertEquals(reply.isError, false, reply.text);
      const p = reply.structured!;
      const items = [...p.errors as Item[], ...p.warnings as Item[]];
      assert(items.length <= 100, `${items.length} findings`);
      assertEquals(p.returned, items.length);
      assertEquals(p.error_count, report.errorCount);
      assertEquals(p.warning_count, report.warningCount);
      assertPlaced(items);
      if (report.errorCount + report.warningCount > 100) assertEquals(p.next_offset, 100);
    } finally {
      await s.close();
    }
  },
});

const GHES = [`${GITHUB_DIR}ghes-3.18.json`, `${GITHUB_DIR}ghes-3.19.json`];
const ghes = GHES.every((path) => {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
});

Deno.test({
  name: `mcp diff of GHES 3.18 → 3.19: pages of 100 changes, disjoint, the counts exact on each${
    ghes ? "" : ` (skipped: ${GHES.join(" and ")} are not installed)`
  }`,
  ignore: !ghes,
  async fn() {
    const s = await connect({ allowDirs: [GITHUB_DIR] });
    try {
      const args = { base: { file: GHES[0] }, revision: { file: GHES[1] } };
      const first = (await s.call("diff", args)).structured!;
      const total = first.total_changes as number;
      assert(total > 200, `${total} changes`);
      assertEquals(first.returned, 100);
      assertEquals(first.next_offset, 100);
      const second = (await s.call("diff", { ...args, offset: 100 })).structured!;
      assertEquals(second.total_changes, total);
      assertEquals(second.breaking_count, first.breaking_count);
      assertEquals(second.returned, 100);
      const keys = new Set((first.changes as Item[]).map(key));
      for (const c of second.changes as Item[]) assert(!keys.has(key(c)), key(c));
      assertPlaced([...first.changes as Item[], ...second.changes as Item[]]);
    } finally {
      await s.close();
    }
  },
});

/**
 * Issue 32's target for the bytes of tools/list: 25 KB (56.3 KB before the output schemas were made compact and
 * the shared rules moved to the server's instructions; see src/mcp/tool_list.ts).
 */
const TOOLS_LIST_BOUND = 25 * 1024;

Deno.test("mcp tools/list: within its bound, every name at most 64 characters, no $ref in an input schema", async () => {
  const s = await connect();
  try {
    const listed = await s.client.listTools();
    const bytes = new TextEncoder().encode(JSON.stringify(listed)).length;
    assert(bytes <= TOOLS_LIST_BOUND, `tools/list is ${bytes} bytes`);
    const tools = await listTools(s.client);
    for (const tool of tools) {
      assert(tool.name.length <= 64, tool.name);
      const input = JSON.stringify(tool.inputSchema);
      assert(!input.includes('"$ref"'), `${tool.name}: ${input}`);
    }
    for (const tool of tools.filter((t) => t.name === "validate" || t.name === "diff")) {
      const props = tool.inputSchema.properties ?? {};
      assert("limit" in props && "offset" in props, tool.name);
    }
  } finally {
    await s.close();
  }
});
