/**
 * The library calls scripts/snapshot_all.ts fingerprints for one document: each command's library function
 * (from `src/*\/mod.ts`, the functions the CLI calls) with representative options, its whole result serialised
 * (or the error's class and message). These lines show changes the CLI does not print; they change by design
 * where a change renames a field of a library result (say so in the note), the CLI lines never.
 *
 * @module
 */
import { basename } from "node:path";
import { bundle } from "../src/bundler/mod.ts";
import { convert } from "../src/converter/mod.ts";
import { diff } from "../src/differ/mod.ts";
import { fix } from "../src/fixer/mod.ts";
import { join } from "../src/joiner/mod.ts";
import { applyOverlay, loadOverlay } from "../src/overlay/mod.ts";
import { parse } from "../src/bundler/parse.ts";
import { validate } from "../src/validator/mod.ts";
import { walk } from "../src/queries/mod.ts";
import { WALK_KINDS } from "./_snapshot_cases.ts";

/** One library call: its name, option set and how to run it. */
export interface LibraryCase {
  /** The command whose library function runs. */
  command: string;
  /** The option set's name. */
  options: string;
  /** Runs the call: `ok` or the error's class, and the text to fingerprint. */
  run(): Promise<{ code: string; text: string }>;
}

/**
 * A deterministic text of a library result: plain data as JSON-like text (key order kept), functions and timings
 * (`…TimeMs`) left out, an object met again written as a back reference (so a dereferenced document, which shares
 * its nodes, stays linear), maps and sets as their entries, errors as class and message.
 */
export function resultText(value: unknown): string {
  const seen = new Map<object, number>();
  const parts: string[] = [];
  const write = (v: unknown): void => {
    if (v === null || typeof v !== "object") {
      parts.push(
        typeof v === "bigint" ? `${v}n` : v === undefined ? "undefined" : JSON.stringify(v) ?? String(v),
      );
      return;
    }
    const id = seen.get(v);
    if (id !== undefined) {
      parts.push(`<seen ${id}>`);
      return;
    }
    seen.set(v, seen.size);
    if (v instanceof Error) {
      parts.push(`<${v.name}: ${JSON.stringify(v.message)}>`);
    } else if (Array.isArray(v) || v instanceof Set) {
      parts.push(v instanceof Set ? "Set[" : "[");
      for (const item of v) {
        write(item);
        parts.push(",");
      }
      parts.push("]");
    } else if (v instanceof Map) {
      parts.push("Map{");
      for (const [k, item] of v) {
        write(k);
        parts.push("=>");
        write(item);
        parts.push(",");
      }
      parts.push("}");
    } else if (ArrayBuffer.isView(v)) {
      parts.push(`<bytes ${v.byteLength}>`);
    } else {
      parts.push("{");
      for (const [k, item] of Object.entries(v)) {
        if (typeof item === "function" || /TimeMs$/.test(k)) continue;
        parts.push(JSON.stringify(k), ":");
        write(item);
        parts.push(",");
      }
      parts.push("}");
    }
  };
  write(value);
  return parts.join("");
}

/** Runs a call, as `ok` and the result's text or as the error's class and message. */
async function settle(call: () => Promise<unknown>): Promise<{ code: string; text: string }> {
  try {
    return { code: "ok", text: resultText(await call()) };
  } catch (error) {
    const name = error instanceof Error ? error.constructor.name : typeof error;
    return { code: name, text: `${name}: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** The library calls for one document. */
export function libraryCases(doc: string): LibraryCase[] {
  const c = (command: string, options: string, call: () => Promise<unknown>): LibraryCase => ({
    command,
    options,
    run: () => settle(call),
  });
  const out: LibraryCase[] = [
    c("validate", "plain", () => validate(doc)),
    c("validate", "strict source-map", () => validate(doc, { strict: true, sourceMap: true })),
    c("parse", "plain", () => parse(doc)),
    c("parse", "resolve-refs", () => parse(doc, { resolveRefs: true })),
    c("fix", "default", () => fix(doc)),
    c("fix", "all", () =>
      fix(doc, {
        infer: true,
        sourceMap: true,
        fixSchemaNames: true,
        stubMissingRefs: true,
        pruneSchemas: true,
        prunePaths: true,
        fixDuplicateOperationIds: true,
      })),
    ...["2.0", "3.0.3", "3.1.0"].map((target) => c("convert", target, () => convert(doc, { target }))),
    c("bundle", "plain", () => bundle(doc)),
    c("bundle", "dereference", () => bundle(doc, { dereference: true, sourceMap: true })),
    ...WALK_KINDS.map(([kind, groupBy]) =>
      c(
        `walk ${kind}`,
        groupBy === undefined ? "plain" : `group-by ${groupBy}`,
        () => walk(kind, doc, { groupBy }),
      )
    ),
    c("diff", "converted 3.1.0", async () => {
      const converted = await convert(doc, { target: "3.1.0" });
      const content = JSON.stringify(converted.document);
      return diff(doc, { content, name: "converted.json" }, { breaking: true, sourceMap: "target" });
    }),
  ];
  const name = basename(doc);
  if (doc.startsWith("testdata/overlay/") && name.startsWith("petstore.")) {
    for (const overlay of ["overlay-1.0.yaml", "overlay-1.1.yaml"]) {
      out.push(c("overlay apply", overlay, async () => {
        const loaded = await loadOverlay(`testdata/overlay/${overlay}`);
        const spec = await parse(doc);
        return applyOverlay(spec.document, loaded.data, { source: loaded.source });
      }));
    }
  }
  if (doc === "testdata/joiner/oas3/users.yaml") {
    const filePaths = [doc, "testdata/joiner/oas3/orders.yaml"];
    out.push(c("join", "fail", () => join({ filePaths })));
    out.push(
      c(
        "join",
        "rename-right accept-left",
        () => join({ filePaths, schemaStrategy: "rename-right", defaultStrategy: "accept-left" }),
      ),
    );
    out.push(
      c("join", "semantic-dedup", () =>
        join({
          filePaths,
          semanticDeduplication: true,
          schemaStrategy: "rename-right",
          defaultStrategy: "accept-left",
        })),
    );
  }
  if (doc === "testdata/joiner/oas2/pets.json") {
    out.push(
      c(
        "join",
        "accept-left",
        () => join({ filePaths: [doc, "testdata/joiner/oas2/stores.json"], defaultStrategy: "accept-left" }),
      ),
    );
  }
  if (doc.startsWith("testdata/diff/") && name !== "base.yaml") {
    out.push(c("diff", "base", () => diff("testdata/diff/base.yaml", doc)));
    out.push(
      c(
        "diff",
        "base breaking",
        () => diff("testdata/diff/base.yaml", doc, { breaking: true, sourceMap: true }),
      ),
    );
  }
  return out;
}
