/**
 * Source positions: the `file:line:column` of any JSON path in the original text of a JSON or YAML document.
 * Positions are found only on demand, so loading pays nothing for them.
 *
 * @module
 */
import { LineIndex, skipJsonSpace, skipJsonString } from "./text_position.ts";
import { parsePointer } from "./pointer.ts";
import type { DocumentFormat } from "./parse_text.ts";
import { readYamlNodes, type YamlNode } from "./parse_yaml.ts";

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
 * import { createSourceMap } from "@oatool/cli/core";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const map = createSourceMap('{\n  "a": {"b": 1}\n}', "json", "x.json");
 * assertEquals(map.positionOf("/a/b"), { file: "x.json", line: 2, column: 9 });
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
    this.#root ??= { start: skipJsonSpace(this.#text, 0) };
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
    let i = skipJsonSpace(text, start + 1);
    let index = 0;
    while (i < text.length && text[i] !== "}" && text[i] !== "]") {
      if (open === "{") {
        const keyStart = i;
        const keyEnd = skipJsonString(text, i);
        const raw = text.slice(i, keyEnd);
        const key = raw.includes("\\") ? JSON.parse(raw) as string : raw.slice(1, -1);
        i = skipJsonSpace(text, keyEnd);
        i = skipJsonSpace(text, i + 1); // ':'
        out.set(key, { start: i, keyStart });
      } else {
        out.set(String(index++), { start: i });
      }
      i = skipJsonSpace(text, skipValue(text, i));
      if (text[i] === ",") i = skipJsonSpace(text, i + 1);
      else break;
    }
    return out;
  }
}

function skipValue(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return skipJsonString(text, i);
  if (c === "{" || c === "[") {
    let depth = 0;
    let j = i;
    while (j < text.length) {
      const ch = text.charCodeAt(j);
      if (ch === 0x22) {
        j = skipJsonString(text, j);
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

/**
 * YAML positions come from a second, position-recording pass of the same fast YAML parser, made on the first
 * lookup: its open/close events nest like the document, so each mapping's children are its keys and values in
 * turn and each sequence's children are its items.
 */
class YamlSourceMap implements SourceMap {
  readonly file: string;
  readonly #text: string;
  #root?: YamlNode;
  #lines?: LineIndex;
  readonly #members = new Map<YamlNode, Map<string, [YamlNode, YamlNode]>>();

  constructor(text: string, file: string) {
    this.#text = text;
    this.file = file;
  }

  positionOf(pointer: string | readonly (string | number)[]): SourcePosition | undefined {
    const segments = toSegments(pointer);
    if (segments === undefined) return undefined;
    this.#root ??= readYamlNodes(this.#text);
    let frame = this.#root;
    let offset = frame.start;
    for (const seg of segments) {
      if (frame.alias) frame = frame.alias;
      const children = frame.children;
      if (children === undefined) break;
      if (frame.kind === "mapping") {
        let members = this.#members.get(frame);
        if (members === undefined) {
          members = new Map();
          for (let i = 0; i + 1 < children.length; i += 2) {
            const k = String(children[i].value);
            if (!members.has(k)) members.set(k, [children[i], children[i + 1]]);
          }
          this.#members.set(frame, members);
        }
        const member = members.get(seg);
        if (member === undefined) break;
        offset = member[0].start;
        frame = member[1];
      } else if (frame.kind === "sequence") {
        if (!/^(0|[1-9][0-9]*)$/.test(seg) || Number(seg) >= children.length) break;
        frame = children[Number(seg)];
        offset = this.#skipBlank(frame.start);
      } else break;
    }
    this.#lines ??= new LineIndex(this.#text);
    const { line, column } = this.#lines.position(offset);
    return { file: this.file, line, column };
  }

  /** Moves past spaces, line breaks and a sequence dash to the first character of a node. */
  #skipBlank(offset: number): number {
    const text = this.#text;
    let i = offset;
    while (i < text.length && (text[i] === " " || text[i] === "\n" || text[i] === "\r" || text[i] === "\t")) {
      i++;
    }
    return i;
  }
}
