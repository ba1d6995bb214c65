/**
 * Source positions: the `file:line:column` of any JSON path in the original text of a JSON or YAML document.
 * Positions are found only on demand, so loading pays nothing for them.
 *
 * @module
 */
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument } from "yaml";
import type { Document, Node as YamlNode, Pair, YAMLMap } from "yaml";
import { LineIndex } from "./text_position.ts";
import { parsePointer } from "./pointer.ts";
import type { DocumentFormat } from "./parse_text.ts";

/** A place in a source file; line and column are 1-based. */
export interface SourcePosition {
  /** File path or source name. */
  file: string;
  /** 1-based line. */
  line: number;
  /** 1-based column. */
  column: number;
}

/** Finds positions of JSON pointers in one source text. */
export interface SourceMap {
  /** The file path or source name positions refer to. */
  readonly file: string;
  /**
   * The position of the value (for object members: of its key) at an RFC 6901 pointer. For a pointer that does
   * not exist in the text, the position of its deepest existing ancestor; undefined only for malformed pointers.
   */
  positionOf(pointer: string | readonly (string | number)[]): SourcePosition | undefined;
}

/** Formats a position as `file:line:column`. */
export function formatPosition(position: SourcePosition): string {
  return `${position.file}:${position.line}:${position.column}`;
}

/**
 * Builds a lazy source map over a text. Nothing is scanned until the first {@link SourceMap.positionOf} call.
 *
 * @example
 * ```ts
 * import { createSourceMap } from "./source_map.ts";
 * const map = createSourceMap('{\n  "a": {"b": 1}\n}', "json", "x.json");
 * map.positionOf("/a/b"); // { file: "x.json", line: 2, column: 11 }
 * ```
 */
export function createSourceMap(text: string, format: DocumentFormat, file: string): SourceMap {
  return format === "json" && looksLikeJson(text)
    ? new JsonSourceMap(text, file)
    : new YamlSourceMap(text, file);
}

function looksLikeJson(text: string): boolean {
  const t = text.trimStart().replace(/^\uFEFF/, "");
  return t.startsWith("{") || t.startsWith("[");
}

function toSegments(pointer: string | readonly (string | number)[]): string[] | undefined {
  if (typeof pointer !== "string") return pointer.map(String);
  return parsePointer(pointer);
}

interface JsonNode {
  /** Offset of the value's first character. */
  start: number;
  /** Offset of the member's key, for object members. */
  keyStart?: number;
  children?: Map<string, JsonNode>;
}

/** Scans one container at a time, the first time a pointer goes through it; every container is scanned once. */
class JsonSourceMap implements SourceMap {
  readonly file: string;
  readonly #text: string;
  #lines?: LineIndex;
  #root?: JsonNode;

  constructor(text: string, file: string) {
    this.#text = text;
    this.file = file;
  }

  positionOf(pointer: string | readonly (string | number)[]): SourcePosition | undefined {
    const segments = toSegments(pointer);
    if (segments === undefined) return undefined;
    this.#root ??= { start: skipWs(this.#text, 0) };
    let node = this.#root;
    for (const seg of segments) {
      node.children ??= this.#scan(node.start);
      const next = node.children.get(seg);
      if (next === undefined) break;
      node = next;
    }
    this.#lines ??= new LineIndex(this.#text);
    const { line, column } = this.#lines.position(node.keyStart ?? node.start);
    return { file: this.file, line, column };
  }

  #scan(start: number): Map<string, JsonNode> {
    const text = this.#text;
    const out = new Map<string, JsonNode>();
    const open = text[start];
    if (open !== "{" && open !== "[") return out;
    let i = skipWs(text, start + 1);
    let index = 0;
    while (i < text.length && text[i] !== "}" && text[i] !== "]") {
      if (open === "{") {
        const keyStart = i;
        const keyEnd = skipString(text, i);
        const raw = text.slice(i, keyEnd);
        const key = raw.includes("\\") ? JSON.parse(raw) as string : raw.slice(1, -1);
        i = skipWs(text, keyEnd);
        i = skipWs(text, i + 1); // ':'
        out.set(key, { start: i, keyStart });
      } else {
        out.set(String(index++), { start: i });
      }
      i = skipWs(text, skipValue(text, i));
      if (text[i] === ",") i = skipWs(text, i + 1);
      else break;
    }
    return out;
  }
}

