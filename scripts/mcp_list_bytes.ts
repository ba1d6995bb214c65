/**
 * The bytes of the MCP server's `tools/list` answer, per tool and per part (name, description, inputSchema,
 * outputSchema, annotations), as JSON text in UTF-8: what an assistant pays for on every turn (issue 32: at
 * most 25 KB in all). Run: `deno run -A scripts/mcp_list_bytes.ts`.
 *
 * @module
 */
import { connect } from "../src/mcp/_test_client.ts";

const PARTS = ["name", "description", "inputSchema", "outputSchema", "annotations"] as const;
const bytes = (value: unknown) =>
  value === undefined ? 0 : new TextEncoder().encode(JSON.stringify(value)).length;

const s = await connect();
try {
  const listed = await s.client.listTools();
  const sums = PARTS.map(() => 0);
  console.log(["tool", ...PARTS, "all"].join("\t"));
  for (const tool of listed.tools as Record<string, unknown>[]) {
    const row = PARTS.map((part) => bytes(tool[part]));
    row.forEach((n, i) => sums[i] += n);
    console.log([tool.name, ...row, bytes(tool)].join("\t"));
  }
  console.log(["(parts)", ...sums, ""].join("\t"));
  console.log(`tools/list: ${bytes(listed)} bytes for ${listed.tools.length} tools`);
} finally {
  await s.close();
}
