import { deepCopy, type Finding, finding, MAX_DEPTH, treeSize } from "../core/mod.ts";
import { JsonPathLimitError, type JsonPathNode, type JsonPathQuery, queryJsonPath } from "../jsonpath/mod.ts";
import { type CheckedAction, checkOverlay, quoted } from "./_check_overlay.ts";
import { appendAll, describeKind, kindOf, mergeObjects, previewMerge, removeNodes } from "./_merge.ts";
import { setMember } from "../core/json.ts";
import type { OverlayActionKind } from "./overlay_document.ts";
import { InvalidOverlayError, OverlayError } from "./overlay_error.ts";

/** Options of {@link applyOverlay}. */
export interface ApplyOverlayOptions {
  /**
   * Change the given document itself instead of a deep copy of it. Faster on big documents; when an action
   * fails, the actions before it stay applied.
   * @default false
   */
  inPlace?: boolean;
  /**
   * Throw an {@link OverlayError} at the first action whose target selects nothing, and refuse member names with
   * `-` in dot notation (accepted with a warning otherwise; see {@linkcode validateOverlay}).
   * @default false
   */
  strict?: boolean;
  /**
   * Most values the document may hold after any action. Actions that would grow it further (an overlay whose
   * `copy` or `update` actions double the document again and again) fail with an {@link OverlayError} before
   * anything is copied.
   * @default the larger of 1,000,000 and 10 × the values of the document and the overlay together
   */
  maxNodes?: number;
  /**
   * Work out what every action would do, on a private copy, and return the document unchanged.
   * @default false
   */
  dryRun?: boolean;
  /** Name of the overlay for messages, such as its file name. @default "the overlay" */
  source?: string;
}

/** What one action did (or, in a dry run, would do). */
export interface OverlayActionResult {
  /** Index of the action in `actions`. */
  index: number;
  /** The kind of change. */
  kind: OverlayActionKind;
  /** The target JSONPath expression. */
  target: string;
  /** The `copy` expression (copy actions). */
  copy?: string;
  /** The action's description, when it has one. */
  description?: string;
  /** Number of nodes the target selected when the action ran. */
  matchCount: number;
  /** RFC 9535 normalized paths of the selected nodes, in selection order. */
  paths: string[];
  /** True when the target selected at least one node (the action changed the document). */
  applied: boolean;
}

/** Values a document may always grow to while an overlay is applied, whatever its size. */
export const MIN_OVERLAY_NODE_BUDGET = 1_000_000;
/** The node budget of an overlay run, per value of the document and the overlay, past the minimum. */
export const OVERLAY_NODE_BUDGET_FACTOR = 10;

/** Result of {@link applyOverlay}. */
export interface ApplyOverlayResult {
  /** The changed document (the input itself with `inPlace`, the unchanged input with `dryRun`). */
  document: unknown;
  /** The overlay's `overlay` version. */
  overlayVersion: string;
  /** The overlay's `info.title`. */
  title: string;
  /** The overlay's `info.version`. */
  version: string;
  /** The overlay's `extends`, when given (informational: nothing is fetched). */
  extends?: string;
  /** One entry per action, in order. */
  actions: OverlayActionResult[];
  /** Number of actions whose target selected at least one node. */
  appliedCount: number;
  /** Number of actions whose target selected nothing. */
  skippedCount: number;
  /**
   * The overlay's validation warnings (no-op actions, fields another one overrides, hyphenated names) and notes
   * such as Overlay 1.0.0 documents relying on 1.1.0 behaviour.
   */
  warnings: Finding[];
  /** True when nothing was changed because of `dryRun`. */
  dryRun: boolean;
}

/**
 * Applies an Overlay document (1.0.x or 1.1.x) to a JSON/YAML document given as plain data. Actions run in
 * order, each target evaluated against the document as the earlier actions left it. `update` merges objects
 * recursively (primitives replace, arrays concatenate, objects merge; new keys go after existing ones),
 * concatenates an array or appends any other value to array targets, and replaces primitive targets. `remove`
 * deletes every selected node from its parent. `copy` (1.1) merges the value of the one node its expression
 * selects into each target as `update` would. When an action has several, `remove: true` wins over `copy` and
 * `copy` over `update`; an action with none of them changes nothing. Values from the overlay are copied, never
 * shared.
 *
 * Every action is bounded: target queries have the node budget of {@linkcode queryJsonPath}; the document may
 * grow to at most `maxNodes` values; and no action may nest it deeper than the loader accepts (`MAX_DEPTH`),
 * so a document that was legal before the overlay stays legal (and walkable) after it.
 *
 * A pure function on plain data: by default the input document is not changed (the work happens on a deep
 * copy); pass `inPlace: true` to change it directly.
 *
 * @example
 * ```ts
 * import { applyOverlay } from "@oatool/cli/overlay";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const result = applyOverlay(
 *   { openapi: "3.1.0", info: { title: "Pets", version: "1" } },
 *   { overlay: "1.1.0", info: { title: "Brand", version: "1" }, actions: [{ target: "$.info", update: { "x-logo": "l.png" } }] },
 * );
 * assertEquals(result.document, { openapi: "3.1.0", info: { title: "Pets", version: "1", "x-logo": "l.png" } });
 * ```
 * @throws {InvalidOverlayError} when the overlay is not valid (see {@linkcode validateOverlay}).
 * @throws {OverlayError} when an action cannot be applied: selected nodes of mixed kinds, an update value that
 *   does not fit its targets, incompatible properties, a `copy` expression not selecting exactly one node,
 *   removing the root, (with `strict`) a target selecting nothing, or an action over a budget (document size,
 *   nesting depth, query nodes).
 */
