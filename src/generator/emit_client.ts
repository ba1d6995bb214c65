/**
 * The client.go emitter: the `Client` (BaseURL, HTTPClient, UserAgent, RequestEditors), `NewClient` with
 * options, and one method per operation that serializes parameters by their style, encodes the body (JSON,
 * form, multipart or raw) and decodes the response of each status into the operation's response struct. Also
 * the request and response structs shared with the server.
 *
 * @module
 */
import { goString } from "./go_writer.ts";
import type { GoOperation } from "./operations.ts";
import { goNilable, goPointer, type GoType, goTypeText, isGoNamed } from "./go_type.ts";
import { importsOfType, type Unit, unit, writeDoc } from "./unit.ts";
import { CLIENT_HELPERS } from "./go_runtime.ts";
import { pathParams } from "./path_params.ts";

/** The last field of the runtime's Client, after which a validating client's limit is declared. */
const CLIENT_LAST_FIELD = "\tRequestEditors []RequestEditorFn\n}";

/**
 * The part of client.go every split keeps in client.go: types, constructor, options, helpers. With `validate`
 * (`--client-validate-responses`) the Client has a MaxResponseBytes field, the limit of the response bodies read.
 */
export function emitClientCore(validate = false): Unit {
  const u = unit("", 0);
  for (const i of CLIENT_HELPERS.imports) u.imports.add(i);
  if (!validate) u.w.raw(CLIENT_HELPERS.code);
  else {
    const at = CLIENT_HELPERS.code.indexOf(CLIENT_LAST_FIELD);
    if (at < 0) throw new Error("runtime/client.go: the Client struct no longer ends with RequestEditors.");
    const end = at + CLIENT_LAST_FIELD.length - 1;
    u.w.raw(
      CLIENT_HELPERS.code.slice(0, end) +
        "\t// MaxResponseBytes is the largest response body read and validated (DefaultMaxResponseBytes when 0 or\n" +
        "\t// less); a larger one is a *ResponseError, and the HTTPResponse's Body still reads it whole.\n" +
        "\tMaxResponseBytes int64\n" + CLIENT_HELPERS.code.slice(end),
    );
  }
  return u;
}

/** The request struct and response struct of an operation (used by the client and the server). */
export function emitOperationTypes(op: GoOperation, group: string): Unit {
  const u = unit(group, 0);
  const w = u.w;
  u.imports.add("net/http");
  w.comment([`${op.requestType} holds the parameters and body of ${op.name} (${op.method} ${op.path}).`]);
  w.open(`type ${op.requestType} struct {`);
  for (const p of op.params) {
    importsOfType(u, p.type);
    w.comment([`${p.field} is the ${p.in} parameter ${goString(p.name)}${p.required ? " (required)" : ""}.`]);
    w.row([p.field, goTypeText(p.type)]);
  }
  if (op.body !== undefined) {
    importsOfType(u, op.body.type);
    w.comment([`Body is the ${op.body.contentType} request body${op.body.required ? " (required)" : ""}.`]);
    w.row(["Body", goTypeText(bodyFieldType(op))]);
  }
  w.comment(["HTTPRequest is the incoming request (server side only)."]);
  w.row(["HTTPRequest", "*http.Request"]);
  w.close();
  w.line();
  w.comment([
    `${op.responseType} is the response of ${op.name}: the status, the headers, the raw body, and the`,
    "decoded body of the status's JSON response.",
  ]);
  w.open(`type ${op.responseType} struct {`);
  w.row(["StatusCode", "int"]);
  w.row(["Header", "http.Header"]);
  w.row(["Body", "[]byte"]);
  for (const r of op.responses) {
    if (r.field === undefined || r.type === undefined) continue;
    importsOfType(u, r.type);
    w.comment([
      `${r.field} is the body of status ${r.status}${r.description ? ":" : "."}`,
      ...(r.description ? [oneLine(r.description)] : []),
    ]);
    w.row([r.field, goTypeText(goPointer(r.type))]);
  }
  w.comment(["HTTPResponse is the raw response (client side only)."]);
  w.row(["HTTPResponse", "*http.Response"]);
  w.close();
  return u;
}

