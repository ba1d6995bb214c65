/**
 * The executor of the template engine: runs a checked syntax tree on data, within the budgets of one execution
 * ({@link MAX_STEPS} steps, {@link MAX_OUTPUT} characters of output and of any string built on the way).
 *
 * @module
 */

import type { Command, Node, Operand, Pipeline, RangeNode } from "./_ast.ts";
import { staticTypeName } from "./_checker.ts";
import { goSprint, sprintf } from "./printf.ts";
import { TemplateLimitError } from "./template_error.ts";
import { MAX_OUTPUT, MAX_STEPS, type TemplateFunc, type TemplateType, type TemplateValue } from "./types.ts";
import { formatValue, isTrue, typeOfValue, utf8Bytes, valueMatches } from "./values.ts";

const MISSING = Symbol("missing");
type Final = TemplateValue | typeof MISSING;

/** Control flow signal of {@link Executor.walk}. */
type Flow = 0 | 1 | 2;
const Flow = { Normal: 0, Break: 1, Continue: 2 } as const;

interface Frame {
  vars: Map<string, TemplateValue>;
  parent: Frame | undefined;
}

/** Runs one template on one data value; `fail` throws the positioned error. */
export class Executor {
  private out = "";
  private steps = 0;
  private frame: Frame;

  constructor(
    private readonly funcs: Readonly<Record<string, TemplateFunc>>,
    private readonly fields: Readonly<Record<string, TemplateType>>,
    private readonly typeName: string,
    private readonly fail: (msg: string, pos: number) => never,
    root: TemplateValue,
  ) {
    this.frame = { vars: new Map([["$", root]]), parent: undefined };
  }

  run(nodes: Node[], dot: TemplateValue): string {
    this.walk(nodes, dot);
    return this.out;
  }

  private step(pos: number): void {
    if (++this.steps > MAX_STEPS) {
      this.fail(`execution exceeded ${MAX_STEPS} steps, the step limit of a template`, pos);
    }
  }

  private emit(s: string, pos: number): void {
    this.out += s;
    if (this.out.length > MAX_OUTPUT) {
      this.fail(`output longer than ${MAX_OUTPUT} characters, the output limit of a template`, pos);
    }
  }

  private push(): void {
    this.frame = { vars: new Map(), parent: this.frame };
  }

  private pop(): void {
    this.frame = this.frame.parent ?? this.frame;
  }

  private getVar(name: string): TemplateValue {
    for (let f: Frame | undefined = this.frame; f; f = f.parent) {
      if (f.vars.has(name)) return f.vars.get(name) as TemplateValue;
    }
    return null;
  }

  private setVar(name: string, value: TemplateValue): void {
    for (let f: Frame | undefined = this.frame; f; f = f.parent) {
      if (f.vars.has(name)) {
        f.vars.set(name, value);
        return;
      }
    }
    this.frame.vars.set(name, value);
  }

  private walk(nodes: Node[], dot: TemplateValue): Flow {
    for (const node of nodes) {
      switch (node.type) {
        case "text":
          this.step(0);
          this.emit(node.text, 0);
          break;
        case "action": {
          const v = this.evalPipeline(node.pipe, dot);
          if (node.pipe.decl.length === 0) this.emit(formatValue(v), node.pos);
          break;
        }
        case "if":
        case "with": {
          this.push();
          const v = this.evalPipeline(node.pipe, dot);
          let flow: Flow = Flow.Normal;
          this.push();
          if (isTrue(v)) flow = this.walk(node.list, node.type === "with" ? v : dot);
          else if (node.elseList) flow = this.walk(node.elseList, dot);
          this.pop();
          this.pop();
          if (flow !== Flow.Normal) return flow;
          break;
        }
        case "range": {
          const flow = this.walkRange(node, dot);
          if (flow !== Flow.Normal) return flow;
          break;
        }
        case "break":
          return Flow.Break;
        case "continue":
          return Flow.Continue;
      }
    }
    return Flow.Normal;
  }

