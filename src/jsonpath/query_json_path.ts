import type {
  JsonPathComparable,
  JsonPathComparisonOperator,
  JsonPathFunctionArgument,
  JsonPathFunctionExpression,
  JsonPathLogicalExpression,
  JsonPathQuery,
  JsonPathSegment,
  JsonPathSelector,
  JsonPathType,
} from "./ast.ts";
import { FUNCTIONS } from "./_functions.ts";
import { compareCodePoints, hasOwn, isObject, jsonEqual, NOTHING } from "./_values.ts";
import { treeSize } from "../core/mod.ts";
import { JsonPathLimitError } from "./json_path_limit_error.ts";
import { formatNormalizedPath } from "./normalized_path.ts";
import { parseJsonPath } from "./parse_json_path.ts";

/**
 * A node selected by a query: its value and where it sits (parent node and key), from which the normalized
 * path is derived and through which the document can be changed (`parent.value[key]`).
 */
export class JsonPathNode {
  /** The selected value (the same object as in the document, not a copy). */
  readonly value: unknown;
  /** The node holding this one, or undefined for the root. */
  readonly parent: JsonPathNode | undefined;
  /** Member name or array index of this node in its parent, or undefined for the root. */
  readonly key: string | number | undefined;

  /**
   * Creates it.
   *
   * @param value The node's value.
   * @param parent The parent node (undefined for the root).
   * @param key The key in the parent (undefined for the root).
   */
  constructor(value: unknown, parent?: JsonPathNode, key?: string | number) {
    this.value = value;
    this.parent = parent;
    this.key = key;
  }

  /** The keys from the root to this node. */
  segments(): (string | number)[] {
    const keys: (string | number)[] = [];
    if (this.parent === undefined) return keys;
    keys.push(this.key as string | number);
    for (let node = this.parent; node.parent !== undefined; node = node.parent) {
      keys.push(node.key as string | number);
    }
    return keys.reverse();
  }

  /** The RFC 9535 normalized path of this node, such as `$['paths']['/pets']`. */
  get path(): string {
    return formatNormalizedPath(this.segments());
  }
}

/** Nodes every query may select or visit, whatever the size of the document. */
export const MIN_NODE_BUDGET = 100_000;
/** The node budget of a query, per value of the document, once it is past {@link MIN_NODE_BUDGET}. */
export const NODE_BUDGET_FACTOR = 10;

/** Options of {@link queryJsonPath}. */
export interface QueryJsonPathOptions {
  /**
   * Most nodes the evaluation may create: selected nodes, nodes visited by descendant segments and nodes of
   * queries inside filters, counted together. Past it the query fails with a {@link JsonPathLimitError}
   * instead of exhausting memory (`$..*..*` on a deep document selects about n × depth nodes).
   * @default the larger of 100,000 and 10 × the number of values in the document
   */
  maxNodes?: number;
  /**
   * The number of values in the document, when the caller already knows it (an upper bound will do): the
   * default budget is then computed from it instead of walking the document once more.
   */
  documentSize?: number;
}

/**
 * Evaluates an RFC 9535 JSONPath query against a JSON value and returns the selected nodes in order
 * (duplicates kept, as the RFC requires). The document must be JSON data without cycles; it is not changed.
 * Descendant segments are walked with an explicit stack, so deep documents cannot overflow the call stack,
 * and the evaluation has a node budget proportional to the document (see {@link QueryJsonPathOptions}).
 *
 * @example
 * ```ts
 * import { queryJsonPath } from "@oatool/cli/jsonpath";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const nodes = queryJsonPath({ a: [1, 2, 3] }, "$.a[?@ > 1]");
 * assertEquals(nodes.map((n) => n.path), ["$['a'][1]", "$['a'][2]"]);
 * ```
 * @throws {JsonPathSyntaxError} when `query` is a string that is not a valid JSONPath query.
 * @throws {JsonPathLimitError} when the evaluation goes over its node budget, or a `match()`/`search()`
 *   pattern is too large to compile.
 */
