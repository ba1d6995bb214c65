/**
 * The server_responses.go emitter (`--server-responses`): per operation and status, a struct of the response's
 * declared headers (typed from the Header Objects' schemas, required ones by value), a writer
 * `Write<Op><Status>(w, [status], [body], [headers]) error` that sets the headers, the content type and the
 * status and encodes the body (JSON, or raw for text and binary media types), and a constructor
 * `New<Op><Status>Response(...)` of server.go's response struct, so an implementation of ServerInterface returns
 * the right status and payload without knowing the struct's fields. Ranges (`2XX`) and `default` take the code.
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import type { RefIndex } from "../refs/ref_index.ts";
import { goString } from "./go_writer.ts";
import { goName, NameRegistry } from "./naming.ts";
import type { GoOperation, GoResponse } from "./operations.ts";
import { mainType, scalarGoType } from "./schema_facts.ts";
import { type GeneratedFile, splitFiles } from "./split.ts";
import { importsOfType, type Unit, unit, writeDoc } from "./unit.ts";
import type { EmitContext } from "./context.ts";
import { RESPONSE_HELPERS } from "./go_runtime.ts";
import { goNamed, goPointer, goSlice, type GoType, goTypeText } from "./go_type.ts";
import { followedObject } from "./follow_ref.ts";

/** How a response's body is written. */
export interface ResponseBody {
  /** `json` (encoded), `text` (a Go string written raw), `bytes` (raw), `none`. */
  kind: "json" | "text" | "bytes" | "none";
  /** Go type the writer takes (undefined for none). */
  type?: GoType;
  /** Media type sent ("" for none). */
  contentType: string;
  /** The media type is a range (`image/*`): the writer takes the content type. */
  wildcard: boolean;
  /** The Media Object (3.x) the body is described by, when there is one. */
  media?: Record<string, unknown>;
  /** Where the Media Object is (3.x). */
  mediaAt?: (string | number)[];
}

/** The body of a response: the core's JSON body, else the first media type of its content (3.x). */
export function responseBody(r: GoResponse): ResponseBody {
  const content = isObject(r.response.content) ? r.response.content : undefined;
  if (r.field !== undefined && r.type !== undefined) {
    const key = content === undefined ? undefined : Object.keys(content).find((k) => k === r.contentType) ??
      (r.contentType === "application/json" ? Object.keys(content).find((k) => k === "*/*") : undefined);
    const media = key === undefined ? undefined : content![key];
    return {
      kind: "json",
      type: r.type,
      contentType: r.contentType ?? "application/json",
      wildcard: false,
      media: isObject(media) ? media : undefined,
      mediaAt: key === undefined ? undefined : [...r.at, "content", key],
    };
  }
  const key = content === undefined ? undefined : Object.keys(content)[0];
  if (key === undefined) return { kind: "none", contentType: "", wildcard: false };
  const media = content![key];
  const text = /^text\//i.test(key);
  return {
    kind: text ? "text" : "bytes",
    type: text ? goNamed("string") : goSlice(goNamed("byte")),
    contentType: key.includes("*") ? "application/octet-stream" : key,
    wildcard: key.includes("*"),
    media: isObject(media) ? media : undefined,
    mediaAt: [...r.at, "content", key],
  };
}

/** A declared response header. */
export interface HeaderField {
  /** Name in the document. */
  name: string;
  /** Field of the header struct. */
  field: string;
  /** Go type of one value (`[]T` for lists). */
  type: GoType;
  /** Required (3.x `required`; 2.0 headers never are). */
  required: boolean;
  /** Description. */
  doc: string;
  /** The Header Object (its `$ref` followed). */
  header: Record<string, unknown>;
  /** Its schema (2.0: the Header Object itself). */
  schema: unknown;
  /** Where it is. */
  at: (string | number)[];
}

/** The label of a status in names (`200`, `2XX`, `Default`). */
export function statusLabel(status: string): string {
  return status.toLowerCase() === "default" ? "Default" : status.toUpperCase();
}

/** The status a response is sent with when the writer is not given one: the code, `2XX` → 200, default → 200. */
export function fixedStatus(status: string): number | undefined {
  return /^\d{3}$/.test(status) ? Number(status) : undefined;
}

