/**
 * The MCP `generate` tool's selection options and its `removed` result (issue 33): a slice of the API is
 * generated, and the files an earlier call generated that this one no longer produces are removed and listed.
 */
import { assertEquals } from "../core/_assert_test.ts";
import { join } from "node:path";
import { connect, countingReader, V1 } from "./_test_client.ts";

Deno.test("generate tool: the selection options slice the API; stale generated files are removed and listed (kept with no_clean)", async () => {
  const dir = await Deno.makeTempDir({ prefix: "oatool-mcp-gen-select-" });
  try {
    const s = await connect({ reader: countingReader(dir) });
    try {
      const all = await s.call("generate", {
        spec: { content: V1 },
        output_dir: "api",
        client: true,
        server: true,
      });
      assertEquals(all.isError, false, all.text);
      assertEquals([all.structured?.operation_count, all.structured?.removed], [2, []]);
      // no_clean keeps what this call no longer produces (server.go), as --no-clean does.
      const kept = await s.call("generate", {
        spec: { content: V1 },
        output_dir: "api",
        client: true,
        include_operations: ["getPet"],
        no_clean: true,
      });
      assertEquals(kept.isError, false, kept.text);
      assertEquals(kept.structured?.removed, []);
      assertEquals((await Deno.stat(join(dir, "api", "server.go"))).isFile, true);
      const one = await s.call("generate", {
        spec: { content: V1 },
        output_dir: "api",
        client: true,
        include_operations: ["getPet"],
      });
      assertEquals(one.isError, false, one.text);
      assertEquals([one.structured?.operation_count, one.structured?.removed], [1, ["server.go"]]);
      const client = await Deno.readTextFile(join(dir, "api", "client.go"));
      assertEquals([client.includes("GetPet("), client.includes("ListPets(")], [true, false]);
      const none = await s.call("generate", {
        spec: { content: V1 },
        output_dir: "api",
        client: true,
        exclude_operations: ["*Pet*"],
      });
      assertEquals(none.isError, true);
    } finally {
      await s.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
