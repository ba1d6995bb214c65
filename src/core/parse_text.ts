/**
 * Text to plain data: the format of a text (by its first character or a file name), JSON through `JSON.parse`
 * with the checks it skips (duplicate keys, numbers out of range, nesting), and YAML through parse_yaml.ts.
 *
 * @module
 */
import { ParseError } from "./errors.ts";
import { countKeyColons, findJsonProblem, jsonError, jsonProblemError } from "./json_checks.ts";
import { checkDepth } from "./data_tree.ts";
import { parseYaml } from "./parse_yaml.ts";

/** Text format of a document. */
export type DocumentFormat = "json" | "yaml";

/** Options of {@link parseText}. */
export interface ParseTextOptions {
  /** Format of the text; detected from the content when omitted. */
  format?: DocumentFormat;
  /** Name of the source for messages (a file path or URL). @default "document" */
  source?: string;
  /**
   * Largest number of nodes the document may have once YAML aliases are expanded. Protects against
   * "billion laughs" documents. @default 20 times the number of distinct nodes, at least 2,000,000
   */
  maxExpandedNodes?: number;
  /**
   * Largest size, in characters of keys and strings (plus one per node), the document may have once YAML aliases
   * are expanded. Protects against documents that repeat a long string through aliases: few nodes, huge output.
   * @default 20 times the length of the text, at least 64 Mi
   */
  maxExpandedSize?: number;
}

/** Result of {@link parseText}. */
export interface ParsedText {
  /** The parsed value (plain objects, arrays, strings, numbers, booleans, null). */
  data: unknown;
  /** The format the text was read as. */
  format: DocumentFormat;
}

/**
 * Guesses the format of a text from its first meaningful character: `{` or `[` means JSON, anything else YAML.
 */
export function sniffFormat(text: string): DocumentFormat {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0xfeff) continue;
    return c === 0x7b || c === 0x5b ? "json" : "yaml";
  }
  return "yaml";
}

/** The format a file name implies by its extension, or undefined. */
export function formatFromName(name: string): DocumentFormat | undefined {
  const lower = name.toLowerCase().replace(/[?#].*$/, "");
  if (lower.endsWith(".json")) return "json";
  if (lower.endsWith(".yaml") || lower.endsWith(".yml")) return "yaml";
  return undefined;
}

/**
 * Parses JSON or YAML text into plain data. YAML is read with the YAML 1.2 core schema (plus merge keys): no
 * custom tags, no timestamps turned into dates, duplicate keys rejected, alias expansion bounded.
 *
 * @example
 * ```ts
 * import { parseText } from "@oatool/cli/core";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * assertEquals(parseText("openapi: 3.1.0", {}).data, { openapi: "3.1.0" });
 * ```
 * @throws {ParseError} with line, column and a snippet when the text is malformed.
 */
export function parseText(text: string, options: ParseTextOptions = {}): ParsedText {
  const source = options.source ?? "document";
  if (text.trim() === "") {
    throw new ParseError(`${source} is empty; give a JSON or YAML document.`, { file: source });
  }
  // JSON-looking text goes through JSON.parse (fast) whatever its name says; a `.yaml` file holding JSON keeps
  // "yaml" as its format, so output follows the file's declared format. YAML-looking text is read as YAML.
  if (sniffFormat(text) === "json") {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      if (options.format === "yaml") return { data: parseYaml(text, source, options), format: "yaml" };
      throw jsonError(text, source, error);
    }
    const { keys, nonFinite } = checkDepth(data, source);
    // JSON.parse keeps the last of duplicate keys and reads 1e400 as Infinity. Every member of an object has a
    // colon after an unescaped quote, so as many such colons as parsed keys means no duplicate (the usual case,
    // one fast pass); otherwise an exact scan finds the duplicate or clears the false alarm (a string starting with ":").
    if (nonFinite || countKeyColons(text) !== keys) {
      const problem = findJsonProblem(text);
      if (problem !== undefined) throw jsonProblemError(text, source, problem);
    }
    return { data, format: options.format ?? "json" };
  }
  return { data: parseYaml(text, source, options), format: "yaml" };
}
