import { OatoolError } from "../core/mod.ts";

/**
 * A JSONPath expression is not valid RFC 9535 syntax or is not well-typed. The message names the 0-based
 * character position, for example `invalid JSONPath at position 5 in "$.a[?": expected a filter expression`.
 */
export class JsonPathSyntaxError extends OatoolError {
  /** The expression that failed to parse. */
  readonly expression: string;
  /** 0-based offset (in UTF-16 code units) of the offending character; equals the length at end of input. */
  readonly position: number;
  /** What is wrong, without the position prefix. */
  readonly reason: string;

  /**
   * Creates it.
   *
   * @param expression The expression text.
   * @param position 0-based offset of the problem.
   * @param reason What is wrong.
   */
  constructor(expression: string, position: number, reason: string) {
    super(
      `invalid JSONPath at position ${position} in ${JSON.stringify(expression)}: ${reason}`,
      "JSONPATH_SYNTAX",
    );
    this.expression = expression;
    this.position = position;
    this.reason = reason;
  }
}
