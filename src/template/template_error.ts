/**
 * Errors of the template engine: {@link TemplateError} for a template that cannot be compiled or fails while
 * running (with line, column and a snippet), {@link TemplateLimitError} for a budget that ran out.
 *
 * @module
 */

import { OatoolError } from "../core/mod.ts";

/** Details of a {@link TemplateError}. */
export interface TemplateErrorDetails {
  /** The template text. */
  template: string;
  /** 0-based offset of the offending position in the template. */
  offset: number;
  /** What the template is called. @default "rename template" */
  label?: string;
}

/**
 * A template cannot be compiled (syntax error, unknown field, unknown function, wrong arguments) or failed
 * while running. The message quotes the template and gives line and column of the offending position.
 */
export class TemplateError extends OatoolError {
  /** The template text. */
  readonly template: string;
  /** 0-based offset of the offending position. */
  readonly offset: number;
  /** 1-based line of the offending position. */
  readonly line: number;
  /** 1-based column of the offending position. */
  readonly column: number;
  /** The problem alone, without the template and position. */
  readonly detail: string;
  /** The offending template line with a caret under the position. */
  readonly snippet: string;

  /**
   * Builds the message from the problem and its position in the template.
   *
   * @param detail The problem alone, such as `function "x" not defined`.
   * @param details The template, the offset of the offending position and what the template is called.
   */
  constructor(detail: string, details: TemplateErrorDetails) {
    const { line, column, lineText } = locate(details.template, details.offset);
    const label = details.label ?? "rename template";
    super(
      `Invalid ${label} ${JSON.stringify(details.template)} at line ${line}, column ${column}: ${detail}; ` +
        `fix the ${label} and try again.`,
      "TEMPLATE_ERROR",
    );
    this.template = details.template;
    this.offset = details.offset;
    this.line = line;
    this.column = column;
    this.detail = detail;
    this.snippet = `${lineText}\n${" ".repeat(column - 1)}^`;
  }
}

function locate(text: string, offset: number): { line: number; column: number; lineText: string } {
  const at = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < at; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  let lineEnd = text.indexOf("\n", lineStart);
  if (lineEnd < 0) lineEnd = text.length;
  return { line, column: at - lineStart + 1, lineText: text.slice(lineStart, lineEnd) };
}

/**
 * A budget of template execution ran out: the output, a string built while running (a `printf` width, a joined
 * list), or the number of steps. Thrown by `sprintf` and by template functions; a running template turns
 * it into a {@link TemplateError} at the offending position.
 */
export class TemplateLimitError extends OatoolError {
  /**
   * Names the limit that ran out.
   *
   * @param message Which limit ran out, naming it, such as `printf width 50000 is more than 10000 characters…`.
   */
  constructor(message: string) {
    super(message, "TEMPLATE_LIMIT");
  }
}
