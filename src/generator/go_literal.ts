/**
 * JSON values as Go expressions of the generated types, at generation time: composite literals for structs,
 * slices and maps, conversions for enums and defined types, the alternative that fits for unions, helpers for
 * pointers to values and for times. A value that does not fit its Go type becomes the zero value and a
 * message naming its place in the value (the caller raises the issue), never code that does not compile. Strings
 * go through {@link goString}; depth and size are bounded.
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import { goString } from "./go_writer.ts";
import type { TypeModel } from "./type_model.ts";

/** Deepest value nesting written as a literal; deeper values become zero values. */
export const MAX_LITERAL_DEPTH = 32;

/** Most values written in one literal; the rest become zero values. */
export const MAX_LITERAL_NODES = 5_000;

/** What the writer needs and what it found. */
export interface LiteralWriter {
  /** The type model (named types). */
  model: TypeModel;
  /** Name of the generic helper `func ptr[T any](v T) *T`. */
  ptrHelper: string;
  /** Name of the helper `func t(s string) time.Time` parsing RFC 3339. */
  timeHelper: string;
  /** Set when the pointer helper is used. */
  usesPtr: boolean;
  /** Set when the time helper is used. */
  usesTime: boolean;
  /** Type expressions written into the code (for the imports they need); the caller clears it. */
  typesUsed: Set<string>;
  /** Values that did not fit: the place in the value (a JSON pointer) and why. */
  misfits: { pointer: string; message: string }[];
  /** Values left to write in the current literal (each {@link goLiteral} starts with {@link MAX_LITERAL_NODES}). */
  budget: number;
  /** 1 while trying the alternatives of a union strictly: structs then refuse unknown and missing properties. */
  strict: number;
}

