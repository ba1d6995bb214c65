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
import { GO_ANY, goPointer, goStringMap, type GoType, goTypeText, isGoNamed } from "./go_type.ts";

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
  typesUsed: Set<GoType>;
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
export function goLiteral(lw: LiteralWriter, type: GoType, value: unknown, pointer = ""): string {
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
export function zeroLiteral(lw: LiteralWriter, goType: GoType): string {
  lw.typesUsed.add(goType);
  // Pointers, slices, maps, interface{} and Nullable[T].
  if (goType.kind !== "named" || goType.args !== undefined) return "nil";
  const type = goType.name;
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

/**
 * Whether a literal of `t` that is not `nil` is a composite literal `T{…}` of `t` itself (so that `&` applies):
 * slices (not `[]byte`), maps, structs, unions, and defined (not alias) types of those.
 */
function isComposite(lw: LiteralWriter, t: GoType): boolean {
  for (let depth = 0; depth <= MAX_LITERAL_DEPTH; depth++) {
    if (t.kind === "slice") return !isGoNamed(t.elem, "byte");
    if (t.kind === "map") return true;
    if (t.kind !== "named" || t.args !== undefined) return false;
    const decl = lw.model.decl(t.name);
    if (decl?.kind === "struct" || decl?.kind === "union") return true;
    if (decl?.kind !== "defined" || decl.alias) return false;
    t = decl.type;
  }
  return false;
}

function misfit(lw: LiteralWriter, pointer: string, goType: GoType, value: unknown): undefined {
  const type = goTypeText(goType);
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
  goType: GoType,
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
  if (goType.kind === "pointer") {
    if (value === null) return "nil";
    const target = goTypeText(goType.elem);
    const inner = literal(lw, goType.elem, value, pointer, depth + 1);
    if (inner === undefined) return undefined;
    if (inner !== "nil" && isComposite(lw, goType.elem)) return "&" + inner;
    lw.usesPtr = true;
    lw.typesUsed.add(goType.elem);
    return `${lw.ptrHelper}[${target}](${inner})`;
  }
  if (goType.kind === "interface") return anyLiteral(lw, value, pointer, depth);
  if (goType.kind === "named" && goType.name === "Nullable" && goType.args?.length === 1) {
    // An optional nullable field (types.go's Nullable): null or a value.
    const inner = goTypeText(goType.args[0]);
    if (value === null) return `NewNullNullable[${inner}]()`;
    const code = literal(lw, goType.args[0], value, pointer, depth + 1);
    return code === undefined ? undefined : `NewNullableValue[${inner}](${code})`;
  }
  if (goType.kind === "slice" && isGoNamed(goType.elem, "byte")) {
    return typeof value === "string" ? `[]byte(${goString(value)})` : misfit(lw, pointer, goType, value);
  }
  if (isGoNamed(goType, "json.RawMessage")) {
    lw.typesUsed.add(goType);
    return `json.RawMessage(${goString(JSON.stringify(value))})`;
  }
  if (goType.kind === "slice") {
    if (value === null) return "nil";
    if (!Array.isArray(value)) return misfit(lw, pointer, goType, value);
    const item = goType.elem;
    lw.typesUsed.add(goType);
    const items: string[] = [];
    for (let i = 0; i < value.length && lw.budget > 0; i++) {
      items.push(literal(lw, item, value[i], `${pointer}/${i}`, depth + 1) ?? zeroLiteral(lw, item));
    }
    return `${goTypeText(goType)}{${items.join(", ")}}`;
  }
  if (goType.kind === "map") {
    if (value === null) return "nil";
    if (!isObject(value)) return misfit(lw, pointer, goType, value);
    lw.typesUsed.add(goType);
    return `${goTypeText(goType)}{${entries(lw, goType.elem, value, pointer, depth)}}`;
  }
  if (goType.kind !== "named" || goType.args !== undefined) return misfit(lw, pointer, goType, value);
  const type = goType.name;
  switch (type) {
    case "string":
      return typeof value === "string" ? goString(value) : misfit(lw, pointer, goType, value);
    case "bool":
      return typeof value === "boolean" ? String(value) : misfit(lw, pointer, goType, value);
    case "float32":
    case "float64":
      // A constant that overflows its type does not compile (1e300 as a float32); rounding to zero does.
      return typeof value === "number" && fitsFloat(type, value)
        ? String(value)
        : misfit(lw, pointer, goType, value);
    case "time.Time":
      if (typeof value !== "string" || !RFC3339.test(value)) return misfit(lw, pointer, goType, value);
      lw.usesTime = true;
      return `${lw.timeHelper}(${goString(value)})`;
  }
  const range = INT_RANGES[type];
  if (range !== undefined) {
    if (typeof value !== "number" || !Number.isInteger(value)) return misfit(lw, pointer, goType, value);
    const n = BigInt(value);
    return n >= range[0] && n <= range[1] ? n.toString() : misfit(lw, pointer, goType, value);
  }
  return namedLiteral(lw, goType, type, value, pointer, depth);
}

function entries(
  lw: LiteralWriter,
  elem: GoType,
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
  goType: GoType,
  type: string,
  value: unknown,
  pointer: string,
  depth: number,
): string | undefined {
  const decl = lw.model.decl(type);
  if (decl === undefined) return misfit(lw, pointer, goType, value);
  switch (decl.kind) {
    case "enum":
      return typeof value === "string" ? `${type}(${goString(value)})` : misfit(lw, pointer, goType, value);
    case "defined": {
      if (decl.alias) return literal(lw, decl.type, value, pointer, depth + 1);
      const inner = literal(lw, decl.type, value, pointer, depth + 1);
      if (inner === undefined || inner === "nil") return inner;
      // A slice or map type: its own composite literal (so that & applies).
      if (isComposite(lw, decl.type)) return type + inner.slice(goTypeText(decl.type).length);
      return `${type}(${inner})`;
    }
    case "struct": {
      if (!isObject(value)) return misfit(lw, pointer, goType, value);
      const parts: string[] = [];
      const known = new Set<string>();
      for (const f of decl.fields) {
        known.add(f.json);
        if (!(f.json in value)) continue;
        const v = value[f.json];
        // null for a field that cannot hold nil (and is no Nullable): left out.
        if (v === null && f.type.kind === "named" && !f.threeState) continue;
        const p = `${pointer}/${f.json.replaceAll("~", "~0").replaceAll("/", "~1")}`;
        const code = literal(lw, f.type, v, p, depth + 1);
        if (code !== undefined && code !== "nil") parts.push(`${f.name}: ${code}`);
      }
      if (lw.strict > 0) {
        const unknown = decl.extra === undefined && Object.keys(value).some((k) => !known.has(k));
        const missing = decl.fields.some((f) => f.required && !(f.json in value));
        if (unknown || missing) return misfit(lw, pointer, goType, value);
      }
      if (decl.extra !== undefined) {
        const rest = Object.fromEntries(Object.entries(value).filter(([k]) => !known.has(k)));
        if (Object.keys(rest).length > 0) {
          const mapType = goStringMap(decl.extra);
          lw.typesUsed.add(mapType);
          parts.push(
            `AdditionalProperties: ${goTypeText(mapType)}{${entries(lw, decl.extra, rest, pointer, depth)}}`,
          );
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
          const code = literal(lw, goPointer(alt.type), value, pointer, depth + 1);
          lw.strict = outer;
          if (code !== undefined && lw.misfits.length === before) return `${type}{${alt.name}: ${code}}`;
          lw.misfits.length = before;
          [lw.usesPtr, lw.usesTime] = saved;
          lw.typesUsed = types;
        }
      }
      return misfit(lw, pointer, goType, value);
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
      return Number.isFinite(value) ? `float64(${value})` : misfit(lw, pointer, GO_ANY, value);
  }
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (let i = 0; i < value.length && lw.budget > 0; i++) {
      items.push(literal(lw, GO_ANY, value[i], `${pointer}/${i}`, depth + 1) ?? "nil");
    }
    return `[]interface{}{${items.join(", ")}}`;
  }
  if (isObject(value)) return `map[string]interface{}{${entries(lw, GO_ANY, value, pointer, depth)}}`;
  return misfit(lw, pointer, GO_ANY, value);
}