function skipWs(text: string, i: number): number {
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xfeff) i++;
    else break;
  }
  return i;
}

/** Returns the offset just after the string starting at `i` (which is a `"`). */
function skipString(text: string, i: number): number {
  let j = i + 1;
  for (;;) {
    const q = text.indexOf('"', j);
    if (q === -1) return text.length;
    let backslashes = 0;
    for (let k = q - 1; k > i && text.charCodeAt(k) === 0x5c; k--) backslashes++;
    if (backslashes % 2 === 0) return q + 1;
    j = q + 1;
  }
}

function skipValue(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return skipString(text, i);
  if (c === "{" || c === "[") {
    let depth = 0;
    let j = i;
    while (j < text.length) {
      const ch = text.charCodeAt(j);
      if (ch === 0x22) {
        j = skipString(text, j);
        continue;
      }
      if (ch === 0x7b || ch === 0x5b) depth++;
      else if (ch === 0x7d || ch === 0x5d) {
        depth--;
        if (depth === 0) return j + 1;
      }
      j++;
    }
    return j;
  }
  let j = i;
  while (j < text.length) {
    const ch = text[j];
    if (ch === "," || ch === "}" || ch === "]" || ch === " " || ch === "\n" || ch === "\r" || ch === "\t") {
      break;
    }
    j++;
  }
  return j;
}

/** YAML positions come from the `yaml` package's syntax tree, parsed on the first lookup. */
class YamlSourceMap implements SourceMap {
  readonly file: string;
  readonly #text: string;
  #doc?: Document.Parsed;
  #counter?: LineCounter;
  readonly #maps = new WeakMap<YAMLMap, Map<string, Pair>>();

  constructor(text: string, file: string) {
    this.#text = text;
    this.file = file;
  }

  positionOf(pointer: string | readonly (string | number)[]): SourcePosition | undefined {
    const segments = toSegments(pointer);
    if (segments === undefined) return undefined;
    if (this.#doc === undefined) {
      this.#counter = new LineCounter();
      this.#doc = parseDocument(this.#text, {
        lineCounter: this.#counter,
        uniqueKeys: false,
        merge: true,
        strict: false,
      });
    }
    const doc = this.#doc;
    let node: YamlNode | null | undefined = doc.contents as YamlNode | null;
    let offset = node?.range?.[0] ?? 0;
    for (const seg of segments) {
      if (node && isAlias(node)) node = node.resolve(doc) as YamlNode | undefined;
      if (!node) break;
      if (isMap(node)) {
        let index = this.#maps.get(node);
        if (index === undefined) {
          index = new Map();
          for (const item of node.items) {
            if (!isPair(item)) continue;
            const k = isScalar(item.key) ? String(item.key.value) : String(item.key);
            if (!index.has(k)) index.set(k, item as Pair);
          }
          this.#maps.set(node, index);
        }
        const pair = index.get(seg);
        if (pair === undefined) break;
        const keyNode = pair.key as YamlNode | null;
        offset = keyNode?.range?.[0] ?? offset;
        node = pair.value as YamlNode | null;
      } else if (isSeq(node)) {
        const item = node.items[Number(seg)] as YamlNode | undefined;
        if (item === undefined || !/^(0|[1-9][0-9]*)$/.test(seg)) break;
        offset = item.range?.[0] ?? offset;
        node = item;
      } else break;
    }
    const { line, col } = this.#counter!.linePos(offset);
    return { file: this.file, line, column: col };
  }
}