/** A literal writer over `model`. */
export function literalWriter(model: TypeModel, ptrHelper: string, timeHelper: string): LiteralWriter {
  return {
    model,
    ptrHelper,
    timeHelper,
    usesPtr: false,
    usesTime: false,
    typesUsed: new Set(),
    misfits: [],
    budget: MAX_LITERAL_NODES,
    strict: 0,
  };
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;
const INT_RANGES: Record<string, [bigint, bigint]> = {
  int: [-(2n ** 63n), 2n ** 63n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  int16: [-(2n ** 15n), 2n ** 15n - 1n],
  int8: [-128n, 127n],
  uint: [0n, 2n ** 64n - 1n],
  uint64: [0n, 2n ** 64n - 1n],
  uint32: [0n, 2n ** 32n - 1n],
  uint16: [0n, 65535n],
  uint8: [0n, 255n],
};

/**
 * Whether a number is a constant of a Go float type: finite, and for float32 not rounded to an infinity (Go
 * refuses a constant that overflows its type, e.g. 1e300 as float32).
 */
export function fitsFloat(type: "float32" | "float64", value: number): boolean {
  return Number.isFinite(type === "float32" ? Math.fround(value) : value);
}

/**
 * The Go expression of `value` as a `type`, or its zero value (with a misfit recorded) when it does not fit.
 * `pointer` is the value's place, for messages.
 */
export function goLiteral(lw: LiteralWriter, type: string, value: unknown, pointer = ""): string {
  lw.budget = MAX_LITERAL_NODES;
  const code = literal(lw, type, value, pointer, 0) ?? zeroLiteral(lw, type);
  if (lw.budget <= 0) {
    lw.misfits.push({
      pointer,
      message:
        `the value has more than ${MAX_LITERAL_NODES} parts (alternatives tried included); what follows is left out`,
    });
  }
  return code;
}

/** The zero value of a Go type as an expression. */
export function zeroLiteral(lw: LiteralWriter, type: string): string {
  lw.typesUsed.add(type);
  if (
    type.startsWith("*") || type.startsWith("[]") || type.startsWith("map[") || type === "interface{}" ||
    type.startsWith("Nullable[")
  ) {
    return "nil";
  }
  switch (type) {
    case "string":
      return '""';
    case "bool":
      return "false";
    case "time.Time":
      return "time.Time{}";
    case "json.RawMessage":
      return "nil";
  }
  if (type in INT_RANGES || type === "float32" || type === "float64") return "0";
  const decl = lw.model.decl(type);
  if (decl === undefined) return `*new(${type})`;
  switch (decl.kind) {
    case "struct":
    case "union":
      return `${type}{}`;
    case "enum":
      return `${type}("")`;
    case "defined": {
      const inner = zeroLiteral(lw, decl.type);
      return decl.alias || inner === "nil" ? inner : `${type}(${inner})`;
    }
  }
}

function misfit(lw: LiteralWriter, pointer: string, type: string, value: unknown): undefined {
  let shown = JSON.stringify(value) ?? String(value);
  if (shown.length > 40) shown = shown.slice(0, 37) + "...";
  lw.misfits.push({
    pointer,
    message: `${shown} is not a value of the Go type ${type}; its zero value is used`,
  });
  return undefined;
}

function literal(
  lw: LiteralWriter,
  type: string,
  value: unknown,
  pointer: string,
  depth: number,
): string | undefined {
  if (lw.budget <= 0) return undefined;
  lw.budget--;
  if (depth > MAX_LITERAL_DEPTH) {
    lw.misfits.push({
      pointer,
      message: `the value is nested deeper than ${MAX_LITERAL_DEPTH} levels; it is left out`,
    });
    return undefined;
  }
  if (type.startsWith("*")) {
    if (value === null) return "nil";
    const target = type.slice(1);
    const inner = literal(lw, target, value, pointer, depth + 1);
    if (inner === undefined) return undefined;
    if (inner.startsWith(target + "{")) return "&" + inner;
    lw.usesPtr = true;
    lw.typesUsed.add(target);
    return `${lw.ptrHelper}[${target}](${inner})`;
  }
  if (type === "interface{}") return anyLiteral(lw, value, pointer, depth);
  if (type.startsWith("Nullable[") && type.endsWith("]")) {
    // An optional nullable field (types.go's Nullable): null or a value.
    const inner = type.slice("Nullable[".length, -1);
    if (value === null) return `NewNullNullable[${inner}]()`;
    const code = literal(lw, inner, value, pointer, depth + 1);
    return code === undefined ? undefined : `NewNullableValue[${inner}](${code})`;
  }
  if (type === "[]byte") {
    return typeof value === "string" ? `[]byte(${goString(value)})` : misfit(lw, pointer, type, value);
  }
  if (type === "json.RawMessage") {
    lw.typesUsed.add(type);
    return `json.RawMessage(${goString(JSON.stringify(value))})`;
  }
  if (type.startsWith("[]")) {
    if (value === null) return "nil";
    if (!Array.isArray(value)) return misfit(lw, pointer, type, value);
    const item = type.slice(2);
    lw.typesUsed.add(type);
    const items: string[] = [];
    for (let i = 0; i < value.length && lw.budget > 0; i++) {
      items.push(literal(lw, item, value[i], `${pointer}/${i}`, depth + 1) ?? zeroLiteral(lw, item));
    }
    return `${type}{${items.join(", ")}}`;
  }
  if (type.startsWith("map[string]")) {
    if (value === null) return "nil";
    if (!isObject(value)) return misfit(lw, pointer, type, value);
    const elem = type.slice("map[string]".length);
    lw.typesUsed.add(type);
    return `${type}{${entries(lw, elem, value, pointer, depth)}}`;
  }
  switch (type) {
    case "string":
      return typeof value === "string" ? goString(value) : misfit(lw, pointer, type, value);
    case "bool":
      return typeof value === "boolean" ? String(value) : misfit(lw, pointer, type, value);
    case "float32":
    case "float64":
      // A constant that overflows its type does not compile (1e300 as a float32); rounding to zero does.
      return typeof value === "number" && fitsFloat(type, value)
        ? String(value)
        : misfit(lw, pointer, type, value);
    case "time.Time":
      if (typeof value !== "string" || !RFC3339.test(value)) return misfit(lw, pointer, type, value);
      lw.usesTime = true;
      return `${lw.timeHelper}(${goString(value)})`;
  }
  const range = INT_RANGES[type];
  if (range !== undefined) {
    if (typeof value !== "number" || !Number.isInteger(value)) return misfit(lw, pointer, type, value);
    const n = BigInt(value);
    return n >= range[0] && n <= range[1] ? n.toString() : misfit(lw, pointer, type, value);
  }
  return namedLiteral(lw, type, value, pointer, depth);
}

function entries(
  lw: LiteralWriter,
  elem: string,
  value: Record<string, unknown>,
  pointer: string,
  depth: number,
): string {
  const out: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (lw.budget <= 0) break;
    const p = `${pointer}/${k.replaceAll("~", "~0").replaceAll("/", "~1")}`;
    out.push(`${goString(k)}: ${literal(lw, elem, v, p, depth + 1) ?? zeroLiteral(lw, elem)}`);
  }
  return out.join(", ");
}

function namedLiteral(
  lw: LiteralWriter,
  type: string,
  value: unknown,
  pointer: string,
  depth: number,
): string | undefined {
  const decl = lw.model.decl(type);
  if (decl === undefined) return misfit(lw, pointer, type, value);
  switch (decl.kind) {
    case "enum":
      return typeof value === "string" ? `${type}(${goString(value)})` : misfit(lw, pointer, type, value);
    case "defined": {
      if (decl.alias) return literal(lw, decl.type, value, pointer, depth + 1);
      const inner = literal(lw, decl.type, value, pointer, depth + 1);
      if (inner === undefined || inner === "nil") return inner;
      // A slice or map type: its own composite literal (so that & applies).
      if (inner.startsWith(decl.type + "{")) return type + inner.slice(decl.type.length);
      return `${type}(${inner})`;
    }
    case "struct": {
      if (!isObject(value)) return misfit(lw, pointer, type, value);
      const parts: string[] = [];
      const known = new Set<string>();
      for (const f of decl.fields) {
        known.add(f.json);
        if (!(f.json in value)) continue;
        const v = value[f.json];
        if (
          v === null && !f.type.startsWith("*") && !f.type.startsWith("[]") && !f.type.startsWith("map[") &&
          !f.threeState
        ) {
          if (f.type !== "interface{}") continue;
        }
        const p = `${pointer}/${f.json.replaceAll("~", "~0").replaceAll("/", "~1")}`;
        const code = literal(lw, f.type, v, p, depth + 1);
        if (code !== undefined && code !== "nil") parts.push(`${f.name}: ${code}`);
      }
      if (lw.strict > 0) {
        const unknown = decl.extra === undefined && Object.keys(value).some((k) => !known.has(k));
        const missing = decl.fields.some((f) => f.required && !(f.json in value));
        if (unknown || missing) return misfit(lw, pointer, type, value);
      }
      if (decl.extra !== undefined) {
        const rest = Object.fromEntries(Object.entries(value).filter(([k]) => !known.has(k)));
        if (Object.keys(rest).length > 0) {
          const mapType = `map[string]${decl.extra}`;
          lw.typesUsed.add(mapType);
          parts.push(`AdditionalProperties: ${mapType}{${entries(lw, decl.extra, rest, pointer, depth)}}`);
        }
      }
      return `${type}{${parts.join(", ")}}`;
    }
    case "union": {
      if (value === null) return `${type}{}`;
      let order = decl.alternatives;
      if (decl.discriminator !== undefined && isObject(value)) {
        const tag = value[decl.discriminator];
        const tagged = decl.alternatives.filter((a) => typeof tag === "string" && a.tags.includes(tag));
        order = [...tagged, ...decl.alternatives.filter((a) => !tagged.includes(a))];
      }
      // Strictly first (structs refuse unknown and missing properties), then leniently; failed attempts
      // spend the budget too, so nested unions cannot multiply the work.
      for (const strict of [1, 0]) {
        for (const alt of order) {
          const before = lw.misfits.length;
          const saved = [lw.usesPtr, lw.usesTime] as const;
          const types = new Set(lw.typesUsed);
          const outer = lw.strict;
          lw.strict = strict;
          const code = literal(lw, "*" + alt.type, value, pointer, depth + 1);
          lw.strict = outer;
          if (code !== undefined && lw.misfits.length === before) return `${type}{${alt.name}: ${code}}`;
          lw.misfits.length = before;
          [lw.usesPtr, lw.usesTime] = saved;
          lw.typesUsed = types;
        }
      }
      return misfit(lw, pointer, type, value);
    }
  }
}

function anyLiteral(lw: LiteralWriter, value: unknown, pointer: string, depth: number): string | undefined {
  if (value === null) return "nil";
  switch (typeof value) {
    case "string":
      return goString(value);
    case "boolean":
      return String(value);
    case "number":
      return Number.isFinite(value) ? `float64(${value})` : misfit(lw, pointer, "interface{}", value);
  }
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (let i = 0; i < value.length && lw.budget > 0; i++) {
      items.push(literal(lw, "interface{}", value[i], `${pointer}/${i}`, depth + 1) ?? "nil");
    }
    return `[]interface{}{${items.join(", ")}}`;
  }
  if (isObject(value)) return `map[string]interface{}{${entries(lw, "interface{}", value, pointer, depth)}}`;
  return misfit(lw, pointer, "interface{}", value);
}
