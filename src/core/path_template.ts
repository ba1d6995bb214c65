/**
 * Templates with `{name}` expressions: OpenAPI path templates (`/users/{id}`), server URL templates
 * (`https://{host}/v1`) and the fixer's operationId templates (`{method}{path:camel}`). One scanner reads them
 * all, in one pass, without regular expressions.
 *
 * The grammar: an expression is `{`, the characters up to the next brace, `}`. The name holds no brace and may be
 * empty (`{}`: OpenAPI's grammar wants at least one character, so the validator reports it and the fixer skips it).
 * A brace that does not open or close an expression is a stray brace: text in a path, an error in an operationId
 * template. `/a/{b{c}` is the text `/a/`, the stray brace `{`, the text `b` and the expression `{c}`.
 *
 * @example
 * ```ts
 * import { templateParams, templateShape } from "./path_template.ts";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(templateParams("/users/{id}/posts/{postId}"), ["id", "postId"]);
 * assertEquals(templateShape("/users/{id}"), "/users/{}");
 * ```
 *
 * @module
 */

/** A run of text between expressions (stray braces are parts of their own). */
export interface TemplateText {
  /** Kind of the part. */
  kind: "text";
  /** The text. */
  text: string;
  /** Offset of its first character in the template. */
  start: number;
}

/** A `{name}` expression. */
export interface TemplateExpression {
  /** Kind of the part. */
  kind: "expression";
  /** The name between the braces (empty for `{}`). */
  name: string;
  /** Offset of its `{`. */
  start: number;
  /** Offset just past its `}`. */
  end: number;
}

/** A brace that neither opens nor closes an expression. */
export interface TemplateStrayBrace {
  /** Kind of the part. */
  kind: "brace";
  /** The brace. */
  brace: "{" | "}";
  /** Its offset. */
  start: number;
}

/** One part of a template, in the order written. */
export type TemplatePart = TemplateText | TemplateExpression | TemplateStrayBrace;

const OPEN = 123; // {
const CLOSE = 125; // }

function nextBrace(template: string, from: number): number {
  for (let i = from; i < template.length; i++) {
    const c = template.charCodeAt(i);
    if (c === OPEN || c === CLOSE) return i;
  }
  return -1;
}

/**
 * The parts of a template in order: text, `{name}` expressions and stray braces. Joined back (an expression as
 * `{name}`, a brace as itself) they give the template again. Linear in the template's length.
 */
export function parseTemplate(template: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let text = 0;
  const flush = (to: number) => {
    if (to > text) parts.push({ kind: "text", text: template.slice(text, to), start: text });
  };
  for (let at = nextBrace(template, 0); at !== -1; at = nextBrace(template, text)) {
    const close = template.charCodeAt(at) === OPEN ? nextBrace(template, at + 1) : -1;
    flush(at);
    if (close !== -1 && template.charCodeAt(close) === CLOSE) {
      parts.push({ kind: "expression", name: template.slice(at + 1, close), start: at, end: close + 1 });
      text = close + 1;
    } else {
      parts.push({ kind: "brace", brace: template[at] as "{" | "}", start: at });
      text = at + 1;
    }
  }
  flush(template.length);
  return parts;
}

/** The `{name}` expressions of a template, in order. */
export function templateExpressions(template: string): TemplateExpression[] {
  if (!template.includes("{")) return [];
  return parseTemplate(template).filter((p): p is TemplateExpression => p.kind === "expression");
}

/** The names of a template's expressions, in order, repeats kept (`""` for `{}`). */
export function templateParams(template: string): string[] {
  return templateExpressions(template).map((e) => e.name);
}

/**
 * The shape of a template: every expression written `{}`, so that templates differing only in the names of
 * their parameters (`/users/{id}`, `/users/{userId}`) have the same shape.
 */
export function templateShape(template: string): string {
  if (!template.includes("{")) return template;
  let out = "";
  for (const p of parseTemplate(template)) {
    out += p.kind === "text" ? p.text : p.kind === "brace" ? p.brace : "{}";
  }
  return out;
}
