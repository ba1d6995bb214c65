/**
 * YAML text to plain data: the YAML 1.2 core schema plus merge keys, with numbers JSON cannot hold refused (and
 * located), aliases expanded into a tree within bounds (no "billion laughs"), errors with line, column and advice;
 * and the node tree of a text with positions, for source maps.
 *
 * @module
 */
// @ts-types="@types/js-yaml"
import yaml from "js-yaml";
import { ParseError } from "./errors.ts";
import { shorten } from "./json_checks.ts";
import { formatPointer } from "./pointer.ts";
import { lineColumnAt, MAX_SNIPPET_CHARS, snippetAt } from "./text_position.ts";
import { shorten as shortenTo } from "./bounded_text.ts";
import { checkDepth, deepCopy, MAX_DEPTH, tooDeep } from "./data_tree.ts";

const YAML_TYPES = (yaml as unknown as { types: Record<"float" | "merge", yaml.Type> }).types;

/** Number syntax js-yaml's core schema reads as int or float; a value reaching the float type with it is not finite. */
const NUMBER_SYNTAX =
  /^(?:[-+]?[0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9]+(?:[eE][-+]?[0-9]+)?|[-+]?0(?:b[01]+|x[0-9a-fA-F]+|o[0-7]+))$/;
const BASED_INT = /^([-+]?)0([box])(.+)$/;

/** Thrown by the strict float type: the scalar reads as a number JSON cannot hold. */
class NonFiniteScalar extends Error {}

/**
 * The float type of the 1.2 core schema, except for numbers outside the range of a double and `.inf`/`.nan`: js-yaml
 * reads `1e400` as the string "1e400" and `.inf` as Infinity, both silent changes of what the document says. Strict,
 * it throws {@link NonFiniteScalar} for them; lenient (used only to locate them), it returns the non-finite value.
 */
function floatType(strict: boolean): yaml.Type {
  const core = YAML_TYPES.float;
  return new yaml.Type("tag:yaml.org,2002:float", {
    kind: "scalar",
    resolve: (data: string | null) => core.resolve(data) || (data !== null && NUMBER_SYNTAX.test(data)),
    construct: (data: string) => {
      const based = BASED_INT.exec(data);
      const value: number = based
        ? (based[1] === "-" ? -1 : 1) * parseInt(based[3], based[2] === "b" ? 2 : based[2] === "o" ? 8 : 16)
        : core.construct(data);
      if (strict && !Number.isFinite(value)) throw new NonFiniteScalar(data);
      return value;
    },
    predicate: core.predicate ?? undefined,
    represent: core.represent ?? undefined,
    defaultStyle: core.defaultStyle ?? undefined,
  });
}

/**
 * The YAML schema oatool reads with: YAML 1.2 core (no timestamps, no custom tags) plus merge keys; numbers that
 * are not finite (`.inf`, `.nan`, `1e400`) are errors, since a JSON value cannot hold them.
 */
export const YAML_SCHEMA: yaml.Schema = yaml.CORE_SCHEMA.extend({
  implicit: [floatType(true), YAML_TYPES.merge],
});

/** {@link YAML_SCHEMA} reading non-finite numbers as such, to find where they are. */
const LENIENT_YAML_SCHEMA: yaml.Schema = yaml.CORE_SCHEMA.extend({
  implicit: [floatType(false), YAML_TYPES.merge],
});

interface YamlMark {
  line: number;
  column: number;
}

/**
 * Parses YAML text with {@link YAML_SCHEMA}: duplicate keys refused, nesting bounded, aliases expanded into a tree
 * within the limits given.
 *
 * @throws {ParseError} with line, column and a snippet when the text is malformed or exceeds a limit.
 */
export function parseYaml(
  text: string,
  source: string,
  options: { maxExpandedNodes?: number; maxExpandedSize?: number },
): unknown {
  let data: unknown;
  try {
    data = yaml.load(
      text,
      { schema: YAML_SCHEMA, filename: source, json: false, maxDepth: MAX_DEPTH } as yaml.LoadOptions,
    );
  } catch (error) {
    if (error instanceof NonFiniteScalar) throw nonFiniteYamlError(text, source, error.message);
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
      `${source}: invalid YAML: ${boundReason(error instanceof Error ? error.message : String(error))}.`,
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
    const expanded = expandAliases(data, source, {
      maxNodes: options.maxExpandedNodes,
      maxSize: options.maxExpandedSize ?? Math.max(64 * 1024 * 1024, 20 * text.length),
    });
    if (expanded !== data) checkDepth(expanded, source);
    data = expanded;
  }
  return data;
}

