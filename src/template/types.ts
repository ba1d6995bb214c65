/**
 * Types and limits of the template engine: the static types the checker knows, the values templates hold, the
 * functions they may call, and the budgets of one execution.
 *
 * @module
 */

/** Maximum number of evaluation steps (commands, range iterations, text nodes) of one execution. */
export const MAX_STEPS = 100_000;
/**
 * Maximum number of characters one execution may produce; also the most characters any one string built while
 * it runs may have (a `printf` or `print` result, a function's result), so no intermediate value outgrows it.
 */
export const MAX_OUTPUT = 10_000;
/** Maximum nesting depth of control structures and parentheses. */
export const MAX_DEPTH = 64;

/** Static types known to the checker. `struct` is the data type whose fields are declared. */
export type TemplateType = "string" | "int" | "float" | "bool" | "strings" | "struct" | "any";

/** A value a template can hold: strings, numbers, booleans, lists, the data object, or null. */
export type TemplateValue =
  | string
  | number
  | boolean
  | null
  | readonly TemplateValue[]
  | { readonly [field: string]: TemplateValue };

/** A function callable from templates. */
export interface TemplateFunc {
  /** Types of the fixed parameters. */
  params: TemplateType[];
  /** Type of further arguments, when the function is variadic. */
  variadic?: TemplateType;
  /** Most arguments a variadic function takes. @default Infinity */
  maxArgs?: number;
  /** Static type of the result. */
  result: TemplateType;
  /**
   * Implementation; receives arguments already checked against `params` / `variadic`, and the most characters a
   * string result may have. A function whose result could be longer (joining lists, repeating text) throws
   * `TemplateLimitError` before building it; the execution then fails at the call.
   */
  call: (args: TemplateValue[], limits: TemplateCallLimits) => TemplateValue;
}

/** What a {@link TemplateFunc} may produce. */
export interface TemplateCallLimits {
  /** Most characters of a string result ({@link MAX_OUTPUT}). */
  readonly maxLength: number;
}

/** Options of {@link compileTemplate}. */
export interface CompileOptions {
  /** Functions available to the template in addition to the built-ins. */
  funcs?: Readonly<Record<string, TemplateFunc>>;
  /** Declared fields of the data object and their types; unknown fields are compile errors. */
  fields: Readonly<Record<string, TemplateType>>;
  /** Name of the data type, used in messages. @default "data" */
  typeName?: string;
  /** What the template is called in messages. @default "template" */
  label?: string;
}

/** A compiled template. */
export interface CompiledTemplate {
  /** The template source. */
  readonly source: string;
  /** Runs the template on `data`; throws `TemplateError` on an execution error. */
  execute(data: { readonly [field: string]: TemplateValue }): string;
}