function headerType(index: RefIndex, raw: unknown, depth = 0): GoType {
  const schema = followedObject(index, raw);
  if (schema === undefined) return goNamed("string");
  const type = mainType(schema);
  // A header is text: a binary format stays a string.
  const scalar = scalarGoType(type, schema.format, false);
  if (scalar !== undefined) return scalar;
  if (type === "array" && depth === 0) return goSlice(headerType(index, schema.items, depth + 1));
  return goNamed("string");
}

/** The declared headers of a response that writers set (not Content-Type, not names that are no HTTP token). */
export function headersOf(ctx: EmitContext, r: GoResponse, report = true): HeaderField[] {
  const raw = r.response.headers;
  if (!isObject(raw)) return [];
  const v2 = ctx.index.oasVersion === "2.0";
  const names = new NameRegistry(["Apply"]);
  const out: HeaderField[] = [];
  for (const [name, value] of Object.entries(raw)) {
    if (name.toLowerCase() === "content-type") continue;
    if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name)) {
      if (!report) continue;
      ctx.model.issue(
        "info",
        [...r.at, "headers", name],
        `response header "${name}" is not a valid HTTP header name; its writer leaves it out.`,
        "generate-response-header",
      );
      continue;
    }
    const h = followedObject(ctx.index, value);
    if (h === undefined) continue;
    out.push({
      name,
      field: names.take(goName(name, "Header")),
      type: headerType(ctx.index, v2 ? h : h.schema),
      required: !v2 && h.required === true,
      doc: typeof h.description === "string" ? h.description : "",
      header: h,
      schema: v2 ? h : h.schema,
      at: [...r.at, "headers", name],
    });
  }
  return out;
}

/** The Go expression of one header value `v` of type `type` as text. */
function formatValue(u: Unit, type: GoType, v: string): string {
  switch (type.kind === "named" ? type.name : "") {
    case "string":
      return v;
    case "int32":
    case "int64":
      u.imports.add("strconv");
      return `strconv.FormatInt(int64(${v}), 10)`;
    case "float32":
      u.imports.add("strconv");
      return `strconv.FormatFloat(float64(${v}), 'g', -1, 32)`;
    case "float64":
      u.imports.add("strconv");
      return `strconv.FormatFloat(${v}, 'g', -1, 64)`;
    case "bool":
      u.imports.add("strconv");
      return `strconv.FormatBool(${v})`;
    case "time.Time":
      u.imports.add("time");
      return `${v}.Format(time.RFC3339Nano)`;
  }
  return v;
}

function zeroTest(type: GoType, v: string): string {
  switch (type.kind === "named" ? type.name : "") {
    case "string":
      return `${v} != ""`;
    case "bool":
      return v;
    case "time.Time":
      return `!${v}.IsZero()`;
  }
  return `${v} != 0`;
}

/** The header struct and its Apply method. */
function emitHeaders(u: Unit, name: string, what: string, fields: HeaderField[], pointers: boolean): void {
  const w = u.w;
  w.comment([`${name} holds the headers of ${what}.`]);
  w.open(`type ${name} struct {`);
  for (const f of fields) {
    const pointer = !f.required && pointers && f.type.kind !== "slice";
    importsOfType(u, f.type);
    w.comment([`${f.field} is the header ${goString(f.name)}${f.required ? " (required)" : ""}.`]);
    writeDoc(w, f.field, f.doc, false);
    w.line(`${f.field}\v${goTypeText(pointer ? goPointer(f.type) : f.type)}`);
  }
  w.close();
  w.line();
  w.comment(["Apply sets the headers that have a value on h (required ones always)."]);
  w.open(`func (hs ${name}) Apply(h http.Header) {`);
  for (const f of fields) {
    const v = `hs.${f.field}`;
    const key = goString(f.name);
    if (f.type.kind === "slice") {
      u.imports.add("strings");
      const item = f.type.elem;
      w.open(`if len(${v}) > 0 {`);
      w.line(`parts := make([]string, len(${v}))`);
      w.open(`for i, v := range ${v} {`);
      w.line(`parts[i] = ${formatValue(u, item, "v")}`);
      w.close();
      w.line(`h.Set(${key}, strings.Join(parts, ","))`);
      w.close();
    } else if (f.required) {
      w.line(`h.Set(${key}, ${formatValue(u, f.type, v)})`);
    } else if (pointers) {
      w.open(`if ${v} != nil {`);
      w.line(`h.Set(${key}, ${formatValue(u, f.type, `(*${v})`)})`);
      w.close();
    } else {
      w.open(`if ${zeroTest(f.type, v)} {`);
      w.line(`h.Set(${key}, ${formatValue(u, f.type, v)})`);
      w.close();
    }
  }
  w.close();
}