export function queryJsonPath(
  document: unknown,
  query: string | JsonPathQuery,
  options: QueryJsonPathOptions = {},
): JsonPathNode[] {
  const ast = typeof query === "string" ? parseJsonPath(query) : query;
  const context: Context = {
    root: document,
    absolute: new Map(),
    spent: 0,
    limit: options.maxNodes ?? MIN_NODE_BUDGET,
    measured: options.maxNodes !== undefined,
    budget: "maxNodes",
    documentSize: options.documentSize,
    text: typeof query === "string" ? query : undefined,
  };
  return evaluateSegments(ast.segments, [new JsonPathNode(document)], context);
}

/** State of one top-level evaluation: the root value, results of absolute queries used in filters, budget. */
interface Context {
  root: unknown;
  absolute: Map<JsonPathQuery, JsonPathNode[]>;
  /** Nodes created so far. */
  spent: number;
  /** The node budget (raised once to the document-proportional budget when first reached). */
  limit: number;
  /** True once {@link Context.limit} is final. */
  measured: boolean;
  /** How the limit was set, for messages. */
  budget: string;
  /** Values in the document, when the caller gave them. */
  documentSize: number | undefined;
  /** The query text, for messages. */
  text: string | undefined;
}

/** Creates a node, charging it to the budget. */
function nodeOf(context: Context, value: unknown, parent: JsonPathNode, key: string | number): JsonPathNode {
  if (++context.spent > context.limit) overBudget(context);
  return new JsonPathNode(value, parent, key);
}

function overBudget(context: Context): void {
  if (!context.measured) {
    context.measured = true;
    const nodes = context.documentSize ?? treeSize(context.root).nodes;
    context.limit = Math.max(context.limit, NODE_BUDGET_FACTOR * nodes);
    context.budget =
      `${NODE_BUDGET_FACTOR} × the ${nodes} values of the document, at least ${MIN_NODE_BUDGET}`;
    if (context.spent <= context.limit) return;
  }
  throw new JsonPathLimitError(
    `${describeQuery(context)} selects or visits more than ${context.limit} nodes, over its node budget ` +
      `(${context.budget}); narrow the query, for example with one descendant segment (..) instead of several.`,
    "nodes",
    context.limit,
  );
}

function describeQuery(context: Context): string {
  if (context.text === undefined) return "the JSONPath query";
  const text = context.text.length > 80 ? `${context.text.slice(0, 77)}...` : context.text;
  return `the JSONPath query ${JSON.stringify(text)}`;
}

function evaluateSegments(
  segments: JsonPathSegment[],
  input: JsonPathNode[],
  context: Context,
): JsonPathNode[] {
  let nodes = input;
  for (const segment of segments) {
    if (nodes.length === 0) break;
    const out: JsonPathNode[] = [];
    if (segment.kind === "child") {
      for (const node of nodes) applySelectors(segment.selectors, node, context, out);
    } else {
      for (const node of nodes) applyDescendant(segment.selectors, node, context, out);
    }
    nodes = out;
  }
  return nodes;
}

/** Visits the node and its descendants in document order (parents first), applying the selectors to each. */
function applyDescendant(
  selectors: JsonPathSelector[],
  start: JsonPathNode,
  context: Context,
  out: JsonPathNode[],
): void {
  const stack: JsonPathNode[] = [start];
  while (stack.length > 0) {
    const node = stack.pop() as JsonPathNode;
    applySelectors(selectors, node, context, out);
    const value = node.value;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) {
        const child = value[i];
        if (child !== null && typeof child === "object") stack.push(nodeOf(context, child, node, i));
      }
    } else if (value !== null && typeof value === "object") {
      const object = value as Record<string, unknown>;
      const keys = Object.keys(object);
      for (let i = keys.length - 1; i >= 0; i--) {
        const child = object[keys[i]];
        if (child !== null && typeof child === "object") stack.push(nodeOf(context, child, node, keys[i]));
      }
    }
  }
}

