/**
 * `generate()`: Go types, client, server, security helpers and README from an OpenAPI 2.0 / 3.0 / 3.1 / 3.2
 * document, as files in memory (write them with {@link import("./write_generated.ts").writeGenerated}).
 *
 * @module
 */
import { pushAll } from "../core/bounded_text.ts";
import type { Finding } from "../core/finding.ts";
import type { InputSource, ParseResult } from "../io/load.ts";
import { type DocumentSet, loadDocumentSet } from "../io/document_set.ts";
import { bundledDocumentSet } from "../bundler/mod.ts";
import type { DocumentReader } from "../io/reader.ts";
import type { DocumentStats } from "../refs/stats.ts";
import { isObject } from "../core/json.ts";
import { UsageError } from "../core/errors.ts";
import { declaredNames, isGoPackageName } from "./naming.ts";
import type { GoDecl } from "./go_decls.ts";
import { TypeModel } from "./type_model.ts";
import { buildOperations, type GoOperation } from "./operations.ts";
import { emitDecl } from "./emit_types.ts";
import { emitClientCore, emitClientMethod, emitOperationTypes } from "./emit_client.ts";
import { emitServerCore, emitServerHandler } from "./emit_server.ts";
import { emitSecurityHelpers } from "./emit_security.ts";
import { emitBinder } from "./emit_binder.ts";
import { emitRouter } from "./emit_router.ts";
import { emitMiddleware } from "./emit_middleware.ts";
import { renderReadme } from "./readme.ts";
import { emitResponses } from "./emit_responses.ts";
import { emitStubs } from "./emit_stubs.ts";
import { emitEmbed } from "./emit_embed.ts";
import { emitOAuth2Files } from "./emit_oauth2.ts";
import { emitCredentialFiles } from "./emit_credentials.ts";
import { emitSecurityEnforceFiles } from "./emit_security_enforce.ts";
import { emitOIDCFiles } from "./emit_oidc.ts";
import { emitResponseValidation, prepareResponseValidation } from "./emit_client_validate.ts";
import { type GeneratedFile, splitLazily } from "./split.ts";
import { goFile, type Unit, unit } from "./unit.ts";
import { NULLABLE_HELPERS, SHARED_HELPERS } from "./go_runtime.ts";
import { goTypeNames } from "./go_type.ts";
import type { EmitContext, ResolvedOptions } from "./context.ts";
import { checkSelection, isSelecting, selectDocument, type Selection } from "./select.ts";
import { withDocument } from "../io/rebase_refs.ts";

export type { GeneratedFile } from "./split.ts";

/**
 * Options of {@link generate}. The {@link Selection} fields generate a slice of the API: the operations chosen
 * by tag and id and the schemas they reach, or only the types reachable from named schemas.
 */
