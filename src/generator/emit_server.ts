/**
 * The server.go emitter: `ServerInterface` (one method per operation taking a context and the request struct,
 * returning the response struct), `Unimplemented`, and `NewHandler`, an `http.Handler` (standard library
 * only, Go 1.19: its own path matching) that binds parameters and bodies into the generated types, calls the
 * implementation and writes its response.
 *
 * @module
 */
import { goString } from "./go_writer.ts";
import { pathPattern } from "./go_regexp.ts";
import { matchingOrder, pathParamNames } from "./path_params.ts";
import type { GoOperation } from "./operations.ts";
import { bodyFieldType, statusConditions } from "./emit_client.ts";
import { goTypeText } from "./go_type.ts";
import { type Unit, unit, writeDoc } from "./unit.ts";
import { SERVER_HANDLER, SERVER_HELPERS } from "./go_runtime.ts";

function handlerName(op: GoOperation): string {
  return "handle" + op.name;
}

/** The interface, Unimplemented, the handler type and its routes: what stays in server.go when split. */
export function emitServerCore(ops: readonly GoOperation[]): Unit {
  const u = unit("", 0);
  for (const i of [...SERVER_HELPERS.imports, ...SERVER_HANDLER.imports]) u.imports.add(i);
  if (ops.length > 0) u.imports.add("context");
  const w = u.w;
  w.comment(["ServerInterface is implemented by the server: one method per operation of the API."]);
  w.open("type ServerInterface interface {");
  for (const op of ops) {
    writeDoc(w, op.name, op.doc, op.deprecated);
    w.comment([`${op.name} answers ${op.method} ${op.path}.`]);
    w.line(`${op.name}(ctx context.Context, req ${op.requestType}) (${op.responseType}, error)`);
  }
  w.close();
  w.line();
  w.comment([
    "Unimplemented answers every operation with ErrNotImplemented; embed it to implement some only.",
  ]);
  w.line("type Unimplemented struct{}");
  for (const op of ops) {
    w.line();
    w.comment([`${op.name} returns ErrNotImplemented.`]);
    w.open(
      `func (Unimplemented) ${op.name}(ctx context.Context, req ${op.requestType}) (${op.responseType}, error) {`,
    );
    w.line(`return ${op.responseType}{}, ErrNotImplemented`);
    w.close();
  }
  w.line();
  w.raw(`${SERVER_HANDLER.code}\n`);
  w.comment(["NewHandler returns an http.Handler that serves the API with si."]);
  w.open("func NewHandler(si ServerInterface, opts ...HandlerOptions) http.Handler {");
  w.line("h := &serverHandler{si: si}");
  w.open("if len(opts) > 0 {");
  w.line("h.options = opts[0]");
  w.close();
  w.open("if h.options.ErrorHandler == nil {");
  w.line("h.options.ErrorHandler = defaultErrorHandler");
  w.close();
  if (ops.length === 0) w.line("h.routes = []route{}");
  else {
    w.open("h.routes = []route{");
    for (const op of matchingOrder(ops)) {
      w.line(
        `{${goString(op.method)}, regexp.MustCompile(${goString(pathPattern(op.path))}), h.${
          handlerName(op)
        }},`,
      );
    }
    w.close();
  }
  w.line("return h");
  w.close();
  w.line();
  w.raw(SERVER_HELPERS.code);
  return u;
}

