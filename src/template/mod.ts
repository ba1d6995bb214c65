/**
 * A small, safe implementation of the subset of Go's `text/template` that rename templates (and later
 * operation-id templates and code generation) need, with the functions they may call and case conversion.
 *
 * Supported syntax: text and actions `{{…}}`; trim markers `{{- ` and ` -}}`; comments `{{/* … *\/}}`;
 * field access (`.Name`, `.A.B`, `$x.Name`, `(pipe).Name`); pipelines with `|` (the value of a stage is passed
 * as the LAST argument of the next); function calls with arguments; string, raw-string, character, number and
 * boolean literals; parenthesised sub-pipelines; variables (`$x := …`, `$x = …`, `$`); `if` / `else if` /
 * `else` / `end`; `with` / `else with`; `range` over lists and integers with `$v :=` / `$i, $v :=`, `else`,
 * `break` and `continue`. Built-in functions: `and`, `or` (short-circuit, returning an operand as in Go), `not`,
 * `eq`, `ne`, `lt`, `le`, `gt`, `ge`, `len`, `index`, `print` and `printf` (verbs `%s %v %d %q %t %%` with
 * the `-` and `0` flags, a width and a precision). `define`, `template`, `block` and `call` are not supported.
 *
 * Compilation checks everything that can be known without data: syntax, undefined variables, unknown
 * functions, argument counts, literal argument types and — because the type of the data is declared — unknown
 * fields. Execution cannot run arbitrary code (only the functions passed in), and is bounded: at most
 * {@link MAX_STEPS} evaluation steps, {@link MAX_OUTPUT} characters of output, and no string built on the way
 * (a `printf` width or precision, a `print`, a function's result) longer than {@link MAX_OUTPUT}; each limit
 * is named in the error when it runs out.
 *
 * The parts: `_lexer.ts` (tokens), `_parser.ts` and `_checker.ts` (syntax tree and static checks),
 * `_executor.ts` (running, budgets), `printf.ts` (Go's `fmt` subset), `values.ts` (Go's truth and formatting),
 * `functions.ts` (the rename functions), `case.ts` (case conversion).
 *
 * @example
 * ```ts
 * import { compileTemplate, RENAME_FUNCS } from "./mod.ts";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const t = compileTemplate("{{.Name | snakeCase}}_{{pathResource .Path}}", {
 *   fields: { Name: "string", Path: "string" },
 *   funcs: RENAME_FUNCS,
 * });
 * assertEquals(t.execute({ Name: "UserProfile", Path: "/users/{id}" }), "user_profile_users");
 * ```
 *
 * @module
 */

export { compileTemplate } from "./compile.ts";
export {
  type CompiledTemplate,
  type CompileOptions,
  MAX_DEPTH,
  MAX_OUTPUT,
  MAX_STEPS,
  type TemplateCallLimits,
  type TemplateFunc,
  type TemplateType,
  type TemplateValue,
} from "./types.ts";
export { TemplateError, type TemplateErrorDetails, TemplateLimitError } from "./template_error.ts";
export { goQuote, goSprint, sprintf, type SprintfOptions } from "./printf.ts";
export { formatValue, isTrue, typeOfValue } from "./values.ts";
export {
  pathClean,
  pathLast,
  pathResource,
  pathSegment,
  RENAME_FUNCS,
  resourceSegments,
} from "./functions.ts";
export {
  camelCase,
  CASE_STYLES,
  type CaseStyle,
  convertCase,
  kebabCase,
  lowerCase,
  pascalCase,
  snakeCase,
  splitWords,
  upperCase,
} from "./case.ts";
export {
  COMPONENT_NAME,
  componentNameOf,
  GENERIC_NAMING_STRATEGIES,
  type GenericNameOptions,
  type GenericNamingStrategy,
  sanitizeComponentName,
} from "./generic_name.ts";
