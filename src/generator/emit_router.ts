/**
 * The server_router.go emitter (`--server-router stdlib|chi`): `NewRouter(si, RouterOptions)`, an
 * `http.Handler` routing the document's path templates to the per-operation handlers of server.go (so binding,
 * calling the implementation and writing the response stay server.go's), with path parameter accessors
 * (`PathParam`, `RawPathParams`), `RouteOperation`, middlewares, a base path, an error handler and custom
 * 404/405 answers. `stdlib` is a segment tree on the standard library (Go 1.19); `chi` registers chi patterns on
 * a `chi.Mux` (github.com/go-chi/chi/v5). Templates chi cannot express are left out of the chi router with an
 * issue.
 *
 * @module
 */
import type { EmitContext } from "./context.ts";
import { goString } from "./go_writer.ts";
import type { GoOperation } from "./operations.ts";
import { type GeneratedFile, splitFiles } from "./split.ts";
import { type Unit, unit } from "./unit.ts";
import { pathParams } from "./path_params.ts";
import { renameRuntime, ROUTER_CHI, ROUTER_COMMON, ROUTER_STDLIB, takeRuntimeNames } from "./go_runtime.ts";

/** A path template cut into segments: each the literal pieces around its parameters. */
export interface TemplateSegments {
  /** Segments after the leading `/`: `["pets"]` literal, `["", ""]` a whole parameter, `["v", ".json"]` mixed. */
  segments: string[][];
  /** Parameter names in template order. */
  names: string[];
}

/** The segments of a path template (which starts with `/`). */
export function templateSegments(path: string): TemplateSegments {
  const segments: string[][] = [[""]];
  const names: string[] = [];
  const literal = (text: string) => {
    const parts = text.split("/");
    const cur = segments[segments.length - 1];
    cur[cur.length - 1] += parts[0];
    for (const p of parts.slice(1)) segments.push([p]);
  };
  const body = path.slice(1);
  let last = 0;
  for (const e of pathParams(body)) {
    literal(body.slice(last, e.start));
    segments[segments.length - 1].push("");
    names.push(e.name);
    last = e.end;
  }
  literal(body.slice(last));
  return { segments, names };
}

const CHI_KEY = /^[A-Za-z0-9_-]+$/;

/** The methods chi knows; others are registered with chi.RegisterMethod, which takes a limited number. */
const CHI_METHODS = new Set(["CONNECT", "DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT", "TRACE"]);

/** Most methods registered with chi (chi's own limit is about 50 on 64-bit systems, less on 32-bit). */
export const MAX_CHI_CUSTOM_METHODS = 16;

/** A chi pattern for a template, with the URL parameter key of each parameter; a reason when chi cannot. */
export function chiPattern(t: TemplateSegments): { pattern: string; keys: string[] } | { reason: string } {
  const keys: string[] = [];
  const used = new Set<string>();
  let pattern = "";
  let k = 0;
  for (const pieces of t.segments) {
    pattern += "/" + pieces[0];
    for (let i = 1; i < pieces.length; i++) {
      const name = t.names[k];
      let key = name;
      if (!CHI_KEY.test(key) || used.has(key)) {
        let n = k;
        do key = `p${n++}`; while (used.has(key) || t.names.includes(key));
      }
      used.add(key);
      keys.push(key);
      k++;
      if (i < pieces.length - 1 && pieces[i] === "") {
        return { reason: "two parameters follow each other with no text between them" };
      }
      pattern += `{${key}}` + pieces[i];
    }
  }
  if (/[{}*]/.test(t.segments.flat().join(""))) {
    return { reason: "its literal text has characters chi reads as pattern syntax ({, } or *)" };
  }
  return { pattern, keys };
}