/** server_responses.go (split like the server when large). */
export function emitResponses(ctx: EmitContext): GeneratedFile[] {
  const core = unit("", 0);
  for (const i of RESPONSE_HELPERS.imports) core.imports.add(i);
  core.w.raw(RESPONSE_HELPERS.code);
  const units = ctx.ops.map((op) => emitOperationResponses(ctx, op));
  const { maxLines, maxOps } = ctx.options;
  return splitFiles("server_responses", ctx.packageName, [core], units, {
    maxLines,
    maxWeight: maxOps,
  });
}

function emitOperationResponses(ctx: EmitContext, op: GoOperation): Unit {
  const u = unit(ctx.groupOf(op));
  u.imports.add("net/http");
  const w = u.w;
  const names = ctx.model.names;
  let first = true;
  for (const r of op.responses) {
    const label = statusLabel(r.status);
    const what = `the ${r.status.toLowerCase() === "default" ? "default" : r.status} response of ${op.name}`;
    const body = responseBody(r);
    const headers = headersOf(ctx, r);
    const code = fixedStatus(r.status);
    const params: string[] = [];
    if (code === undefined) params.push("status int");
    if (body.type !== undefined) params.push(`body ${goTypeText(body.type)}`);
    if (body.wildcard) params.push("contentType string");
    let headerType: string | undefined;
    if (headers.length > 0) {
      headerType = names.take(`${op.name}${label}Headers`);
      if (!first) w.line();
      emitHeaders(u, headerType, what, headers, ctx.options.pointers);
      first = false;
      params.push(`headers ${headerType}`);
    }
    if (body.type !== undefined) importsOfType(u, body.type);
    const status = code === undefined ? "status" : String(code);
    const contentType = body.wildcard ? "contentType" : goString(body.contentType);
    // The writer.
    const writer = names.take(`Write${op.name}${label}`);
    if (!first) w.line();
    first = false;
    w.comment([
      `${writer} writes ${what}${headers.length > 0 ? ": its headers" : ""}${
        body.kind === "none"
          ? ""
          : `${headers.length > 0 ? ", " : ": "}the ${body.kind === "json" ? "JSON" : "raw"} body`
      }${code === undefined ? `, with status (${rangeText(r.status)})` : ""}.`,
    ]);
    writeDoc(w, writer, r.description, false);
    w.open(`func ${writer}(w http.ResponseWriter${params.map((p) => ", " + p).join("")}) error {`);
    if (code === undefined) {
      w.open(`if err := responsesStatus(status, ${classOf(r.status)}); err != nil {`);
      w.line("return err");
      w.close();
    }
    if (headerType !== undefined) w.line("headers.Apply(w.Header())");
    switch (body.kind) {
      case "json":
        w.line(`return responsesJSON(w, ${status}, ${contentType}, body)`);
        break;
      case "text":
        w.line(`return responsesWrite(w, ${status}, ${contentType}, []byte(body))`);
        break;
      case "bytes":
        w.line(`return responsesWrite(w, ${status}, ${contentType}, body)`);
        break;
      case "none":
        w.line(`return responsesWrite(w, ${status}, "", nil)`);
    }
    w.close();
    // The constructor of server.go's response struct.
    const ctor = names.take(`New${op.name}${label}Response`);
    w.line();
    w.comment([
      `${ctor} returns ${what} as the ${op.responseType} an implementation of ServerInterface returns.`,
    ]);
    w.open(`func ${ctor}(${params.join(", ")}) ${op.responseType} {`);
    w.line("h := http.Header{}");
    if (headerType !== undefined) w.line("headers.Apply(h)");
    if (body.kind !== "none") w.line(`h.Set("Content-Type", ${contentType})`);
    const fields = [`StatusCode: ${status}`, "Header: h"];
    if (body.kind === "json") fields.push(`${r.field}: &body`);
    if (body.kind === "text") fields.push("Body: []byte(body)");
    if (body.kind === "bytes") fields.push("Body: body");
    w.line(`return ${op.responseType}{${fields.join(", ")}}`);
    w.close();
  }
  return u;
}

function classOf(status: string): number {
  return /^\dXX$/i.test(status) ? Number(status[0]) : 0;
}

function rangeText(status: string): string {
  return /^\dXX$/i.test(status) ? `a ${status[0]}xx code` : "any code";
}
