/**
 * The `graph` tool: Mermaid of the 3.0 fixture's neighbourhood of a focus (the same text `oatool graph`
 * prints), the counts, and the refusals (a graph larger than `max_nodes`, an unknown focus) as one sentence.
 */
import { assert, assertEquals } from "../core/_assert_test.ts";
import { fileURLToPath } from "node:url";
import { connect } from "./_test_client.ts";
import { graph, renderGraphMermaid } from "../graph/mod.ts";
import { parseMermaid } from "../graph/_test_parse.ts";

const V30 = fileURLToPath(new URL("../../testdata/graph/v30.yaml", import.meta.url));

Deno.test("mcp graph: Mermaid of a focus, bounded by max_nodes; an unknown focus is one sentence", async () => {
  const s = await connect();
  try {
    const spec = { file: V30 };
    const r = await s.call("graph", { spec, focus: ["User"], depth: 1, direction: "out" });
    assert(!r.isError, r.text);
    const mermaid = r.structured?.mermaid as string;
    assertEquals(
      mermaid,
      renderGraphMermaid(await graph({ file: V30 }, { focus: ["User"], depth: 1, direction: "out" })),
    );
    assertEquals(parseMermaid(mermaid).edges, ["User -additionalProperties-> Tag", "User -items-> Pet"]);
    assertEquals([r.structured?.nodes, r.structured?.edges, r.structured?.cycles, r.structured?.unused], [
      3,
      2,
      0,
      0,
    ]);

    const whole = await s.call("graph", { spec, operations: true, group_by: "tag" });
    assertEquals(whole.structured?.nodes, 13);
    assertEquals(whole.structured?.unused, 3);

    const large = await s.call("graph", { spec, max_nodes: 5 });
    assert(large.isError);
    assert(/has 10 nodes, more than the 5 drawn at most/.test(large.text), large.text);
    const unknown = await s.call("graph", { spec, focus: ["Usr"] });
    assert(unknown.isError);
    assert(/did you mean "User"\?/.test(unknown.text), unknown.text);
    const tooMany = await s.call("graph", { spec, max_nodes: 1000 });
    assert(tooMany.error !== undefined || tooMany.isError, "max_nodes is at most 300");
  } finally {
    await s.close();
  }
});
