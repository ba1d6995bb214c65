/**
 * The server_middleware.go emitter (`--server-middleware`): `ValidationMiddleware`, an
 * `func(http.Handler) http.Handler` that matches each request to its operation (method and path template)
 * and checks it against validation code compiled from the document ({@link ValidationCompiler}): required
 * parameters and body, parameter and body types, the schema constraints, and the body's content type. A
 * rejected request is answered with an RFC 9457 problem body (400; 413 for a body over the size limit; 415
 * for a content type the operation does not accept); unknown paths and methods pass through.
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import { goString } from "./go_writer.ts";
import type { EmitContext } from "./context.ts";
import type { GoOperation, GoParam } from "./operations.ts";
import { pathPattern } from "./go_regexp.ts";
import { matchingOrder, pathParamNames } from "./path_params.ts";
import { mainType } from "./schema_facts.ts";
import { type GeneratedFile, splitFiles } from "./split.ts";
import { unit } from "./unit.ts";
import { sharedCompiler, type ValidationCompiler } from "./validation_code.ts";
import { MIDDLEWARE_RUNTIME, renameRuntime, takeRuntimeNames, VALIDATION_RUNTIME } from "./go_runtime.ts";
import { followedObject, followRef } from "./follow_ref.ts";

type Path = (string | number)[];

const JSON_MEDIA = /^application\/(?:[\w.+-]+\+)?json$/;
const KIND: Record<string, string> = { integer: "'i'", number: "'n'", boolean: "'b'", string: "'s'" };

/** The files of `--server-middleware` (none unless it is asked). */
export function emitMiddleware(ctx: EmitContext): GeneratedFile[] {
  if (!ctx.options.server || !ctx.options.serverMiddleware) return [];
  const renames = takeRuntimeNames(ctx.model.names, [MIDDLEWARE_RUNTIME, VALIDATION_RUNTIME]);
  const compiler = sharedCompiler(ctx.index, ctx.model);
  const ops = matchingOrder(ctx.ops);
  const texts = ops.map((op) => operationCode(ctx, compiler, op));
  const schemaUnits = compiler.finish("validation");
  const opUnits = ops.map((op, i) => {
    const u = unit(ctx.groupOf(op), 1);
    u.imports.add("regexp");
    u.w.raw(compiler.resolve(texts[i]).replace(/\n$/, ""));
    return u;
  });
  const core = unit("", 0);
  for (const i of [...MIDDLEWARE_RUNTIME.imports, ...VALIDATION_RUNTIME.imports]) core.imports.add(i);
  core.w.raw(renameRuntime(`${MIDDLEWARE_RUNTIME.code}\n\n${VALIDATION_RUNTIME.code}\n`, renames));
  core.w.comment(["rvOperations are the operations in matching order (fewer path parameters first)."]);
  if (ops.length === 0) core.w.line("var rvOperations = []*rvOperation{}");
  else {
    core.w.open("var rvOperations = []*rvOperation{");
    for (const op of ops) core.w.line(`&rvOp${op.name},`);
    core.w.close();
  }
  const { maxLines, maxOps } = ctx.options;
  return splitFiles("server_middleware", ctx.packageName, [core], [...opUnits, ...schemaUnits], {
    maxLines,
    maxWeight: maxOps,
  });
}

/** The `rvOp<Name>` variable of one operation (with tokens for the validation functions). */
function operationCode(ctx: EmitContext, compiler: ValidationCompiler, op: GoOperation): string {
  const lines: string[] = [];
  lines.push(`// rvOp${op.name} checks ${sanitize(`${op.method} ${op.path}`)}.`);
  lines.push(`var rvOp${op.name} = rvOperation{`);
  lines.push(`\t${goString(op.method)},`);
  lines.push(`\tregexp.MustCompile(${goString(pathPattern(op.path))}),`);
  // Each template name's first index (a map: a search per parameter was quadratic).
  const templateNames = new Map<string, number>();
  let position = 0;
  for (const name of pathParamNames(op.path)) {
    if (!templateNames.has(name)) templateNames.set(name, position);
    position++;
  }
  const params = op.params.map((p) => paramCode(ctx, compiler, p, templateNames)).filter((l) => l !== "");
  if (params.length === 0) lines.push("\tnil,");
  else {
    lines.push("\t[]rvParam{");
    for (const l of params) lines.push("\t\t" + l);
    lines.push("\t},");
  }
  const body = bodyOf(ctx, compiler, op);
  if (body === undefined) lines.push("\tnil,");
  else {
    lines.push(`\t&rvBody{${body.required}, []rvMedia{`);
    for (const [media, check, form] of body.media) {
      lines.push(`\t\t{${goString(media)}, ${check}, ${form}},`);
    }
    lines.push("\t}},");
  }
  lines.push("}");
  return lines.join("\n") + "\n";
}

/** One parameter's entry ("" for a path parameter its template does not name). */
function paramCode(
  ctx: EmitContext,
  compiler: ValidationCompiler,
  p: GoParam,
  templateNames: ReadonlyMap<string, number>,
): string {
  const index = p.in === "path" ? templateNames.get(p.name) ?? -1 : 0;
  if (index === -1) return "";
  const schemaAt: Path = ctx.index.oasVersion === "2.0" ? p.at : [...p.at, "schema"];
  const shape = shapeOf(ctx, p.schema);
  let check = "nil";
  if (shape.checked) check = compiler.check(p.schema, schemaAt);
  else {
    ctx.model.issue(
      "info",
      p.at,
      `parameter "${p.name}" (${shape.why}) is checked for presence only by the request validation.`,
      "generate-middleware-param",
    );
  }
  const fields = [
    goString(p.in),
    goString(p.name),
    String(p.required),
    shape.kind,
    shape.items,
    String(p.explode),
    goString(p.sep),
    goString(p.prefix),
    String(index),
    check,
  ];
  return `{${fields.join(", ")}},`;
}