function applySelectors(
  selectors: JsonPathSelector[],
  node: JsonPathNode,
  context: Context,
  out: JsonPathNode[],
): void {
  const value = node.value;
  if (value === null || typeof value !== "object") return;
  const array = Array.isArray(value) ? value : undefined;
  for (const selector of selectors) {
    switch (selector.kind) {
      case "name":
        if (array === undefined && hasOwn(value, selector.name)) {
          out.push(nodeOf(context, (value as Record<string, unknown>)[selector.name], node, selector.name));
        }
        break;
      case "wildcard":
        if (array !== undefined) {
          for (let i = 0; i < array.length; i++) out.push(nodeOf(context, array[i], node, i));
        } else {
          const object = value as Record<string, unknown>;
          for (const key of Object.keys(object)) out.push(nodeOf(context, object[key], node, key));
        }
        break;
      case "index":
        if (array !== undefined) {
          const i = selector.index < 0 ? array.length + selector.index : selector.index;
          if (i >= 0 && i < array.length) out.push(nodeOf(context, array[i], node, i));
        }
        break;
      case "slice":
        if (array !== undefined) applySlice(selector, node, array, context, out);
        break;
      case "filter":
        if (array !== undefined) {
          for (let i = 0; i < array.length; i++) {
            if (evaluateLogical(selector.expression, array[i], context)) {
              out.push(nodeOf(context, array[i], node, i));
            }
          }
        } else {
          const object = value as Record<string, unknown>;
          for (const key of Object.keys(object)) {
            if (evaluateLogical(selector.expression, object[key], context)) {
              out.push(nodeOf(context, object[key], node, key));
            }
          }
        }
        break;
    }
  }
}

/** Array slice of RFC 9535 §2.3.4.2.2. */
function applySlice(
  { start, end, step }: { start?: number; end?: number; step?: number },
  node: JsonPathNode,
  array: unknown[],
  context: Context,
  out: JsonPathNode[],
): void {
  const len = array.length;
  const s = step ?? 1;
  if (s === 0 || len === 0) return;
  const normalize = (i: number): number => (i >= 0 ? i : len + i);
  if (s > 0) {
    const lower = Math.min(Math.max(normalize(start ?? 0), 0), len);
    const upper = Math.min(Math.max(normalize(end ?? len), 0), len);
    for (let i = lower; i < upper; i += s) out.push(nodeOf(context, array[i], node, i));
  } else {
    const upper = Math.min(Math.max(start === undefined ? len - 1 : normalize(start), -1), len - 1);
    const lower = Math.min(Math.max(end === undefined ? -1 : normalize(end), -1), len - 1);
    for (let i = upper; lower < i; i += s) out.push(nodeOf(context, array[i], node, i));
  }
}

// ------------------------------------------------------------------------------------------------ filters

function evaluateLogical(expression: JsonPathLogicalExpression, current: unknown, context: Context): boolean {
  switch (expression.kind) {
    case "or":
      for (const operand of expression.operands) if (evaluateLogical(operand, current, context)) return true;
      return false;
    case "and":
      for (const operand of expression.operands) {
        if (!evaluateLogical(operand, current, context)) return false;
      }
      return true;
    case "not":
      return !evaluateLogical(expression.operand, current, context);
    case "comparison":
      return compare(
        expression.operator,
        evaluateComparable(expression.left, current, context),
        evaluateComparable(expression.right, current, context),
      );
    case "test": {
      const operand = expression.operand;
      if (operand.kind === "query") return exists(operand, current, context);
      const result = callFunction(operand, current, context);
      return operand.resultType === "NodesType" ? (result as unknown[]).length > 0 : result === true;
    }
  }
}

function exists(query: JsonPathQuery, current: unknown, context: Context): boolean {
  if (query.singular) return singularValue(query, current, context) !== NOTHING;
  return selectNodes(query, current, context).length > 0;
}

