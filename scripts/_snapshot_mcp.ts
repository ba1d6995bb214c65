/**
 * The MCP tool calls scripts/snapshot_all.ts fingerprints for one document: each tool of `oatool mcp` called
 * in-process through the SDK's client (as the server's tests do), its text, structured content and error flag.
 *
 * @module
 */
import { basename, join } from "node:path";
import { type CallOutcome, connect, type Connected } from "../src/mcp/_test_client.ts";
import { WALK_KINDS } from "./_snapshot_cases.ts";

/** One tool call: its name, option set and arguments. */
export interface McpCase {
  /** The tool. */
  tool: string;
  /** The option set's name. */
  options: string;
  /** The call's arguments. */
  args: Record<string, unknown>;
}

/** A server for one document's calls (a fresh session cache), with `tmp` in its workspace. */
export function connectServer(tmp: string): Promise<Connected> {
  return connect({ workers: false, allowDirs: [tmp] });
}

/** The text one call's outcome is fingerprinted by. */
export function outcomeText(outcome: CallOutcome): string {
  return JSON.stringify(outcome, null, 1);
}

/** The tool calls for one document; files are written under `outDir`. */
export function mcpCases(doc: string, outDir: string): McpCase[] {
  const spec = { file: doc };
  const c = (tool: string, options: string, args: Record<string, unknown>): McpCase => ({
    tool,
    options,
    args,
  });
  const out: McpCase[] = [
    c("validate", "plain", { spec }),
    c("validate", "strict", { spec, strict: true }),
    c("parse", "plain", { spec }),
    c("parse", "full resolve-refs", { spec, full: true, resolve_refs: true }),
    c("fix", "dry-run", { spec, dry_run: true }),
    c("fix", "all", {
      spec,
      include_document: true,
      fix_duplicate_operationids: true,
      fix_schema_names: true,
      prune: true,
      stub_missing_refs: true,
    }),
    ...["2.0", "3.0", "3.1"].map((target) => c("convert", target, { spec, target })),
    c("bundle", "plain", { spec }),
    c("bundle", "dereference", { spec, dereference: true }),
    c("diff", "itself breaking-only", { base: spec, revision: spec, breaking_only: true }),
    c("generate", "client server", {
      spec,
      output_dir: join(outDir, "gen"),
      package_name: "api",
      client: true,
      server: true,
    }),
  ];
  for (const [kind, group] of WALK_KINDS) {
    out.push(c(`walk_${kind}`, "plain", { spec }));
    out.push(c(`walk_${kind}`, "detail page", { spec, detail: true, limit: 2, offset: 1 }));
    if (group !== undefined) out.push(c(`walk_${kind}`, `group-by ${group}`, { spec, group_by: group }));
  }
  const name = basename(doc);
  if (doc.startsWith("testdata/overlay/") && name.startsWith("petstore.")) {
    for (const overlay of ["overlay-1.0.yaml", "overlay-1.1.yaml", "invalid.yaml"]) {
      out.push(c("overlay_apply", overlay, { spec, overlay: { file: `testdata/overlay/${overlay}` } }));
    }
  }
  if (doc.startsWith("testdata/overlay/") && !name.startsWith("petstore.")) {
    out.push(c("overlay_validate", "plain", { spec }));
  }
  if (doc === "testdata/joiner/oas3/users.yaml") {
    const specs = [spec, { file: "testdata/joiner/oas3/orders.yaml" }];
    out.push(c("join", "fail", { specs }));
    out.push(c("join", "rename-right dedup", { specs, schema_strategy: "rename", semantic_dedup: true }));
  }
  if (doc.startsWith("testdata/diff/") && name !== "base.yaml") {
    const base = { file: "testdata/diff/base.yaml" };
    out.push(c("diff", "base", { base, revision: spec }));
    out.push(
      c("diff", "base breaking-only no-info", { base, revision: spec, breaking_only: true, no_info: true }),
    );
  }
  return out;
}
