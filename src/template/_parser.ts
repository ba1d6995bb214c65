/**
 * The parser of the template engine: builds the syntax tree from the lexer's tokens, with variable scopes and
 * the static checks of {@link Checker} on every command, so a template that compiles can only fail at run time
 * on data (an index out of range, a budget).
 *
 * @module
 */

import type { Command, Node, Operand, Pipeline, VarRef } from "./_ast.ts";
import {
  BUILTIN_ARITY,
  Checker,
  type CheckOptions,
  staticTypeName,
  UNSUPPORTED_BUILTINS,
} from "./_checker.ts";
import type { Token, TokKind } from "./_lexer.ts";
import { MAX_DEPTH, type TemplateType, type TemplateValue } from "./types.ts";
import { formatValue } from "./values.ts";

interface Scope {
  vars: Map<string, TemplateType>;
  parent: Scope | undefined;
}

/** Parses and checks the tokens of one template; `fail` throws the positioned error. */
export class Parser {
  private p = 0;
  private depth = 0;
  private loops = 0;
  private scope: Scope;
  private readonly checker: Checker;

  constructor(
    private readonly tokens: Token[],
    private readonly opts: CheckOptions,
    private readonly fail: (msg: string, pos: number) => never,
  ) {
    this.scope = { vars: new Map([["$", "struct"]]), parent: undefined };
    this.checker = new Checker(opts, fail);
  }

