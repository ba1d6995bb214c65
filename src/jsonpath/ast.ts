/**
 * Syntax tree of an RFC 9535 JSONPath query, as produced by {@linkcode parseJsonPath}.
 *
 * @module
 */

/** The three types of RFC 9535 §2.4.1 that function parameters and results are declared with. */
export type JsonPathType = "ValueType" | "LogicalType" | "NodesType";

/** A query: `$` (absolute) or `@` (relative, only inside filters) followed by segments. */
export interface JsonPathQuery {
  /** Discriminant. */
  kind: "query";
  /** `$` for the root node, `@` for the current node of a filter. */
  root: "$" | "@";
  /** The segments in order. */
  segments: JsonPathSegment[];
  /** True when the query is a singular query (only child segments with one name or index selector each). */
  singular: boolean;
  /** 0-based offset of the query's first character in the expression text. */
  position: number;
}

/** A child segment (`.name`, `.*`, `[...]`) or a descendant segment (`..name`, `..*`, `..[...]`). */
export interface JsonPathSegment {
  /** `child` selects among the children of each input node; `descendant` among the node and all its descendants. */
  kind: "child" | "descendant";
  /** The selectors of the segment, applied in order. */
  selectors: JsonPathSelector[];
}

/** One selector of a segment. */
export type JsonPathSelector =
  | JsonPathNameSelector
  | JsonPathWildcardSelector
  | JsonPathIndexSelector
  | JsonPathSliceSelector
  | JsonPathFilterSelector;

/** Selects the member of an object with the given name (`.name`, `['name']`). */
export interface JsonPathNameSelector {
  /** Discriminant. */
  kind: "name";
  /** The member name, escapes resolved. */
  name: string;
}

/** Selects every child of an object or array (`*`). */
export interface JsonPathWildcardSelector {
  /** Discriminant. */
  kind: "wildcard";
}

/** Selects one element of an array; a negative index counts from the end (`[0]`, `[-1]`). */
export interface JsonPathIndexSelector {
  /** Discriminant. */
  kind: "index";
  /** The index as written. */
  index: number;
}

/** Selects a range of array elements (`[start:end:step]`); absent bounds take the RFC 9535 defaults. */
export interface JsonPathSliceSelector {
  /** Discriminant. */
  kind: "slice";
  /** Start index, when given. */
  start?: number;
  /** End index (exclusive), when given. */
  end?: number;
  /** Step, when given; defaults to 1. */
  step?: number;
}

/** Selects the children of a node for which a logical expression is true (`[?expression]`). */
export interface JsonPathFilterSelector {
  /** Discriminant. */
  kind: "filter";
  /** The logical expression. */
  expression: JsonPathLogicalExpression;
}

/** A logical expression of a filter. */
export type JsonPathLogicalExpression =
  | JsonPathOrExpression
  | JsonPathAndExpression
  | JsonPathNotExpression
  | JsonPathComparisonExpression
  | JsonPathTestExpression;

/** `a || b || …` */
export interface JsonPathOrExpression {
  /** Discriminant. */
  kind: "or";
  /** Two or more operands. */
  operands: JsonPathLogicalExpression[];
}

/** `a && b && …` */
export interface JsonPathAndExpression {
  /** Discriminant. */
  kind: "and";
  /** Two or more operands. */
  operands: JsonPathLogicalExpression[];
}

/** `!expression` */
export interface JsonPathNotExpression {
  /** Discriminant. */
  kind: "not";
  /** The negated expression. */
  operand: JsonPathLogicalExpression;
}

/** The comparison operators of RFC 9535 §2.3.5.1. */
export type JsonPathComparisonOperator = "==" | "!=" | "<" | "<=" | ">" | ">=";

/** `left <op> right` */
export interface JsonPathComparisonExpression {
  /** Discriminant. */
  kind: "comparison";
  /** The operator. */
  operator: JsonPathComparisonOperator;
  /** Left operand. */
  left: JsonPathComparable;
  /** Right operand. */
  right: JsonPathComparable;
}

/** An existence test of a query, or a test of a function's LogicalType or NodesType result. */
export interface JsonPathTestExpression {
  /** Discriminant. */
  kind: "test";
  /** The tested query or function call. */
  operand: JsonPathQuery | JsonPathFunctionExpression;
}

/** An operand of a comparison: a literal, a singular query or a function with a ValueType result. */
export type JsonPathComparable = JsonPathLiteralExpression | JsonPathQuery | JsonPathFunctionExpression;

/** A JSON literal: string, number, `true`, `false` or `null`. */
export interface JsonPathLiteralExpression {
  /** Discriminant. */
  kind: "literal";
  /** The value. */
  value: string | number | boolean | null;
}

/** A call of a function extension such as `length(@.name)`. */
export interface JsonPathFunctionExpression {
  /** Discriminant. */
  kind: "function";
  /** Function name (`length`, `count`, `match`, `search`, `value`). */
  name: string;
  /** Arguments in order, well-typed for the function's parameters. */
  arguments: JsonPathFunctionArgument[];
  /** The declared result type of the function. */
  resultType: JsonPathType;
}

/** An argument of a function call. */
export type JsonPathFunctionArgument =
  | JsonPathLiteralExpression
  | JsonPathQuery
  | JsonPathFunctionExpression
  | JsonPathLogicalExpression;