/** How a parameter's text is read: its kind, its items' kind, and whether its schema can be checked. */
function shapeOf(
  ctx: EmitContext,
  schema: unknown,
): { kind: string; items: string; checked: boolean; why?: string } {
  const s = schemaOf(ctx, schema);
  if (s === undefined) {
    return { kind: "'s'", items: "0", checked: false, why: "its schema cannot be resolved" };
  }
  const t = mainType(s);
  if (t !== undefined && KIND[t] !== undefined) return { kind: KIND[t], items: "0", checked: true };
  if (t === "array") {
    const items = schemaOf(ctx, s.items);
    const it = items === undefined ? "string" : mainType(items) ?? "string";
    if (KIND[it] !== undefined) return { kind: "'a'", items: KIND[it], checked: true };
    return { kind: "'a'", items: "'s'", checked: false, why: "an array of structured items" };
  }
  if (t === undefined && !["allOf", "anyOf", "oneOf", "not", "$ref"].some((k) => k in s)) {
    return { kind: "'s'", items: "0", checked: true };
  }
  return {
    kind: "'s'",
    items: "0",
    checked: false,
    why: t === "object" ? "an object" : "a structured value",
  };
}

/** A parameter's or property's schema with its `$ref` followed; `{}` when absent or `true`. */
function schemaOf(ctx: EmitContext, schema: unknown): Record<string, unknown> | undefined {
  return schema === undefined || schema === true ? {} : followedObject(ctx.index, schema);
}

/** The body entry of an operation: required, and each accepted media type with its check ("nil": any). */
function bodyOf(
  ctx: EmitContext,
  compiler: ValidationCompiler,
  op: GoOperation,
): { required: boolean; media: [string, string, string][] } | undefined {
  const media: [string, string, string][] = [];
  const add = (type: string, schema: unknown, at: Path, file?: string) => {
    const m = type.split(";")[0].trim().toLowerCase();
    if (m === "" || media.some(([t]) => t === m)) return;
    if (JSON_MEDIA.test(m)) media.push([m, compiler.check(schema ?? true, at, file), "nil"]);
    else if (m === "application/x-www-form-urlencoded") {
      const fields = formFields(ctx, schema, at);
      media.push(fields === undefined ? [m, "nil", "nil"] : [m, compiler.check(schema, at, file), fields]);
    } else media.push([m, "nil", "nil"]);
  };
  if (ctx.index.oasVersion === "2.0") {
    const body = op.body;
    if (body === undefined) return undefined;
    const root: Record<string, unknown> = isObject(ctx.parsed.document) ? ctx.parsed.document : {};
    const declared: unknown = Array.isArray(op.operation.consumes) ? op.operation.consumes : root.consumes;
    const consumes = Array.isArray(declared)
      ? declared.filter((c): c is string => typeof c === "string")
      : [];
    if (body.encoding === "json") {
      for (const c of consumes.length > 0 ? consumes : ["application/json"]) {
        add(c, body.schema, body.at);
      }
    } else {
      const forms = consumes.filter((c) =>
        /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(c)
      );
      for (const c of forms.length > 0 ? forms : [body.contentType]) add(c, body.schema, body.at);
    }
    return { required: body.required, media };
  }
  const r = followRef(ctx.index, op.operation.requestBody);
  if (!r.ok) return undefined;
  const rb = r.value;
  const at: Path = r.segments ?? [...op.at, "requestBody"];
  const file = r.file;
  if (!isObject(rb) || !isObject(rb.content)) return undefined;
  for (const [type, value] of Object.entries(rb.content)) {
    const schema = isObject(value) ? value.schema : undefined;
    add(type, schema, [...at, "content", type, "schema"], file);
  }
  if (media.length === 0) return undefined;
  return { required: rb.required === true, media };
}

/**
 * The fields of a form body as the runtime reads them (`[]rvField{…}`), when its schema is an object whose
 * properties are scalars or arrays of scalars; otherwise undefined (the body is checked for presence only,
 * with an issue).
 */
function formFields(ctx: EmitContext, schema: unknown, at: Path): string | undefined {
  const s = schemaOf(ctx, schema);
  const props = s !== undefined && isObject(s.properties) ? s.properties : undefined;
  const fields: string[] = [];
  let why = "its schema is not an object with properties";
  if (props !== undefined) {
    for (const [name, prop] of Object.entries(props)) {
      const shape = shapeOf(ctx, prop);
      if (!shape.checked) {
        why = `its field "${name}" is ${shape.why}`;
        fields.length = 0;
        break;
      }
      fields.push(`{${goString(name)}, ${shape.kind}, ${shape.items}}`);
    }
    if (fields.length === Object.keys(props).length) return `[]rvField{${fields.join(", ")}}`;
  }
  ctx.model.issue(
    "info",
    at,
    `the form body is checked for its content type and presence only by the request validation (${why}).`,
    "generate-middleware-form",
  );
  return undefined;
}

/** Document text (a method, a path template) as comment text: control characters and line separators blanked. */
function sanitize(text: string): string {
  // deno-lint-ignore no-control-regex
  return text.replace(/[\x00-\x1f\x7f\u2028\u2029]/g, " ");
}
