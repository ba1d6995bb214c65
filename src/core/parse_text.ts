// @ts-types="@types/js-yaml"
import yaml from "js-yaml";
import { ParseError } from "./errors.ts";
import { lineColumnAt, snippetAt } from "./text_position.ts";

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
}

/** Result of {@link parseText}. */
export interface ParsedText {
  /** The parsed value (plain objects, arrays, strings, numbers, booleans, null). */
  data: unknown;
  /** The format the text was read as. */
  format: DocumentFormat;
}

/**
 * Deepest nesting oatool accepts. Real OpenAPI documents stay far below it (GitHub's REST description nests 21
 * levels); the limit keeps every later step, including the runtime's own JSON serialiser, clear of stack limits.
 */
export const MAX_DEPTH = 1000;

/** The YAML schema oatool reads with: YAML 1.2 core (no timestamps, no custom tags) plus merge keys. */
export const YAML_SCHEMA: yaml.Schema = yaml.CORE_SCHEMA.extend({
  implicit: [(yaml as unknown as { types: { merge: yaml.Type } }).types.merge],
});

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
 * import { parseText } from "./parse_text.ts";
 * parseText("openapi: 3.1.0", {}).data; // { openapi: "3.1.0" }
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
      if (options.format === "yaml") {
        return { data: parseYaml(text, source, options.maxExpandedNodes), format: "yaml" };
      }
      throw jsonError(text, source, error);
    }
    checkDepth(data, source);
    return { data, format: options.format ?? "json" };
  }
  return { data: parseYaml(text, source, options.maxExpandedNodes), format: "yaml" };
}

function jsonError(text: string, source: string, error: unknown): ParseError {
  {
    const message = error instanceof Error ? error.message : String(error);
    const m = /at position (\d+)/.exec(message);
    const offset = m ? Number(m[1]) : text.length;
    const { line, column } = lineColumnAt(text, offset);
    const reason = message.replace(/\s*in JSON at position \d+.*$/, "").replace(/^JSON\.parse: /, "");
    return new ParseError(
      `${source}:${line}:${column}: invalid JSON: ${reason}; fix the syntax at that place.`,
      {
        file: source,
        line,
        column,
        snippet: snippetAt(text, line, column),
      },
    );
  }
}

interface YamlMark {
  line: number;
  column: number;
}