export interface GenerateOptions extends Selection {
  /** Go package name (lower case letters, digits, `_`; not a keyword). @default "api" */
  packageName?: string;
  /** Generate `client.go`. @default false */
  client?: boolean;
  /** Generate `server.go`. @default false */
  server?: boolean;
  /**
   * The client checks each response's status, content type and body against the document and returns a typed
   * `*ResponseError` listing what did not match (needs `client`). @default false
   */
  clientValidateResponses?: boolean;
  /**
   * Generate `types.go`. @default true. When nothing is asked, types are generated; the client and the server
   * need the types, so they are generated with them.
   */
  types?: boolean;
  /** Optional fields as values (with `omitempty`) instead of pointers. @default false */
  noPointers?: boolean;
  /** Leave out `validate` tags. @default false */
  noValidation?: boolean;
  /** Leave out `security_helpers.go`. @default false */
  noSecurity?: boolean;
  /** Leave out `README.md`. @default false */
  noReadme?: boolean;
  /** Drop info and warning issues. @default false */
  noWarnings?: boolean;
  /** Most lines per file before a kind of file is split. @default 2000 */
  maxLinesPerFile?: number;
  /** Most types per file. @default 200 */
  maxTypesPerFile?: number;
  /** Most operations per file. @default 100 */
  maxOpsPerFile?: number;
  /** Split by the operations' first tag when a limit is passed. @default true */
  splitByTag?: boolean;
  /** Split by the first path segment when a limit is passed (and not by tag). @default true */
  splitByPath?: boolean;
  /** `server_responses.go`: typed response writers per operation and status (needs `server`). */
  serverResponses?: boolean;
  /** `server_binder.go`: typed binding of parameters and bodies (needs `server`). */
  serverBinder?: boolean;
  /** `server_middleware.go`: request validation generated from the document (needs `server`). */
  serverMiddleware?: boolean;
  /** `server_router.go` with the standard library's or chi's router (needs `server`). */
  serverRouter?: "stdlib" | "chi";
  /** `server_stubs.go`: an implementation answering with the document's examples (needs `server`). */
  serverStubs?: boolean;
  /** The document embedded in the package, with an accessor and a handler serving it (needs `server`). */
  serverEmbedSpec?: boolean;
  /**
   * Every server extension: responses, binder, middleware, router (`stdlib` unless `serverRouter` says
   * otherwise) and stubs (needs `server`).
   */
  serverAll?: boolean;
  /** `{scheme}_oauth2.go`: OAuth2 token flows per OAuth2 scheme. */
  oauth2Flows?: boolean;
  /** `credentials.go`: credential providers used by the security helpers. */
  credentialMgmt?: boolean;
  /** `security_enforce.go`: server middleware checking each operation's security requirements. */
  securityEnforce?: boolean;
  /** `oidc_discovery.go`: an OpenID Connect discovery client. */
  oidcDiscovery?: boolean;
  /** Give each issue its `file:line:column` (`location`). @default false */
  sourceMap?: boolean;
  /** Where the document and its referenced files are read from. */
  reader?: DocumentReader;
}

/** The result of {@link generate}. */
export interface GenerateResult {
  /** The generated files, in a stable order. */
  files: GeneratedFile[];
  /** What could not be expressed exactly (with paths). */
  issues: Finding[];
  /** Number of Go types declared from schemas. */
  types: number;
  /** Number of operations. */
  operations: number;
  /** The package name. */
  packageName: string;
  /** Name of the source. */
  source: string;
  /** Exact OpenAPI version. */
  version: string;
  /** Size of the source in bytes. */
  sizeBytes: number;
  /** Statistics of the document. */
  stats: DocumentStats;
  /** Milliseconds spent loading. */
  loadTimeMs: number;
  /** Milliseconds spent generating. */
  generateTimeMs: number;
}

/** The options with defaults applied; usage errors for extensions without the server or a bad router. */
export function resolveOptions(options: GenerateOptions): ResolvedOptions {
  const server = options.server === true;
  const all = options.serverAll === true;
  const router = options.serverRouter ?? (all ? "stdlib" : undefined);
  if (router !== undefined && router !== "stdlib" && router !== "chi") {
    throw new UsageError(`the server router must be "stdlib" or "chi", not "${String(router)}".`);
  }
  const serverFlags: [keyof GenerateOptions, string][] = [
    ["serverAll", "--server-all"],
    ["serverResponses", "--server-responses"],
    ["serverBinder", "--server-binder"],
    ["serverMiddleware", "--server-middleware"],
    ["serverRouter", "--server-router"],
    ["serverStubs", "--server-stubs"],
    ["serverEmbedSpec", "--server-embed-spec"],
    ["securityEnforce", "--security-enforce"],
  ];
  if (!server) {
    for (const [key, flag] of serverFlags) {
      const v = options[key];
      if (v !== undefined && v !== false) throw new UsageError(`${flag} requires --server.`);
    }
  }
  checkSelection(options, options.client === true || server);
  if (options.clientValidateResponses === true && options.client !== true) {
    throw new UsageError("--client-validate-responses requires --client.");
  }
  return {
    client: options.client === true,
    server,
    clientValidateResponses: options.clientValidateResponses === true,
    pointers: options.noPointers !== true,
    validation: options.noValidation !== true,
    securityHelpers: options.noSecurity !== true,
    serverResponses: all || options.serverResponses === true,
    serverBinder: all || options.serverBinder === true,
    serverMiddleware: all || options.serverMiddleware === true,
    serverRouter: router,
    serverStubs: all || options.serverStubs === true,
    serverEmbedSpec: options.serverEmbedSpec === true,
    oauth2Flows: options.oauth2Flows === true,
    credentialMgmt: options.credentialMgmt === true,
    securityEnforce: options.securityEnforce === true,
    oidcDiscovery: options.oidcDiscovery === true,
    maxLines: positive(options.maxLinesPerFile, 2000, "the lines per file"),
    maxTypes: positive(options.maxTypesPerFile, 200, "the types per file"),
    maxOps: positive(options.maxOpsPerFile, 100, "the operations per file"),
  };
}

