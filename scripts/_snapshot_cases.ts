/**
 * The command lines scripts/snapshot_all.ts runs for one document: every command with representative option
 * sets, in each of its output formats. Outputs written to files go under `<tmp>/out` (read back and removed after
 * each case); documents made for a later case (a converted copy to diff against) under `<tmp>/made`.
 *
 * @module
 */
import { basename, extname, join } from "node:path";
import { main } from "../src/cli/main.ts";
import { captureIO } from "../src/cli/_test_io.ts";
import type { WalkKind } from "../src/queries/mod.ts";

/** One command line: what it is called in the snapshot and its arguments. */
export interface SnapshotCase {
  /** The command (`validate`, `walk operations`, …). */
  command: string;
  /** The option set's name. */
  options: string;
  /** The output format (`text`, `json`, …; `-` where the command has one). */
  format: string;
  /** The arguments of `oatool`. */
  args: string[];
}

const VALIDATE_FORMATS = ["text", "json", "yaml", "sarif", "github"];
const DIFF_FORMATS = ["text", "json", "yaml", "markdown", "github", "junit"];
const WALK_FORMATS = ["text", "json", "yaml"];
/** Each walk kind with one of its group-by keys (security has none). */
export const WALK_KINDS: readonly (readonly [WalkKind, string | undefined])[] = [
  ["operations", "tag"],
  ["schemas", "type"],
  ["parameters", "location"],
  ["responses", "status_code"],
  ["headers", "name"],
  ["security", undefined],
  ["paths", "segment"],
  ["refs", "node_type"],
];
/** Every fix flag on its own, then all together. */
const FIX_SETS: [string, string[]][] = [
  ["default", []],
  ["infer", ["--infer"]],
  ["source-map", ["--source-map"]],
  ["fix-schema-names", ["--fix-schema-names"]],
  ["schema-names-of", ["--fix-schema-names", "--generic-naming", "of", "--preserve-casing"]],
  ["stub-missing-refs", ["--stub-missing-refs", "--stub-response-desc", "stub"]],
  ["prune-schemas", ["--prune-schemas"]],
  ["prune-paths", ["--prune-paths"]],
  ["fix-duplicate-operationids", ["--fix-duplicate-operationids"]],
  ["dry-run", ["--dry-run"]],
  ["all", [
    "--infer",
    "--fix-schema-names",
    "--stub-missing-refs",
    "--prune-all",
    "--fix-duplicate-operationids",
    "--operationid-template",
    "{method}_{path:pascal}_{n}",
  ]],
];

/** The OAS version a document declares (a look at its text; undefined when none is found). */
async function declaredVersion(doc: string): Promise<string | undefined> {
  let text: string;
  try {
    text = await Deno.readTextFile(doc);
  } catch {
    return undefined;
  }
  const m = /^\s*["']?(swagger|openapi)["']?\s*:\s*["']?([0-9][0-9.]*)/m.exec(text.slice(0, 100_000));
  return m === null ? undefined : m[2];
}

/** A version to convert a document of `version` to for the diff, other than its own. */
function otherVersion(version: string | undefined): string {
  if (version === undefined || version.startsWith("2")) return "3.0.3";
  return version.startsWith("3.0") ? "3.1.0" : "3.0.3";
}

/** Runs a command whose output only prepares a later case; what it prints is not kept. */
async function prepare(args: string[]): Promise<void> {
  await main(args, captureIO());
}

const cases = (command: string, options: string, formats: string[], args: (format: string) => string[]) =>
  formats.map((format): SnapshotCase => ({ command, options, format, args: args(format) }));