function parseYaml(text: string, source: string, maxNodes?: number): unknown {
  let data: unknown;
  try {
    data = yaml.load(
      text,
      { schema: YAML_SCHEMA, filename: source, json: false, maxDepth: MAX_DEPTH } as yaml.LoadOptions,
    );
  } catch (error) {
    if (error instanceof yaml.YAMLException) {
      const mark = (error as unknown as { mark?: YamlMark }).mark;
      const reason = (error as unknown as { reason?: string }).reason ?? error.message.split("\n")[0];
      if (mark) {
        const line = mark.line + 1;
        const column = mark.column + 1;
        throw new ParseError(`${source}:${line}:${column}: invalid YAML: ${yamlAdvice(reason)}`, {
          file: source,
          line,
          column,
          snippet: snippetAt(text, line, column),
        });
      }
      throw new ParseError(`${source}: invalid YAML: ${yamlAdvice(reason)}`, { file: source });
    }
    throw new ParseError(
      `${source}: invalid YAML: ${error instanceof Error ? error.message : String(error)}.`,
      {
        file: source,
      },
    );
  }
  if (data === undefined || (data === null && !/^(?!\s*(#|---|\.\.\.|%|$))/m.test(text))) {
    throw new ParseError(`${source} holds no YAML document (only comments or directives); give a document.`, {
      file: source,
    });
  }
  if (text.includes("*")) {
    const expanded = expandAliases(data, source, maxNodes);
    if (expanded !== data) checkDepth(expanded, source);
    data = expanded;
  }
  return data;
}

function yamlAdvice(reason: string): string {
  if (reason.startsWith("nesting exceeded maxDepth")) return tooDeep();
  if (reason.startsWith("unknown tag")) {
    return `${reason}; custom YAML tags are not allowed in OpenAPI documents, remove the tag.`;
  }
  if (reason.startsWith("duplicated mapping key")) return `${reason}; each key may appear once in a mapping.`;
  if (reason.startsWith("expected a single document")) {
    return `${reason}; an OpenAPI file holds one document, remove the extra "---" sections.`;
  }
  return `${reason}; fix the syntax at that place.`;
}

/**
 * js-yaml shares one object for every alias of an anchor, and lets an alias point at its own ancestor. Both are
 * trouble for a document model that is edited in place and serialised: a shared node edited once would change
 * everywhere, a cycle would hang a serializer, and a "billion laughs" document would explode on the first walk.
 * This copies the shared nodes (so that the result is a tree), rejects cycles, and stops before the expanded tree
 * exceeds `maxNodes`.
 */
function expandAliases(data: unknown, source: string, maxNodesOption: number | undefined): unknown {
  if (data === null || typeof data !== "object") return data;
  // First pass: is anything shared at all? Count expanded size with memoisation by identity (linear in distinct nodes).
  const seen = new Set<object>();
  let shared = false;
  const order: object[] = [];
  const stack: object[] = [data as object];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (seen.has(node)) {
      shared = true;
      continue;
    }
    seen.add(node);
    order.push(node);
    for (const v of Object.values(node)) if (v !== null && typeof v === "object") stack.push(v);
  }
  if (!shared) return data;
  const maxNodes = maxNodesOption ?? Math.max(2_000_000, 20 * seen.size);

  // Expanded sizes, children before parents, with cycle detection (a node on the current path).
  const size = new Map<object, number>();
  const onPath = new Set<object>();
  const work: [object, boolean][] = [[data as object, false]];
  while (work.length > 0) {
    const [node, done] = work.pop()!;
    if (done) {
      onPath.delete(node);
      let total = 1;
      for (const v of Object.values(node)) {
        if (v !== null && typeof v === "object") total += size.get(v)!;
        else total += 1;
      }
      if (total > maxNodes) {
        throw new ParseError(
          `${source}: YAML aliases expand to more than ${maxNodes} nodes (a "billion laughs" document); ` +
            `refusing to expand it, remove the nested aliases.`,
          { file: source },
        );
      }
      size.set(node, total);
      continue;
    }
    if (size.has(node)) continue;
    if (onPath.has(node)) {
      throw new ParseError(
        `${source}: a YAML alias refers to a node that contains it (a recursive alias); OpenAPI documents must be trees, remove the alias.`,
        { file: source },
      );
    }
    onPath.add(node);
    work.push([node, true]);
    for (const v of Object.values(node)) {
      if (v !== null && typeof v === "object" && !size.has(v)) {
        if (onPath.has(v)) {
          throw new ParseError(
            `${source}: a YAML alias refers to a node that contains it (a recursive alias); OpenAPI documents must be trees, remove the alias.`,
            { file: source },
          );
        }
        work.push([v, false]);
      }
    }
  }
  return deepCopy(data);
}

function tooDeep(): string {
  return `the document nests deeper than ${MAX_DEPTH} levels; oatool refuses documents nested that deeply, flatten it.`;
}

/** Refuses data nested deeper than {@link MAX_DEPTH}, without recursion. */
function checkDepth(data: unknown, source: string): void {
  if (data === null || typeof data !== "object") return;
  const nodes: object[] = [data as object];
  const depths: number[] = [1];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    if (depth > MAX_DEPTH) throw new ParseError(`${source}: ${tooDeep()}`, { file: source });
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const v = node[i];
        if (v !== null && typeof v === "object") {
          nodes.push(v);
          depths.push(depth + 1);
        }
      }
    } else {
      for (const k in node) {
        const v = (node as Record<string, unknown>)[k];
        if (v !== null && typeof v === "object") {
          nodes.push(v);
          depths.push(depth + 1);
        }
      }
    }
  }
}

/** Copies plain JSON-like data into a fresh tree without recursion. */
export function deepCopy<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  const root: unknown = Array.isArray(value) ? new Array(value.length) : {};
  const stack: [unknown, unknown][] = [[value, root]];
  while (stack.length > 0) {
    const [src, dst] = stack.pop()!;
    if (Array.isArray(src)) {
      const out = dst as unknown[];
      for (let i = 0; i < src.length; i++) {
        const v = src[i];
        if (v !== null && typeof v === "object") {
          const c = Array.isArray(v) ? new Array(v.length) : {};
          out[i] = c;
          stack.push([v, c]);
        } else out[i] = v;
      }
    } else {
      const out = dst as Record<string, unknown>;
      for (const k of Object.keys(src as object)) {
        const v = (src as Record<string, unknown>)[k];
        let c: unknown = v;
        if (v !== null && typeof v === "object") {
          c = Array.isArray(v) ? new Array(v.length) : {};
          stack.push([v, c]);
        }
        if (k === "__proto__") {
          Object.defineProperty(out, k, { value: c, enumerable: true, writable: true, configurable: true });
        } else out[k] = c;
      }
    }
  }
  return root as T;
}