export function applyOverlay(
  document: unknown,
  overlay: unknown,
  options: ApplyOverlayOptions = {},
): ApplyOverlayResult {
  const check = checkOverlay(overlay, { strict: options.strict });
  if (check.errors.length > 0) throw new InvalidOverlayError(check.errors, options.source);
  const dryRun = options.dryRun === true;
  const { nodes: size, depth } = treeSize(document);
  const state: State = {
    document: options.inPlace === true && !dryRun ? document : deepCopy(document),
    minor: check.minor!,
    warnings: [...check.warnings],
    nodes: size,
    maxDepth: Math.max(MAX_DEPTH, depth),
    maxNodes: options.maxNodes ??
      Math.max(MIN_OVERLAY_NODE_BUDGET, OVERLAY_NODE_BUDGET_FACTOR * (size + treeSize(overlay).nodes)),
    budgetName: options.maxNodes === undefined
      ? `${OVERLAY_NODE_BUDGET_FACTOR} × the values of the document and the overlay, at least ${MIN_OVERLAY_NODE_BUDGET}`
      : "maxNodes",
  };
  const actionValues = (overlay as { actions: Record<string, unknown>[] }).actions;
  const results: OverlayActionResult[] = [];
  check.actions.forEach((action, index) => {
    const result = runAction(state, action, actionValues[index], index);
    if (!result.applied && options.strict === true) {
      throw new OverlayError(
        `action [${index}] target ${
          JSON.stringify(action.target)
        } selects nothing (strict mode); fix the target or drop strict mode.`,
        index,
      );
    }
    results.push(result);
  });
  const appliedCount = results.filter((r) => r.applied).length;
  const out: ApplyOverlayResult = {
    document: dryRun ? document : state.document,
    overlayVersion: check.version!,
    title: check.title!,
    version: check.infoVersion!,
    actions: results,
    appliedCount,
    skippedCount: results.length - appliedCount,
    warnings: state.warnings,
    dryRun,
  };
  if (check.extends !== undefined) out.extends = check.extends;
  return out;
}

/** The document being changed and what the run has noted. */
interface State {
  document: unknown;
  minor: number;
  warnings: Finding[];
  /** Values in the document: exact at the start, then an upper bound (removals are not subtracted). */
  nodes: number;
  /** The node budget. */
  maxNodes: number;
  /** Deepest nesting allowed: {@link MAX_DEPTH}, or the input's own depth when the caller gave a deeper one. */
  maxDepth: number;
  /** How the budget was set, for messages. */
  budgetName: string;
}

/** Evaluates an action's query; a query over its budget fails as the action. */
function select(state: State, query: JsonPathQuery, text: string, index: number): JsonPathNode[] {
  try {
    return queryJsonPath(state.document, query, { documentSize: state.nodes });
  } catch (e) {
    if (!(e instanceof JsonPathLimitError)) throw e;
    const prefix = `action [${index}] query ${quoted(text)}:`;
    const named = "the JSONPath query";
    const message = e.message.startsWith(named) ? e.message.replace(named, prefix) : `${prefix} ${e.message}`;
    throw new OverlayError(message, index);
  }
}

function runAction(
  state: State,
  action: CheckedAction,
  raw: Record<string, unknown>,
  index: number,
): OverlayActionResult {
  const nodes = select(state, action.targetQuery, action.target, index);
  const result: OverlayActionResult = {
    index,
    kind: action.kind,
    target: action.target,
    matchCount: nodes.length,
    paths: nodes.map((node) => node.path),
    applied: nodes.length > 0,
  };
  if (action.copy !== undefined) result.copy = action.copy;
  if (action.description !== undefined) result.description = action.description;
  if (nodes.length === 0 || action.kind === "none") return result;

  if (action.kind === "remove") {
    if (nodes.some((node) => node.parent === undefined)) {
      throw new OverlayError(
        `action [${index}] target ${
          JSON.stringify(action.target)
        } selects the document root, which cannot be removed; target its members instead.`,
        index,
      );
    }
    if (state.minor === 0 && nodes.some((node) => kindOf(node.value) === "primitive")) {
      warn(
        state,
        index,
        "Overlay 1.0.0 does not define removing primitive values; they were removed as Overlay 1.1.0 specifies",
      );
    }
    removeNodes(nodes);
    return result;
  }

  let value: unknown;
  if (action.kind === "copy") {
    const sources = select(state, action.copyQuery!, action.copy!, index);
    if (sources.length !== 1) {
      throw new OverlayError(
        `action [${index}] copy ${
          JSON.stringify(action.copy)
        } selects ${sources.length} nodes; it must select exactly one.`,
        index,
      );
    }
    value = sources[0].value;
  } else {
    value = raw.update;
  }
  update(state, nodes, value, action, index);
  return result;
}