function positive(value: number | undefined, fallback: number, name: string): number {
  const v = value ?? fallback;
  if (!Number.isInteger(v) || v < 1) {
    throw new UsageError(`${name} must be a positive whole number, not ${v}.`);
  }
  return v;
}

/**
 * Generates Go code from an OpenAPI document: `types.go`, and on request `client.go`, `server.go`,
 * `security_helpers.go` (with the client), and `README.md`. The code uses only the Go standard library, is in
 * gofmt layout, and is the same for the same input on every run. The input is a path, URL, `-` or content, a
 * loaded document, or its document set (`loadDocumentSet`'s, used as it is); a set of several files gives the
 * code of its bundle (`bundle()`), its types named as the bundle names its components.
 *
 * @example
 * ```ts
 * import { generate } from "@oatool/cli/generator";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const result = await generate({
 *   content: JSON.stringify({
 *     openapi: "3.1.0",
 *     info: { title: "Pets", version: "1" },
 *     paths: {},
 *     components: { schemas: { Pet: { type: "object", required: ["name"], properties: { name: { type: "string" } } } } },
 *   }),
 * }, { noReadme: true });
 * assertEquals(result.files.map((f) => f.name), ["types.go"]);
 * assertEquals(result.files[0].content.includes("Name string `json:\"name\" validate:\"required\"`"), true);
 * ```
 * @throws {UsageError} for an invalid package name or limit; load errors for unreadable documents.
 */
