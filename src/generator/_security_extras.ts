/**
 * What the security extras' emitters share: the document's security schemes as the generated code sees them
 * (API key in a header, query or cookie; basic; bearer, which also carries OAuth2 and OpenID Connect tokens),
 * the runtime code with its exported names taken from the package-wide registry, the scheme table and the
 * per-operation route table (one `init` per operation, so the table splits like the other per-operation files).
 *
 * @module
 */
import type { RefIndex } from "../refs/ref_index.ts";
import { goString } from "./go_writer.ts";
import type { GoOperation } from "./operations.ts";
import type { EmitContext } from "./context.ts";
import { type GeneratedFile, splitFiles } from "./split.ts";
import { pathPattern } from "./go_regexp.ts";
import { matchingOrder } from "./path_params.ts";
import type { TypeModel } from "./type_model.ts";
import { type Unit, unit } from "./unit.ts";
import { type GoRuntime, renameRuntime, takeRuntimeNames } from "./go_runtime.ts";
import { followedObject } from "./follow_ref.ts";

/** A security scheme of the document. */
export interface SchemeEntry {
  /** Its name (the key under securitySchemes / securityDefinitions). */
  name: string;
  /** The Security Scheme Object, its `$ref` followed. */
  scheme: Record<string, unknown>;
  /** Where it is declared. */
  segments: (string | number)[];
  /** Its `type`. */
  type: string;
  /** How a credential is sent, or undefined when the generated code cannot send or check it. */
  kind?: "apiKey" | "basic" | "bearer";
  /** Where an API key goes (`header`, `query`, `cookie`). */
  in: string;
  /** The API key's parameter name. */
  param: string;
}

/** The document's security schemes in document order (unresolvable ones left out). */
export function securitySchemes(index: RefIndex): SchemeEntry[] {
  const out: SchemeEntry[] = [];
  for (const entry of index.components("securityScheme")) {
    const scheme = followedObject(index, entry.value);
    if (scheme === undefined) continue;
    const type = String(scheme.type ?? "");
    const httpScheme = typeof scheme.scheme === "string" ? scheme.scheme.toLowerCase() : "";
    let kind: SchemeEntry["kind"];
    if (type === "apiKey" && typeof scheme.name === "string") kind = "apiKey";
    else if (type === "basic" || (type === "http" && httpScheme === "basic")) kind = "basic";
    else if ((type === "http" && httpScheme === "bearer") || type === "oauth2" || type === "openIdConnect") {
      kind = "bearer";
    }
    const where = String(scheme.in ?? "header");
    out.push({
      name: entry.name,
      scheme,
      segments: [...entry.segments],
      type,
      kind,
      in: where === "query" || where === "cookie" ? where : "header",
      param: typeof scheme.name === "string" ? scheme.name : "",
    });
  }
  return out;
}

/**
 * A unit of runtime code with its exported names taken from the package-wide registry (a name a schema took
 * gets a numeric suffix, every use of it renamed with it; an info issue says so).
 */
export function runtimeUnit(
  rt: GoRuntime,
  model: TypeModel,
  file: string,
): { unit: Unit; name: (declared: string) => string } {
  const u = unit("", 0);
  for (const i of rt.imports) u.imports.add(i);
  const renames = takeRuntimeNames(model.names, [rt]);
  for (const [name, taken] of renames) {
    model.issue(
      "info",
      [],
      `${file} declares ${taken} instead of ${name}, a name the package already uses.`,
      "generate-security-extras",
    );
  }
  u.w.raw(renameRuntime(rt.code, renames));
  return { unit: u, name: (declared) => renames.get(declared) ?? declared };
}

/** The scheme table `var <name> = []<type>{...}` of the schemes the code can send or check. */
export function schemeTable(name: string, type: string, schemes: readonly SchemeEntry[]): Unit {
  const u = unit("", 0);
  const usable = schemes.filter((s) => s.kind !== undefined);
  if (usable.length === 0) {
    u.w.line(`var ${name} = []${type}{}`);
    return u;
  }
  u.w.open(`var ${name} = []${type}{`);
  for (const s of usable) {
    const where = s.kind === "apiKey" ? `, in: ${goString(s.in)}, name: ${goString(s.param)}` : "";
    u.w.line(`{scheme: ${goString(s.name)}, kind: ${goString(s.kind!)}${where}},`);
  }
  u.w.close();
  return u;
}

/**
 * One unit per operation adding its route (method, path pattern, security requirements) to the table `table`
 * of type `type` in an `init` function; `anchored` false matches the end of the path only (a client's request
 * path carries the base URL's path before the operation's).
 */
export function routeUnits(
  ops: readonly GoOperation[],
  groupOf: (op: GoOperation) => string,
  table: string,
  type: string,
  anchored: boolean,
): Unit[] {
  const order = new Map<GoOperation, number>();
  matchingOrder(ops).forEach((op, i) => order.set(op, i));
  return ops.map((op) => {
    const u = unit(groupOf(op), 1);
    const w = u.w;
    const pattern = anchored ? pathPattern(op.path) : pathPattern(op.path).slice(1);
    w.comment([`The security requirements of ${op.name}.`]);
    w.open("func init() {");
    w.open(`${table} = append(${table}, ${type}{`);
    w.line(`order:   ${order.get(op)},`);
    w.line(`method:  ${goString(op.method)},`);
    w.line(`pattern: ${goString(pattern)},`);
    w.line(`reqs:    ${requirements(op.security)},`);
    w.close("})");
    w.close();
    return u;
  });
}

/** The Go literal of security requirements (`[]map[string][]string{...}`), schemes sorted by name. */
function requirements(security: readonly Record<string, string[]>[]): string {
  if (security.length === 0) return "nil";
  const alternatives = security.map((req) => {
    const names = Object.keys(req).sort();
    if (names.length === 0) return "{}";
    return "{" + names.map((n) => `${goString(n)}: ${scopes(req[n])}`).join(", ") + "}";
  });
  return `[]map[string][]string{${alternatives.join(", ")}}`;
}

function scopes(list: readonly string[]): string {
  return list.length === 0 ? "nil" : `{${list.map(goString).join(", ")}}`;
}

/**
 * The files of a runtime that has a scheme table (`<prefix>Schemes` of `<prefix>Scheme`) and a per-operation
 * route table (`<prefix>Routes` of `<prefix>Route`): `<base>.go`, split by the per-operation limits.
 */
export function tableFiles(
  ctx: EmitContext,
  base: string,
  rt: GoRuntime,
  prefix: string,
  schemes: readonly SchemeEntry[],
  anchored: boolean,
): GeneratedFile[] {
  const core = [
    runtimeUnit(rt, ctx.model, `${base}.go`).unit,
    schemeTable(`${prefix}Schemes`, `${prefix}Scheme`, schemes),
  ];
  const routes = routeUnits(ctx.ops, (op) => ctx.groupOf(op), `${prefix}Routes`, `${prefix}Route`, anchored);
  return splitFiles(base, ctx.packageName, core, routes, {
    maxLines: ctx.options.maxLines,
    maxWeight: ctx.options.maxOps,
  });
}
