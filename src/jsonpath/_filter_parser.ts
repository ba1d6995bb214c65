/**
 * The filter-expression layer of the JSONPath parser (RFC 9535 §2.3.5): logical `||`, `&&`, `!`, parentheses,
 * comparisons, existence tests, literals, embedded queries and function calls with their well-typedness.
 *
 * @module
 */
import type {
  JsonPathComparable,
  JsonPathComparisonOperator,
  JsonPathFunctionArgument,
  JsonPathFunctionExpression,
  JsonPathLogicalExpression,
  JsonPathQuery,
} from "./ast.ts";
import { FUNCTIONS } from "./_functions.ts";
import { isBlank, isDigit, isLowerAlpha, Scanner } from "./_scanner.ts";

/** Filter expressions; the query parser supplies the embedded queries. */
export abstract class FilterParser extends Scanner {
  /** Parses the segments after `$` or `@` (already consumed) and builds the query node. */
  protected abstract parseQueryRest(root: "$" | "@", position: number): JsonPathQuery;

  /** `logical-or-expr` */
  protected parseOr(): JsonPathLogicalExpression {
    const first = this.parseAnd();
    const operands = [first];
    for (;;) {
      const save = this.pos;
      this.skipBlanks();
      if (this.unit() === 0x7c && this.unit(this.pos + 1) === 0x7c) {
        this.pos += 2;
        this.skipBlanks();
        operands.push(this.parseAnd());
      } else {
        this.pos = save;
        break;
      }
    }
    return operands.length === 1 ? first : { kind: "or", operands };
  }

  /** `logical-and-expr` */
  protected parseAnd(): JsonPathLogicalExpression {
    const first = this.parseBasic();
    const operands = [first];
    for (;;) {
      const save = this.pos;
      this.skipBlanks();
      if (this.unit() === 0x26 && this.unit(this.pos + 1) === 0x26) {
        this.pos += 2;
        this.skipBlanks();
        operands.push(this.parseBasic());
      } else {
        this.pos = save;
        break;
      }
    }
    return operands.length === 1 ? first : { kind: "and", operands };
  }

  /** `basic-expr`: parenthesized, comparison or test expression, optionally negated. */
  protected parseBasic(): JsonPathLogicalExpression {
    this.enter();
    try {
      const unit = this.unit();
      if (unit === 0x21 /* ! */) {
        const bang = this.pos;
        this.pos++;
        this.skipBlanks();
        if (this.unit() === 0x28) return { kind: "not", operand: this.parseParenthesized() };
        const start = this.pos;
        const operand = this.parsePrimary();
        if (operand.kind === "literal") {
          this.fail('"!" must be followed by a query, a function or "("', bang);
        }
        return { kind: "not", operand: this.asTest(operand, start) };
      }
      if (unit === 0x28 /* ( */) return this.parseParenthesized();
      const start = this.pos;
      const left = this.parsePrimary();
      const save = this.pos;
      this.skipBlanks();
      const opStart = this.pos;
      const operator = this.parseComparisonOperator();
      if (operator === undefined) {
        this.pos = save;
        return this.asTest(left, start);
      }
      this.skipBlanks();
      const rightStart = this.pos;
      if (this.unit() === -1) this.fail(`expected a value after "${operator}"`);
      const right = this.parsePrimary();
      this.checkComparable(left, start, opStart);
      this.checkComparable(right, rightStart, opStart);
      return { kind: "comparison", operator, left, right };
    } finally {
      this.leave();
    }
  }

  protected parseParenthesized(): JsonPathLogicalExpression {
    const open = this.pos;
    this.pos++; // (
    this.skipBlanks();
    const inner = this.parseOr();
    this.skipBlanks();
    if (this.unit() !== 0x29) {
      if (this.unit() === -1) this.fail(`missing ")" to close the "(" at position ${open}`);
      this.fail(`expected ")", found ${this.describe(this.pos)}`);
    }
    this.pos++;
    return inner;
  }

  protected parseComparisonOperator(): JsonPathComparisonOperator | undefined {
    const a = this.unit();
    const b = this.unit(this.pos + 1);
    let op: JsonPathComparisonOperator | undefined;
    if (b === 0x3d /* = */) {
      if (a === 0x3d) op = "==";
      else if (a === 0x21) op = "!=";
      else if (a === 0x3c) op = "<=";
      else if (a === 0x3e) op = ">=";
    }
    if (op !== undefined) {
      this.pos += 2;
      return op;
    }
    if (a === 0x3c) op = "<";
    else if (a === 0x3e) op = ">";
    if (op !== undefined) this.pos++;
    return op;
  }

  /** Turns a primary into a test expression, checking that it may stand alone. */
  protected asTest(primary: JsonPathComparable, start: number): JsonPathLogicalExpression {
    if (primary.kind === "literal") {
      this.fail("a literal cannot be used as a filter on its own; compare it with a query", start);
    }
    if (primary.kind === "function" && primary.resultType === "ValueType") {
      this.fail(
        `function ${primary.name}() returns a value, not a logical result; compare it (for example ${primary.name}(…) > 0)`,
        start,
      );
    }
    return { kind: "test", operand: primary };
  }