export async function generate(
  input: InputSource | ParseResult | DocumentSet,
  options: GenerateOptions = {},
): Promise<GenerateResult> {
  const pkg = options.packageName ?? "api";
  if (!isGoPackageName(pkg)) {
    throw new UsageError(
      `package name "${pkg}" is not a valid Go package name; use lower-case letters and digits, starting with a letter.`,
    );
  }
  const resolved = resolveOptions(options);
  const { maxLines, maxTypes, maxOps } = resolved;
  const set = await loadDocumentSet(input, { reader: options.reader });
  const started = performance.now();
  const bundled = await bundledDocumentSet(set, { reader: options.reader });
  // A slice of the API is a pruned copy of the document, generated as a whole one is (its places unchanged).
  const selected = isSelecting(options) && isObject(bundled.root.document)
    ? selectDocument(bundled.root.document, bundled.root.oasVersion, options)
    : undefined;
  const one = selected === undefined ? bundled : {
    ...await loadDocumentSet(withDocument(bundled.root, selected.document), { reader: options.reader }),
    origins: bundled.origins,
  };
  const { root: parsed, index } = one;
  const client = options.client === true;
  const server = options.server === true;
  const doc = parsed.document as unknown;
  const model = new TypeModel(index, {
    pointers: options.noPointers !== true,
    validation: options.noValidation !== true,
  }, runtimeNames(client, server));
  if (options.types === false && (client || server)) {
    model.issue(
      "info",
      [],
      "the client and the server use the generated types, so types.go is generated too.",
      "generate-types",
    );
  }
  if (selected !== undefined) pushAll(model.issues, selected.issues);
  model.declareComponents();
  // credentials.go's WithCredentials needs each operation's security requirements, with or without the client.
  const ops = client || server || resolved.credentialMgmt ? buildOperations(index, doc, model) : [];
  model.breakCycles();
  const byTag = options.splitByTag !== false;
  const byPath = options.splitByPath !== false;
  const groupOf = (op: GoOperation): string => {
    if (byTag && op.tag !== "") return op.tag;
    if (byPath) return op.path.split("/").find((s) => s !== "" && !s.startsWith("{")) ?? "root";
    return "";
  };
  const typeGroups = typeGroupsOf(ops, groupOf);
  const files: GeneratedFile[] = [];
  // Each unit's text is made as soon as it is emitted (its lines, short-lived, are then dropped); when the files
  // are split, units are made file by file and dropped once their file is made.
  const typeCore: Unit[] = [];
  const hasUnion = model.decls.some((d) => d.kind === "union");
  if (hasUnion || client || server) typeCore.push(sharedHelpers());
  if (model.usesNullable) typeCore.push(runtimeUnit(NULLABLE_HELPERS));
  const declGroup = (d: GoDecl) => typeGroups.get(d.name) ?? "";
  pushAll(
    files,
    splitLazily("types", pkg, typeCore, {
      items: model.decls,
      group: declGroup,
      emit: (d) => textNow(emitDecl(d, declGroup(d), model.names)),
    }, { maxLines, maxWeight: maxTypes }),
  );
  // An operation's request and response types go with its client method, else with its server handler.
  const opTypes = (op: GoOperation) => textNow(emitOperationTypes(op, groupOf(op)));
  if (client) {
    const pointers = options.noPointers !== true;
    pushAll(
      files,
      splitLazily("client", pkg, [emitClientCore(resolved.clientValidateResponses)], {
        items: ops,
        group: groupOf,
        emit: (op) =>
          merge(
            opTypes(op),
            textNow(emitClientMethod(op, groupOf(op), pointers, resolved.clientValidateResponses)),
          ),
      }, { maxLines, maxWeight: maxOps }),
    );
  }
  if (server) {
    pushAll(
      files,
      splitLazily("server", pkg, [emitServerCore(ops)], {
        items: ops,
        group: groupOf,
        emit: (op) => {
          const h = textNow(emitServerHandler(op, groupOf(op)));
          return client ? h : merge(opTypes(op), h);
        },
      }, { maxLines, maxWeight: maxOps }),
    );
  }
  let securityCount = 0;
  if (client && options.noSecurity !== true) {
    const sec = emitSecurityHelpers(index, model);
    securityCount = sec.count;
    if (sec.unit !== undefined) files.push({ name: "security_helpers.go", content: goFile(pkg, [sec.unit]) });
  }
  const ctx: EmitContext = { packageName: pkg, parsed, index, model, ops, options: resolved, groupOf };
  // The optional files: each emitter adds its own (server extensions, then security extras).
  pushAll(files, optionalFiles(ctx));
  if (options.noReadme !== true) {
    const info = isObject(doc) && isObject(doc.info) ? doc.info : {};
    const first = ops[0];
    files.push({
      name: "README.md",
      content: renderReadme({
        packageName: pkg,
        title: typeof info.title === "string" ? info.title : "API",
        apiVersion: typeof info.version === "string" ? info.version : "",
        oasVersion: parsed.version,
        source: parsed.source.replace(/^.*[\\/]/, ""),
        types: model.decls.length,
        operations: ops.length,
        files: [...files],
        example: first &&
          { name: first.name, requestType: first.requestType, responseType: first.responseType },
        client,
        server,
        securityHelpers: securityCount,
      }),
    });
  }
  const issues = options.noWarnings === true
    ? model.issues.filter((f) => f.severity === "error")
    : model.issues;
  if (options.sourceMap === true) {
    for (const issue of issues) {
      const at = one.origins?.(issue.pointer)?.position() ??
        bundled.root.sourceMap().positionOf(issue.pointer);
      if (at !== undefined) issue.location = at;
    }
  }
  return {
    files,
    issues,
    types: model.decls.length,
    operations: ops.length,
    packageName: pkg,
    source: parsed.source,
    version: parsed.version,
    sizeBytes: parsed.sizeBytes,
    stats: bundled.root.stats,
    loadTimeMs: parsed.loadTimeMs,
    generateTimeMs: performance.now() - started,
  };
}

