/**
 * The client_validate.go emitter (`--client-validate-responses`): per operation, the `rcOp<Name>` table of its
 * declared responses (status, media types, and for JSON ones the validator of the schema), and the runtime that
 * reads the response body within a limit, gives it back readable, and returns a `*ResponseError` listing what
 * does not match. The schemas are compiled by the same {@link ValidationCompiler} as the server middleware's
 * (one shared compiler per run): with `--server-middleware` in the same package the validators are the
 * middleware's, otherwise they are emitted here with the validation runtime.
 *
 * Two steps, because the middleware compiles the shared validators when it is emitted: {@link
 * prepareResponseValidation} registers the schemas first, {@link emitResponseValidation} writes the files after.
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import { goString } from "./go_writer.ts";
import type { EmitContext } from "./context.ts";
import type { GoOperation } from "./operations.ts";
import { type GeneratedFile, splitFiles } from "./split.ts";
import { unit } from "./unit.ts";
import { sharedCompiler, type ValidationCompiler } from "./validation_code.ts";
import {
  CLIENT_VALIDATE_RUNTIME,
  renameRuntime,
  takeRuntimeNames,
  VALIDATION_RUNTIME,
} from "./go_runtime.ts";
import { followRef } from "./follow_ref.ts";

type Path = (string | number)[];

const JSON_MEDIA = /^application\/(?:[\w.+-]+\+)?json$/;
const STATUS = /^(?:[1-5](?:\d\d|XX)|default)$/i;

/** The response tables of the operations, with tokens standing for their validators until they are compiled. */
export interface ResponseChecks {
  /** The compiler the tokens belong to. */
  compiler: ValidationCompiler;
  /** Each operation's `rcOp<Name>` variable (with tokens). */
  tables: { op: GoOperation; text: string }[];
}

/** Registers every operation's response schemas with the run's shared compiler (before the middleware's). */
export function prepareResponseValidation(ctx: EmitContext): ResponseChecks {
  const compiler = sharedCompiler(ctx.index, ctx.model);
  return { compiler, tables: ctx.ops.map((op) => ({ op, text: tableOf(ctx, compiler, op) })) };
}

/**
 * The files of `--client-validate-responses`: `client_validate.go` (split by the operations' groups like the
 * client) with the runtime, the tables and, unless the server middleware carries them, the validators.
 */
export function emitResponseValidation(ctx: EmitContext, checks: ResponseChecks): GeneratedFile[] {
  const middleware = ctx.options.server && ctx.options.serverMiddleware;
  const runtimes = middleware ? [CLIENT_VALIDATE_RUNTIME] : [CLIENT_VALIDATE_RUNTIME, VALIDATION_RUNTIME];
  const renames = takeRuntimeNames(ctx.model.names, runtimes);
  // Without the middleware the validators are compiled here (the middleware compiles them otherwise).
  const schemaUnits = middleware ? [] : checks.compiler.finish("validation");
  const core = unit("", 0);
  for (const rt of runtimes) for (const i of rt.imports) core.imports.add(i);
  core.w.raw(renameRuntime(runtimes.map((rt) => rt.code).join("\n\n"), renames));
  const tables = checks.tables.map(({ op, text }) => {
    const u = unit(ctx.groupOf(op), 1);
    u.w.raw(checks.compiler.resolve(text).replace(/\n$/, ""));
    return u;
  });
  const { maxLines, maxOps } = ctx.options;
  return splitFiles("client_validate", ctx.packageName, [core], [...tables, ...schemaUnits], {
    maxLines,
    maxWeight: maxOps,
  });
}

/** The `rcOp<Name>` variable of one operation. */
function tableOf(ctx: EmitContext, compiler: ValidationCompiler, op: GoOperation): string {
  const lines = [
    `// rcOp${op.name} is what the responses of ${op.name} may be.`,
    `var rcOp${op.name} = rcOperation{${goString(op.name)}, []rcResponse{`,
  ];
  const raw = op.operation.responses;
  for (const [status, value] of isObject(raw) ? Object.entries(raw) : []) {
    if (!STATUS.test(status)) continue;
    const r = followRef(ctx.index, value);
    if (!r.ok || !isObject(r.value)) continue;
    const at: Path = r.segments ?? [...op.at, "responses", status];
    const media = mediaOf(ctx, compiler, op, r.value, at, r.file);
    const code = goString(status.toLowerCase() === "default" ? "default" : status.toUpperCase());
    if (media.length === 0) lines.push(`\t{${code}, nil},`);
    else {
      const list = media.map(([type, check]) => `{${goString(type)}, ${check}}`).join(", ");
      lines.push(`\t{${code}, []rcMedia{${list}}},`);
    }
  }
  if (lines.length === 2) return `${lines[0]}\nvar rcOp${op.name} = rcOperation{${goString(op.name)}, nil}\n`;
  lines.push("}}");
  return lines.join("\n") + "\n";
}

/** The media types a response declares, each with its validator's token ("nil" for a body that is not JSON). */
function mediaOf(
  ctx: EmitContext,
  compiler: ValidationCompiler,
  op: GoOperation,
  response: Record<string, unknown>,
  at: Path,
  file: string,
): [string, string][] {
  const out: [string, string][] = [];
  const add = (type: string, schema: unknown, schemaAt: Path) => {
    const m = type.split(";")[0].trim().toLowerCase();
    if (m === "" || out.some(([t]) => t === m)) return;
    const json = JSON_MEDIA.test(m) || (m.includes("*") && schema !== undefined);
    out.push([m, json ? compiler.check(schema ?? true, schemaAt, file, "response") : "nil"]);
  };
  if (ctx.index.oasVersion === "2.0") {
    if (response.schema === undefined) return out;
    const root: Record<string, unknown> = isObject(ctx.parsed.document) ? ctx.parsed.document : {};
    const declared = Array.isArray(op.operation.produces) ? op.operation.produces : root.produces;
    const produces = Array.isArray(declared)
      ? declared.filter((p): p is string => typeof p === "string")
      : [];
    for (const p of produces.length > 0 ? produces : ["application/json"]) {
      add(p, response.schema, [...at, "schema"]);
    }
    return out;
  }
  if (!isObject(response.content)) return out;
  for (const [type, value] of Object.entries(response.content)) {
    add(type, isObject(value) ? value.schema : undefined, [...at, "content", type, "schema"]);
  }
  return out;
}