function oneLine(text: string): string {
  // deno-lint-ignore no-control-regex
  const s = text.replace(/[\x00-\x1f\x7f\u2028\u2029]+/g, " ").replace(/\s+/g, " ").trim();
  const cut = s.length > 100 ? s.slice(0, 97) + "..." : s;
  return cut.replace(/^([-*+•#]|\d+[.)])(\s|$)/, "($1)$2");
}

/** Go type of the Body field of a request struct. */
export function bodyFieldType(op: GoOperation): GoType {
  const b = op.body!;
  return b.required || goNilable(b.type) || isGoNamed(b.type, "io.Reader") ? b.type : goPointer(b.type);
}

/** The statuses of an operation in matching order (exact codes, ranges, default), as Go conditions. */
export function statusConditions(
  op: GoOperation,
  variable: string,
): { cond: string; field: string; type: GoType }[] {
  const out: { cond: string; field: string; type: GoType; rank: number }[] = [];
  for (const r of op.responses) {
    if (r.field === undefined || r.type === undefined) continue;
    const s = r.status.toUpperCase();
    if (/^\d{3}$/.test(s)) out.push({ cond: `${variable} == ${s}`, field: r.field, type: r.type, rank: 0 });
    else if (/^\dXX$/.test(s)) {
      out.push({ cond: `${variable}/100 == ${s[0]}`, field: r.field, type: r.type, rank: 1 });
    } else out.push({ cond: "true", field: r.field, type: r.type, rank: 2 });
  }
  return out.sort((a, b) => a.rank - b.rank).map(({ cond, field, type }) => ({ cond, field, type }));
}

/**
 * The client method of an operation. With `validate` (`--client-validate-responses`) the response is read
 * within the client's limit and checked against the operation's responses (`rcOp<Name>`, client_validate.go)
 * before it is decoded; a mismatch returns the response undecoded with a `*ResponseError`.
 */
export function emitClientMethod(op: GoOperation, group: string, pointers: boolean, validate = false): Unit {
  const u = unit(group);
  const w = u.w;
  for (const i of ["context", "io", "net/url"]) u.imports.add(i);
  if (op.body?.encoding === "json") u.imports.add("bytes").add("encoding/json");
  if (op.body?.encoding === "form") u.imports.add("strings");
  if (op.responses.some((r) => r.field !== undefined)) u.imports.add("encoding/json");
  writeDoc(w, op.name, op.doc, op.deprecated);
  w.comment([`${op.name} calls ${op.method} ${op.path}.`]);
  w.open(
    `func (c *Client) ${op.name}(ctx context.Context, req ${op.requestType}, editors ...RequestEditorFn) (*${op.responseType}, error) {`,
  );
  w.line(`path := ${pathExpression(op)}`);
  const query = op.params.filter((p) => p.in === "query");
  w.line("query := url.Values{}");
  for (const p of query) {
    const omitZero = !p.required && !pointers;
    if (p.deepObject) w.line(`addDeepObject(query, ${goString(p.name)}, req.${p.field})`);
    else {
      w.line(
        `addQuery(query, ${goString(p.name)}, ${p.explode}, ${goString(p.sep)}, ${omitZero}, req.${p.field})`,
      );
    }
  }
  w.line("var body io.Reader");
  w.line('contentType := ""');
  const b = op.body;
  if (b !== undefined) {
    const optional = goNilable(bodyFieldType(op)) || isGoNamed(b.type, "io.Reader");
    if (optional) w.open("if req.Body != nil {");
    switch (b.encoding) {
      case "json":
        w.line("data, err := json.Marshal(req.Body)");
        w.open("if err != nil {");
        w.line("return nil, err");
        w.close();
        w.line("body = bytes.NewReader(data)");
        break;
      case "form":
        w.line("form, err := encodeForm(req.Body)");
        w.open("if err != nil {");
        w.line("return nil, err");
        w.close();
        w.line("body = strings.NewReader(form.Encode())");
        break;
      case "multipart":
        w.line("encoded, multipartType, err := encodeMultipart(req.Body)");
        w.open("if err != nil {");
        w.line("return nil, err");
        w.close();
        w.line("body = encoded");
        break;
      case "raw":
        w.line("body = req.Body");
    }
    w.line(`contentType = ${b.encoding === "multipart" ? "multipartType" : goString(b.contentType)}`);
    if (optional) w.close();
  }
  w.line(`httpReq, err := c.newRequest(ctx, ${goString(op.method)}, path, query, body, contentType)`);
  w.open("if err != nil {");
  w.line("return nil, err");
  w.close();
  for (const p of op.params) {
    const omitZero = !p.required && !pointers;
    if (p.in === "header") {
      w.line(`setHeader(httpReq.Header, ${goString(p.name)}, ${omitZero}, req.${p.field})`);
    }
    if (p.in === "cookie") w.line(`addCookie(httpReq, ${goString(p.name)}, ${omitZero}, req.${p.field})`);
  }
  if (validate) {
    w.line(
      `httpResp, data, mismatch, err := c.sendValidated(ctx, httpReq, editors, &rcOp${op.name}, c.MaxResponseBytes)`,
    );
  } else w.line("httpResp, data, err := c.send(ctx, httpReq, editors)");
  w.open("if err != nil {");
  w.line("return nil, err");
  w.close();
  w.line(
    `resp := &${op.responseType}{StatusCode: httpResp.StatusCode, Header: httpResp.Header, Body: data, HTTPResponse: httpResp}`,
  );
  if (validate) {
    w.open("if mismatch != nil {");
    w.line("return resp, mismatch");
    w.close();
  }
  const conds = statusConditions(op, "httpResp.StatusCode");
  if (conds.length > 0) {
    // A validating client decodes JSON bodies only (a text/csv body of a status that also declares JSON passes).
    w.open(validate ? "if len(data) > 0 && rcJSONResponse(httpResp) {" : "if len(data) > 0 {");
    w.line("switch {");
    for (const c of conds) {
      w.line(c.cond === "true" ? "default:" : `case ${c.cond}:`);
      w.line(`\tresp.${c.field} = new(${goTypeText(c.type)})`);
      w.line(`\tif err := json.Unmarshal(data, resp.${c.field}); err != nil {`);
      w.line(`\t\treturn resp, err`);
      w.line("\t}");
    }
    w.line("}");
    w.close();
  }
  w.line("return resp, nil");
  w.close();
  return u;
}

/** The Go expression of an operation's path with its path parameters serialized and escaped. */
function pathExpression(op: GoOperation): string {
  const parts: string[] = [];
  let last = 0;
  for (const e of pathParams(op.path)) {
    const p = op.params.find((x) => x.in === "path" && x.name === e.name);
    if (p === undefined) continue;
    if (e.start > last) parts.push(goString(op.path.slice(last, e.start)));
    parts.push(`pathValue(${goString(p.prefix)}, ${goString(p.sep)}, req.${p.field})`);
    last = e.end;
  }
  if (last < op.path.length || parts.length === 0) parts.push(goString(op.path.slice(last)));
  return parts.join(" + ");
}
