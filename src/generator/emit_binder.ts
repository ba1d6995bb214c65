/**
 * The server_binder.go emitter (`--server-binder`): per operation, `Bind<Op>Request(r, pathParams)` filling the
 * operation's request struct (the one ServerInterface takes) with typed code — path, query, header and cookie
 * parameters by their style and explode (2.0: collectionFormat), arrays, the schema's defaults when absent,
 * required ones checked; deepObject query parameters (`name[property]`) into structs by their JSON property names
 * and into maps — and the body (JSON, form fields and multipart files, raw). A `Nullable[T]` field takes the
 * value received (absent: left unspecified). Errors are `*BindError` naming the parameter and where it is. Types
 * it cannot read exactly (nested objects, unions, nullable items) are read from their JSON text, with an issue.
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import type { EmitContext } from "./context.ts";
import { bodyFieldType } from "./emit_client.ts";
import { goDeref, type GoType, goTypeEqual, goTypeText, isGoNamed } from "./go_type.ts";
import { docLines, goString } from "./go_writer.ts";
import type { GoOperation, GoParam } from "./operations.ts";
import { type GeneratedFile, splitFiles } from "./split.ts";
import { type Unit, unit } from "./unit.ts";
import { BINDER_HELPERS, renameRuntime, takeRuntimeNames } from "./go_runtime.ts";
import type { GoField } from "./go_decls.ts";
import { pathParamNames } from "./path_params.ts";
import { BinderTypes, type BindShape, type DeepShape, defaultLiteral } from "./binder_types.ts";
import { followedObject } from "./follow_ref.ts";

/** Lines of Go code with relative indentation (written into a unit's writer at its indentation). */
class Block {
  readonly out: string[] = [];
  #depth = 0;
  line(text: string): void {
    this.out.push("\t".repeat(this.#depth) + text);
  }
  open(text: string): void {
    this.line(text);
    this.#depth++;
  }
  close(text = "}"): void {
    this.#depth--;
    this.line(text);
  }
  /** A line one level out that continues the block (`} else {`). */
  mid(text: string): void {
    this.#depth--;
    this.line(text);
    this.#depth++;
  }
}

/** One value to bind: where it is read from and where it goes. */
interface Target {
  /** path, query, header, cookie or body. */
  in: string;
  /** Name in the request. */
  name: string;
  /** Go lvalue (`req.Limit`, `body.Name`). */
  dst: string;
  /** Go type of the lvalue. */
  type: GoType;
  required: boolean;
  /** Go expression of the default ("" for none). */
  defaultExpr: string;
}

/** server_binder.go (split per group like server.go when large), or nothing without `--server-binder`. */
export function emitBinder(ctx: EmitContext): GeneratedFile[] {
  if (!ctx.options.serverBinder || !ctx.options.server) return [];
  const renames = takeRuntimeNames(ctx.model.names, [BINDER_HELPERS]);
  const types = new BinderTypes(ctx);
  const units = ctx.ops.map((op) => emitBind(ctx, types, op));
  const core = unit("", 0);
  for (const i of BINDER_HELPERS.imports) core.imports.add(i);
  core.w.raw(renameRuntime(BINDER_HELPERS.code, renames));
  for (const [name, parse] of [...types.named].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)) {
    core.w.line();
    core.w.open(`func binderParse${name}(s string) (${name}, error) {`);
    core.w.line(`v, err := ${parse}(s)`);
    core.w.line(`return ${name}(v), err`);
    core.w.close();
  }
  return splitFiles("server_binder", ctx.packageName, [core], units, {
    maxLines: ctx.options.maxLines,
    maxWeight: ctx.options.maxOps,
  });
}

function paramDefault(ctx: EmitContext, types: BinderTypes, p: GoParam): string {
  return defaultExpr(ctx, types, p.schema, p.type, p.at, `parameter "${p.name}"`);
}

/** The Go expression of a schema's default for a value of Go type `type` ("" for none, with an issue when it does not fit). */
function defaultExpr(
  ctx: EmitContext,
  types: BinderTypes,
  schema: unknown,
  type: GoType,
  at: (string | number)[],
  what: string,
): string {
  const s = followedObject(ctx.index, schema);
  if (s === undefined || !("default" in s)) return "";
  const plain = goTypeText(goDeref(type));
  const expr = defaultOf(types.shapeOf(type), type, s.default);
  if (expr === undefined) {
    ctx.model.issue(
      "info",
      at,
      `the default of ${what} is not a ${plain} the binder can write; it is not applied.`,
      "generate-binder-default",
    );
    return "";
  }
  return expr;
}

/** The Go expression of `value` for a value of Go type `type` read by `shape`, or undefined when it does not fit. */
function defaultOf(shape: BindShape, type: GoType, value: unknown): string | undefined {
  const plainType = goDeref(type);
  const plain = goTypeText(plainType);
  let expr: string | undefined;
  if (shape.kind === "nullable") {
    const inner = defaultOf(shape.of, shape.inner, value);
    return inner === undefined ? undefined : `NewNullableValue[${goTypeText(shape.inner)}](${inner})`;
  }
  const s = { default: value };
  if (shape.kind === "scalar") {
    const lit = defaultLiteral(s.default, shape.base);
    if (lit !== undefined) {
      const untyped = type.kind !== "pointer" || isGoNamed(plainType, "string") ||
        isGoNamed(plainType, "bool");
      expr = goTypeEqual(plainType, shape.base) && untyped ? lit : `${plain}(${lit})`;
    }
  } else if (shape.kind === "array" && Array.isArray(s.default)) {
    const items = s.default.map((v) => defaultLiteral(v, shape.item.base));
    if (items.every((i) => i !== undefined)) expr = `${plain}{${items.join(", ")}}`;
  }
  return expr;
}

/** The Bind function of one operation. */
function emitBind(ctx: EmitContext, types: BinderTypes, op: GoOperation): Unit {
  const u = unit(ctx.groupOf(op));
  u.imports.add("net/http");
  const fn = ctx.model.names.take(`Bind${op.requestType}`);
  u.w.comment(docLines(
    `${fn} reads the parameters and the body of ${op.name} (${op.method} ${op.path}) from r into a ` +
      `${op.requestType}: pathParams holds the path parameters as written in the URL (RawPathParams with ` +
      "NewRouter). Absent parameters take their defaults; errors are *BindError.",
  ));
  const w = new Block();
  w.open(`func ${fn}(r *http.Request, pathParams map[string]string) (${op.requestType}, error) {`);
  w.line(`req := ${op.requestType}{HTTPRequest: r}`);
  if (op.params.some((p) => p.in === "query")) w.line("query := r.URL.Query()");
  const pathNames = new Set(pathParamNames(op.path));
  for (const p of op.params) {
    if (p.in === "path" && !pathNames.has(p.name)) continue;
    const t: Target = {
      in: p.in,
      name: p.name,
      dst: `req.${p.field}`,
      type: p.type,
      required: p.required,
      defaultExpr: paramDefault(ctx, types, p),
    };
    const deep = p.in === "query" && p.deepObject ? types.deepOf(p.type) : undefined;
    if (deep !== undefined) {
      emitDeepObject(ctx, types, w, p, deep);
      continue;
    }
    const shape = types.shapeOf(p.type);
    if (shape.kind === "json") jsonIssue(ctx, p.at, `parameter "${p.name}"`, p.type);
    const array = isArray(shape) ? "true" : "false";
    switch (p.in) {
      case "path":
        w.open("{");
        w.line(
          `items, err := binderPath(pathParams, ${goString(p.name)}, ${goString(p.prefix)}, ${
            goString(p.sep)
          }, ${array})`,
        );
        w.open("if err != nil {");
        w.line("return req, err");
        w.close();
        assign(w, t, shape);
        w.close();
        break;
      case "query":
        present(
          w,
          t,
          shape,
          `items, ok := binderQuery(query, ${goString(p.name)}, ${p.explode}, ${
            goString(p.sep)
          }, ${array}); ok`,
        );
        break;
      case "header":
        present(w, t, shape, `items, ok := binderHeader(r.Header, ${goString(p.name)}, ${array}); ok`);
        break;
      default:
        w.open(
          `if items, ok, err := binderCookie(r, ${goString(p.name)}, ${p.explode}, ${array}); err != nil {`,
        );
        w.line("return req, err");
        present(w, t, shape, "ok", "} else if ");
    }
  }
  const b = op.body;
  if (b !== undefined) emitBody(ctx, types, op, w, u);
  w.line("return req, nil");
  w.close();
  u.w.lines(w.out);
  return u;
}

/** Whether `shape` reads every item (an array, or a Nullable of one). */
function isArray(shape: BindShape): boolean {
  return shape.kind === "array" || (shape.kind === "nullable" && shape.of.kind === "array");
}

/**
 * A deepObject query parameter: its `name[property]` keys gathered; a struct filled field by field (by JSON
 * property name, required properties checked, defaults applied), a map value by value. No key: missing.
 */
function emitDeepObject(ctx: EmitContext, types: BinderTypes, w: Block, p: GoParam, deep: DeepShape): void {
  const plain = goTypeText(goDeref(p.type));
  const dst = `req.${p.field}`;
  w.open(`if props, ok := binderDeepObject(query, ${goString(p.name)}); ok {`);
  if (deep.kind === "map") {
    w.line(`m, err := binderDeepMap(props, ${goString(p.name)}, ${deep.parse})`);
    w.open("if err != nil {");
    w.line("return req, err");
    w.close();
    const conv = goDeref(p.type).kind === "map" ? "m" : `${plain}(m)`;
    if (p.type.kind === "pointer") {
      w.line(`x := ${conv}`);
      w.line(`${dst} = &x`);
    } else w.line(`${dst} = ${conv}`);
  } else {
    w.line(`var obj ${plain}`);
    const props = followedObject(ctx.index, p.schema)?.properties;
    for (const f of deep.fields) {
      const { t, shape } = fieldTarget(ctx, types, f, props, {
        in: "query",
        name: `${p.name}[${f.json}]`,
        dst: `obj.${f.name}`,
        at: p.at,
        defaultAt: p.at,
        what: `property "${f.json}" of parameter "${p.name}"`,
      });
      present(
        w,
        t,
        shape,
        `items, ok := binderQuery(props, ${goString(f.json)}, true, ",", ${isArray(shape)}); ok`,
      );
    }
    w.line(`${dst} = ${p.type.kind === "pointer" ? "&obj" : "obj"}`);
  }
  if (p.required) {
    w.mid("} else {");
    w.line(`return req, binderMissing("query", ${goString(p.name)})`);
  }
  w.close();
}

/** `if <cond> { assign } else <missing or default>` (after `lead`, `if ` by default). */
function present(w: Block, t: Target, shape: BindShape, cond: string, lead = "if "): void {
  if (lead === "if ") w.open(`if ${cond} {`);
  else w.mid(`${lead}${cond} {`);
  assign(w, t, shape);
  if (t.required) {
    w.mid("} else {");
    w.line(`return req, binderMissing(${goString(t.in)}, ${goString(t.name)})`);
  } else if (t.defaultExpr !== "") {
    w.mid("} else {");
    if (t.type.kind === "pointer") {
      w.line(`d := ${t.defaultExpr}`);
      w.line(`${t.dst} = &d`);
    } else w.line(`${t.dst} = ${t.defaultExpr}`);
  }
  w.close();
}

/** Parses `items` by `shape` into the target (a `Nullable[T]` takes the value as a value). */
function assign(w: Block, t: Target, shape: BindShape): void {
  const fail = () => {
    w.open("if err != nil {");
    w.line(`return req, binderInvalid(${goString(t.in)}, ${goString(t.name)}, err)`);
    w.close();
  };
  if (shape.kind === "json") {
    w.open(`if err := binderJSON(items[0], &${t.dst}); err != nil {`);
    w.line(`return req, binderInvalid(${goString(t.in)}, ${goString(t.name)}, err)`);
    w.close();
    return;
  }
  const nullable = shape.kind === "nullable" ? goTypeText(shape.inner) : undefined;
  const of = shape.kind === "nullable" ? shape.of : shape;
  const pointer = nullable === undefined && t.type.kind === "pointer";
  const plainType = shape.kind === "nullable" ? shape.inner : goDeref(t.type);
  const plain = goTypeText(plainType);
  /** Stores the Go expression `value` (of type `plain`); `addressable` when `&value` may be taken. */
  const store = (value: string, addressable: boolean) => {
    if (nullable !== undefined) w.line(`${t.dst} = NewNullableValue[${nullable}](${value})`);
    else if (!pointer) w.line(`${t.dst} = ${value}`);
    else if (addressable) w.line(`${t.dst} = &${value}`);
    else {
      w.line(`x := ${value}`);
      w.line(`${t.dst} = &x`);
    }
  };
  if (of.kind === "scalar" && of.parse === "binderString") {
    store("items[0]", true);
    return;
  }
  if (of.kind === "scalar") {
    w.line(`v, err := ${of.parse}(items[0])`);
    fail();
    store("v", true);
    return;
  }
  w.line(`v, err := binderSlice(items, ${of.item.parse})`);
  fail();
  const conv = plainType.kind === "slice" ? "v" : `${plain}(v)`;
  store(conv, false);
}

/**
 * The target of a struct field bound by name (a deepObject property, a form field) with the default of its
 * property schema among `props`, and its shape; an issue at `where.at` when it is read from JSON text.
 */
function fieldTarget(
  ctx: EmitContext,
  types: BinderTypes,
  f: GoField,
  props: unknown,
  where: {
    in: string;
    name: string;
    dst: string;
    at: (string | number)[];
    defaultAt: (string | number)[];
    what: string;
  },
): { t: Target; shape: BindShape } {
  const prop = isObject(props) && Object.hasOwn(props, f.json) ? props[f.json] : undefined;
  const t: Target = {
    in: where.in,
    name: where.name,
    dst: where.dst,
    type: f.type,
    required: f.required,
    defaultExpr: defaultExpr(ctx, types, prop, f.type, where.defaultAt, where.what),
  };
  const shape = types.shapeOf(f.type);
  if (shape.kind === "json") jsonIssue(ctx, where.at, where.what, f.type);
  return { t, shape };
}

function jsonIssue(ctx: EmitContext, at: (string | number)[], what: string, type: GoType): void {
  ctx.model.issue(
    "info",
    at,
    `${what} has the type ${
      goTypeText(type)
    }, which the binder reads from JSON text (a bare word as a string).`,
    "generate-binder-json",
  );
}

/** The body: JSON decoded, form and multipart fields bound one by one, raw passed on. */
function emitBody(ctx: EmitContext, types: BinderTypes, op: GoOperation, w: Block, u: Unit): void {
  const b = op.body!;
  const field = bodyFieldType(op);
  const pointer = field.kind === "pointer";
  if (b.encoding === "raw") {
    w.line("req.Body = r.Body");
    return;
  }
  w.open("{");
  w.line(`var body ${goTypeText(b.type)}`);
  if (b.encoding === "json") {
    w.line(`ok, err := binderJSONBody(r, ${b.required}, &body)`);
    w.open("if err != nil {");
    w.line("return req, err");
    w.close();
    w.open("if ok {");
    w.line(`req.Body = ${pointer ? "&body" : "body"}`);
    w.close();
    w.close();
    return;
  }
  const decl = b.type.kind === "named" ? ctx.model.decl(b.type.name) : undefined;
  if (b.encoding === "form") {
    w.open("if err := r.ParseForm(); err != nil {");
    w.line(`return req, binderInvalid("body", "", err)`);
    w.close();
    w.line("form := r.PostForm");
  } else {
    u.imports.add("net/url");
    w.open("if err := r.ParseMultipartForm(32 << 20); err != nil {");
    w.line(`return req, binderInvalid("body", "", err)`);
    w.close();
    w.line("form := url.Values(r.MultipartForm.Value)");
  }
  const fields = decl?.kind === "struct" ? decl.fields : [];
  const props = followedObject(ctx.index, b.schema)?.properties;
  for (const f of fields) {
    const { t, shape } = fieldTarget(ctx, types, f, props, {
      in: "body",
      name: f.json,
      dst: `body.${f.name}`,
      at: b.at,
      defaultAt: [...b.at, "properties", f.json],
      what: `form field "${f.json}"`,
    });
    const array = isArray(shape) ? "true" : "false";
    const file = goDeref(f.type);
    if (b.encoding === "multipart" && file.kind === "slice" && isGoNamed(file.elem, "byte")) {
      w.open(`if data, ok, err := binderFile(r.MultipartForm, ${goString(f.json)}); err != nil {`);
      w.line(`return req, binderInvalid("body", ${goString(f.json)}, err)`);
      w.mid("} else if ok {");
      w.line(`${t.dst} = ${f.type.kind === "pointer" ? "&data" : "data"}`);
      present(
        w,
        t,
        shape,
        `items, ok := binderQuery(form, ${goString(f.json)}, true, ",", false); ok`,
        "} else if ",
      );
      continue;
    }
    present(w, t, shape, `items, ok := binderQuery(form, ${goString(f.json)}, true, ",", ${array}); ok`);
  }
  w.line(`req.Body = ${pointer ? "&body" : "body"}`);
  w.close();
}