/** The value of a singular query, or {@link NOTHING} when it selects no node. */
function singularValue(query: JsonPathQuery, current: unknown, context: Context): unknown {
  let value = query.root === "@" ? current : context.root;
  for (const segment of query.segments) {
    const selector = segment.selectors[0];
    if (selector.kind === "name") {
      if (!isObject(value) || !hasOwn(value, selector.name)) return NOTHING;
      value = value[selector.name];
    } else if (selector.kind === "index") {
      if (!Array.isArray(value)) return NOTHING;
      const i = selector.index < 0 ? value.length + selector.index : selector.index;
      if (i < 0 || i >= value.length) return NOTHING;
      value = value[i];
    } else {
      return NOTHING;
    }
  }
  return value;
}

/** The nodes of a (possibly non-singular) query inside a filter; absolute queries are evaluated once. */
function selectNodes(query: JsonPathQuery, current: unknown, context: Context): JsonPathNode[] {
  if (query.root === "$") {
    let nodes = context.absolute.get(query);
    if (nodes === undefined) {
      nodes = evaluateSegments(query.segments, [new JsonPathNode(context.root)], context);
      context.absolute.set(query, nodes);
    }
    return nodes;
  }
  return evaluateSegments(query.segments, [new JsonPathNode(current)], context);
}

function evaluateComparable(operand: JsonPathComparable, current: unknown, context: Context): unknown {
  switch (operand.kind) {
    case "literal":
      return operand.value;
    case "query":
      return singularValue(operand, current, context);
    case "function":
      return callFunction(operand, current, context);
  }
}

function callFunction(expression: JsonPathFunctionExpression, current: unknown, context: Context): unknown {
  const definition = FUNCTIONS.get(expression.name);
  if (definition === undefined) throw new Error(`unknown JSONPath function ${expression.name}`);
  const args = expression.arguments.map((arg, i) =>
    evaluateArgument(arg, definition.parameters[i], current, context)
  );
  return definition.call(args);
}

function evaluateArgument(
  arg: JsonPathFunctionArgument,
  type: JsonPathType,
  current: unknown,
  context: Context,
): unknown {
  if (type === "ValueType") {
    if (arg.kind === "literal") return arg.value;
    if (arg.kind === "query") return singularValue(arg, current, context);
    return callFunction(arg as JsonPathFunctionExpression, current, context);
  }
  if (type === "NodesType") {
    if (arg.kind === "query") return selectNodes(arg, current, context).map((node) => node.value);
    return callFunction(arg as JsonPathFunctionExpression, current, context);
  }
  // LogicalType
  if (arg.kind === "query") return exists(arg, current, context);
  if (arg.kind === "function") {
    const result = callFunction(arg, current, context);
    return arg.resultType === "NodesType" ? (result as unknown[]).length > 0 : result === true;
  }
  return evaluateLogical(arg as JsonPathLogicalExpression, current, context);
}

/** Comparison of RFC 9535 §2.3.5.2; {@link NOTHING} equals only itself and orders with nothing. */
function compare(operator: JsonPathComparisonOperator, left: unknown, right: unknown): boolean {
  switch (operator) {
    case "==":
      return equal(left, right);
    case "!=":
      return !equal(left, right);
    case "<":
      return less(left, right);
    case "<=":
      return less(left, right) || equal(left, right);
    case ">":
      return less(right, left);
    case ">=":
      return less(right, left) || equal(left, right);
  }
}

function equal(left: unknown, right: unknown): boolean {
  if (left === NOTHING || right === NOTHING) return left === right;
  return jsonEqual(left, right);
}

function less(left: unknown, right: unknown): boolean {
  if (typeof left === "number" && typeof right === "number") return left < right;
  if (typeof left === "string" && typeof right === "string") return compareCodePoints(left, right) < 0;
  return false;
}
