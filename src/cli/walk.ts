import { serializeDocument } from "../core/mod.ts";
import { GROUP_BY, walk, WalkFilterError, type WalkKind, type WalkOptions } from "../queries/mod.ts";
import { renderWalkNote, renderWalkTable } from "../render/walk.ts";
import { inputArgument, maxInputSizeFlag } from "./_common.ts";
import { defineCommand, type FlagDeclaration } from "./define_command.ts";
import type { Command } from "./types.ts";

const text = (description: string, placeholder = "value") =>
  ({ type: "string", placeholder, description }) as const satisfies FlagDeclaration;
const bool = (description: string) => ({ type: "boolean", description }) as const satisfies FlagDeclaration;

/** The filter flags of each subcommand, named after the library's options. */
const FILTERS = {
  operations: {
    method: text("HTTP method (any case)", "method"),
    path: text("Path glob: * one segment (or part of one), ** any number", "glob"),
    tag: text("Tag (exact)", "tag"),
    "operation-id": text("operationId glob (* any characters)", "glob"),
    deprecated: bool("Only deprecated operations (--deprecated=false: only the others)"),
  },
  schemas: {
    name: text("Name glob: component names and property names", "glob"),
    type: text("Exact type (string; a list written string|null)", "type"),
    component: bool("Only component schemas"),
    inline: bool("Only nested (inline) schemas"),
  },
  parameters: {
    name: text("Name glob, any case (resolves $ref parameters)", "glob"),
    in: text("Location: query, header, path, cookie, … (resolves $ref parameters)", "location"),
    path: text("Path glob", "glob"),
    method: text("HTTP method (path-level parameters count for each method of their path)", "method"),
  },
  responses: {
    status: text("Status: 200, a class such as 4xx, or default", "status"),
    path: text("Path glob", "glob"),
    method: text("HTTP method", "method"),
  },
  headers: {
    name: text("Name glob, any case", "glob"),
    path: text("Path glob", "glob"),
    method: text("HTTP method", "method"),
    status: text("Status: 200, 4xx or default", "status"),
    component: bool("Only component headers (--component=false: only the others)"),
  },
  security: {
    name: text("Name glob", "glob"),
    type: text("Type: apiKey, http, oauth2, openIdConnect, mutualTLS, basic", "type"),
  },
  paths: {
    path: text("Path glob: * one segment (or part of one), ** any number", "glob"),
  },
  refs: {
    target: text("Target glob: #/components/schemas/* (* one segment, ** any number)", "glob"),
    "node-type": text("Kind the reference stands for: schema, parameter, response, pathItem, …", "kind"),
  },
} as const;

const SUMMARIES: Readonly<Record<WalkKind, string>> = {
  operations: "List operations; filter by method, path, tag, operationId, deprecated",
  schemas: "List schemas; filter by name, type, component or inline",
  parameters: "List parameters; filter by name, location, path, method",
  responses: "List responses; filter by status (200, 4xx, default), path, method",
  headers: "List headers; filter by name, path, method, status, component",
  security: "List security schemes; filter by name, type",
  paths: "List paths (and webhooks); filter by a path glob",
  refs: "List $ref targets (most referenced first) or occurrences; filter by target, node type",
};

/** A whole number given to --limit or --offset. */
function whole(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,15}$/.test(value.trim())) {
    throw new WalkFilterError(`--${flag} takes a whole number of 0 or more, not "${value}".`);
  }
  return Number(value.trim());
}

