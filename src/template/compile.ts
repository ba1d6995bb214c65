/**
 * Compiling a template: lexing, parsing and checking it once, for many executions.
 *
 * @module
 */

import { Parser } from "./_parser.ts";
import { Executor } from "./_executor.ts";
import { Lexer } from "./_lexer.ts";
import { BUILTIN_ARITY } from "./_checker.ts";
import { TemplateError } from "./template_error.ts";
import type { CompiledTemplate, CompileOptions, TemplateValue } from "./types.ts";

/**
 * Compiles a template, checking syntax, variables, functions, argument counts and fields.
 *
 * @example
 * ```ts
 * import { compileTemplate } from "./compile.ts";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const t = compileTemplate("{{.Name}}_{{.Source}}", { fields: { Name: "string", Source: "string" } });
 * assertEquals(t.execute({ Name: "Pet", Source: "petstore" }), "Pet_petstore");
 * ```
 * @throws {TemplateError} when the template is invalid; the error gives line and column.
 */
export function compileTemplate(source: string, options: CompileOptions): CompiledTemplate {
  const label = options.label ?? "template";
  const typeName = options.typeName ?? "data";
  const funcs = options.funcs ?? {};
  const fail = (msg: string, pos: number): never => {
    throw new TemplateError(msg, { template: source, offset: pos, label });
  };
  for (const name of Object.keys(funcs)) {
    if (Object.hasOwn(BUILTIN_ARITY, name)) {
      throw new TypeError(`template function ${JSON.stringify(name)} would shadow a built-in function`);
    }
  }
  const tokens = new Lexer(source, fail).run();
  const parser = new Parser(tokens, { fields: options.fields, typeName, label, funcs }, fail);
  const nodes = parser.parseTemplate();
  return {
    source,
    execute(data: { readonly [field: string]: TemplateValue }): string {
      return new Executor(funcs, options.fields, typeName, fail, data).run(nodes, data);
    },
  };
}