/** The files of the server extensions and the security extras, in the order of the spec's table. */
function optionalFiles(ctx: EmitContext): GeneratedFile[] {
  const out: GeneratedFile[] = [];
  // The client's response schemas go to the shared validation compiler before the middleware compiles it.
  const responseChecks = ctx.options.clientValidateResponses ? prepareResponseValidation(ctx) : undefined;
  if (ctx.options.serverResponses) pushAll(out, emitResponses(ctx));
  if (ctx.options.serverBinder) pushAll(out, emitBinder(ctx));
  if (ctx.options.serverMiddleware) pushAll(out, emitMiddleware(ctx));
  if (responseChecks !== undefined) pushAll(out, emitResponseValidation(ctx, responseChecks));
  if (ctx.options.serverRouter !== undefined) pushAll(out, emitRouter(ctx));
  if (ctx.options.serverStubs) pushAll(out, emitStubs(ctx));
  if (ctx.options.serverEmbedSpec) pushAll(out, emitEmbed(ctx));
  // The security extras (after the server extensions).
  if (ctx.options.oauth2Flows) pushAll(out, emitOAuth2Files(ctx, new Set(out.map((f) => f.name))));
  if (ctx.options.credentialMgmt) pushAll(out, emitCredentialFiles(ctx));
  if (ctx.options.securityEnforce) pushAll(out, emitSecurityEnforceFiles(ctx));
  if (ctx.options.oidcDiscovery) pushAll(out, emitOIDCFiles(ctx));
  return out;
}

/**
 * The package-level names of the runtime code the client and the server always declare (their cores and the
 * shared helpers): reserved before any schema takes a name, so a schema named `ParamError` becomes `ParamError2`.
 * The optional files take their names from the registry as they are emitted.
 */
function runtimeNames(client: boolean, server: boolean): string[] {
  const code = [SHARED_HELPERS.code, NULLABLE_HELPERS.code];
  if (client) code.push(emitClientCore().w.toString());
  if (server) code.push(emitServerCore([]).w.toString());
  return code.flatMap(declaredNames);
}

function sharedHelpers(): Unit {
  return runtimeUnit(SHARED_HELPERS);
}

/** A unit of fixed helper code. */
function runtimeUnit(helpers: { code: string; imports: readonly string[] }): Unit {
  const u = unit("", 0);
  for (const i of helpers.imports) u.imports.add(i);
  u.w.raw(helpers.code);
  return u;
}

/** The unit, its text made now (the writer then keeps it as one chunk instead of its lines). */
function textNow(u: Unit): Unit {
  u.w.toString();
  return u;
}

/** Two units as one (the second after the first, a blank line between). */
function merge(a: Unit, b: Unit): Unit {
  const u = unit(b.group, a.weight + b.weight);
  for (const i of a.imports) u.imports.add(i);
  for (const i of b.imports) u.imports.add(i);
  const second = b.w.toString();
  u.w.raw(a.w.toString()); // its final newline and the join's make the blank line
  u.w.raw(second.endsWith("\n") ? second.slice(0, -1) : second);
  return u;
}

/** Each type's group: the group of the first operation whose parameters, body or responses name it. */
function typeGroupsOf(
  ops: readonly GoOperation[],
  groupOf: (op: GoOperation) => string,
): Map<string, string> {
  const out = new Map<string, string>();
  for (const op of ops) {
    const g = groupOf(op);
    if (g === "") continue;
    const names: string[] = [];
    for (const p of op.params) goTypeNames(p.type, names);
    if (op.body !== undefined) goTypeNames(op.body.type, names);
    for (const r of op.responses) if (r.type !== undefined) goTypeNames(r.type, names);
    // The ASCII words of the names that start with a capital (as this was read from the types' text before;
    // kept so the files stay as they were: a name with other letters is found by its ASCII start only).
    for (const name of names) {
      for (const m of name.matchAll(/[A-Z][A-Za-z0-9_]*/g)) if (!out.has(m[0])) out.set(m[0], g);
    }
  }
  return out;
}
