/**
 * The syntax tree of a compiled template, as the parser builds it and the executor runs it.
 *
 * @module
 */

import type { TemplateType, TemplateValue } from "./types.ts";

export type Node = TextNode | ActionNode | IfNode | RangeNode | BreakNode;

export interface TextNode {
  type: "text";
  text: string;
}

export interface ActionNode {
  type: "action";
  pos: number;
  pipe: Pipeline;
}

export interface IfNode {
  type: "if" | "with";
  pos: number;
  pipe: Pipeline;
  list: Node[];
  elseList: Node[] | undefined;
}

export interface RangeNode {
  type: "range";
  pos: number;
  pipe: Pipeline;
  list: Node[];
  elseList: Node[] | undefined;
}

export interface BreakNode {
  type: "break" | "continue";
  pos: number;
}

export interface VarRef {
  name: string;
  pos: number;
}

export interface Pipeline {
  pos: number;
  decl: VarRef[];
  isAssign: boolean;
  cmds: Command[];
  type: TemplateType;
}

export interface Command {
  pos: number;
  args: Operand[];
}

export type Operand =
  | { kind: "func"; pos: number; name: string; type: TemplateType }
  | { kind: "literal"; pos: number; value: TemplateValue; type: TemplateType }
  | { kind: "nil"; pos: number }
  | { kind: "dot"; pos: number; fields: string[]; fieldPos: number[]; type: TemplateType }
  | { kind: "var"; pos: number; name: string; fields: string[]; fieldPos: number[]; type: TemplateType }
  | { kind: "pipe"; pos: number; pipe: Pipeline; fields: string[]; fieldPos: number[]; type: TemplateType };