/** A node of a YAML text as the parser met it, for positions: where it starts and its children in document order. */
export interface YamlNode {
  /** Offset where the parser began reading the node (blanks before it included). */
  start: number;
  /** "scalar", "mapping" or "sequence"; null for an alias. */
  kind?: string | null;
  /** The value of a scalar. */
  value?: unknown;
  /** A mapping's keys and values in turn, or a sequence's items. */
  children?: YamlNode[];
  /** For an alias of a mapping or sequence: the anchored node it stands for. */
  alias?: YamlNode;
}

/**
 * Reads the node tree of a YAML text with positions, through js-yaml's event listener (its open and close events
 * nest like the document). Malformed text gives the nodes read before the error.
 */
export function readYamlNodes(text: string, schema: yaml.Schema = YAML_SCHEMA): YamlNode {
  const top: YamlNode = { start: 0, children: [] };
  const stack: YamlNode[] = [top];
  const byResult = new WeakMap<object, YamlNode>();
  try {
    yaml.load(text, {
      schema,
      json: true,
      listener(event: string, state: { position: number; kind: string | null; result: unknown }) {
        if (event === "open") {
          stack.push({ start: state.position });
          return;
        }
        const node = stack.pop()!;
        node.kind = state.kind;
        const result = state.result;
        if (state.kind === "scalar") node.value = result;
        else if (result !== null && typeof result === "object") {
          if (state.kind === "mapping" || state.kind === "sequence") byResult.set(result, node);
          else node.alias = byResult.get(result);
        }
        (stack[stack.length - 1].children ??= []).push(node);
      },
    } as yaml.LoadOptions);
  } catch {
    // Malformed text has no positions beyond what was read; the nodes still open when the error came keep the
    // children read so far, with no kind. The parse error itself carries its position.
    for (let i = stack.length - 1; i > 0; i--) (stack[i - 1].children ??= []).push(stack[i]);
  }
  return top.children?.[0] ?? { start: 0 };
}