function subcommand(kind: WalkKind): Command {
  const groups = GROUP_BY[kind];
  const common = {
    extension: text("Extension filter: x-a, !x-a, x-a=v, x-a!=v; , for or, + for and", "expr"),
    "resolve-refs": bool("Resolve every $ref of the document first (circular ones stay)"),
    detail: bool(
      kind === "refs"
        ? "Each occurrence with where it is written"
        : "Full nodes (YAML; JSON with --format json)",
    ),
    ...(groups.length > 0
      ? {
        "group-by": {
          type: "string",
          placeholder: "key",
          choices: groups,
          description: `Count matches per ${groups.join(" or ")}`,
        },
      } as const
      : {}),
    limit: text("Most items shown (default 100, 25 with --detail; 0: counts only)", "n"),
    offset: text("Items skipped first", "n"),
    format: {
      type: "string",
      placeholder: "format",
      choices: ["text", "json", "yaml"],
      default: "text",
      description: "Output format: text (a table), json or yaml (the whole result)",
    },
    quiet: { short: "q", type: "boolean", description: "Rows only: tab-separated, no header, no notes" },
    "max-input-size": maxInputSizeFlag,
  } as const satisfies Record<string, FlagDeclaration>;
  return defineCommand({
    name: kind,
    summary: SUMMARIES[kind],
    usage: `${kind} [flags] <file|url|->`,
    exitCodes: {
      0: "the query ran (whether or not anything matched)",
      1: "the document cannot be read or parsed, or a usage error",
    },
    flags: { ...FILTERS[kind], ...common } as Record<string, FlagDeclaration>,
    minArgs: 1,
    maxArgs: 1,
    async run(ctx) {
      const f = ctx.flags as Record<string, string | boolean | number | undefined>;
      const str = (name: string) => f[name] as string | undefined;
      const flagBool = (name: string) => ctx.given.has(name) ? f[name] === true : undefined;
      const options: WalkOptions = {
        method: str("method"),
        path: str("path"),
        tag: str("tag"),
        operationId: str("operation-id"),
        deprecated: flagBool("deprecated"),
        name: str("name"),
        type: str("type"),
        component: flagBool("component"),
        inline: flagBool("inline"),
        in: str("in"),
        status: str("status"),
        target: str("target"),
        nodeType: str("node-type"),
        extension: str("extension"),
        resolveRefs: f["resolve-refs"] === true,
        detail: f.detail === true,
        groupBy: str("group-by"),
        limit: whole("limit", str("limit")),
        offset: whole("offset", str("offset")),
        reader: ctx.reader,
      };
      const result = await walk(kind, inputArgument(ctx.args[0], "the input"), options);
      const format = f.format as "text" | "json" | "yaml";
      const quiet = f.quiet === true;
      const occurrences = kind === "refs" && options.detail === true;
      const note = renderWalkNote(result, { occurrences });
      if (format !== "text") {
        ctx.io.stdout(serializeDocument(result, format));
      } else if (result.matched > 0 && result.returned > 0) {
        ctx.io.stdout(
          options.detail && kind !== "refs" && result.groups === undefined
            ? serializeDocument(result.items, "yaml")
            : renderWalkTable(result, { quiet, occurrences }),
        );
      }
      if (note !== "" && (result.matched === 0 || !quiet)) ctx.io.stderr(note);
      return 0;
    },
  });
}

/** `oatool walk` with one subcommand per kind. */
export const walkCommand: Command = {
  name: "walk",
  summary: "Query elements of a document",
  usage: "walk <operations|schemas|parameters|responses|headers|security|paths|refs> [flags] <file|url|->",
  exitCodes: { 0: "success", 1: "failure, a missing or unknown subcommand" },
  description:
    `Lists the elements of one kind of an OpenAPI 2.0 / 3.0 / 3.1 / 3.2 document, filtered, grouped and paged:
an aligned table with a header row (-q: tab-separated rows for cut and awk), the full nodes as YAML with
--detail, or the whole result with --format json|yaml (fields total, matched, returned, offset, limit, items,
and groups with --group-by). Results go to standard output; when nothing matches, a note goes to standard
error and the exit code is 0. A malformed filter or an unreadable document exits 1 with one message.`,
  flags: [],
  subcommands:
    (["operations", "schemas", "parameters", "responses", "headers", "security", "paths", "refs"] as const)
      .map(subcommand),
};