/** The handler method of one operation. */
export function emitServerHandler(op: GoOperation, group: string): Unit {
  const u = unit(group);
  const w = u.w;
  u.imports.add("net/http");
  w.comment([`${handlerName(op)} serves ${op.method} ${op.path}.`]);
  w.open(
    `func (h *serverHandler) ${
      handlerName(op)
    }(w http.ResponseWriter, r *http.Request, pathValues []string) {`,
  );
  w.line(`req := ${op.requestType}{HTTPRequest: r}`);
  const pathNames = pathParamNames(op.path);
  const query = op.params.some((p) => p.in === "query");
  if (query) w.line("query := r.URL.Query()");
  for (const p of op.params) {
    const dst = `&req.${p.field}`;
    let call: string;
    switch (p.in) {
      case "path": {
        const i = pathNames.indexOf(p.name);
        if (i < 0) continue;
        call = `bindPath(pathValues[${i}], ${goString(p.name)}, ${goString(p.prefix)}, ${
          goString(p.sep)
        }, ${dst})`;
        break;
      }
      case "query":
        if (p.deepObject) {
          call = `bindDeepObject(query, ${goString(p.name)}, ${p.required}, ${dst})`;
          break;
        }
        call = `bindQuery(query, ${goString(p.name)}, ${p.explode}, ${
          goString(p.sep)
        }, ${p.required}, ${dst})`;
        break;
      case "header":
        call = `bindHeader(r.Header, ${goString(p.name)}, ${p.required}, ${dst})`;
        break;
      default:
        call = `bindCookie(r, ${goString(p.name)}, ${p.required}, ${dst})`;
    }
    w.line(`if err := ${call}; err != nil ` + "{");
    w.line("\th.options.ErrorHandler(w, r, err)");
    w.line("\treturn");
    w.line("}");
  }
  const b = op.body;
  if (b !== undefined) {
    switch (b.encoding) {
      case "json": {
        const pointer = bodyFieldType(op).kind === "pointer";
        if (pointer) {
          w.line(`body := new(${goTypeText(b.type)})`);
          w.open(`if ok, err := decodeJSONBody(r, ${b.required}, body); err != nil {`);
          w.line("h.options.ErrorHandler(w, r, err)");
          w.line("return");
          w.close("} else if ok {");
          w.line("\treq.Body = body");
          w.line("}");
        } else {
          w.open(`if _, err := decodeJSONBody(r, ${b.required}, &req.Body); err != nil {`);
          w.line("h.options.ErrorHandler(w, r, err)");
          w.line("return");
          w.close();
        }
        break;
      }
      case "form":
      case "multipart": {
        const pointer = bodyFieldType(op).kind === "pointer";
        const parse = b.encoding === "form" ? "r.ParseForm()" : "r.ParseMultipartForm(32 << 20)";
        w.open(`if err := ${parse}; err != nil {`);
        w.line(`h.options.ErrorHandler(w, r, &ParamError{In: "body", Err: err})`);
        w.line("return");
        w.close();
        w.line(`body := new(${goTypeText(b.type)})`);
        const files = b.encoding === "form" ? "nil" : "r.MultipartForm.File";
        const values = b.encoding === "form" ? "r.PostForm" : "r.MultipartForm.Value";
        w.open(`if err := bindForm(${values}, ${files}, body); err != nil {`);
        w.line("h.options.ErrorHandler(w, r, err)");
        w.line("return");
        w.close();
        w.line(`req.Body = ${pointer ? "body" : "*body"}`);
        break;
      }
      case "raw":
        w.line("req.Body = r.Body");
    }
  }
  w.line(`resp, err := h.si.${op.name}(r.Context(), req)`);
  w.open("if err != nil {");
  w.line("h.options.ErrorHandler(w, r, err)");
  w.line("return");
  w.close();
  const firstCode = op.responses.find((r) => /^\d{3}$/.test(r.status))?.status ?? "200";
  w.line("status := resp.StatusCode");
  w.open("if status == 0 {");
  w.line(`status = ${firstCode}`);
  w.close();
  w.line("var payload interface{}");
  const conds = statusConditions(op, "status");
  if (conds.length > 0) {
    w.line("switch {");
    for (const c of conds) {
      w.line(`case ${c.cond === "true" ? "" : c.cond + " && "}resp.${c.field} != nil:`);
      w.line(`\tpayload = resp.${c.field}`);
    }
    w.line("}");
  }
  w.line("writeResponse(w, status, resp.Header, payload, resp.Body)");
  w.close();
  return u;
}