  private walkRange(node: RangeNode, dot: TemplateValue): Flow {
    this.push();
    const pipe = node.pipe;
    const v = this.evalPipeline({ ...pipe, decl: [] }, dot);
    let items: TemplateValue[];
    if (Array.isArray(v)) items = v as TemplateValue[];
    else if (typeof v === "number" && Number.isInteger(v)) {
      if (pipe.decl.length > 1) {
        this.fail("can't use an integer to iterate over more than one variable", pipe.pos);
      }
      items = [];
      for (let i = 0; i < v; i++) {
        this.step(pipe.pos);
        items.push(i);
      }
    } else if (v === null) items = [];
    else this.fail(`range can't iterate over ${typeOfValue(v)}`, pipe.pos);
    for (let i = 0; i < items.length; i++) {
      this.step(node.pos);
      this.push();
      if (pipe.decl.length === 1) {
        if (pipe.isAssign) this.setVar(pipe.decl[0].name, items[i]);
        else this.frame.vars.set(pipe.decl[0].name, items[i]);
      } else if (pipe.decl.length === 2) {
        if (pipe.isAssign) {
          this.setVar(pipe.decl[0].name, i);
          this.setVar(pipe.decl[1].name, items[i]);
        } else {
          this.frame.vars.set(pipe.decl[0].name, i);
          this.frame.vars.set(pipe.decl[1].name, items[i]);
        }
      }
      const flow = this.walk(node.list, items[i]);
      this.pop();
      if (flow === Flow.Break) break;
    }
    if (items.length === 0 && node.elseList) {
      this.push();
      const flow = this.walk(node.elseList, dot);
      this.pop();
      this.pop();
      return flow;
    }
    this.pop();
    return Flow.Normal;
  }

  private evalPipeline(pipe: Pipeline, dot: TemplateValue): TemplateValue {
    let value: Final = MISSING;
    for (const cmd of pipe.cmds) value = this.evalCommand(cmd, dot, value);
    const result = value === MISSING ? null : value;
    for (const d of pipe.decl) {
      if (pipe.isAssign) this.setVar(d.name, result);
      else this.frame.vars.set(d.name, result);
    }
    return result;
  }

  private evalCommand(cmd: Command, dot: TemplateValue, final: Final): TemplateValue {
    this.step(cmd.pos);
    const head = cmd.args[0];
    if (head.kind === "func") return this.evalCall(head.name, head.pos, cmd.args.slice(1), dot, final);
    return this.evalOperand(head, dot);
  }

  private evalOperand(op: Operand, dot: TemplateValue): TemplateValue {
    switch (op.kind) {
      case "literal":
        return op.value;
      case "nil":
        return null;
      case "func":
        return this.evalCall(op.name, op.pos, [], dot, MISSING);
      case "dot":
        return this.fieldChain(dot, op.fields, op.fieldPos);
      case "var":
        return this.fieldChain(this.getVar(op.name), op.fields, op.fieldPos);
      case "pipe":
        return this.fieldChain(this.evalPipeline(op.pipe, dot), op.fields, op.fieldPos);
    }
  }

  private fieldChain(value: TemplateValue, fields: string[], positions: number[]): TemplateValue {
    let v = value;
    for (let i = 0; i < fields.length; i++) {
      const name = fields[i];
      if (v === null || typeof v !== "object" || Array.isArray(v)) {
        this.fail(`can't evaluate field ${name} in type ${typeOfValue(v)}`, positions[i]);
      }
      if (!Object.hasOwn(this.fields, name)) {
        this.fail(`can't evaluate field ${name} in type ${this.typeName}`, positions[i]);
      }
      const obj = v as { readonly [field: string]: TemplateValue };
      v = Object.hasOwn(obj, name) ? obj[name] : null;
    }
    return v;
  }