/** Applies an update (or copy) value to every selected node, after checking that all of them accept it. */
function update(
  state: State,
  nodes: JsonPathNode[],
  given: unknown,
  action: CheckedAction,
  index: number,
): void {
  // A private snapshot: a copied node may be changed by the merges below (copying a node into its own subtree).
  const value = deepCopy(given);
  const what = action.kind === "copy"
    ? `the value copied from ${JSON.stringify(action.copy)}`
    : "the update value";
  const kind = kindOf(nodes[0].value);
  const other = nodes.find((node) => kindOf(node.value) !== kind);
  if (other !== undefined) {
    throw new OverlayError(
      `action [${index}] target ${JSON.stringify(action.target)} selects ${describeKind(kind)} at ${
        nodes[0].path
      } and ${
        describeKind(kindOf(other.value))
      } at ${other.path}; narrow the target so that it selects only objects, only arrays or only primitive values.`,
      index,
    );
  }
  const valueKind = kindOf(value);
  if (kind === "object") {
    if (valueKind !== "object") {
      throw new OverlayError(
        `action [${index}] target ${
          JSON.stringify(action.target)
        } selects objects, so ${what} must be an object, not ${
          describeKind(valueKind)
        }; give an object of properties to merge.`,
        index,
      );
    }
    let growth = 0;
    for (const node of nodes) {
      const preview = previewMerge(
        node.value as Record<string, unknown>,
        value as Record<string, unknown>,
        node.segments(),
      );
      const conflict = preview.conflict;
      if (conflict !== undefined) {
        throw new OverlayError(
          `action [${index}] cannot merge ${describeKind(conflict.sourceKind)} into ${
            describeKind(conflict.targetKind)
          } at ${conflict.path}; remove that property in an earlier action or target it directly.`,
          index,
        );
      }
      growth += preview.growth;
    }
    checkBudgets(state, nodes, value, growth, 0, index);
    nodes.forEach((node, i) => {
      const source = i === nodes.length - 1 ? value : deepCopy(value);
      mergeObjects(node.value as Record<string, unknown>, source as Record<string, unknown>);
    });
    return;
  }
  if (kind === "array") {
    const added = Array.isArray(value) ? treeSize(value).nodes - 1 : treeSize(value).nodes;
    checkBudgets(state, nodes, value, added * nodes.length, Array.isArray(value) ? 0 : 1, index);
    nodes.forEach((node, i) => {
      const list = node.value as unknown[];
      const item = i === nodes.length - 1 ? value : deepCopy(value);
      if (Array.isArray(item)) appendAll(list, item);
      else list.push(item);
    });
    return;
  }
  // primitive targets
  if (valueKind !== "primitive") {
    throw new OverlayError(
      `action [${index}] target ${
        JSON.stringify(action.target)
      } selects primitive values, so ${what} must be a primitive value, not ${
        describeKind(valueKind)
      }; target the parent object to change its structure.`,
      index,
    );
  }
  if (state.minor === 0) {
    warn(
      state,
      index,
      "Overlay 1.0.0 does not define updates of primitive values; they were replaced as Overlay 1.1.0 specifies",
    );
  }
  for (const node of nodes) {
    const parent = node.parent?.value;
    if (parent === undefined) state.document = value;
    else if (Array.isArray(parent)) parent[node.key as number] = value;
    else setMember(parent as Record<string, unknown>, node.key as string, value);
  }
}

/**
 * Refuses an update that would take the document over its node budget, or nest it deeper than
 * the depth limit ({@link MAX_DEPTH}, or the input's own depth if deeper): the merged value's containers land `offset` levels below each target (1 when the value is
 * appended to an array as one element).
 */
function checkBudgets(
  state: State,
  nodes: JsonPathNode[],
  value: unknown,
  growth: number,
  offset: number,
  index: number,
): void {
  if (state.nodes + growth > state.maxNodes) {
    throw new OverlayError(
      `action [${index}] would grow the document to about ${
        state.nodes + growth
      } values, over the overlay's ` +
        `node budget of ${state.maxNodes} (${state.budgetName}); check for copy or update actions that ` +
        "multiply the document.",
      index,
    );
  }
  state.nodes += growth;
  const depth = treeSize(value).depth;
  for (const node of nodes) {
    const segments = node.segments();
    if (segments.length + offset + depth > state.maxDepth) {
      const path = node.path;
      const at = path.length > 120
        ? `${path.slice(0, path.indexOf("]", 60) + 1)}...${
          path.slice(path.lastIndexOf("[", path.length - 50))
        }`
        : path;
      throw new OverlayError(
        `action [${index}] would nest the document deeper than ${state.maxDepth} levels at ${at} ` +
          `(the value is ${depth} levels deep); oatool refuses documents nested that deeply, so target a ` +
          "shallower node or flatten the value.",
        index,
      );
    }
  }
}

function warn(state: State, index: number, message: string): void {
  state.warnings.push(finding("warning", ["actions", index], message));
}