/** The cases of the commands that take one document. */
async function singleDocumentCases(doc: string, tmp: string): Promise<SnapshotCase[]> {
  const out: SnapshotCase[] = [];
  const outDir = join(tmp, "out");
  for (const [name, flags] of [["plain", []], ["strict", ["--strict"]], ["source-map", ["-s"]]] as const) {
    out.push(...cases("validate", name, VALIDATE_FORMATS, (f) => ["validate", ...flags, "--format", f, doc]));
  }
  out.push(...cases("validate", "no-warnings-no-structure", ["text"], () => [
    "validate",
    "--no-warnings",
    "--validate-structure=false",
    doc,
  ]));
  out.push(...cases("parse", "plain", ["-"], () => ["parse", doc]));
  out.push(...cases("parse", "resolve-refs", ["-"], () => ["parse", "--resolve-refs", doc]));
  for (const [name, flags] of FIX_SETS) {
    out.push(...cases("fix", name, ["-"], () => ["fix", ...flags, doc]));
  }
  out.push(...cases("fix", "default", ["json", "yaml"], (f) => ["fix", "--format", f, doc]));
  out.push(...cases("fix", "output-file", ["-"], () => ["fix", "-o", join(outDir, "fixed.yaml"), doc]));
  for (const target of ["2.0", "3.0.3", "3.1.0"]) {
    out.push(...cases("convert", target, ["-"], () => ["convert", "-t", target, doc]));
  }
  out.push(
    ...cases(
      "convert",
      "3.1.0-strict-source-map",
      ["-"],
      () => ["convert", "-t", "3.1", "--strict", "-s", doc],
    ),
  );
  out.push(...cases("convert", "3.0.3-output-file", ["-"], () => [
    "convert",
    "-t",
    "3.0.3",
    "-o",
    join(outDir, "converted.json"),
    doc,
  ]));
  out.push(
    ...cases(
      "bundle",
      "plain",
      ["-", "json", "yaml"],
      (f) => ["bundle", ...(f === "-" ? [] : ["--format", f]), doc],
    ),
  );
  out.push(...cases("bundle", "dereference", ["-"], () => ["bundle", "--dereference", doc]));
  out.push(
    ...cases("bundle", "keep-path-refs-source-map", ["-"], () => ["bundle", "--keep-path-refs", "-s", doc]),
  );
  for (const [kind, group] of WALK_KINDS) {
    const command = `walk ${kind}`;
    out.push(...cases(command, "plain", WALK_FORMATS, (f) => ["walk", kind, "--format", f, doc]));
    out.push(...cases(command, "quiet", ["text"], () => ["walk", kind, "-q", doc]));
    out.push(
      ...cases(command, "detail", ["text", "json"], (f) => ["walk", kind, "--detail", "--format", f, doc]),
    );
    out.push(...cases(command, "resolve-refs-page", ["json"], () => [
      "walk",
      kind,
      "--resolve-refs",
      "--limit",
      "3",
      "--offset",
      "1",
      "--format",
      "json",
      doc,
    ]));
    if (group !== undefined) {
      out.push(...cases(command, `group-by ${group}`, ["text", "json"], (f) => [
        "walk",
        kind,
        "--group-by",
        group,
        "--format",
        f,
        doc,
      ]));
    }
  }
  // The document against itself, and against itself converted to another version.
  out.push(...cases("diff", "itself", ["text"], () => ["diff", doc, doc]));
  const target = otherVersion(await declaredVersion(doc));
  const converted = join(tmp, "made", `converted-${target}${extname(doc) === ".json" ? ".json" : ".yaml"}`);
  await Deno.remove(converted).catch(() => {});
  await prepare(["convert", "-q", "-t", target, "-o", converted, doc]);
  for (const [name, flags] of [["converted", []], ["converted-breaking", ["--breaking"]]] as const) {
    out.push(
      ...cases(
        "diff",
        `${name} ${target}`,
        DIFF_FORMATS,
        (f) => ["diff", ...flags, "--format", f, doc, converted],
      ),
    );
  }
  out.push(...cases("generate", "cli client server", ["-"], () => [
    "generate",
    "--client",
    "--server",
    "-o",
    join(outDir, "gen"),
    doc,
  ]));
  return out;
}

/** The cases that take this document with others: overlays, joins, diff pairs. */
function fixtureCases(doc: string): SnapshotCase[] {
  const out: SnapshotCase[] = [];
  const name = basename(doc);
  if (doc.startsWith("testdata/overlay/") && name.startsWith("petstore.")) {
    for (const overlay of ["overlay-1.0.yaml", "overlay-1.1.yaml", "invalid.yaml"]) {
      const o = `testdata/overlay/${overlay}`;
      out.push(...cases("overlay apply", overlay, ["-"], () => ["overlay", "apply", "-s", doc, o]));
      out.push(
        ...cases(
          "overlay apply",
          `${overlay} strict`,
          ["-"],
          () => ["overlay", "apply", "--strict", "-s", doc, o],
        ),
      );
      out.push(
        ...cases(
          "overlay apply",
          `${overlay} dry-run`,
          ["-"],
          () => ["overlay", "apply", "-n", "-s", doc, o],
        ),
      );
      out.push(
        ...cases(
          "overlay apply",
          `${overlay} yaml`,
          ["yaml"],
          () => ["overlay", "apply", "--format", "yaml", "-s", doc, o],
        ),
      );
    }
  }
  if (doc.startsWith("testdata/overlay/") && !name.startsWith("petstore.")) {
    out.push(...cases("overlay validate", "plain", ["-"], () => ["overlay", "validate", doc]));
    out.push(...cases("overlay validate", "strict", ["-"], () => ["overlay", "validate", "--strict", doc]));
  }
  if (doc.startsWith("testdata/diff/") && name !== "base.yaml") {
    const base = "testdata/diff/base.yaml";
    for (
      const [set, flags] of [["plain", []], ["breaking", ["--breaking"]], ["breaking-no-info-source-map", [
        "--breaking",
        "--no-info",
        "-s",
      ]], ["fail-on-warning", ["--fail-on", "WARNING"]]] as const
    ) {
      out.push(...cases("diff base", set, DIFF_FORMATS, (f) => ["diff", ...flags, "--format", f, base, doc]));
    }
  }
  return out;
}