  /** Checks that an operand of a comparison is a literal, a singular query or a ValueType function. */
  protected checkComparable(operand: JsonPathComparable, start: number, opStart: number): void {
    if (operand.kind === "query" && !operand.singular) {
      this.fail("only singular queries (names and indexes only) can be compared", start);
    }
    if (operand.kind === "function" && operand.resultType !== "ValueType") {
      this.fail(
        `function ${operand.name}() returns a ${operand.resultType}, which cannot be compared with the operator at position ${opStart}`,
        start,
      );
    }
  }

  /** A literal, a query (`@…`, `$…`) or a function call. */
  protected parsePrimary(): JsonPathComparable {
    const unit = this.unit();
    const start = this.pos;
    if (unit === 0x40 /* @ */ || unit === 0x24 /* $ */) {
      this.pos++;
      this.enter();
      const query = this.parseQueryRest(unit === 0x40 ? "@" : "$", start);
      this.leave();
      return query;
    }
    if (unit === 0x27 || unit === 0x22) return { kind: "literal", value: this.parseString() };
    if (unit === 0x2d || isDigit(unit)) return this.parseNumber();
    if (isLowerAlpha(unit)) {
      let pos = start + 1;
      while (isLowerAlpha(this.unit(pos)) || isDigit(this.unit(pos)) || this.unit(pos) === 0x5f) pos++;
      const word = this.text.slice(start, pos);
      if (this.unit(pos) === 0x28 /* ( */) return this.parseFunction(word, start, pos);
      if (FUNCTIONS.has(word) && isBlank(this.unit(pos))) {
        this.fail(`"(" must follow the function name ${word} directly, without blanks`, pos);
      }
      if (word === "true" || word === "false" || word === "null") {
        this.pos = pos;
        return { kind: "literal", value: word === "null" ? null : word === "true" };
      }
      this.fail(
        `unknown name ${JSON.stringify(word)}; expected a query, a literal or a function call`,
        start,
      );
    }
    if (unit === -1) this.fail("expected a filter expression, found end of expression");
    return this.fail(`expected a filter expression, found ${this.describe(start)}`);
  }

  /** `function-expr`, with the well-typedness checks of RFC 9535 §2.4.3. */
  protected parseFunction(name: string, start: number, open: number): JsonPathFunctionExpression {
    const definition = FUNCTIONS.get(name);
    if (definition === undefined) {
      this.fail(
        `unknown function ${JSON.stringify(name)}; known functions are ${[...FUNCTIONS.keys()].join(", ")}`,
        start,
      );
    }
    this.enter();
    this.pos = open + 1;
    this.skipBlanks();
    const args: JsonPathFunctionArgument[] = [];
    const starts: number[] = [];
    if (this.unit() === 0x29) {
      this.pos++;
    } else {
      for (;;) {
        starts.push(this.pos);
        args.push(this.parseArgument());
        this.skipBlanks();
        const unit = this.unit();
        if (unit === 0x2c) {
          this.pos++;
          this.skipBlanks();
          continue;
        }
        if (unit === 0x29) {
          this.pos++;
          break;
        }
        if (unit === -1) this.fail(`missing ")" to close the call of ${name}() at position ${start}`);
        this.fail(`expected "," or ")" in the call of ${name}(), found ${this.describe(this.pos)}`);
      }
    }
    this.leave();
    const expected = definition.parameters.length;
    if (args.length !== expected) {
      this.fail(
        `function ${name}() takes ${expected} argument${expected === 1 ? "" : "s"}, got ${args.length}`,
        start,
      );
    }
    definition.parameters.forEach((type, i) => {
      const arg = args[i];
      const what = `argument ${i + 1} of ${name}()`;
      if (type === "ValueType") {
        const ok = arg.kind === "literal" || (arg.kind === "query" && arg.singular) ||
          (arg.kind === "function" && arg.resultType === "ValueType");
        if (!ok) {
          this.fail(
            `${what} must be a value: a literal, a singular query or a function returning a value`,
            starts[i],
          );
        }
      } else if (type === "NodesType") {
        const ok = arg.kind === "query" || (arg.kind === "function" && arg.resultType === "NodesType");
        if (!ok) this.fail(`${what} must be a query`, starts[i]);
      } else {
        const ok = arg.kind !== "literal" && !(arg.kind === "function" && arg.resultType === "ValueType");
        if (!ok) this.fail(`${what} must be a logical expression`, starts[i]);
      }
    });
    return { kind: "function", name, arguments: args, resultType: definition.result };
  }

  /** `function-argument`: a literal, a query, a function call or a logical expression. */
  protected parseArgument(): JsonPathFunctionArgument {
    const unit = this.unit();
    if (unit !== 0x21 && unit !== 0x28) {
      const start = this.pos;
      const primary = this.parsePrimary();
      const after = this.pos;
      this.skipBlanks();
      const next = this.unit();
      if (next === 0x2c || next === 0x29) {
        this.pos = after;
        return primary;
      }
      this.pos = start;
    }
    return this.parseOr();
  }
}
