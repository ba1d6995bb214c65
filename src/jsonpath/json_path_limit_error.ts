import { OatoolError } from "../core/mod.ts";

/**
 * A JSONPath query went over one of its budgets: it would select or visit more nodes than the node budget
 * allows (proportional to the size of the document), or a regular expression given to `match()` or `search()`
 * is too large to compile for linear-time matching. The message names the budget and what to do.
 */
export class JsonPathLimitError extends OatoolError {
  /** Which budget: `nodes` (node-list budget) or `regex` (regular-expression size). */
  readonly budget: "nodes" | "regex";
  /** The limit that was reached. */
  readonly limit: number;

  /**
   * Creates it.
   *
   * @param message One sentence naming the budget, the query or pattern, and what to do.
   * @param budget Which budget was exceeded.
   * @param limit The limit.
   */
  constructor(message: string, budget: "nodes" | "regex", limit: number) {
    super(message, "JSONPATH_LIMIT");
    this.budget = budget;
    this.limit = limit;
  }
}