/** The joins of the joiner fixtures, as the joiner's command tests run them (under the pair's first document). */
function joinCases(doc: string, outDir: string): SnapshotCase[] {
  const o = (file: string) => ["-o", join(outDir, file)];
  const j = (options: string, args: string[]): SnapshotCase => ({
    command: "join",
    options,
    format: "-",
    args: ["join", ...args],
  });
  const ov = (f: string) => `testdata/joiner/overlays/${f}`;
  if (doc === "testdata/joiner/oas3/users.yaml") {
    const pair = [doc, "testdata/joiner/oas3/orders.yaml"];
    return [
      j("fail", [...o("m.yaml"), ...pair]),
      j("fail-source-map", ["-s", ...o("m.yaml"), ...pair]),
      j("fail-on-paths", ["--default-strategy", "fail-on-paths", ...o("m.yaml"), ...pair]),
      j("rename-right accept-left", [
        "--schema-strategy",
        "rename-right",
        "--default-strategy",
        "accept-left",
        ...o("m.yaml"),
        ...pair,
      ]),
      j("overlays", [
        "--default-strategy=accept-left",
        "--pre-overlay",
        ov("pre-first.yaml"),
        "--pre-overlay",
        ov("pre-second.yaml"),
        "--post-overlay",
        ov("post-first.yaml"),
        "--post-overlay",
        ov("post-second.yaml"),
        ...o("o.yaml"),
        ...pair,
      ]),
      j("prefixes", [
        "--default-strategy",
        "accept-left",
        "--namespace-prefix",
        "orders.yaml=Orders",
        "--always-prefix",
        "--no-merge-arrays",
        "--no-dedup-tags",
        "--collision-report",
        ...o("p.yaml"),
        ...pair,
      ]),
      j("semantic-dedup", [
        "--semantic-dedup",
        "--schema-strategy",
        "rename-right",
        "--default-strategy",
        "accept-left",
        ...o("s.yaml"),
        ...pair,
      ]),
      j("operation-context", [
        "--operation-context",
        "--schema-strategy",
        "rename-right",
        "--default-strategy",
        "accept-left",
        "--rename-template",
        "{{.Name}}_{{.Source}}",
        ...o("c.json"),
        ...pair,
      ]),
      j("mixed versions", [...o("x.json"), "testdata/joiner/oas2/pets.json", doc]),
    ];
  }
  if (doc === "testdata/joiner/oas2/pets.json") {
    return [
      j("accept-left", [
        "--default-strategy",
        "accept-left",
        ...o("pets.json"),
        doc,
        "testdata/joiner/oas2/stores.json",
      ]),
    ];
  }
  if (doc === "testdata/joiner_naming/dedup-left.json") {
    return [
      j("semantic-dedup", [
        "--semantic-dedup",
        "--default-strategy",
        "accept-left",
        ...o("d.json"),
        doc,
        "testdata/joiner_naming/dedup-right.json",
      ]),
    ];
  }
  return [];
}

/** Every case of one document. */
export async function cliCases(doc: string, tmp: string): Promise<SnapshotCase[]> {
  await Deno.mkdir(join(tmp, "made"), { recursive: true });
  return [...await singleDocumentCases(doc, tmp), ...fixtureCases(doc), ...joinCases(doc, join(tmp, "out"))];
}

/** The cases that take no document: help, the list of checks, the version. */
export function globalCases(): SnapshotCase[] {
  const help = [
    "validate",
    "parse",
    "fix",
    "convert",
    "bundle",
    "walk",
    "walk operations",
    "overlay",
    "overlay apply",
    "join",
    "diff",
    "generate",
    "version",
    "mcp",
  ];
  return [
    { command: "help", options: "main", format: "text", args: ["--help"] },
    ...help.map((c): SnapshotCase => ({
      command: "help",
      options: c,
      format: "text",
      args: [...c.split(" "), "--help"],
    })),
    ...cases("diff", "list-checks", ["text", "json"], (f) => ["diff", "--list-checks", "--format", f]),
    ...cases("version", "plain", ["text", "json", "yaml"], (f) => ["version", "--format", f]),
  ];
}