/** The error for a YAML scalar read as a number that is not finite, at its first place in document order. */
function nonFiniteYamlError(text: string, source: string, scalar: string): ParseError {
  // Paths are unknown below a node left open by a later syntax error (its kind is unknown).
  const stack: { node: YamlNode; path: string[] | undefined; isKey: boolean }[] = [{
    node: readYamlNodes(text, LENIENT_YAML_SCHEMA),
    path: [],
    isKey: false,
  }];
  while (stack.length > 0) {
    const { node, path, isKey } = stack.pop()!;
    const children = node.children ?? [];
    if (node.kind === "mapping") {
      for (let i = children.length - 2; i >= 0; i -= 2) {
        const valuePath = path && [...path, String(children[i].value)];
        stack.push({ node: children[i + 1], path: valuePath, isKey: false });
        stack.push({ node: children[i], path, isKey: true });
      }
    } else if (node.kind === "sequence") {
      for (let i = children.length - 1; i >= 0; i--) {
        stack.push({ node: children[i], path: path && [...path, String(i)], isKey: false });
      }
    } else if (node.kind === undefined) {
      for (let i = children.length - 1; i >= 0; i--) {
        stack.push({ node: children[i], path: undefined, isKey: false });
      }
    } else if (node.kind === "scalar" && typeof node.value === "number" && !Number.isFinite(node.value)) {
      const offset = scalarStart(text, node.start);
      const { line, column } = lineColumnAt(text, offset);
      const raw = /^[^\s,:\[\]{}#]+/.exec(text.slice(offset, offset + 400))?.[0] ?? scalar;
      const place = path === undefined
        ? ""
        : path.length === 0
        ? " at the root"
        : ` at ${formatPointer(path)}`;
      const what = isKey
        ? `the key ${shorten(raw)} in the mapping${place}`
        : `the value ${shorten(raw)}${place}`;
      return new ParseError(
        `${source}:${line}:${column}: ${what} is not a finite number (YAML reads it as ${node.value}), which a ` +
          `JSON value cannot hold; quote it to keep it as text, or write a finite number.`,
        { file: source, line, column, snippet: snippetAt(text, line, column) },
      );
    }
  }
  return new ParseError(
    `${source}: the value ${
      shorten(scalar)
    } is not a finite number, which a JSON value cannot hold; quote it to ` +
      `keep it as text, or write a finite number.`,
    { file: source },
  );
}

/** Moves from where the parser began a node past blanks, comments, tags and anchors to its first character. */
function scalarStart(text: string, offset: number): number {
  let i = offset;
  while (i < text.length) {
    const c = text[i];
    if (c === " " || c === "\t" || c === "\n" || c === "\r") i++;
    else if (c === "#") {
      const eol = text.indexOf("\n", i);
      i = eol === -1 ? text.length : eol;
    } else if (c === "!" || c === "&") {
      while (i < text.length && !/\s/.test(text[i])) i++;
    } else break;
  }
  return i;
}

/**
 * A js-yaml reason with the document text it quotes (a tag, an alias name, a tag handle or prefix) cut to the
 * token bound, control characters escaped: a verbatim tag `!<…>` may hold anything up to the next `>`, lines
 * of a file that is no YAML document at all included.
 */
function boundReason(reason: string): string {
  const cut = (text: string) => shortenTo(text, MAX_SNIPPET_CHARS);
  return reason
    .replace(/!<([^>]*)>/g, (_, tag: string) => `!<${cut(tag)}>`)
    .replace(/"([^"]*)"/g, (_, text: string) => `"${cut(text)}"`)
    .replace(
      /^(tag (?:name|prefix) (?:cannot contain such characters|is malformed): )([\s\S]*)$/,
      (_, head, text) => head + cut(text),
    )
    // deno-lint-ignore no-control-regex -- escaping control characters is the point
    .replace(/[\u0000-\u001f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

function yamlAdvice(raw: string): string {
  const reason = boundReason(raw);
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
 * exceeds `maxNodes` nodes or `maxSize` characters (keys and strings plus one per node: aliases of a long string
 * are few nodes but a huge document once written).
 */
function expandAliases(
  data: unknown,
  source: string,
  limits: { maxNodes: number | undefined; maxSize: number },
): unknown {
  if (data === null || typeof data !== "object") return data;
  // First pass: is anything shared at all, and how large is the tree if nothing is? Linear in distinct nodes.
  const seen = new Set<object>();
  let shared = false;
  let treeSize = 0;
  const stack: object[] = [data as object];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (seen.has(node)) {
      shared = true;
      continue;
    }
    seen.add(node);
    treeSize += ownSize(node, stack);
  }
  const maxSize = limits.maxSize;
  if (!shared) {
    if (treeSize > maxSize) throw tooLarge(source, maxSize);
    return data;
  }
  const maxNodes = limits.maxNodes ?? Math.max(2_000_000, 20 * seen.size);

  // Expanded node counts and sizes, children before parents, with cycle detection (a node on the current path).
  const nodes = new Map<object, number>();
  const sizes = new Map<object, number>();
  const onPath = new Set<object>();
  const work: [object, boolean][] = [[data as object, false]];
  while (work.length > 0) {
    const [node, done] = work.pop()!;
    if (done) {
      onPath.delete(node);
      let total = 1;
      let size = ownSize(node);
      for (const v of Object.values(node)) {
        if (v !== null && typeof v === "object") {
          total += nodes.get(v)!;
          size += sizes.get(v)!;
        } else total += 1;
      }
      if (total > maxNodes) {
        throw new ParseError(
          `${source}: YAML aliases expand to more than ${maxNodes} nodes (a "billion laughs" document); ` +
            `refusing to expand it, remove the nested aliases.`,
          { file: source },
        );
      }
      if (size > maxSize) throw tooLarge(source, maxSize);
      nodes.set(node, total);
      sizes.set(node, size);
      continue;
    }
    if (nodes.has(node)) continue;
    if (onPath.has(node)) {
      throw new ParseError(
        `${source}: a YAML alias refers to a node that contains it (a recursive alias); OpenAPI documents must be trees, remove the alias.`,
        { file: source },
      );
    }
    onPath.add(node);
    work.push([node, true]);
    for (const v of Object.values(node)) {
      if (v !== null && typeof v === "object" && !nodes.has(v)) {
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

/**
 * The size a node adds by itself: one per node, plus the length of its keys and string values; pushes its
 * object children on `children` when given.
 */
function ownSize(node: object, children?: object[]): number {
  let size = 1;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const v = node[i];
      if (typeof v === "string") size += v.length + 1;
      else if (v !== null && typeof v === "object") children?.push(v);
      else size += 1;
    }
  } else {
    for (const k in node) {
      const v = (node as Record<string, unknown>)[k];
      size += k.length;
      if (typeof v === "string") size += v.length + 1;
      else if (v !== null && typeof v === "object") children?.push(v);
      else size += 1;
    }
  }
  return size;
}

function tooLarge(source: string, maxSize: number): ParseError {
  return new ParseError(
    `${source}: YAML aliases expand to more than ${maxSize} characters of keys and strings (the alias expansion ` +
      `budget); refusing to expand it, remove the repeated aliases.`,
    { file: source },
  );
}