  private evalCall(
    name: string,
    pos: number,
    argOps: Operand[],
    dot: TemplateValue,
    final: Final,
  ): TemplateValue {
    // and / or evaluate lazily, left to right, returning the deciding operand as Go does.
    if (name === "and" || name === "or") {
      const count = argOps.length + (final === MISSING ? 0 : 1);
      let v: TemplateValue = null;
      for (let i = 0; i < count; i++) {
        v = i < argOps.length ? this.evalOperand(argOps[i], dot) : final as TemplateValue;
        if (name === "and" ? !isTrue(v) : isTrue(v)) return v;
      }
      return v;
    }
    const args = argOps.map((a) => this.evalOperand(a, dot));
    if (final !== MISSING) args.push(final);
    const argPos = argOps.map((a) => a.pos);
    const at = (i: number): number => argPos[i] ?? pos;
    switch (name) {
      case "not":
        return !isTrue(args[0]);
      case "eq": {
        for (let i = 1; i < args.length; i++) {
          if (this.compare(args[0], args[i], "eq", at(i)) === 0) return true;
        }
        return false;
      }
      case "ne":
        return this.compare(args[0], args[1], "ne", at(1)) !== 0;
      case "lt":
        return this.order(args[0], args[1], at(1)) < 0;
      case "le":
        return this.order(args[0], args[1], at(1)) <= 0;
      case "gt":
        return this.order(args[0], args[1], at(1)) > 0;
      case "ge":
        return this.order(args[0], args[1], at(1)) >= 0;
      case "len": {
        const v = args[0];
        if (typeof v === "string") return utf8Bytes(v).length;
        if (Array.isArray(v)) return v.length;
        this.fail(`len of type ${typeOfValue(v)}`, at(0));
        break;
      }
      case "index":
        return this.index(args, argPos, pos);
      case "print":
        return this.limited(pos, () => goSprint(args, { maxLength: MAX_OUTPUT }));
      case "printf": {
        if (typeof args[0] !== "string") {
          this.fail(`wrong type for value; expected string; got ${typeOfValue(args[0])}`, at(0));
        }
        const format = args[0];
        return this.limited(pos, () => sprintf(format, args.slice(1), { maxLength: MAX_OUTPUT }));
      }
    }
    const fn = this.funcs[name];
    for (let i = 0; i < args.length; i++) {
      const param = i < fn.params.length ? fn.params[i] : fn.variadic ?? "any";
      if (!valueMatches(param, args[i])) {
        this.fail(
          `wrong type for value; expected ${staticTypeName(param, this.typeName)}; got ${
            typeOfValue(args[i])
          } ` +
            `(argument ${i + 1} of ${name})`,
          at(i),
        );
      }
    }
    const result = this.limited(pos, () => fn.call(args, { maxLength: MAX_OUTPUT }));
    if (typeof result === "string" && result.length > MAX_OUTPUT) {
      this.fail(`${name} result longer than ${MAX_OUTPUT} characters, the output limit of a template`, pos);
    }
    return result;
  }

  /** Runs `build`, turning a budget it exhausts into a template error at `pos`. */
  private limited(pos: number, build: () => TemplateValue): TemplateValue {
    try {
      return build();
    } catch (error) {
      if (error instanceof TemplateLimitError) this.fail(error.message, pos);
      throw error;
    }
  }

  private compare(a: TemplateValue, b: TemplateValue, fn: string, pos: number): number {
    const ka = comparableKind(a);
    const kb = comparableKind(b);
    if (ka === undefined || kb === undefined) {
      this.fail(`${fn}: non-comparable type ${typeOfValue(ka === undefined ? a : b)}`, pos);
    }
    if (ka !== kb) this.fail(`${fn}: incompatible types for comparison`, pos);
    return a === b ? 0 : 1;
  }

  private order(a: TemplateValue, b: TemplateValue, pos: number): number {
    const ka = comparableKind(a);
    const kb = comparableKind(b);
    if (ka === undefined || kb === undefined || ka === "bool" || kb === "bool") {
      this.fail(`invalid type for comparison`, pos);
    }
    if (ka !== kb) this.fail(`incompatible types for comparison`, pos);
    const x = a as string | number;
    const y = b as string | number;
    return x < y ? -1 : x > y ? 1 : 0;
  }

  private index(args: TemplateValue[], argPos: number[], pos: number): TemplateValue {
    let v = args[0];
    for (let i = 1; i < args.length; i++) {
      const ix = args[i];
      const at = argPos[i] ?? pos;
      if (typeof ix !== "number" || !Number.isInteger(ix)) {
        this.fail(`cannot index with ${typeOfValue(ix)}`, at);
      }
      if (Array.isArray(v)) {
        if (ix < 0 || ix >= v.length) this.fail(`index out of range: ${ix}`, at);
        v = v[ix];
      } else if (typeof v === "string") {
        const bytes = utf8Bytes(v);
        if (ix < 0 || ix >= bytes.length) this.fail(`index out of range: ${ix}`, at);
        v = bytes[ix];
      } else {
        this.fail(`can't index item of type ${typeOfValue(v)}`, argPos[0] ?? pos);
      }
    }
    return v;
  }
}

function comparableKind(v: TemplateValue): "string" | "number" | "bool" | undefined {
  if (typeof v === "string") return "string";
  if (typeof v === "number") return "number";
  if (typeof v === "boolean") return "bool";
  return undefined;
}