/** server_router.go (split per group like server.go when large), or nothing without `--server-router`. */
export function emitRouter(ctx: EmitContext): GeneratedFile[] {
  const kind = ctx.options.serverRouter;
  if (kind === undefined || !ctx.options.server) return [];
  const runtime = kind === "chi" ? ROUTER_CHI : ROUTER_STDLIB;
  const renames = takeRuntimeNames(ctx.model.names, [ROUTER_COMMON, runtime]);
  const sorted = [...ctx.ops].sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : a.method < b.method ? -1 : a.method > b.method ? 1 : 0
  );
  const byGroup = new Map<string, string[]>();
  const custom = new Set<string>();
  const seen = new Map<string, GoOperation>();
  for (const op of sorted) {
    if (op.path.startsWith("/")) {
      // Templates that differ only in parameter names are the same route: the first (in path order) serves it.
      const key = `${op.method} ${JSON.stringify(templateSegments(op.path).segments)}`;
      const first = seen.get(key);
      if (first !== undefined) {
        ctx.model.issue(
          "warning",
          op.at,
          `${op.method} ${JSON.stringify(op.path)} is the same route as ${first.method} ${
            JSON.stringify(first.path)
          }; the router serves ${first.name} there and leaves ${op.name} out.`,
          "generate-router-duplicate",
        );
        continue;
      }
      seen.set(key, op);
    }
    const line = routeLine(ctx, op, kind, custom);
    if (line === undefined) continue;
    const g = ctx.groupOf(op);
    const list = byGroup.get(g) ?? [];
    list.push(line);
    byGroup.set(g, list);
  }
  const chunk = Math.max(1, Math.min(ctx.options.maxOps, Math.floor(ctx.options.maxLines / 2)));
  const units: Unit[] = [];
  const fns: string[] = [];
  for (const g of [...byGroup.keys()].sort()) {
    const lines = byGroup.get(g)!;
    for (let i = 0; i < lines.length; i += chunk) {
      const part = lines.slice(i, i + chunk);
      const fn = `routerRoutes${fns.length + 1}`;
      fns.push(fn);
      const u = unit(g, part.length);
      u.w.open(`func ${fn}() []routerRoute {`);
      u.w.open("return []routerRoute{");
      u.w.lines(part);
      u.w.close();
      u.w.close();
      units.push(u);
    }
  }
  const core = unit("", 0);
  for (const i of [...ROUTER_COMMON.imports, ...runtime.imports]) core.imports.add(i);
  core.w.raw(renameRuntime(`${ROUTER_COMMON.code}\n\n${runtime.code}`, renames));
  core.w.line();
  core.w.comment(["routerAllRoutes returns the routes of every operation."]);
  core.w.open("func routerAllRoutes() []routerRoute {");
  if (fns.length === 0) core.w.line("return nil");
  else {
    core.w.line("var out []routerRoute");
    for (const fn of fns) core.w.line(`out = append(out, ${fn}()...)`);
    core.w.line("return out");
  }
  core.w.close();
  return splitFiles("server_router", ctx.packageName, [core], units, {
    maxLines: ctx.options.maxLines,
    maxWeight: ctx.options.maxOps,
  });
}

function stringList(values: readonly string[]): string {
  return values.length === 0 ? "nil" : `[]string{${values.map(goString).join(", ")}}`;
}

/** The route table entry of one operation, or undefined (with an issue) when the router cannot serve it. */
function routeLine(
  ctx: EmitContext,
  op: GoOperation,
  kind: "stdlib" | "chi",
  custom: Set<string>,
): string | undefined {
  if (!op.path.startsWith("/")) {
    ctx.model.issue(
      "warning",
      op.at,
      `the path template ${
        JSON.stringify(op.path)
      } does not start with "/"; the router leaves ${op.name} out.`,
      "generate-router-path",
    );
    return undefined;
  }
  const t = templateSegments(op.path);
  const common = `method: ${goString(op.method)}, operation: ${goString(op.name)}`;
  const tail = `names: ${stringList(t.names)}, handle: (*serverHandler).handle${op.name}`;
  if (kind === "stdlib") {
    const segs = t.segments.map((p) => `{${p.map(goString).join(", ")}}`).join(", ");
    return `{${common}, segments: [][]string{${segs}}, ${tail}},`;
  }
  const chi = chiPattern(t);
  if ("reason" in chi) {
    ctx.model.issue(
      "warning",
      op.at,
      `the path template ${JSON.stringify(op.path)} cannot be a chi pattern (${chi.reason}); ` +
        `the chi router leaves ${op.name} out (NewHandler and the stdlib router serve it).`,
      "generate-router-chi",
    );
    return undefined;
  }
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(op.method)) {
    ctx.model.issue(
      "warning",
      op.at,
      `the method ${JSON.stringify(op.method)} is not an HTTP token; the chi router leaves ${op.name} out.`,
      "generate-router-chi",
    );
    return undefined;
  }
  if (!CHI_METHODS.has(op.method) && !custom.has(op.method)) {
    if (custom.size >= MAX_CHI_CUSTOM_METHODS) {
      ctx.model.issue(
        "warning",
        op.at,
        `chi takes at most ${MAX_CHI_CUSTOM_METHODS} methods besides the standard ones here; the chi router leaves ${op.name} (${
          JSON.stringify(op.method)
        }) out.`,
        "generate-router-chi",
      );
      return undefined;
    }
    custom.add(op.method);
  }
  return `{${common}, pattern: ${goString(chi.pattern)}, keys: ${stringList(chi.keys)}, ${tail}},`;
}