  parseTemplate(): Node[] {
    const { nodes, end } = this.parseList("struct");
    if (end.kind !== "eof") this.fail(`unexpected {{${end.text}}}`, end.pos);
    return nodes;
  }

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.p + offset, this.tokens.length - 1)];
  }

  private next(): Token {
    return this.tokens[this.p++];
  }

  private expect(kind: TokKind, context: string): Token {
    const t = this.next();
    if (t.kind !== kind) this.fail(`unexpected ${describe(t)} in ${context}`, t.pos);
    return t;
  }

  private enter(pos: number): void {
    if (++this.depth > MAX_DEPTH) this.fail(`nesting deeper than ${MAX_DEPTH} levels`, pos);
  }

  private pushScope(): void {
    this.scope = { vars: new Map(), parent: this.scope };
  }

  private popScope(): void {
    this.scope = this.scope.parent ?? this.scope;
  }

  private lookupVar(name: string): { scope: Scope; type: TemplateType } | undefined {
    for (let s: Scope | undefined = this.scope; s; s = s.parent) {
      const t = s.vars.get(name);
      if (t !== undefined) return { scope: s, type: t };
    }
    return undefined;
  }

  /**
   * Parses nodes until `{{end}}`, `{{else…}}` or the end of input. The terminating token (the keyword, or eof)
   * is consumed up to the keyword; the caller handles the rest of that action.
   */
  private parseList(dot: TemplateType): { nodes: Node[]; end: Token } {
    const nodes: Node[] = [];
    for (;;) {
      const t = this.next();
      if (t.kind === "eof") return { nodes, end: t };
      if (t.kind === "text") {
        nodes.push({ type: "text", text: t.text });
        continue;
      }
      // t is a left delimiter
      const first = this.peek();
      if (first.kind === "keyword") {
        switch (first.text) {
          case "end":
          case "else":
            this.next();
            return { nodes, end: first };
          case "if":
          case "with":
          case "range":
            this.next();
            nodes.push(this.parseControl(first, dot));
            continue;
          case "break":
          case "continue": {
            this.next();
            if (this.loops === 0) this.fail(`{{${first.text}}} outside {{range}}`, first.pos);
            this.expect("right", `{{${first.text}}}`);
            nodes.push({ type: first.text, pos: first.pos });
            continue;
          }
          default:
            this.fail(`{{${first.text}}} is not supported in rename templates`, first.pos);
        }
      }
      const pipe = this.parsePipeline("command", dot, false);
      this.expect("right", "command");
      nodes.push({ type: "action", pos: first.pos, pipe });
    }
  }

  private parseControl(keyword: Token, dot: TemplateType): Node {
    const kind = keyword.text as "if" | "with" | "range";
    this.enter(keyword.pos);
    this.pushScope();
    const pipe = this.parsePipeline(kind, dot, kind === "range");
    this.expect("right", `{{${kind}}}`);
    let bodyDot = dot;
    if (kind === "with") bodyDot = pipe.type;
    if (kind === "range") {
      const elem = rangeElementType(pipe.type);
      if (elem === undefined) {
        this.fail(
          `range can't iterate over ${staticTypeName(pipe.type, this.opts.typeName)}`,
          pipe.pos,
        );
      }
      if (pipe.decl.length === 2 && pipe.type === "int") {
        this.fail("can't use an integer to iterate over more than one variable", pipe.decl[1].pos);
      }
      bodyDot = elem;
      if (!pipe.isAssign && pipe.decl.length > 0) {
        // Declared loop variables take the element (and index) types.
        if (pipe.decl.length === 1) this.scope.vars.set(pipe.decl[0].name, elem);
        else {
          this.scope.vars.set(pipe.decl[0].name, "int");
          this.scope.vars.set(pipe.decl[1].name, elem);
        }
      }
      this.loops++;
    }
    this.pushScope();
    const body = this.parseList(bodyDot);
    this.popScope();
    if (kind === "range") this.loops--;
    let elseList: Node[] | undefined;
    if (body.end.kind === "eof") this.fail(`unexpected EOF: {{${kind}}} has no {{end}}`, keyword.pos);
    if (body.end.text === "else") {
      const after = this.peek();
      if (
        (kind === "if" && after.kind === "keyword" && after.text === "if") ||
        (kind === "with" && after.kind === "keyword" && after.text === "with")
      ) {
        // `{{else if …}}` is `{{else}}{{if …}}…{{end}}{{end}}` sharing the final {{end}}.
        this.next();
        this.pushScope();
        elseList = [this.parseControl(after, dot)];
        this.popScope();
      } else {
        this.expect("right", "{{else}}");
        this.pushScope();
        const alt = this.parseList(dot);
        this.popScope();
        if (alt.end.kind === "eof") this.fail(`unexpected EOF: {{${kind}}} has no {{end}}`, keyword.pos);
        if (alt.end.text !== "end") this.fail(`expected {{end}}, found {{${alt.end.text}}}`, alt.end.pos);
        this.expect("right", "{{end}}");
        elseList = alt.nodes;
      }
    } else {
      this.expect("right", "{{end}}");
    }
    this.popScope();
    this.depth--;
    if (kind === "range") return { type: "range", pos: keyword.pos, pipe, list: body.nodes, elseList };
    return { type: kind, pos: keyword.pos, pipe, list: body.nodes, elseList };
  }

  private parsePipeline(context: string, dot: TemplateType, isRange: boolean): Pipeline {
    const start = this.peek();
    const decl: VarRef[] = [];
    let isAssign = false;
    // Declarations: `$x :=`, `$x =`, and for range `$i, $v :=`.
    if (start.kind === "variable") {
      const second = this.peek(1);
      if (second.kind === "declare" || second.kind === "assign") {
        decl.push({ name: start.text, pos: start.pos });
        isAssign = second.kind === "assign";
        this.p += 2;
      } else if (
        second.kind === "comma" && this.peek(2).kind === "variable" &&
        (this.peek(3).kind === "declare" || this.peek(3).kind === "assign")
      ) {
        if (!isRange) this.fail("too many declarations in " + context, second.pos);
        decl.push({ name: start.text, pos: start.pos }, { name: this.peek(2).text, pos: this.peek(2).pos });
        isAssign = this.peek(3).kind === "assign";
        this.p += 4;
      }
    }
    for (const d of decl) {
      if (d.name === "$") this.fail("cannot declare or assign $", d.pos);
      if (isAssign && !this.lookupVar(d.name)) {
        this.fail(`undefined variable ${JSON.stringify(d.name)}`, d.pos);
      }
    }
    const cmds: Command[] = [];
    const types: TemplateType[] = [];
    for (;;) {
      const t = this.peek();
      if (t.kind === "right" || t.kind === "rparen" || t.kind === "eof") {
        if (cmds.length === 0) this.fail(`missing value for ${context}`, t.pos);
        break;
      }
      const { cmd, type } = this.parseCommand(dot, cmds.length > 0, types[types.length - 1]);
      cmds.push(cmd);
      types.push(type);
      const after = this.peek();
      if (after.kind === "pipe") {
        this.next();
        const following = this.peek();
        if (following.kind === "right" || following.kind === "rparen" || following.kind === "eof") {
          this.fail("missing command after |", following.pos);
        }
        continue;
      }
      if (after.kind !== "right" && after.kind !== "rparen") {
        this.fail(`unexpected ${describe(after)} in ${context}`, after.pos);
      }
    }
    const type = types[types.length - 1];
    if (!isAssign && !isRange) { for (const d of decl) this.scope.vars.set(d.name, type); }
    if (isAssign) {
      for (const d of decl) {
        const found = this.lookupVar(d.name);
        if (found && found.type !== type) found.scope.vars.set(d.name, "any");
      }
    }
    return { pos: start.pos, decl, isAssign, cmds, type };
  }

  private parseCommand(
    dot: TemplateType,
    piped: boolean,
    pipedType: TemplateType | undefined,
  ): { cmd: Command; type: TemplateType } {
    const args: Operand[] = [];
    const pos = this.peek().pos;
    for (;;) {
      const t = this.peek();
      if (t.kind === "right" || t.kind === "rparen" || t.kind === "pipe" || t.kind === "eof") break;
      if (args.length > 0 && !t.spaced && t.kind !== "lparen") {
        this.fail(`missing space before ${describe(t)}`, t.pos);
      }
      args.push(this.parseOperand(dot));
    }
    if (args.length === 0) this.fail("empty command", pos);
    for (const arg of args.slice(1)) {
      // A function named as an argument is called without arguments, as in Go.
      if (arg.kind === "func") arg.type = this.checker.checkCall(arg.name, arg.pos, [], [], false);
    }
    const head = args[0];
    if (head.kind === "func") {
      const argTypes = args.slice(1).map(operandType);
      if (piped && pipedType !== undefined) argTypes.push(pipedType);
      const result = this.checker.checkCall(
        head.name,
        head.pos,
        argTypes,
        args.slice(1).map((a) => a.pos),
        piped,
      );
      return { cmd: { pos, args }, type: result };
    }
    if (head.kind === "nil") this.fail("nil is not a command", head.pos);
    if (args.length > 1 || piped) {
      const at = args.length > 1 ? args[1].pos : head.pos;
      this.fail(`can't give argument to non-function ${describeOperand(head)}`, at);
    }
    return { cmd: { pos, args }, type: operandType(head) };
  }

  private parseFields(base: TemplateType): { fields: string[]; fieldPos: number[]; type: TemplateType } {
    const fields: string[] = [];
    const fieldPos: number[] = [];
    let type = base;
    while (this.peek().kind === "field" && !this.peek().spaced) {
      const f = this.next();
      type = this.checker.fieldType(type, f.text, f.pos);
      fields.push(f.text);
      fieldPos.push(f.pos);
    }
    return { fields, fieldPos, type };
  }

  private parseOperand(dot: TemplateType): Operand {
    const t = this.next();
    switch (t.kind) {
      case "identifier":
        if (this.peek().kind === "field" && !this.peek().spaced) {
          this.fail(`unexpected field after function ${t.text}`, this.peek().pos);
        }
        if (!Object.hasOwn(BUILTIN_ARITY, t.text) && !Object.hasOwn(this.opts.funcs, t.text)) {
          if (UNSUPPORTED_BUILTINS.has(t.text)) {
            this.fail(`function ${JSON.stringify(t.text)} is not supported in rename templates`, t.pos);
          }
          const known = [...Object.keys(this.opts.funcs), ...Object.keys(BUILTIN_ARITY)].sort().join(", ");
          this.fail(`function ${JSON.stringify(t.text)} not defined (available: ${known})`, t.pos);
        }
        return { kind: "func", pos: t.pos, name: t.text, type: "any" };
      case "string":
        return this.literal(t, t.value as string, "string");
      case "number":
        return this.literal(t, t.value as number, t.isInt ? "int" : "float");
      case "bool":
        return this.literal(t, t.value as boolean, "bool");
      case "nil":
        return { kind: "nil", pos: t.pos };
      case "dot": {
        if (this.peek().kind === "field" && !this.peek().spaced) {
          this.fail('unexpected . after term "."', this.peek().pos);
        }
        return { kind: "dot", pos: t.pos, fields: [], fieldPos: [], type: dot };
      }
      case "field": {
        const type = this.checker.fieldType(dot, t.text, t.pos);
        const rest = this.parseFields(type);
        return {
          kind: "dot",
          pos: t.pos,
          fields: [t.text, ...rest.fields],
          fieldPos: [t.pos, ...rest.fieldPos],
          type: rest.type,
        };
      }
      case "variable": {
        const found = this.lookupVar(t.text);
        if (!found) this.fail(`undefined variable ${JSON.stringify(t.text)}`, t.pos);
        const rest = this.parseFields(found.type);
        return { kind: "var", pos: t.pos, name: t.text, ...rest };
      }
      case "lparen": {
        this.enter(t.pos);
        const pipe = this.parsePipeline("parenthesized pipeline", dot, false);
        this.expect("rparen", "parenthesized pipeline");
        this.depth--;
        const rest = this.parseFields(pipe.type);
        return { kind: "pipe", pos: t.pos, pipe, ...rest };
      }
      default:
        this.fail(`unexpected ${describe(t)} in operand`, t.pos);
    }
  }

  private literal(t: Token, value: TemplateValue, type: TemplateType): Operand {
    if (this.peek().kind === "field" && !this.peek().spaced) {
      this.fail(`unexpected . after term ${JSON.stringify(t.text)}`, this.peek().pos);
    }
    return { kind: "literal", pos: t.pos, value, type };
  }
}

function rangeElementType(t: TemplateType): TemplateType | undefined {
  if (t === "strings") return "string";
  if (t === "int") return "int";
  if (t === "any") return "any";
  return undefined;
}

function operandType(op: Operand): TemplateType {
  return op.kind === "nil" ? "any" : op.type;
}

function describe(t: Token): string {
  switch (t.kind) {
    case "eof":
      return "end of template";
    case "right":
      return '"}}"';
    case "left":
      return '"{{"';
    case "field":
      return JSON.stringify("." + t.text);
    default:
      return JSON.stringify(t.text);
  }
}

function describeOperand(op: Operand): string {
  switch (op.kind) {
    case "literal":
      return JSON.stringify(formatValue(op.value));
    case "dot":
      return op.fields.length ? "." + op.fields.join(".") : ".";
    case "var":
      return op.name + op.fields.map((f) => "." + f).join("");
    case "pipe":
      return "(…)" + op.fields.map((f) => "." + f).join("");
    default:
      return op.kind;
  }
}
