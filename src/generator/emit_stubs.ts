/**
 * The server_stubs.go emitter (`--server-stubs`): `Stub`, an implementation of ServerInterface for tests that
 * answers every operation with its first success response (a 2xx, else `default`) and that response's example
 * from the document (see example_value.ts), written at generation time as a Go literal of the generated types
 * (go_literal.ts). Values that do not fit their type are zero values with an issue naming their place.
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import { goString } from "./go_writer.ts";
import type { GoOperation, GoResponse } from "./operations.ts";
import { type FoundExample, mediaExample, schemaExample } from "./example_value.ts";
import { goLiteral, type LiteralWriter, literalWriter } from "./go_literal.ts";
import { headersOf, responseBody } from "./emit_responses.ts";
import { type GeneratedFile, splitFiles } from "./split.ts";
import { importsOfType, type Unit, unit } from "./unit.ts";
import { goPointer, goTypeText, isGoNamed } from "./go_type.ts";
import type { EmitContext } from "./context.ts";

/** The response a stub answers with: the first 2xx (code or range), else `default`. */
export function stubResponse(op: GoOperation): GoResponse | undefined {
  return op.responses.find((r) => /^2/.test(r.status)) ??
    op.responses.find((r) => r.status.toLowerCase() === "default");
}

/** The example of a response (see the module doc), undefined when there is none. */
export function responseExample(ctx: EmitContext, r: GoResponse): FoundExample | undefined {
  const body = responseBody(r);
  if (body.kind === "none") return undefined;
  if (ctx.index.oasVersion === "2.0") {
    const examples = r.response.examples;
    if (isObject(examples)) {
      const key = Object.keys(examples).find((k) => /json/i.test(k));
      if (key !== undefined) return { value: examples[key], at: [...r.at, "examples", key] };
    }
    return schemaExample(ctx.index, r.schema, [...r.at, "schema"]);
  }
  if (body.media === undefined || body.mediaAt === undefined) return undefined;
  return mediaExample(ctx.index, body.media, body.mediaAt);
}

/** `Content-Type` as Go's textproto writes a header name (`x-next` → `X-Next`). */
export function canonicalHeader(name: string): string {
  return name.toLowerCase().replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());
}

/**
 * The declared headers of a stub's response with their example values (the header's `example`, first
 * `examples` entry, its schema's example), required ones without an example as zero values; one per
 * canonical name.
 */
export function stubHeaders(ctx: EmitContext, r: GoResponse): [string, string][] {
  const out: [string, string][] = [];
  const seen = new Set<string>(["Content-Type"]);
  for (const h of headersOf(ctx, r, false)) {
    const key = canonicalHeader(h.name);
    if (seen.has(key)) continue;
    const found = ctx.index.oasVersion === "2.0"
      ? schemaExample(ctx.index, h.header, h.at)
      : mediaExample(ctx.index, h.header, h.at);
    let value = found?.value;
    if (value === undefined && h.required) {
      value = isGoNamed(h.type, "time.Time") ? "1970-01-01T00:00:00Z" : "";
    }
    const items = Array.isArray(value) ? value : [value];
    if (items.length === 0 && !h.required) continue;
    if (!items.every((v) => typeof v === "string" || typeof v === "number" || typeof v === "boolean")) {
      continue;
    }
    seen.add(key);
    out.push([key, items.map(String).join(",")]);
  }
  return out;
}

/** server_stubs.go (split like the server when large). */
export function emitStubs(ctx: EmitContext): GeneratedFile[] {
  const names = ctx.model.names;
  const stub = names.take("Stub");
  const lw = literalWriter(ctx.model, "stubsPtr", "stubsTime");
  const units = ctx.ops.map((op) => emitStubMethod(ctx, lw, stub, op));
  const core = unit("", 0);
  const w = core.w;
  w.comment([
    `${stub} implements ServerInterface for tests: every operation answers with its first success response`,
    "(2xx, else default) and the example the OpenAPI document gives for it (or zero values).",
  ]);
  w.line(`type ${stub} struct{}`);
  w.line();
  w.line(`var _ ServerInterface = ${stub}{}`);
  if (lw.usesPtr) {
    w.line();
    w.comment(["stubsPtr returns a pointer to a copy of v."]);
    w.open("func stubsPtr[T any](v T) *T {");
    w.line("return &v");
    w.close();
  }
  if (lw.usesTime) {
    core.imports.add("time");
    w.line();
    w.comment(["stubsTime reads an RFC 3339 time checked when the code was generated."]);
    w.open("func stubsTime(s string) time.Time {");
    w.line("t, _ := time.Parse(time.RFC3339Nano, s)");
    w.line("return t");
    w.close();
  }
  const { maxLines, maxOps } = ctx.options;
  return splitFiles("server_stubs", ctx.packageName, [core], units, { maxLines, maxWeight: maxOps });
}

function emitStubMethod(ctx: EmitContext, lw: LiteralWriter, stub: string, op: GoOperation): Unit {
  const u = unit(ctx.groupOf(op));
  u.imports.add("context");
  const w = u.w;
  const r = stubResponse(op);
  const fields: string[] = [];
  let what = "an empty response";
  if (r !== undefined) {
    const body = responseBody(r);
    const code = /^\d{3}$/.test(r.status) ? r.status : /^\dXX$/i.test(r.status) ? `${r.status[0]}00` : "200";
    fields.push(`StatusCode: ${code}`);
    what = `status ${code}`;
    const example = responseExample(ctx, r);
    const header = stubHeaders(ctx, r);
    if (body.kind !== "none" && body.contentType !== "application/json") {
      header.unshift(["Content-Type", body.contentType]);
    }
    if (header.length > 0) {
      u.imports.add("net/http");
      const entries = header.map(([k, v]) => `${goString(k)}: {${goString(v)}}`);
      fields.push(`Header: http.Header{${entries.join(", ")}}`);
    }
    if (body.kind === "json" && r.field !== undefined && r.type !== undefined) {
      const before = lw.misfits.length;
      const value = example === undefined ? undefined : goLiteral(lw, goPointer(r.type), example.value);
      for (const m of lw.misfits.slice(before)) {
        ctx.model.issue(
          "info",
          example!.at,
          `the example of ${op.name}'s stub at ${m.pointer === "" ? "its root" : m.pointer}: ${m.message}.`,
          "generate-stub-example",
        );
      }
      lw.misfits.length = before;
      fields.push(
        `${r.field}: ${value === undefined || value === "nil" ? `new(${goTypeText(r.type)})` : value}`,
      );
      what += example === undefined ? " and a zero body" : " and the document's example";
      for (const t of lw.typesUsed) importsOfType(u, t);
      importsOfType(u, r.type);
      lw.typesUsed.clear();
    } else if (body.kind !== "none" && example !== undefined) {
      // A raw body is written from a string example only (another value has no text in that media type).
      if (typeof example.value === "string") {
        fields.push(`Body: []byte(${goString(example.value)})`);
        what += " and the document's example";
      }
    }
  }
  w.comment([`${op.name} answers with ${what}.`]);
  w.open(
    `func (${stub}) ${op.name}(ctx context.Context, req ${op.requestType}) (${op.responseType}, error) {`,
  );
  w.line(`return ${op.responseType}{${fields.join(", ")}}, nil`);
  w.close();
  return u;
}
