/**
 * `oatool graph` run as a process on GitHub's REST description (when it is installed at the path below; the
 * tests say they are skipped otherwise): `--focus repository --depth 1 --format svg` draws exactly the schemas
 * an independent scan of the JSON finds next to `repository` (those it refers to and those referring to it),
 * and the whole graph (969 schemas) is refused with the hint. Its speed is measured by scripts/graph_bench.ts.
 */
import assert from "node:assert/strict";
import { spawnOatool } from "./_spawn.ts";

const GITHUB = "/tmp/octo/node_modules/@octokit/openapi/generated/api.github.com.json";
const present = await Deno.stat(GITHUB).then((s) => s.isFile, () => false);
const skipped = present ? "" : ` (skipped: GitHub's description is not installed at ${GITHUB})`;

/** Keys whose values are data, not schemas: a `$ref` there is not a reference. */
const DATA = new Set(["example", "examples", "default", "enum", "const"]);

/** The component schemas each component schema refers to, found by a plain scan of the JSON. */
function scan(schemas: Record<string, unknown>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [name, schema] of Object.entries(schemas)) {
    const targets = new Set<string>();
    const stack: unknown[] = [schema];
    while (stack.length > 0) {
      const v = stack.pop();
      if (Array.isArray(v)) stack.push(...v);
      else if (v !== null && typeof v === "object") {
        for (const [k, child] of Object.entries(v)) {
          if (k === "$ref" && typeof child === "string") {
            const m = /^#\/components\/schemas\/([^/]+)(\/.*)?$/.exec(child);
            const target = m && m[1].replaceAll("~1", "/").replaceAll("~0", "~");
            // A reference into the schema itself (below its root) is not an edge.
            if (target && !(target === name && m![2] !== undefined)) targets.add(target);
          } else if (!DATA.has(k) && !k.startsWith("x-")) stack.push(child);
        }
      }
    }
    out.set(name, targets);
  }
  return out;
}

/** SVG text content as text: character references decoded. */
function xmlText(text: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return text.replace(
    /&(#\d+|[a-z]+);/g,
    (_, e: string) => e.startsWith("#") ? String.fromCodePoint(Number(e.slice(1))) : named[e],
  );
}

Deno.test(
  `graph on GitHub: --focus repository --depth 1 --format svg draws the scanned neighbours${skipped}`,
  {
    ignore: !present,
  },
  async () => {
    const doc = JSON.parse(await Deno.readTextFile(GITHUB));
    const refs = scan(doc.components.schemas);
    const expected = new Set(["repository", ...refs.get("repository")!]);
    for (const [name, targets] of refs) if (targets.has("repository")) expected.add(name);

    const r = await spawnOatool([
      "graph",
      "--focus",
      "repository",
      "--depth",
      "1",
      "--format",
      "svg",
      GITHUB,
    ]);
    assert.equal(r.code, 0, r.stderr);
    const labels = [
      ...r.stdout.matchAll(/<g id="n\d+" class="node schema[^"]*">.*?<text[^>]*>([^<]*)<\/text>/gs),
    ]
      .map((m) => xmlText(m[1]));
    assert.deepEqual(labels.sort(), [...expected].sort());
    assert.ok(labels.length > 5, labels.join(", "));
    assert.match(r.stdout, /<g id="n\d+" class="node schema[^"]*focus[^"]*">\n<title>n\d+<\/title>/);
  },
);

Deno.test(
  `graph on GitHub: the whole graph is refused with the hint${skipped}`,
  { ignore: !present },
  async () => {
    const r = await spawnOatool(["graph", GITHUB]);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, "");
    assert.match(
      r.stderr,
      /^oatool graph: the graph of \S+ has 969 nodes, more than the 300 drawn at most: draw a part with --focus NAME \(a schema, an operationId or "METHOD \/path"\) and --depth 1, or raise --max-nodes\.\n$/,
    );
  },
);
