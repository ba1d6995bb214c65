/** The function extensions of RFC 9535 §2.4: `length`, `count`, `match`, `search`, `value`. */
import type { JsonPathType } from "./ast.ts";
import { compileIRegexp } from "./_i_regexp.ts";
import { codePointLength, isObject, NOTHING } from "./_values.ts";

/**
 * A function definition: declared parameter and result types, and the implementation. Arguments arrive
 * converted to their declared types: ValueType → a value or {@link NOTHING}; NodesType → the array of node
 * values; LogicalType → a boolean. The result follows the same convention.
 */
export interface FunctionDefinition {
  parameters: JsonPathType[];
  result: JsonPathType;
  call(args: unknown[]): unknown;
}

function regexTest(full: boolean): (args: unknown[]) => boolean {
  return ([input, pattern]) => {
    if (typeof input !== "string" || typeof pattern !== "string") return false;
    const regex = compileIRegexp(pattern, full);
    return regex !== null && regex.test(input);
  };
}

/** The standard functions, by name. */
export const FUNCTIONS: ReadonlyMap<string, FunctionDefinition> = new Map<string, FunctionDefinition>([
  ["length", {
    parameters: ["ValueType"],
    result: "ValueType",
    call([value]) {
      if (typeof value === "string") return codePointLength(value);
      if (Array.isArray(value)) return value.length;
      if (isObject(value)) return Object.keys(value).length;
      return NOTHING;
    },
  }],
  ["count", {
    parameters: ["NodesType"],
    result: "ValueType",
    call([nodes]) {
      return (nodes as unknown[]).length;
    },
  }],
  ["match", { parameters: ["ValueType", "ValueType"], result: "LogicalType", call: regexTest(true) }],
  ["search", { parameters: ["ValueType", "ValueType"], result: "LogicalType", call: regexTest(false) }],
  ["value", {
    parameters: ["NodesType"],
    result: "ValueType",
    call([nodes]) {
      const list = nodes as unknown[];
      return list.length === 1 ? list[0] : NOTHING;
    },
  }],
]);
