/**
 * The static checks of the template engine: built-in functions and their arities, the argument types of calls,
 * comparisons and field access, all decided from the declared types before any data is seen.
 *
 * @module
 */

import type { CompileOptions, TemplateFunc, TemplateType } from "./types.ts";

/** Arity and result type of the built-in functions. */
export const BUILTIN_ARITY: Record<string, { min: number; max: number; result: TemplateType }> = {
  and: { min: 1, max: Infinity, result: "any" },
  or: { min: 1, max: Infinity, result: "any" },
  not: { min: 1, max: 1, result: "bool" },
  eq: { min: 2, max: Infinity, result: "bool" },
  ne: { min: 2, max: 2, result: "bool" },
  lt: { min: 2, max: 2, result: "bool" },
  le: { min: 2, max: 2, result: "bool" },
  gt: { min: 2, max: 2, result: "bool" },
  ge: { min: 2, max: 2, result: "bool" },
  len: { min: 1, max: 1, result: "int" },
  index: { min: 1, max: Infinity, result: "any" },
  print: { min: 0, max: Infinity, result: "string" },
  printf: { min: 1, max: Infinity, result: "string" },
};

/** Go built-ins that templates here cannot call. */
export const UNSUPPORTED_BUILTINS = new Set(["call", "html", "js", "urlquery", "println", "slice"]);

/** Go's name of a static type, for messages. */
export function staticTypeName(t: TemplateType, typeName: string): string {
  switch (t) {
    case "strings":
      return "[]string";
    case "struct":
      return typeName;
    case "float":
      return "float64";
    case "any":
      return "interface {}";
    default:
      return t;
  }
}

/** Whether a parameter of type `param` accepts an argument of static type `arg`. */
export function accepts(param: TemplateType, arg: TemplateType): boolean {
  if (param === "any" || arg === "any") return true;
  if (param === "float") return arg === "float" || arg === "int";
  return param === arg;
}

/** Options the checker reads: declared fields, functions, the data type's name. */
export type CheckOptions = Required<Omit<CompileOptions, "funcs">> & {
  funcs: Readonly<Record<string, TemplateFunc>>;
};

/** Checks calls, comparisons and fields against the declared types; `fail` throws the positioned error. */
export class Checker {
  constructor(
    private readonly opts: CheckOptions,
    private readonly fail: (msg: string, pos: number) => never,
  ) {}

  /** Checks a call of `name` with arguments of the given types; returns its result type. */
  checkCall(
    name: string,
    pos: number,
    argTypes: TemplateType[],
    argPos: number[],
    piped: boolean,
  ): TemplateType {
    const n = argTypes.length;
    const builtin = BUILTIN_ARITY[name];
    if (builtin) {
      if (n < builtin.min || n > builtin.max) {
        const want = builtin.max === Infinity ? `at least ${builtin.min}` : `${builtin.min}`;
        this.fail(
          `wrong number of args for ${name}: want ${want} got ${n}${
            piped ? " (including the piped value)" : ""
          }`,
          pos,
        );
      }
      if (name === "printf" && !accepts("string", argTypes[0])) {
        this.fail(
          `wrong type for value; expected string; got ${staticTypeName(argTypes[0], this.opts.typeName)}`,
          argPos[0] ?? pos,
        );
      }
      if (name === "index") {
        for (let i = 1; i < n; i++) {
          if (!accepts("int", argTypes[i])) {
            this.fail(
              `cannot index with ${staticTypeName(argTypes[i], this.opts.typeName)}`,
              argPos[i] ?? pos,
            );
          }
        }
        if (argTypes[0] === "strings") return n === 2 ? "string" : n === 1 ? "strings" : "any";
        if (argTypes[0] === "string") return n === 2 ? "int" : n === 1 ? "string" : "any";
        if (argTypes[0] !== "any") {
          this.fail(
            `can't index item of type ${staticTypeName(argTypes[0], this.opts.typeName)}`,
            argPos[0] ?? pos,
          );
        }
        return "any";
      }
      if (name === "len" && !["string", "strings", "any"].includes(argTypes[0])) {
        this.fail(`len of type ${staticTypeName(argTypes[0], this.opts.typeName)}`, argPos[0] ?? pos);
      }
      if ((name === "and" || name === "or") && argTypes.every((t) => t === argTypes[0])) return argTypes[0];
      if (["eq", "ne", "lt", "le", "gt", "ge"].includes(name)) {
        this.checkComparison(name, argTypes, argPos, pos);
      }
      return builtin.result;
    }
    if (UNSUPPORTED_BUILTINS.has(name)) {
      this.fail(`function ${JSON.stringify(name)} is not supported in rename templates`, pos);
    }
    const fn = Object.hasOwn(this.opts.funcs, name) ? this.opts.funcs[name] : undefined;
    if (!fn) {
      const known = [...Object.keys(this.opts.funcs), ...Object.keys(BUILTIN_ARITY)].sort().join(", ");
      this.fail(`function ${JSON.stringify(name)} not defined (available: ${known})`, pos);
    }
    const min = fn.params.length;
    const max = fn.variadic ? fn.maxArgs ?? Infinity : min;
    if (n < min || n > max) {
      const want = !fn.variadic ? `${min}` : n < min ? `at least ${min}` : `at most ${max}`;
      this.fail(
        `wrong number of args for ${name}: want ${want} got ${n}${
          piped ? " (including the piped value)" : ""
        }`,
        pos,
      );
    }
    for (let i = 0; i < n; i++) {
      const param = i < fn.params.length ? fn.params[i] : fn.variadic ?? "any";
      if (!accepts(param, argTypes[i])) {
        this.fail(
          `wrong type for value; expected ${staticTypeName(param, this.opts.typeName)}; got ${
            staticTypeName(argTypes[i], this.opts.typeName)
          } (argument ${i + 1} of ${name})`,
          argPos[i] ?? pos,
        );
      }
    }
    return fn.result;
  }

  /** Checks the operands of `eq`, `ne`, `lt`, `le`, `gt` and `ge`. */
  checkComparison(name: string, argTypes: TemplateType[], argPos: number[], pos: number): void {
    const kind = (t: TemplateType): string => (t === "int" || t === "float" ? "number" : t);
    for (let i = 0; i < argTypes.length; i++) {
      const t = argTypes[i];
      if (t === "strings" || t === "struct" || (t === "bool" && name !== "eq" && name !== "ne")) {
        const what = t === "bool"
          ? "invalid type for comparison"
          : `non-comparable type ${staticTypeName(t, this.opts.typeName)}`;
        this.fail(`${name}: ${what}`, argPos[i] ?? pos);
      }
    }
    const first = argTypes[0];
    for (let i = 1; i < argTypes.length; i++) {
      if (first !== "any" && argTypes[i] !== "any" && kind(first) !== kind(argTypes[i])) {
        this.fail(`${name}: incompatible types for comparison`, argPos[i] ?? pos);
      }
    }
  }

  /** The type of field `name` of a value of type `base`. */
  fieldType(base: TemplateType, name: string, pos: number): TemplateType {
    if (base === "any") return "any";
    if (base !== "struct") {
      this.fail(`can't evaluate field ${name} in type ${staticTypeName(base, this.opts.typeName)}`, pos);
    }
    if (!Object.hasOwn(this.opts.fields, name)) {
      this.fail(
        `can't evaluate field ${name} in type ${this.opts.typeName} (fields: ${
          Object.keys(this.opts.fields).join(", ")
        })`,
        pos,
      );
    }
    return this.opts.fields[name];
  }
}
