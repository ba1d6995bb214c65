import { assert, assertEquals } from "../core/_assert_test.ts";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { connect, countingReader, listTools, V1, V2 } from "./_test_client.ts";
import { SERVER_INSTRUCTIONS, TOOL_NAMES } from "./server.ts";
import { compactSchema, listedTool } from "./tool_list.ts";

const TESTDATA = fileURLToPath(new URL("../../testdata/", import.meta.url));
const PETSTORE = `${TESTDATA}petstore/petstore-3.1.yaml`;
const PETSTORE_20 = `${TESTDATA}petstore/petstore-2.0.yaml`;
const MULTIFILE = `${TESTDATA}multifile/oas30/openapi.yaml`;
const OVERLAY = `${TESTDATA}overlay/overlay-1.1.yaml`;

// The bytes of tools/list (at most 25 KB), its names (64 characters) and its input schemas (no $ref) are asserted
// in tests/mcp_paging_test.ts.
Deno.test("tools/list: one or two sentences a tool, no $schema or execution member, every output schema an object", async () => {
  const s = await connect();
  try {
    for (const tool of await listTools(s.client)) {
      // The shared rules are in the instructions, not repeated per tool.
      assert((tool.description ?? "").length <= 240, `${tool.name}: ${tool.description}`);
      const text = JSON.stringify(tool);
      assert(!text.includes('"$schema"') && !text.includes('"execution"'), tool.name);
      assertEquals(tool.outputSchema?.type, "object", tool.name);
    }
  } finally {
    await s.close();
  }
});

Deno.test("initialize: the instructions say the shared rules once (documents, workspace, findings, paging, walk)", async () => {
  const s = await connect();
  try {
    const instructions = s.client.getInstructions() ?? "";
    assertEquals(instructions, SERVER_INSTRUCTIONS);
    for (
      const part of [
        "exactly one of file",
        "roots",
        "keep_refs",
        "*_omitted",
        "next_offset",
        "group_by",
        "x-foo!=v",
      ]
    ) assert(instructions.includes(part), part);
  } finally {
    await s.close();
  }
});

Deno.test("listing: input closed at the top only; output top-level fields typed, nested objects by their required keys, no prose", () => {
  const listed = listedTool({
    name: "t",
    description: "d",
    input: z.object({ a: z.string().describe("kept"), d: z.object({ file: z.string() }).strict() }).strict(),
    output: z.object({
      n: z.number().int().describe("dropped"),
      items: z.array(z.object({ k: z.string(), o: z.string().optional() })),
      doc: z.record(z.unknown()).optional(),
    }),
    readOnly: true,
  });
  assertEquals(listed.inputSchema, {
    type: "object",
    properties: {
      a: { type: "string", description: "kept" },
      // Only the arguments object is closed: the server refuses an unknown field of d itself.
      d: { type: "object", properties: { file: { type: "string" } }, required: ["file"] },
    },
    required: ["a", "d"],
    additionalProperties: false,
  });
  assertEquals(listed.outputSchema, {
    type: "object",
    properties: {
      n: { type: "integer" },
      items: { type: "array", items: { type: "object", required: ["k"] } },
      doc: { type: "object" },
    },
    required: ["n", "items"],
  });
  assertEquals(compactSchema({ anyOf: [{ type: "string", description: "x" }] }, 1), {
    anyOf: [{ type: "string" }],
  });
});

/** A real call of each tool (with results that have findings, changes or items where it can). */
function callsOf(): Record<string, Record<string, unknown>[]> {
  const spec = { file: PETSTORE };
  const broken =
    'openapi: 3.1.0\ninfo: {title: t}\npaths:\n  /a/{id}:\n    get:\n      responses: {"200": {description: ok}}\n';
  return {
    validate: [{ spec: { content: broken } }, { spec, limit: 1 }],
    parse: [{ spec, full: true }],
    fix: [{ spec: { content: broken }, dry_run: true }, { spec: { content: broken } }],
    convert: [{ spec: { file: PETSTORE_20 }, target: "3.1" }],
    bundle: [{ spec: { file: MULTIFILE } }],
    diff: [{ base: { content: V1 }, revision: { content: V2 }, limit: 1 }],
    join: [{ specs: [{ content: V1 }, { content: V2 }], path_strategy: "accept-left" }],
    overlay_apply: [{ spec, overlay: { file: OVERLAY } }, {
      spec,
      overlay: { file: OVERLAY },
      dry_run: true,
    }],
    overlay_validate: [{ spec: { file: OVERLAY } }],
    generate: [{ spec, output_dir: "gen", client: true, server: true }],
    walk_operations: [{ spec }, { spec, group_by: "tag" }, { spec, detail: true, limit: 1 }],
    walk_schemas: [{ spec }, { spec, group_by: "type" }],
    walk_refs: [{ spec }, { spec, detail: true }],
  };
}

Deno.test("every tool's structured result of a real call validates against its listed output schema", async () => {
  const dir = await Deno.makeTempDir({ prefix: "oatool-mcp-list-" });
  try {
    const s = await connect({ reader: countingReader(dir), allowDirs: [TESTDATA] });
    try {
      // Listing the tools makes the SDK's client validate every later result against the listed schema.
      const tools = await listTools(s.client);
      const validator = (name: string) =>
        (s.client as unknown as { getToolOutputValidator(n: string): unknown }).getToolOutputValidator(name);
      const calls = callsOf();
      for (const tool of tools) {
        assert(validator(tool.name) !== undefined, tool.name);
        // A tool without an entry (one added later) is called on the petstore.
        for (const args of calls[tool.name] ?? [{ spec: { file: PETSTORE } }]) {
          const r = await s.call(tool.name, args);
          assertEquals(r.error, undefined, `${tool.name}: ${r.error?.message}`);
          assertEquals(r.isError, false, `${tool.name}: ${r.text}`);
          assert(r.structured !== undefined, tool.name);
        }
      }
      assertEquals(tools.map((t) => t.name), [...TOOL_NAMES]);
    } finally {
      await s.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
